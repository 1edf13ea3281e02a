import { lstatSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { lazyFields } from '../lazy-fields.js';
import { GitignoreMatcher } from './gitignore.js';
import { takeableRecords } from './reuse-records.js';
import type { ResolvedCorpusOptions } from './options.js';
import type { Corpus, FileRecord } from '../types.js';

/**
 * A file is trusted unchanged only if it had not been modified for this long before the
 * load that read it: timestamps are coarse (a few ms on Linux, 2 s on FAT), so a write
 * right after a read can leave the same modification time. The one margin for every
 * stamp comparison (the folder reuse here, the live index's fingerprint).
 */
export const STAMP_MARGIN_MS = 2000;

/** What a folder load remembers for the next load given it as `previous`. */
interface FolderLoadState {
  root: string;
  /** The skip rules the files were examined with. */
  rules: string;
  /** Wall-clock time the load began (ms since the epoch, as file times are). */
  startedMs: number;
  /** Path → stamp of every file read (or reused) by that load. */
  stamps: Map<string, FileStamp>;
  /** The load's rules per ignore file name (.gitignore, .repomapignore), with the stamps of their files. */
  ignoreFiles: Map<string, IgnoreFileState>;
}

/** A folder tree's matcher of one ignore file name and, per folder holding one, that file's stamp when the load began. */
interface IgnoreFileState {
  matcher: GitignoreMatcher;
  stamps: Map<string, FileStamp | null>;
}

/** Size, modification and change times and inode of a file when it was read. */
export interface FileStamp {
  key: string;
  mtimeMs: number;
}

const states = new WeakMap<Corpus, FolderLoadState>();

/** What a folder load read its files with (undefined for other corpora): the folder, its rules, when it began, the per-path stamps. */
export function loadStampsOf(
  corpus: Corpus,
): { root: string; rules: string; startedMs: number; stamps: ReadonlyMap<string, FileStamp> } | undefined {
  return states.get(corpus);
}

/**
 * Makes `corpus` (restored from a persisted index: ./saved.ts) reusable by a later load of
 * its folder as `previous`, as if this process had loaded it: its files are taken by stamp.
 * The ignore files' verdicts are not kept, so that load reads them again.
 */
export function rememberLoad(
  corpus: Corpus,
  load: {
    root: string;
    rules: string;
    startedMs: number;
    stamps: ReadonlyMap<string, FileStamp> | (() => Map<string, FileStamp>);
  },
): void {
  const { stamps, ...rest } = load;
  const state = { ...rest, ignoreFiles: new Map() } as FolderLoadState;
  // given as a function, made when a later load, a snapshot or a release reads them: a loaded rank does not
  if (typeof stamps === 'function') lazyFields(state, ['stamps'], () => ({ stamps: stamps() }));
  else state.stamps = new Map(stamps);
  states.set(corpus, state);
}

/** A stamp from its key (`stampOf(…).key`). */
export function stampOfKey(key: string): FileStamp {
  // the second field of `size:mtimeMs:ctimeMs:ino`, without splitting the key
  const from = key.indexOf(':') + 1;
  const to = key.indexOf(':', from);
  return { key, mtimeMs: from === 0 ? NaN : Number(key.slice(from, to < 0 ? key.length : to)) };
}

export function stampOf(stats: Pick<Stats, 'size' | 'mtimeMs' | 'ctimeMs' | 'ino'>): FileStamp {
  return { key: `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`, mtimeMs: stats.mtimeMs };
}

/** The options a load examined files with, as one string (what `previous` must match to be reused). */
export function rulesOf(options: ResolvedCorpusOptions): string {
  const { onProgress: _p, onListed: _l, previous: _q, ...rules } = options;
  return JSON.stringify(rules);
}

/**
 * The kept files of an earlier load of the same folder (`CorpusOptions.previous`), for
 * reuse by stamp; and the stamps of this load, remembered for the next one.
 */
export class FolderReuse {
  readonly startedMs = Date.now();
  private readonly stamps = new Map<string, FileStamp>();
  private readonly earlier: FolderLoadState | undefined;
  private readonly records: Map<string, FileRecord> = new Map();
  private readonly ignoreFiles = new Map<string, IgnoreFileState>();

  constructor(
    private readonly root: string,
    private readonly options: ResolvedCorpusOptions,
  ) {
    const previous = options.previous;
    const state = previous ? states.get(previous) : undefined;
    if (!previous || !state || state.root !== root || state.rules !== rulesOf(options)) return;
    this.earlier = state;
    this.records = takeableRecords(previous);
  }

  /** Whether an earlier load can be reused at all (else every file is read). */
  get active(): boolean {
    return this.earlier !== undefined;
  }

  /** The earlier record of `path` when its stamp is unchanged and was taken well after its last write. */
  take(path: string, stamp: FileStamp): FileRecord | undefined {
    const before = this.earlier?.stamps.get(path);
    if (!before || before.key !== stamp.key || before.mtimeMs >= this.earlier!.startedMs - STAMP_MARGIN_MS)
      return undefined;
    const record = this.records.get(path);
    if (record) this.stamps.set(path, before);
    return record;
  }

  /**
   * The matcher of the ignore files called `name` (.gitignore, .repomapignore) for the
   * folders that hold one (`read` gives a folder's rules): the earlier load's, with the
   * verdicts it reached, when the same folders hold them and each file's stamp is
   * unchanged and older than that load by 2 s; else a new one. A verdict follows from the
   * rule files and the path alone, and testing every path against the rules was a fifth
   * of a re-index's load (~20 ms of ~85 ms on 3,800 files).
   */
  ignoreFile(name: string, folders: ReadonlySet<string>, read: (folder: string) => string): GitignoreMatcher {
    const stamps = new Map<string, FileStamp | null>();
    for (const folder of folders) {
      let stats;
      try {
        stats = lstatSync(join(this.root, folder, name), { throwIfNoEntry: false });
      } catch {
        stats = undefined; // its folder cannot be searched: the matcher reports the file
      }
      stamps.set(folder, stats ? stampOf(stats) : null);
    }
    const earlier = this.earlier?.ignoreFiles.get(name);
    const reusable =
      earlier !== undefined &&
      earlier.stamps.size === stamps.size &&
      [...stamps].every(([folder, stamp]) => {
        const before = earlier.stamps.get(folder);
        return (
          stamp !== null &&
          before != null &&
          before.key === stamp.key &&
          before.mtimeMs < this.earlier!.startedMs - STAMP_MARGIN_MS
        );
      });
    const state = { matcher: reusable ? earlier.matcher.renewed() : new GitignoreMatcher(folders, read), stamps };
    this.ignoreFiles.set(name, state);
    return state.matcher;
  }

  /** The stamp of a file this load read. */
  note(path: string, stamp: FileStamp): void {
    this.stamps.set(path, stamp);
  }

  /** Attaches this load's stamps (and ignore-file matchers) to the corpus it produced. */
  remember(corpus: Corpus): Corpus {
    states.set(corpus, {
      root: this.root,
      rules: rulesOf(this.options),
      startedMs: this.startedMs,
      stamps: this.stamps,
      ignoreFiles: this.ignoreFiles,
    });
    return corpus;
  }
}
