export { extractTags, tagsFromSource, type TagsOptions, type TagsResult } from './extract.js';
export { prestartParseWorkers, prestartWhenListed, releasePrestarted } from './pool.js';
