/**
 * `--cache DIR` / `--no-cache`, shared by the commands that build indexes. The folder
 * is `--cache DIR`, else `$REPOMAP_CACHE`, else (for commands whose cache is on by
 * default) `${XDG_CACHE_HOME:-~/.cache}/repomap`.
 */
import { resolve } from 'node:path';
import { Option } from 'commander';
import { CACHE_ENV, TagsStore, cacheDirFromEnv, tagsStorePath } from '../cache/index.js';
import { isReportable, messageWithoutModule, RepoMapError } from '../errors.js';
import type { CliIo } from './io.js';

/** Commander's value for the pair: a folder, false for --no-cache, undefined when neither was given. */
export interface CacheFlags {
  cache?: string | false;
  /** --quiet: notes are not written. */
  quiet?: boolean;
}

/** `--cache <dir>`; `byDefault` says whether the command uses a cache when neither flag nor environment names one. */
export function cacheOption(byDefault: boolean): Option {
  const fallback = byDefault ? `$${CACHE_ENV}, else \${XDG_CACHE_HOME:-~/.cache}/repomap` : `$${CACHE_ENV} when set, else no cache`;
  return new Option('--cache <dir>', `folder of the persistent tags cache, shared by runs and processes (default: ${fallback})`);
}

/** `--no-cache`. */
export function noCacheOption(): Option {
  return new Option('--no-cache', 'read and write no tags cache: parse every file');
}

/**
 * The cache folder the flags and environment ask for, or null for none.
 * `explicit` is true when --cache named it (a folder that cannot be used is then an error).
 */
export function cacheDirOf(flags: CacheFlags, io: CliIo, byDefault: boolean): { dir: string; explicit: boolean } | null {
  if (flags.cache === false) return null;
  if (typeof flags.cache === 'string') return { dir: resolve(io.cwd, flags.cache), explicit: true };
  const env = io.env ?? process.env;
  if (!byDefault && !env[CACHE_ENV]) return null;
  return { dir: cacheDirFromEnv(env, io.cwd), explicit: false };
}

/**
 * Opens the tags store the flags ask for (undefined for none). Rebuild messages go to
 * stderr. A folder named by --cache that cannot be used fails the command; the
 * environment's or default folder only earns a warning, and the command runs without it.
 * Without the store's driver (better-sqlite3, an optional dependency) the command runs
 * without it too, with a note saying so.
 */
export function openCacheStore(flags: CacheFlags, io: CliIo, byDefault: boolean): TagsStore | undefined {
  const where = cacheDirOf(flags, io, byDefault);
  if (where === null) return undefined;
  const note = (m: string): void => void (flags.quiet || io.stderr.write(`repomap: note: ${m}\n`));
  try {
    return TagsStore.open(tagsStorePath(where.dir), { onMessage: note });
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
