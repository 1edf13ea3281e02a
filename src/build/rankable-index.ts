/**
 * What the query verbs of build/ (rank-verb.ts, explain-verb.ts, lexical-rank-verb.ts)
 * read of an index: an `Index` is one. Declared apart from index.ts, which calls them, so
 * that they need not import it (an import circle).
 */
import type { RankContext } from '../rank/context.js';
import type { FunctionSource } from '../rank/functions.js';
import type { SpanSource } from '../spans/spans.js';
import type { Corpus, Diagnostic, IndexStats, Query, QueryCues, RepoMapResult, Task } from '../types.js';
import type { RankOptions } from './rank-options.js';
import type { StageSettings } from './settings.js';

export interface RankableIndex {
  readonly corpus: Corpus;
  readonly stats: IndexStats;
  readonly diagnostics: readonly Diagnostic[];
  readonly settings: StageSettings;
  /** The rank context under the index's rank settings. */
  readonly context: RankContext;
  /** The cues of a query under the index's cue tunables (and its reading of code blocks). */
  cuesOf(query: Query, task: Task | undefined): QueryCues;
  /** Notes about a query itself (a `query-cut`). */
  queryDiagnostics(query: Query): Diagnostic[];
  /** What spans read per file. */
  spanSource(): SpanSource;
  /** What function ranking reads of the index. */
  functionSource(): FunctionSource;
  rank(query: Query, options: RankOptions): RepoMapResult;
}
