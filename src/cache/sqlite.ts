/**
 * better-sqlite3, the persistent cache's driver: an optional dependency (a native module,
 * built at install time where no prebuilt binary fits, which needs a C++ toolchain).
 * Loaded on first use rather than imported, so a package installed without it still
 * loads and runs, without the persistent cache. (Node's built-in `node:sqlite` is not
 * in Node 20 without a flag.)
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { RepoMapError } from '../errors.js';

export type SqliteDriver = typeof BetterSqlite3;

let loaded: SqliteDriver | Error | undefined;

/** The driver, or a RepoMapError('cache-unavailable') saying why it did not load. */
export function sqliteDriver(): SqliteDriver {
  if (loaded === undefined) {
    try {
      const driver = createRequire(import.meta.url)('better-sqlite3') as SqliteDriver;
      // The native binding loads with the first database: one in memory checks it is there.
      new driver(':memory:').close();
      loaded = driver;
    } catch (error) {
      loaded = error instanceof Error ? error : new Error(String(error));
    }
  }
  if (loaded instanceof Error) {
    const reason =
      (loaded as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND'
        ? 'it is not installed'
        : loaded.message.split('\n')[0];
    throw new RepoMapError(
      'cache-unavailable',
      `repomap/cache: the persistent tags cache needs better-sqlite3, which did not load (${reason})`,
      'better-sqlite3',
    );
  }
  return loaded;
}
