/** What an update (`Index.update`) takes: the caller's part of a build's options, checked. */
import type { TagsCache, TagsCacheEntry } from '../cache/types.js';
import { RepoMapError } from '../errors.js';

/**
 * What a build takes that is the caller's rather than the index's: a cache, progress,
 * threads, memory. `index.update` takes them again; the rest of a build's options
 * (the stages' settings, the history read) are the index's own.
 */
export interface UpdateOptions {
  /**
   * Per-file tags shared across indexes, keyed by language and content (git blob id,
   * or a hash of the text for folders): a new snapshot of a known repository only
   * parses the files that changed. Any Map works; the caller bounds its size. A
   * `TagsStore` (src/cache) keeps them on disk across processes.
   */
  tagsCache?: Map<string, TagsCacheEntry> | TagsCache;
  /** Progress of the slow stages; the library never prints. */
  onProgress?: (stage: 'tags', done: number, total: number) => void;
  /** Parse threads for the tags stage (1: parse in this thread); see `TagsOptions.jobs`. Default 2. */
  parseJobs?: number;
  /**
   * Folder corpora: once the tags stage has parsed and tokenized them, drop the files'
   * texts from memory (all but the manifests import resolution reads); `file.text` and
   * `textOf` read a file again when asked, and `textOf` is undefined for a file changed
   * since it was loaded (see `releaseTexts`, src/corpus). On a 10k-file corpus the texts
   * are ~67 MB of heap. The BM25 index, which reads every text, is then made during the
   * build rather than at the first rank. The CLI and `repomap mcp` set it.
   */
  releaseTexts?: boolean;
}

/** The keys of `UpdateOptions`: `update` refuses any other. */
const UPDATE_OPTIONS: readonly (keyof UpdateOptions)[] = ['tagsCache', 'onProgress', 'parseJobs', 'releaseTexts'];

/** Throws a `bad-option` RepoMapError naming the first key of `options` that is not an update's. */
export function checkUpdateOptions(options: UpdateOptions): void {
  const unknown = Object.keys(options).find((key) => !(UPDATE_OPTIONS as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw new RepoMapError(
      'bad-option',
      `repomap/build: update takes ${UPDATE_OPTIONS.join(', ')}, not "${unknown}": an update keeps the index's settings (buildIndex builds under others; withOptions views the index under other rank settings)`,
      unknown,
    );
  }
}
