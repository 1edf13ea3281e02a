export { extractTags, tagsFromSource, type TagsOptions, type TagsResult } from './extract.js';
export { prestartWhenListed, releasePrestarted } from './pool.js';
