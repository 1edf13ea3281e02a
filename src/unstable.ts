/**
 * `repomap/unstable`: the engine's internals that the command line, the MCP server, the
 * eval harness (`repomap/eval`), the benchmarks and the tests use beyond the public API
 * (./index.ts). UNSTABLE: no semver promise; any release may change or remove any of it.
 * A library user should not need it: one who does has found something the public API
 * lacks. The published declarations leave out what is marked `@internal` (what holds
 * web-tree-sitter's or better-sqlite3's objects: their typings are not installed).
 *
 * Re-exports only, grouped by stage: the CLI's bundle binds each name to its own module
 * (scripts/bundle-cli.mjs), so importing one name loads that module, not all of these.
 */

// build: the index's parts and views, a repository kept indexed for a server (the MCP server's Workspace)
export { Index, type Successor } from './build/index.js';
export type { IndexSettings } from './build/index-state.js';
export { EarlierCsrs } from './build/earlier-csrs.js';
export { recordParts, type IndexParts } from './build/index-parts.js';
export { buildAfter, type KeptOptions } from './build/build-index.js';
export { resolveStageSettings } from './build/settings.js';
export type { Previous } from './build/reuse.js';
export {
  Workspace,
  type BuildInfo,
  type BuildProgress,
  type IndexKeeper,
  type WorkspaceScope,
} from './build/live.js';
export { resolveOptions, checkOptions, isPlainObject } from './options/resolve.js';

// persist: index snapshots in a cache folder
export { loadSnapshot, snapshotKeeper } from './persist/kept-index.js';
export { pruneSnapshots, snapshotFiles, snapshotFolder, snapshotTempFiles } from './persist/snapshot-file.js';
export type { HeldIndex, IndexHolder } from './persist/open-index.js';

// corpus: loading a repository's files
export {
  CORPUS_DEFAULTS,
  FolderFingerprint,
  HISTORY_DEFAULTS,
  isReleased,
  releaseTexts,
  resolveCommit,
  workTreeRoot,
} from './corpus/index.js';
export { decodeText } from './corpus/content.js';
export { IgnoreRules } from './corpus/ignore-rules.js';
export { readRepositoryFile } from './corpus/repository-file.js';

// cache: the tags cache and its store
export {
  TagsStore,
  TAGS_INDEX_VERSION,
  defaultCacheDir,
  layeredTagsCache,
  lookAtStore,
  mapTagsCache,
  memoryTagsCache,
  storeTagsCache,
  type PruneReport,
  type StoreStats,
  type TagsStoreOptions,
} from './cache/index.js';
export { CACHE_ENV, cacheDirFromEnv, tagsStorePath } from './cache/location.js';
export { STORE_DEFAULTS } from './cache/store-defaults.js';
export { storeFolderProblem } from './cache/store-file.js';
/** @internal its types are better-sqlite3's, which an install does not bring (a devDependency) */
export { sqliteDriver } from './cache/sqlite.js';
export { rowChecksum } from './cache/tags-store.js';

// tags: grammars, queries, parse workers and the process-wide WebAssembly and heap settings
export { extractTags, parseAhead, prestartWhenListed, TAGS_BUDGET, type ParsedAhead } from './tags/index.js';
// (@internal: their types are web-tree-sitter's objects, whose declarations need Emscripten's typings)
/** @internal */
export { grammarWasmPath, initRuntime, loadGrammar } from './tags/grammar.js';
/** @internal */
export { compileQuery, loadTagsQuery, tagsQueryPaths } from './tags/query.js';
/** @internal */
export { collectTags } from './tags/collect.js';
/** @internal */
export { countErrorNodes } from './tags/syntax-errors.js';
export {
  BASELINE_COMPILATION_MAX_FILES,
  useBaselineCompilation,
  useOneShotCompilation,
} from './tags/wasm-modules.js';
export { useLeanHeap, LEAN_HEAP_GROWING_PERCENT } from './heap.js';
export { grammarManifest } from './languages/index.js';

// cues, lexical, graph, rank, spans: each stage's defaults and the functions bench reruns
export { CUE_DEFAULTS, diffFiles, extractCues, inferTask, type CueTunables } from './cues/index.js';
export { queryText } from './cues/query.js';
export { parseQueryFile, type QueryInput } from './cues/query-file.js';
export { Bm25Index, BM25_DEFAULTS } from './lexical/bm25.js';
export { GRAPH_DEFAULTS, type GraphOptions } from './graph/index.js';
export { RANK_DEFAULTS, type RankDefaults } from './rank/index.js';
export { rankFiles, scoreParts } from './rank/score.js';
export {
  FUNCTION_DEFAULTS,
  FunctionFinder,
  attachFunctions,
  importLines,
  rankedFunctionIds,
  unitsOf,
} from './rank/functions.js';
export { pathTargets } from './rank/path-targets.js';
export { UNIT_FEATURE_NAMES, UNIT_FEATURE_VERSION, unitVectors } from './learn/unit-features.js';
export { SPAN_DEFAULTS, type SpanDefaults } from './spans/spans.js';
export { forEachIdentifierWord, identifierWords } from './text/tokens.js';

// pack and navigate: what the CLI's flags and the MCP tools' schemas list
export {
  PACK_DEFAULTS,
  buildPack,
  packWholeFiles,
  packedRanges,
  packSourceOf,
  type PackSource,
  type Tokenizer,
} from './pack/index.js';
export { DEFAULT_TOKENIZER, TOKENIZERS, loadTokenizer } from './pack/tokenizers.js';
export { PACK_FORMATS } from './pack/types.js';
export { NAVIGATE_DEFAULTS } from './navigate/defaults.js';
export { SYMBOL_KINDS, SYMBOL_MATCHES } from './navigate/find-symbol.js';
export { RELATION_KINDS } from './navigate/impact.js';
export { indexStatus, type IndexStatus } from './navigate/status.js';

// render: the CLI's text and JSON
export {
  DETAILS_MIN_FILES,
  TEXT_FUNCTION_FILES,
  escapeControls,
  printablePath,
  renderImpact,
  renderOutline,
  renderReferences,
  renderStatus,
  renderSymbols,
  renderText,
  toDetailsRow,
  type DetailsRow,
  type DetailsRowOut,
} from './render/index.js';
export { rankedFileLines } from './render/text.js';
export { renderExplanation } from './explain/render.js';

// the shared records' closed sets (their types are the public entry's), errors, the package's own files
export {
  CUE_KINDS,
  DEFINITION_KINDS,
  DIAGNOSTIC_CODES,
  EDGE_TYPES,
  FILE_KINDS,
  LANGUAGES,
  MESSAGE_MAX_CHARS,
  RANKERS,
  REFERENCE_KINDS,
  SKIP_REASONS,
  SPAN_KINDS,
  TASKS,
} from './types.js';
export { ERROR_CODES, describeError, isReportable, messageWithoutModule } from './errors.js';
export { packageRoot, packageVersion } from './package-root.js';
