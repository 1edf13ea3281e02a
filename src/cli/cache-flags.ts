/**
 * `--cache DIR` / `--no-cache`, shared by the commands that build indexes. The folder
 * is `--cache DIR`, else `$REPOMAP_CACHE`, else (for commands whose cache is on by
 * default) `${XDG_CACHE_HOME:-~/.cache}/repomap`.
 */
import { resolve } from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
// location.ts alone, not the cache's entry: the options are defined for --help too, which
// does not load the store (and its driver).
import { CACHE_ENV, cacheDirFromEnv, STORE_DEFAULTS } from '../unstable.js';
import { positiveInt } from './arguments.js';
import type { CliIo } from './io.js';

/** Bytes in the MiB of --cache-max-mb and --max-mb. */
export const MIB = 1024 ** 2;

/** The largest size in MiB a flag takes: 8 PiB, whose bytes are still a safe integer (the store counts bytes in SQLite's 64-bit integers). */
const MAX_MIB = Math.floor(Number.MAX_SAFE_INTEGER / MIB);

/** A size in MiB: a whole number from 1 to `MAX_MIB` (`1e20` passed as a whole number, then failed in the store). */
export function mebibytes(value: string): number {
  const n = positiveInt(value);
  if (n > MAX_MIB) throw new InvalidArgumentError(`expected at most ${MAX_MIB} (8 PiB)`);
  return n;
}

/** Commander's value for the pair: a folder, false for --no-cache, undefined when neither was given. */
export interface CacheFlags {
  cache?: string | false;
  /** --cache-max-mb: the store's size cap in MiB (default `STORE_DEFAULTS.maxBytes`). */
  cacheMaxMb?: number;
  /** --quiet: notes are not written. */
  quiet?: boolean;
}

/**
 * `--cache <dir>`; `byDefault` says whether the command uses a cache when neither flag nor
 * environment names one, `otherwise` what it does then (default: "no cache").
 */
export function cacheOption(byDefault: boolean, otherwise = 'no cache'): Option {
  const fallback = byDefault
    ? `$${CACHE_ENV}, else \${XDG_CACHE_HOME:-~/.cache}/repomap`
    : `$${CACHE_ENV} when set, else ${otherwise}`;
  return new Option(
    '--cache <dir>',
    `folder of the persistent tags cache, shared by runs and processes (default: ${fallback})`,
  );
}

/** `--cache-max-mb <n>`: the cap a command that writes the store passes to it. */
export function cacheMaxMbOption(): Option {
  return new Option(
    '--cache-max-mb <n>',
    `size cap of the tags cache in MiB: a write that passes it removes the least recently used entries (default: ${STORE_DEFAULTS.maxBytes / MIB})`,
  ).argParser(mebibytes);
}

/** `--no-cache`, with what it means for the command. */
export function noCacheOption(description = 'read and write no tags cache: parse every file'): Option {
  return new Option('--no-cache', description);
}

/**
 * The cache folder the flags and environment ask for, or null for none.
 * `explicit` is true when --cache named it (a folder that cannot be used is then an error).
 */
export function cacheDirOf(
  flags: CacheFlags,
  io: CliIo,
  byDefault: boolean,
): { dir: string; explicit: boolean } | null {
  if (flags.cache === false) return null;
  if (typeof flags.cache === 'string') return { dir: resolve(io.cwd, flags.cache), explicit: true };
  const env = io.env ?? process.env;
  if (!byDefault && !env[CACHE_ENV]) return null;
  return { dir: cacheDirFromEnv(env, io.cwd), explicit: false };
}

/** The warning of a cache folder that cannot be created (the sentence of src/cache/store-file.ts's `storeFolderProblem`). */
export function cacheFolderWarning(problem: string): string {
  return `repomap: warning: ${problem}; running without a cache\n`;
}
