/**
 * The index a command opens from its source flags (./repo-source.ts): a folder's kept
 * snapshot when nothing changed since it was built (../persist/kept-index.ts), else a build
 * (./open-build.ts, loaded only then: the parsers, the graph builder and the tags store
 * are most of the CLI's modules).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { tagsStorePath } from '../cache/location.js';
import { storeFolderProblem } from '../cache/store-file.js';
import { cacheDirOf, cacheFolderWarning } from './cache-flags.js';
import { changesSince, loadSnapshot, snapshotFileOf, snapshotSlot, type KeptIndex } from '../persist/kept-index.js';
import type { CliIo } from './io.js';
import type { OpenedIndex } from './open-build.js';
import type { ParsedAhead } from '../tags/index.js';
import { repoOf, repoSource, type RepoFlags } from './repo-source.js';

export type { OpenedIndex } from './open-build.js';

/**
 * Loads the flags' source in its scope and builds its index, through the persistent tags
 * cache unless --no-cache, with progress on stderr for a long build (`label` names the
 * command in it) unless --quiet. `parseJobs` as `buildIndex`'s (default 2). With the
 * cache, a folder's built index is kept as a snapshot (../persist/kept-index.ts) and loaded in place
 * of the build while the folder stays as it was; after a few files changed, the build
 * updates the snapshot's index (their tags, BM25 terms and graph edges) instead of
 * starting over.
 */
export async function openIndex(given: RepoFlags, io: CliIo, label: string, parseJobs?: number): Promise<OpenedIndex> {
  const repo = repoOf(given, io);
  const source = repoSource(repo, given.commit);
  // (a git source keeps no snapshot: its build opens the store, which says the same)
  const flags = 'folder' in source ? withUsableCache(given, io) : given;
  const note = (m: string): void => void (flags.quiet || io.stderr.write(`repomap: note: ${m}\n`));
  const folder = 'folder' in source ? source.folder : null;
  const where = folder !== null ? cacheDirOf(flags, io, true) : null;
  const slot = where && folder !== null ? snapshotSlot(where.dir, resolve(folder), { include: flags.include, exclude: flags.exclude }) : null;
  // a daemon's index of the folder, else the kept snapshot
  const inMemory = slot ? await remembered(io, snapshotFileOf(slot)) : null;
  // an update's changed files start parsing as soon as the snapshot's check finds them
  let parsedAhead: ParsedAhead | undefined;
  const onChanges = async (changed: readonly string[]): Promise<void> => {
    try {
      const { parseChangedAhead } = await import('./open-build.js');
      parsedAhead = await parseChangedAhead({ flags, io, source, ...(parseJobs !== undefined ? { parseJobs } : {}) }, changed);
    } catch {
      // only a head start: the build meets whatever failed here the usual way
    }
  };
  const kept = inMemory ?? (slot ? await loadSnapshot(slot, note, onChanges) : null);
  const fromMemory = inMemory ? { inMemory: true } : {};
  if (kept?.current && slot && where) {
    const store = tagsStorePath(where.dir);
    const { index } = kept;
    io.memory?.keep(snapshotFileOf(slot), { index, fingerprint: kept.fingerprint });
    return { index, source, repo, corpusMs: index.stats.timingsMs.corpus, snapshot: { file: snapshotFileOf(slot), updated: false, ...fromMemory }, ...(existsSync(store) ? { cacheFile: store } : {}) };
  }
  const { openBuilt } = await import('./open-build.js');
  const earlier = kept && slot ? { index: kept.index, file: snapshotFileOf(slot), changed: kept.changed, fingerprint: kept.fingerprint, ...fromMemory, ...(parsedAhead ? { parsedAhead } : {}) } : undefined;
  return openBuilt({ flags, io, label, source, repo, slot, ...(earlier ? { earlier } : {}), ...(parseJobs !== undefined ? { parseJobs } : {}) });
}

/**
 * The flags as given unless something is in the way of their cache folder (a file, a
 * path that cannot be stated); then, once that is said (where, and why), the flags of a
 * command without a cache: no snapshot, no tags store. A folder that cannot be made is
 * found when the build opens the store, which says the same.
 */
function withUsableCache(flags: RepoFlags, io: CliIo): RepoFlags {
  const where = cacheDirOf(flags, io, true);
  // a look only: nothing is made before the store opens (which needs its driver, an optional dependency)
  const problem = where && storeFolderProblem(tagsStorePath(where.dir), false);
  if (!problem) return flags;
  io.stderr.write(cacheFolderWarning(problem));
  return { ...flags, cache: false };
}

/** The slot's index (by its snapshot file) the process keeps in memory (`CliIo.memory`): current, or to update (as a kept snapshot's); null when none, or when too much changed. */
async function remembered(io: CliIo, file: string): Promise<KeptIndex | null> {
  const entry = io.memory?.take(file);
  if (!entry) return null;
  const changed = await changesSince(entry.fingerprint);
  return changed && { index: entry.index, current: changed.length === 0, fingerprint: entry.fingerprint, changed };
}
