export { extractTags, tagsFromSource, type TagsOptions, type TagsResult } from './extract.js';
export { POOL_DEFAULTS, prestartWhenListed, releasePrestarted } from './pool.js';
export { parseAhead, type ParsedAhead } from './ahead.js';
export { snippetReader, SNIPPET_DEFAULTS, type SnippetReader, type SnippetTags } from './snippet.js';
export { TAGS_BUDGET, type TagsBudget, type TagsBudgetOptions } from './budget.js';
export { deferredSnippetReader } from './deferred-snippets.js';
