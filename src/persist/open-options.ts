/** What `openIndex` (./open-index.ts) takes and gives; apart, so that its build half (./open-build.ts) loads only when a build runs. */
import type { TagsStore } from '../cache/index.js';
import type { CorpusSource, FolderFingerprint } from '../corpus/index.js';
import type { Index } from '../build/index.js';
import type { IndexOptions } from '../build/options.js';
import type { StageOptions } from '../build/settings.js';
import type { Corpus } from '../types.js';

/** An index held in memory by a long-running process, and the fingerprint its folder had when it was built. */
export interface HeldIndex {
  index: Index;
  fingerprint: FolderFingerprint;
}

/** Where a long-running process (the daemon) holds indexes between calls, by snapshot file (`openIndex`'s `memory`). */
export interface IndexHolder {
  /** Takes the slot's index out (it is given back, `keep`, once current again: a failed call leaves nothing half-updated). */
  take(key: string): HeldIndex | undefined;
  keep(key: string, entry: HeldIndex): void;
  /** Puts `entry` in the place of the slot's index when that is still `index`. */
  replace(key: string, index: Index, entry: HeldIndex): void;
}

/** How a build reports its progress: files read, files parsed; `stop` once it is over. */
export interface OpenProgress {
  read(done: number, total: number): void;
  parse(done: number, total: number): void;
  stop(): void;
}

export interface OpenIndexOptions {
  /**
   * The cache folder: its tags store is built through, and a folder's built index is kept
   * there as a snapshot (`snapshots/`), loaded in place of a build while the folder stays
   * as it was, and updated after a few files changed. Absent: a build without either.
   */
  cache?: string;
  /** Files read, as `loadCorpus`'s (gitignore syntax). */
  include?: readonly string[];
  exclude?: readonly string[];
  /** The cap of the cache folder in MiB (tags store and snapshots); default the store's. */
  cacheMaxMb?: number;
  /** Parse workers, as `buildIndex`'s (default 2). */
  parseJobs?: number;
  /** Overrides of the stages' defaults, as `buildIndex`'s (`StageOptions`); part of a snapshot's key. */
  settings?: StageOptions;
  /**
   * An index of an earlier state of the same source (a git source at another commit), for
   * a build to update as `buildIndex`'s `previous` does (it may be taken over: use only the
   * index returned). A folder's kept or held index, where there is one, is updated instead.
   */
  previous?: Index;
  /**
   * A tags cache the caller owns and keeps open across calls (an eval's, over a
   * repository's commits), built through instead of a cache folder's store: not with
   * `cache`, and no snapshot is kept.
   */
  tagsCache?: IndexOptions['tagsCache'];
  /**
   * As `buildIndex`'s; default true here: a build's files' texts are let go once tagged
   * (read again when asked). An eval, which scores on the texts, sets it false. A loaded
   * snapshot's index always reads texts when asked.
   */
  releaseTexts?: boolean;
  /** Hears a build's corpus once it is read, before its files are tagged: what threw after it threw in the build. Must not throw. */
  onCorpus?: (corpus: Corpus) => void;
  /**
   * Opens the tags store to build through (undefined: none), when a build runs. Default: the
   * store of the cache folder, none where it cannot be opened (its driver, better-sqlite3, is
   * an optional dependency). Snapshots are kept only with a usable, writable store. May
   * return a promise (a caller that loads the store's modules only when a build runs).
   */
  openStore?: () => TagsStore | undefined | Promise<TagsStore | undefined>;
  /** Hears notes: a snapshot that could not be read or updated, and what was done instead. Must not throw. */
  onNote?: (message: string) => void;
  /** Hears warnings: a snapshot that could not be written. Must not throw. */
  onWarning?: (message: string) => void;
  /** Made when a build starts: its progress (or a promise of it: a caller that loads its progress bar only then). */
  progress?: () => OpenProgress | Promise<OpenProgress>;
  /** Hears, before a build starts, whether it updates an earlier index and how many files it parses (at most). */
  beforeBuild?: (build: { update: boolean; parses: number }) => void | Promise<void>;
  /** Holds indexes between calls (a long-running process): taken in place of the snapshot, kept after. */
  memory?: IndexHolder;
  /** Runs work once the caller has answered (a snapshot write); default: at once. */
  defer?: (work: () => void | Promise<void>) => void;
  /** Clock in milliseconds that times a load from a snapshot or from `memory` (`timingsMs`); default performance.now. */
  now?: () => number;
  /**
   * Leave the grammars of a query's code blocks to `index.prepare(query)`, which must then
   * run before `rank`, `explain` or `pack` of a query with code (`IndexOptions`): for the
   * CLI, which prepares every query; not a library option.
   * @internal
   */
  deferCodeGrammars?: boolean;
}

/** An opened index, the source it read and how long the caller took to have it. */
export interface OpenedIndex {
  index: Index;
  source: CorpusSource;
  /**
   * How long this call took to have the index: reading the files, tagging and linking
   * them for a build; the whole load (the corpus part) for an index loaded from a snapshot
   * or taken from `memory`, never the time its build once took.
   */
  timingsMs: { corpus: number; tags: number; graph: number };
  /** The tags store file the build read and wrote, when it had one. */
  cacheFile?: string;
  /**
   * The snapshot file the index came from: loaded as it was (nothing changed), or updated
   * (a few files had changed); `inMemory` when an index held in `memory` stood in for it.
   */
  snapshot?: { file: string; updated: boolean; inMemory?: boolean };
}
