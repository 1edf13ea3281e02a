/**
 * The options of a build (`buildIndex`): one tree, a branch per stage (src/build/settings.ts:
 * overrides of that stage's defaults, an unknown key an error naming its path), and the
 * build's own switches (cache, history, previous build, …).
 */
import type { TagsCache, TagsCacheEntry } from '../cache/types.js';
import type { CorpusOptions, HistoryOptions } from '../corpus/index.js';
import type { ParsedAhead } from '../tags/index.js';
import type { Index } from './index.js';
import type { Previous } from './reuse.js';
import type { StageOptions } from './settings.js';

export interface IndexOptions extends StageOptions {
  /** Overrides of CORPUS_DEFAULTS for the loads `repoMap` and the live index make (`buildIndex` takes a loaded corpus). */
  corpus?: CorpusOptions;
  /**
   * Per-file tags shared across indexes, keyed by language and content (git blob id,
   * or a hash of the text for folders): a new snapshot of a known repository only
   * parses the files that changed. Any Map works; the caller bounds its size. A
   * `TagsStore` (src/cache) keeps them on disk across processes.
   */
  tagsCache?: Map<string, TagsCacheEntry> | TagsCache;
  /**
   * Git history for co-change edges (git corpora, and folders that are git working
   * trees): bounds of the read, or false to read none. Only commits before the
   * corpus' commit (a working tree's HEAD) are read.
   */
  history?: boolean | HistoryOptions;
  /** Progress of the slow stages; the library never prints. */
  onProgress?: (stage: 'tags', done: number, total: number) => void;
  /** Parse threads for the tags stage (1: parse in this thread); see `TagsOptions.jobs`. Default 2. */
  parseJobs?: number;
  /**
   * Files whose parse was started earlier on a worker thread (`parseAhead`, src/tags): the
   * tags stage takes the outcome of each it still has to parse, where the grammar and
   * text are the file's, instead of parsing it in this thread. The CLI starts one for
   * the files changed since an index snapshot, while the snapshot loads.
   */
  parsedAhead?: ParsedAhead;
  /**
   * An index built earlier, of an earlier state of the same repository (or the record
   * it leaves, `index.previous`: see src/build/reuse.ts). When the corpus has the same
   * files with the same contents, the options are the same and so is the commit the
   * history is read before, that index is returned as it is: nothing is parsed or
   * rebuilt. Otherwise the files whose content is unchanged keep their tags, and when
   * only contents changed (the same paths, options and history) the graph is updated
   * rather than rebuilt: then the earlier index's graph becomes the new one's, and the
   * earlier index (and its `withOptions` views) throws if used again (`superseded-index`).
   * Use only the index this call returns.
   */
  previous?: Index | Previous;
  /**
   * Folder corpora: once the tags stage has parsed and tokenized them, drop the files'
   * texts from memory (all but the manifests import resolution reads); `file.text` and
   * `textOf` read a file again when asked, and `textOf` is undefined for a file changed
   * since it was loaded (see `releaseTexts`, src/corpus). On a 10k-file corpus the texts
   * are ~67 MB of heap. The BM25 index, which reads every text, is then made during the
   * build rather than at the first rank. The CLI and `repomap mcp` set it.
   */
  releaseTexts?: boolean;
  /**
   * Load the grammars that read a query's code blocks in `index.prepare(query)`, for the
   * languages its blocks are written in, instead of every parsed language's with the
   * build (compiling them all is ~0.4 s on a corpus of a few languages, more than an
   * update that parsed one file spends on anything else). `rank`, `explain` and `pack` of
   * a query with code then throw unless `prepare` ran first. The CLI sets it.
   */
  deferCodeGrammars?: boolean;
}
