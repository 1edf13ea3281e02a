/**
 * The persisted index of a folder (`--cache`): a command that builds one writes it into
 * the cache folder, keyed by the folder, its scope, this build of repomap and the Node and
 * V8 versions that serialized it (never the query), with the folder's fingerprint (the stamps of its folders, corpus files, ignore
 * files and git HEAD); the next command loads it in place of a build when the
 * fingerprint says nothing changed. A snapshot that cannot be read is removed and
 * rebuilt with a note; one that cannot be written earns a warning, and the command goes on.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_CHANGES_UPDATED } from '../corpus/change-limit.js';
import {
  pruneSnapshots,
  readSnapshotFile,
  snapshotFilePath,
  snapshotFolder,
  writeSnapshotFile,
} from './snapshot-file.js';
import { STORE_DEFAULTS } from '../cache/store-defaults.js';
import { TAGS_INDEX_VERSION } from '../cache/tags-version.js';
import { FolderFingerprint, watchedFiles, type SavedFingerprint } from '../corpus/index.js';
import { indexOfSnapshot, snapshotOf, SNAPSHOT_VERSION, type Snapshot, type SnapshotSections } from './snapshot.js';
import type { Index } from '../build/index.js';
import type { IndexKeeper } from '../build/live.js';
import type { StageOptions } from '../build/settings.js';
import { describeError } from '../errors.js';
import { packageVersion } from '../package-root.js';

/** What a snapshot file holds, a section per field: the folder's fingerprint when its index was built (`check`), and the index. */
type Stored = Snapshot & { check: SavedFingerprint };

/** Where a folder's snapshot is kept, and under which key. */
export interface SnapshotSlot {
  folder: string;
  key: string;
  root: string;
}

/** The runtime whose v8 streams a snapshot's sections are: another Node or V8 version may not read them back. */
export interface Engine {
  node: string;
  v8: string;
}

/** The slot of a folder's index with the given scope and stage settings, in a cache folder (`engine`: this process' Node and V8). */
export function snapshotSlot(
  cacheDir: string,
  root: string,
  scope: { include: readonly string[]; exclude: readonly string[]; settings?: StageOptions },
  engine: Engine = process.versions,
): SnapshotSlot {
  const build = statSync(fileURLToPath(import.meta.url), { throwIfNoEntry: false });
  const key = createHash('sha1')
    .update(
      JSON.stringify({
        root,
        include: scope.include,
        exclude: scope.exclude,
        // (absent, the defaults: no key in the JSON, the key of the commands that set none)
        settings: scope.settings,
        repomap: packageVersion(),
        build: build ? [build.size, build.mtimeMs] : null,
        snapshot: SNAPSHOT_VERSION,
        tags: TAGS_INDEX_VERSION,
        node: engine.node,
        v8: engine.v8,
      }),
    )
    .digest('hex');
  return { folder: snapshotFolder(cacheDir), key, root };
}

/** The file of a slot's snapshot. */
export function snapshotFileOf(slot: SnapshotSlot): string {
  return snapshotFilePath(slot.folder, slot.key);
}

/**
 * The paths `fingerprint` watches that changed since it was taken; null when too many
 * changed for an update (or its root is gone). At many paths, half are stated on a worker
 * thread (a daemon's check before each command: ~0.5 s at 100k files on one thread).
 */
export async function changesSince(fingerprint: FolderFingerprint): Promise<string[] | null> {
  return updatable(await fingerprint.changedPathsAside(MAX_CHANGES_UPDATED + 1, { share: 'half' }));
}

function updatable(changed: string[] | null): string[] | null {
  return changed === null || changed.length > MAX_CHANGES_UPDATED ? null : changed;
}

/** A kept index: as built (`current`), or as built before the folder changed a little (a build's `previous`). */
export interface KeptIndex {
  index: Index;
  current: boolean;
  /** The folder's fingerprint when the index was kept (what `current` was checked against). */
  fingerprint: FolderFingerprint;
  /** The paths the fingerprint watches that changed since (folders, corpus files, ignore files, git's HEAD and its log): none when current. */
  changed: readonly string[];
}

/**
 * The index kept in the slot: current when the folder has not changed since it was
 * built; else, when few paths changed, the index to update; null otherwise (`note`
 * says why when the file was unusable). At many files the folder's stamps are checked
 * on a worker thread while this one reads the index (`changedPathsAside`): at 100k files
 * each takes about half a second. `onChanges` hears the changed paths of an index to
 * update as soon as they are known (before the index is decoded where the check runs on
 * this thread), for a head start on the update; it must not throw.
 */
