/**
 * The tags store a command's `--cache` / `--no-cache` flags ask for (./cache-flags.ts),
 * opened when the command runs.
 */
import { RepoMapError } from '../index.js';
import {
  isReportable,
  messageWithoutModule,
  sqliteDriver,
  storeFolderProblem,
  TagsStore,
  tagsStorePath,
} from '../unstable.js';
import { cacheDirOf, cacheFolderWarning, MIB, type CacheFlags } from './cache-flags.js';
import type { CliIo } from './io.js';

/**
 * Opens the tags store the flags ask for (undefined for none), capped at --cache-max-mb.
 * Rebuild messages go to stderr. A cache that cannot be created where the flags or the
 * environment put it (a file in the way, a folder that cannot be made) earns a warning
 * saying where and why, and the command runs without it (`cacheFolderWarning`). Any other
 * problem with a folder named by --cache fails the command; with the environment's or
 * default folder it only earns a warning, and the command runs without it. Without the
 * store's driver (better-sqlite3, an optional dependency) the command runs without it
 * too, with a note saying so.
 */
export function openCacheStore(flags: CacheFlags, io: CliIo, byDefault: boolean): TagsStore | undefined {
  const where = cacheDirOf(flags, io, byDefault);
  if (where === null) return undefined;
  const file = tagsStorePath(where.dir);
  const note = (m: string): void => void (flags.quiet || io.stderr.write(`repomap: note: ${m}\n`));
  try {
    // the driver first: without it nothing is made on disk
    sqliteDriver();
    const problem = storeFolderProblem(file);
    if (problem !== null) {
      io.stderr.write(cacheFolderWarning(problem));
      return undefined;
    }
    return TagsStore.open(file, {
      onMessage: note,
      ...(flags.cacheMaxMb !== undefined ? { maxBytes: flags.cacheMaxMb * MIB } : {}),
    });
  } catch (err) {
    if (err instanceof RepoMapError && err.code === 'cache-unavailable') {
      note(`${messageWithoutModule(err)}; running without it (npm install better-sqlite3 to keep tags across runs)`);
      return undefined;
    }
    if (where.explicit || !isReportable(err)) throw err;
    io.stderr.write(`repomap: warning: ${messageWithoutModule(err)}; running without the tags cache\n`);
    return undefined;
  }
}
