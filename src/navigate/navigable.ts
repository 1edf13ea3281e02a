/**
 * What the agent tools read of a built index. Declared here, with its consumer, so that
 * navigate/ stands below build/: build/'s `Index` is one, and offers the tools as its
 * methods (`symbols`, `refs`, `impact`, `outline`).
 */
import type { FileGraph } from '../graph/index.js';
import type { Corpus, Diagnostic, FileTags, IndexStats, LanguageId, Query, RepoMapResult, Task } from '../types.js';

export interface NavigableIndex {
  readonly corpus: Corpus;
  readonly stats: IndexStats;
  readonly diagnostics: readonly Diagnostic[];
  /** Every parsed file's tags, in corpus order. */
  readonly tags: readonly FileTags[];
  readonly fileGraph: FileGraph;
  tagsOf(path: string): FileTags | undefined;
  textOf(path: string): string | undefined;
  languageOf(path: string): LanguageId | null;
  rank(query: Query, options: { task?: Task }): RepoMapResult;
}
