/**
 * The index a command opens from its source flags (./repo-source.ts): the library's
 * `openIndex` (src/persist/open-index.ts) with the flags' cache folder and tags store,
 * notes and warnings on stderr, progress for a long build (`label` names the command in
 * it) unless --quiet, and the daemon's memory and deferred work (`CliIo`).
 */
import { tagsStorePath } from '../cache/location.js';
import { storeFolderProblem } from '../cache/store-file.js';
import { openIndex as openSourceIndex, type OpenedIndex as LibraryOpened } from '../persist/open-index.js';
import { cacheDirOf, cacheFolderWarning } from './cache-flags.js';
import { openCacheStore } from './cache-store.js';
import type { CliIo } from './io.js';
import { indexProgress } from './progress.js';
import { repoOf, repoSource, type RepoFlags } from './repo-source.js';

/** An index opened by a command, and the repository folder on disk it read (the folder, or the git directory). */
export type OpenedIndex = LibraryOpened & { repo: string };

/**
 * Loads the flags' source in its scope and opens its index, through the persistent tags
 * cache unless --no-cache. `parseJobs` as `buildIndex`'s (default 2).
 */
export async function openIndex(given: RepoFlags, io: CliIo, label: string, parseJobs?: number): Promise<OpenedIndex> {
  const repo = repoOf(given, io);
  const source = repoSource(repo, given.commit);
  // (a git source keeps no snapshot: its build opens the store, which says the same)
  const flags = 'folder' in source ? withUsableCache(given, io) : given;
  const where = cacheDirOf(flags, io, true);
  const opened = await openSourceIndex(source, {
    ...(where ? { cache: where.dir } : {}),
    include: flags.include,
    exclude: flags.exclude,
    ...(flags.cacheMaxMb !== undefined ? { cacheMaxMb: flags.cacheMaxMb } : {}),
    ...(parseJobs !== undefined ? { parseJobs } : {}),
    openStore: () => openCacheStore(flags, io, true),
    onNote: (m) => void (flags.quiet || io.stderr.write(`repomap: note: ${m}\n`)),
    onWarning: (m) => void io.stderr.write(`repomap: warning: ${m}\n`),
    progress: () => indexProgress(io, label, flags.quiet),
    ...(io.beforeBuild ? { beforeBuild: io.beforeBuild } : {}),
    ...(io.memory ? { memory: io.memory } : {}),
    ...(io.defer ? { defer: io.defer } : {}),
  });
  return { ...opened, repo };
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
