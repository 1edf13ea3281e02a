import type { BigIntStats } from 'node:fs';
import { STAMP_MARGIN_MS } from './folder-reuse.js';
import { inRoot } from './paths.js';
import { CORPUS_DEFAULTS } from './options.js';
import { IGNORE_FILES } from './path-rules.js';
import {
  changedPositions,
  changedPositionsAside,
  STAMP_WORKER_MIN_PATHS,
  stampOf,
  statOf,
  type AsideOptions,
  type StampCheck,
} from './stamps.js';
import { listFolder } from './walk.js';
import type { Corpus } from '../types.js';
import { compareByteOrder } from '../text/order.js';

/** A fingerprint as `FolderFingerprint.saved` gives it (JSON-safe), for a persisted index. */
export interface SavedFingerprint {
  paths: string[];
  stamps: string[];
}

/** Skips decided by a file's own content (or permissions): an edit in place, which changes no folder, can bring it into the corpus. */
const CONTENT_SKIPS: ReadonlySet<string> = new Set([
  'skipped-binary',
  'skipped-too-large',
  'skipped-minified',
  'skipped-unreadable',
]);

/** The files a fingerprint of a folder corpus watches: its files, then those skipped for their content. */
export function watchedFiles(corpus: Corpus): string[] {
  const skipped = corpus.diagnostics.flatMap((d) =>
    d.file !== undefined && CONTENT_SKIPS.has(d.code) ? [d.file] : [],
  );
  return [...corpus.files.map((f) => f.path), ...skipped];
}

/**
 * What a folder looked like when its index was built, cheap to compare: the
 * mtime, size and inode of every folder (an added, removed or renamed entry changes
 * its folder's mtime), of every corpus file, file skipped for its content and ignore
 * file (an edit in place changes the file's: `watchedFiles`), and of git's HEAD and its log (a commit or checkout changes co-change
 * history).
 * Taken after the corpus was read, so a path stamped at or after the read began
 * (less the corpus' margin for coarse clocks, `STAMP_MARGIN_MS`) may have changed mid-read: the fingerprint then
 * counts as changed once, and the next build settles it.
 */
export class FolderFingerprint {
  private constructor(
    private readonly root: string,
    private readonly paths: readonly string[],
    private readonly stamps: readonly string[],
    private readonly unsettled: boolean,
  ) {}

  /**
   * Takes the fingerprint of `root`, whose corpus holds `files` (repo-relative; with the
   * files skipped for their content, `watchedFiles`) as read from `readStartedMs`
   * (Date.now() when loadCorpus began).
   */
  static async take(root: string, files: readonly string[], readStartedMs: number): Promise<FolderFingerprint> {
    const recent = writtenSince(readStartedMs);
    // The corpus files first: when one was written as the read began (a file edited just
    // before the command), the fingerprint is unsettled whatever the rest, and the folder
    // is not walked for it.
    const at = inRoot(root);
    const fileStats = files.map((p) => statOf(at(p)));
    if (fileStats.some(recent)) return new FolderFingerprint(root, [], [], true);
    // Folders that cannot be listed are left out: the corpus load reports them.
    const vendored = new Set(CORPUS_DEFAULTS.vendoredFolders);
    const ignoreNames = new Set<string>(IGNORE_FILES);
    const entries = listFolder(root, (name) => !vendored.has(name)).entries;
    const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
    const folders = entries.filter((e) => e.kind === 'folder' && !vendored.has(nameOf(e.path))).map((e) => e.path);
    const inCorpus = new Set(files);
    const ignoreFiles = entries
      .filter((e) => e.kind === 'file' && ignoreNames.has(nameOf(e.path)) && !inCorpus.has(e.path))
      .map((e) => e.path);
    const before = ['.', ...folders.sort(compareByteOrder)];
    const after = [...ignoreFiles.sort(compareByteOrder), '.git/HEAD', '.git/logs/HEAD'];
    const statAll = (list: readonly string[]): (BigIntStats | null)[] => list.map((p) => statOf(at(p)));
    const stats = [...statAll(before), ...fileStats, ...statAll(after)];
    return new FolderFingerprint(root, [...before, ...files, ...after], stats.map(stampOf), stats.some(recent));
  }

