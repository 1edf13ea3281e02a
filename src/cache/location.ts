/** Where the persistent tags cache lives: `$REPOMAP_CACHE`, else `${XDG_CACHE_HOME:-~/.cache}/repomap`. */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** File name of the store inside a cache folder. */
export const TAGS_STORE_FILE = 'tags.sqlite';

/** Environment variable naming the cache folder. */
export const CACHE_ENV = 'REPOMAP_CACHE';

type Env = Readonly<Record<string, string | undefined>>;

/** `${XDG_CACHE_HOME:-~/.cache}/repomap`; a relative XDG_CACHE_HOME is ignored, as the XDG spec says. */
export function defaultCacheDir(env: Env = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache');
  return join(base, 'repomap');
}

/** The cache folder the environment asks for: `$REPOMAP_CACHE` (resolved against `cwd`) or the default. */
export function cacheDirFromEnv(env: Env = process.env, cwd = process.cwd()): string {
  const named = env[CACHE_ENV];
  return named ? resolve(cwd, named) : defaultCacheDir(env);
}

/** Path of the store file in a cache folder. */
export function tagsStorePath(dir: string): string {
  return join(dir, TAGS_STORE_FILE);
}
