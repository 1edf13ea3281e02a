export { extractTags, tagsFromSource, type TagsOptions, type TagsResult } from './extract.js';
