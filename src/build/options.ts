/**
 * The options of a build (`buildIndex`): one tree, a branch per stage (src/build/settings.ts:
 * overrides of that stage's defaults, an unknown key an error naming its path), and the
 * build's own switches (cache, history, parse threads, …). Those an update takes again
 * (`index.update`) are `UpdateOptions` (./update-options.ts).
 */
import type { CorpusOptions, HistoryOptions } from '../corpus/index.js';
import type { ParsedAhead } from '../tags/index.js';
import type { Index } from './index.js';
import type { Previous } from './reuse.js';
import type { StageOptions } from './settings.js';
import type { UpdateOptions } from './update-options.js';

export interface IndexOptions extends StageOptions, UpdateOptions {
  /** Overrides of CORPUS_DEFAULTS for the loads `repoMap` and the live index make (`buildIndex` takes a loaded corpus). */
  corpus?: CorpusOptions;
  /**
   * Git history for co-change edges (git corpora, and folders that are git working
   * trees): bounds of the read, or false to read none. Only commits before the
   * corpus' commit (a working tree's HEAD) are read.
   */
  history?: boolean | HistoryOptions;
  /**
   * Files whose parse was started earlier on a worker thread (`parseAhead`, src/tags): the
   * tags stage takes the outcome of each it still has to parse, where the grammar and
   * text are the file's, instead of parsing it in this thread. The CLI starts one for
   * the files changed since an index snapshot, while the snapshot loads.
   * @internal
   */
  parsedAhead?: ParsedAhead;
  /**
   * An index built earlier, of an earlier state of the same repository (or the record
   * it leaves, `index.previous`: see src/build/reuse.ts): what `index.update` passes. When
   * the corpus has the same files with the same contents, the options are the same and
   * so is the commit the history is read before, that index is returned as it is:
   * nothing is parsed or rebuilt. Otherwise the files whose content is unchanged keep
   * their tags, and when only contents changed (the same paths, options and history) the
   * graph is updated rather than rebuilt: then the earlier index's graph becomes the new
   * one's, and the earlier index (and its `withOptions` views) throws if used again
   * (`superseded-index`). Use only the index this call returns.
   * @internal
   */
  previous?: Index | Previous;
  /**
   * Load the grammars that read a query's code blocks in `index.prepare(query)`, for the
   * languages its blocks are written in, instead of every parsed language's with the
   * build (compiling them all is ~0.4 s on a corpus of a few languages, more than an
   * update that parsed one file spends on anything else). `rank`, `explain` and `pack` of
   * a query with code then throw unless `prepare` ran first: for the CLI and persist/,
   * which prepare every query; not a library option.
   * @internal
   */
  deferCodeGrammars?: boolean;
}