  /**
   * The fingerprint after `changed` (paths it watches) were read again from
   * `readStartedMs` on, when nothing else was (`rereadChangedFiles`): those are stated
   * again, and the rest keep the stamps that were checked before the read. Unsettled when
   * one of them was written as the read began, as `take` would find it.
   */
  restamped(changed: readonly string[], readStartedMs: number): FolderFingerprint {
    const recent = writtenSince(readStartedMs);
    const positions = new Map(this.paths.map((p, i) => [p, i]));
    const at = inRoot(this.root);
    const stamps = [...this.stamps];
    let unsettled = this.unsettled;
    for (const path of changed) {
      const i = positions.get(path);
      const s = statOf(at(path));
      if (i === undefined || s === null || recent(s)) unsettled = true;
      else stamps[i] = stampOf(s);
    }
    return new FolderFingerprint(this.root, this.paths, stamps, unsettled);
  }

  /** Whether nothing it watches was written as the read it stamps was under way (else it is kept nowhere). */
  get settled(): boolean {
    return !this.unsettled;
  }

  /** The paths and stamps, to keep with a persisted index; null when the fingerprint is unsettled (it would never match). */
  saved(): SavedFingerprint | null {
    return this.unsettled ? null : { paths: [...this.paths], stamps: [...this.stamps] };
  }

  /** A saved fingerprint of `root`, to ask whether the folder changed since. */
  static restore(root: string, saved: SavedFingerprint): FolderFingerprint {
    return new FolderFingerprint(root, saved.paths, saved.stamps, false);
  }

  /** Whether anything fingerprinted changed since it was taken (stats every path again). */
  changed(): boolean {
    return this.changes(1) > 0;
  }

  /** How many fingerprinted paths changed since it was taken, counted up to `limit` (stats paths until then). */
  changes(limit = Infinity): number {
    return this.changedPaths(limit)?.length ?? limit;
  }

  /**
   * The fingerprinted paths (folders, corpus files, ignore files, git's HEAD and its log)
   * that changed since it was taken, in the order watched, up to `limit` of them (stats
   * paths until then). Null for an unsettled fingerprint: what changed is not known.
   */
  changedPaths(limit = Infinity): string[] | null {
    if (this.unsettled) return null;
    return changedPositions(this.check(limit)).map((i) => this.paths[i]!);
  }

  /**
   * `changedPaths` checked with a worker thread when it watches many paths: all on the
   * worker, so that the caller can read a kept index meanwhile, or half on each thread
   * (`changedPositionsAside`); the same answer.
   */
  async changedPathsAside(limit = Infinity, options?: AsideOptions): Promise<string[] | null> {
    if (this.unsettled) return null;
    return (await changedPositionsAside(this.check(limit), options)).map((i) => this.paths[i]!);
  }

  /** Whether `changedPathsAside` (at its default `minPaths`) checks on the calling thread alone: its answer is known when the call returns. */
  get checkedInThread(): boolean {
    return this.paths.length < STAMP_WORKER_MIN_PATHS;
  }

  private check(limit: number): StampCheck {
    return { root: this.root, paths: this.paths, stamps: this.stamps, limit };
  }

  /** How many paths it watches. */
  get size(): number {
    return this.paths.length;
  }
}

/** Whether a path's stats say it was written as a read that began at `readStartedMs` (less the stamp margin for coarse clocks) was under way. */
function writtenSince(readStartedMs: number): (s: BigIntStats | null) => boolean {
  const since = BigInt(readStartedMs - STAMP_MARGIN_MS) * 1_000_000n;
  return (s) => s !== null && s.mtimeNs >= since;
}
