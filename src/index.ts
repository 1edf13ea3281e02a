/**
 * The public API of repomap (the package's `repomap` entry, under semver): rank a
 * repository's files for a query in one call (`repoMap`), or build or open an index once
 * (`buildIndex` of a loaded corpus, `openIndex` through a cache folder) and ask it many
 * times: `index.rank`, `explain`, `pack`, `symbols`, `refs`, `impact`, `outline`, and
 * `index.update(corpus)` after edits. Options are one tree (overrides of `DEFAULTS`, stage
 * by stage); errors are `RepoMapError` with a code. Nothing needs calling before anything
 * else. What the command line, the MCP server, the eval harness and the benchmarks use
 * beyond this is `repomap/unstable` (./unstable.ts), with no semver promise.
 *
 * Re-exports only: the CLI's bundle binds each name to its own module (scripts/bundle-cli.mjs).
 */
export { repoMap } from './build/repo-map.js';
export { buildIndex } from './build/build-index.js';
export type { IndexOptions } from './build/options.js';
export type { Index } from './build/index.js';
export type { RankOptions } from './build/rank-options.js';
export type { UpdateOptions } from './build/update-options.js';
export { DEFAULTS, type StageOptions, type StageSettings } from './build/settings.js';
export type { DeepPartial } from './options/resolve.js';
export { openIndex, type OpenIndexOptions, type OpenedIndex, type OpenProgress } from './persist/open-index.js';
export { loadCorpus, whySkipped, type CorpusSource, type CorpusOptions, type HistoryOptions } from './corpus/index.js';
export type { TagsCache, TagsCacheEntry } from './cache/types.js';
export type { FileExplanation, ExplainFileOptions, CueMatch, EdgePath, Hop, HopEdge } from './explain/explain-file.js';
export type {
  Pack,
  PackOptions,
  PackFormat,
  PackedFile,
  PackedKind,
  PackedSpan,
  TokenizerName,
} from './pack/index.js';
export type {
  SymbolKind,
  SymbolMatch,
  SymbolMatchKind,
  SymbolSearch,
  FindSymbolOptions,
  ReferenceSearch,
  ReferencingFile,
  ReferenceLine,
  ReferenceLink,
  FindReferencesOptions,
  Outline,
  OutlineEntry,
  OutlineOptions,
  Edit,
  Impact,
  ImpactedFile,
  Relation,
  RelationKind,
} from './navigate/index.js';
export { RepoMapError, type ErrorCode } from './errors.js';
export type * from './types.js';