export async function loadSnapshot(
  slot: SnapshotSlot,
  note: (message: string) => void,
  onChanges?: (changed: readonly string[]) => Promise<void>,
): Promise<KeptIndex | null> {
  const started = performance.now();
  const read = readSnapshotFile(slot.folder, slot.key);
  if ('missing' in read) return null;
  if ('problem' in read) {
    note(
      `the index snapshot ${read.problem}; ${read.unremovable === undefined ? 'it was removed and the index is built again' : `it cannot be removed (${read.unremovable}); the index is built without it`}`,
    );
    return null;
  }
  if ('unreadable' in read) {
    note(`the index snapshot ${read.unreadable}; the index is built without it`);
    return null;
  }
  const { file } = read;
  let checking: Promise<string[] | null> | undefined;
  try {
    // each section is read at its first use: the version and the check before the rest
    const stored = file.sections() as Partial<Stored>;
    if (stored.version !== SNAPSHOT_VERSION || !stored.check) {
      note(`the index snapshot ${slot.key} is of another version; the index is built again`);
      file.close();
      return null;
    }
    const fingerprint = FolderFingerprint.restore(slot.root, stored.check);
    checking = fingerprint.changedPathsAside(MAX_CHANGES_UPDATED + 1);
    const tell = async (changed: readonly string[] | null): Promise<void> => {
      if (onChanges && changed && changed.length > 0) await onChanges(changed);
    };
    // a check made on this thread is over: the caller starts on the changes before the index decodes
    const early = fingerprint.checkedInThread;
    if (early) await tell(updatable(await checking));
    const index = indexOfSnapshot(stored as Stored);
    const changed = updatable(await checking);
    if (changed === null) {
      file.close();
      return null;
    }
    if (!early) await tell(changed);
    // the index's load time: its file read and its folder checked
    index.stats.timingsMs.corpus = Math.round(performance.now() - started);
    return { index, current: changed.length === 0, fingerprint, changed };
  } catch (error) {
    // a failed read does not leave the check's answer unheard
    await checking?.catch(() => undefined);
    file.close();
    note(`the index snapshot ${slot.key} could not be loaded (${describeError(error)}); the index is built again`);
    return null;
  }
}

/**
 * The folder's fingerprint to keep with its built index: taken after its corpus was read
 * from `readStartedMs` (Date.now()), or, when only some files were read again from the
 * kept one (`rereadChangedFiles`: `reread`), the kept one with their stamps taken again
 * (the folder is not walked). Null when the folder changed while it was read: such an
 * index is kept nowhere.
 */
export async function snapshotFingerprint(
  slot: SnapshotSlot,
  index: Index,
  readStartedMs: number,
  reread?: { fingerprint: FolderFingerprint; changed: readonly string[] },
): Promise<FolderFingerprint | null> {
  const fingerprint = reread
    ? reread.fingerprint.restamped(reread.changed, readStartedMs)
    : await FolderFingerprint.take(slot.root, watchedFiles(index.corpus), readStartedMs);
  return fingerprint.settled ? fingerprint : null;
}

/**
 * Writes a folder's built index, with its settled fingerprint, in the slot, then removes
 * the least recently used snapshots past what the tags store (`storeFile`) leaves of the
 * cache's cap (`--cache-max-mb`, else the store's default). Returns a warning when it
 * could not write, else null.
 */
export function writeSnapshot(
  slot: SnapshotSlot,
  index: Index,
  fingerprint: FolderFingerprint,
  cache: { cacheMaxMb?: number | undefined; storeFile: string },
): string | null {
  const check = fingerprint.saved();
  if (!check) return null;
  const cap = cache.cacheMaxMb !== undefined ? cache.cacheMaxMb * 1024 ** 2 : STORE_DEFAULTS.maxBytes;
  const maxBytes = Math.max(0, cap - (statSync(cache.storeFile, { throwIfNoEntry: false })?.size ?? 0));
  const snapshot = snapshotOf(index);
  if (!snapshot) return null;
  try {
    writeSnapshotFile(slot.folder, slot.key, { ...snapshot, check } satisfies SnapshotSections & Pick<Stored, 'check'>);
    pruneSnapshots(slot.folder, maxBytes);
    return null;
  } catch (error) {
    return `could not keep the index snapshot in ${slot.folder}: ${describeError(error)}`;
  }
}

/**
 * Keeps a folder's built index in the slot (when the folder was settled while it was
 * read: `snapshotFingerprint`), as `writeSnapshot` does. Returns a warning when it could
 * not write, else null.
 */
export async function saveSnapshot(
  slot: SnapshotSlot,
  index: Index,
  readStartedMs: number,
  cache: { cacheMaxMb?: number | undefined; storeFile: string },
  reread?: { fingerprint: FolderFingerprint; changed: readonly string[] },
): Promise<string | null> {
  const fingerprint = await snapshotFingerprint(slot, index, readStartedMs, reread);
  return fingerprint ? writeSnapshot(slot, index, fingerprint, cache) : null;
}

/**
 * The keeper of a folder's index for a long-running `Workspace` (the MCP server): it
 * starts from the folder's snapshot in the cache folder, as `openIndex` does, and keeps its
 * first build there (capped as `writeSnapshot` caps it). `tell` hears notes and warnings.
 */
export function snapshotKeeper(
  cacheDir: string,
  root: string,
  scope: { include: readonly string[]; exclude: readonly string[] },
  cache: { cacheMaxMb?: number | undefined; storeFile: string },
  tell: (message: string) => void,
): IndexKeeper {
  const slot = snapshotSlot(cacheDir, root, scope);
  return {
    load: async () => {
      const kept = await loadSnapshot(slot, tell);
      return kept && { index: kept.index, current: kept.current ? kept.fingerprint : null };
    },
    async save(index, readStartedMs) {
      const warning = await saveSnapshot(slot, index, readStartedMs, cache);
      if (warning) tell(`warning: ${warning}`);
    },
  };
}
