/** Public API of repomap. */
export { repoMap, buildIndex, Index, type IndexOptions, type RankOptions } from './repomap.js';
export { loadCorpus, CORPUS_DEFAULTS, type CorpusSource, type CorpusOptions } from './corpus/index.js';
export { extractCues, inferTask } from './cues/index.js';
export { RANK_DEFAULTS, type RankDefaults } from './rank/index.js';
export { GRAPH_DEFAULTS, type GraphOptions } from './graph/index.js';
export { Bm25Index, BM25_DEFAULTS } from './rank/bm25.js';
export { rrfFuse, fuseDetails } from './rank/fuse.js';
export { renderText, toDetailsRow, type DetailsRowOut } from './render/index.js';
export { RepoMapError, type ErrorCode } from './errors.js';
export * from './types.js';
