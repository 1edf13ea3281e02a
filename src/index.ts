/** Public API of repomap. */
export { repoMap } from './build/repo-map.js';
export { buildIndex } from './build/build-index.js';
export {
  openIndex,
  type OpenIndexOptions,
  type OpenedIndex,
  type OpenProgress,
  type IndexHolder,
  type HeldIndex,
} from './persist/open-index.js';
export { Index, type RankOptions } from './build/index.js';
export type { IndexOptions } from './build/options.js';
export { DEFAULTS, resolveStageSettings, type StageOptions, type StageSettings } from './build/settings.js';
export { resolveOptions, type DeepPartial } from './options/resolve.js';
export type { Previous } from './build/reuse.js';
export { Workspace, type BuildInfo, type BuildProgress, type WorkspaceScope } from './build/live.js';
export { type TagsCache, type TagsCacheEntry } from './cache/types.js';
export {
  TagsStore,
  TAGS_INDEX_VERSION,
  cacheDirFromEnv,
  defaultCacheDir,
  layeredTagsCache,
  memoryTagsCache,
  tagsStorePath,
  type PruneReport,
  type StoreStats,
  type TagsStoreOptions,
} from './cache/index.js';
export { useBaselineCompilation, useOneShotCompilation } from './tags/wasm-modules.js';
export { useLeanHeap, LEAN_HEAP_GROWING_PERCENT } from './heap.js';
export { prestartWhenListed } from './tags/pool.js';
export { TAGS_BUDGET, parseAhead, type ParsedAhead, type TagsBudget } from './tags/index.js';
export {
  loadCorpus,
  CORPUS_DEFAULTS,
  releaseTexts,
  isReleased,
  whySkipped,
  type CorpusSource,
  type CorpusOptions,
} from './corpus/index.js';
export { extractCues, inferTask, CUE_DEFAULTS, type CueTunables } from './cues/index.js';
export { RANK_DEFAULTS, type RankDefaults } from './rank/index.js';
export { GRAPH_DEFAULTS, type GraphOptions } from './graph/index.js';
export { Bm25Index, BM25_DEFAULTS } from './lexical/bm25.js';
export { rrfFuse, fuseDetails } from './eval/fuse.js';
export { renderText, toDetailsRow, type DetailsRow, type DetailsRowOut } from './render/index.js';
export {
  buildPack,
  packWholeFiles,
  packedRanges,
  packSourceOf,
  loadTokenizer,
  PACK_DEFAULTS,
  TOKENIZERS,
  DEFAULT_TOKENIZER,
  type Pack,
  type PackOptions,
  type PackFormat,
  type PackSource,
  type PackedFile,
  type PackedSpan,
  type Tokenizer,
  type TokenizerName,
} from './pack/index.js';
export { SPAN_DEFAULTS, type SpanDefaults } from './spans/spans.js';
export { renderExplanation } from './explain/render.js';
export {
  findSymbols,
  findReferences,
  outlineFile,
  editImpact,
  indexStatus,
  NAVIGATE_DEFAULTS,
  SYMBOL_KINDS,
  SYMBOL_MATCHES,
  RELATION_KINDS,
  type SymbolKind,
  type SymbolMatch,
  type SymbolMatchKind,
  type SymbolSearch,
  type FindSymbolOptions,
  type ReferenceSearch,
  type ReferencingFile,
  type ReferenceLine,
  type ReferenceLink,
  type FindReferencesOptions,
  type Outline,
  type OutlineEntry,
  type OutlineOptions,
  type Edit,
  type Impact,
  type ImpactedFile,
  type Relation,
  type RelationKind,
  type IndexStatus,
} from './navigate/index.js';
export { renderSymbols, renderReferences, renderImpact, renderOutline, renderStatus } from './render/index.js';
export type { FileExplanation, ExplainFileOptions, CueMatch, EdgePath, Hop, HopEdge } from './explain/explain-file.js';
export { RepoMapError, isReportable, messageWithoutModule, type ErrorCode } from './errors.js';
export * from './types.js';
