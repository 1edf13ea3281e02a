/**
 * A look at a tags store that writes nothing to it (`repomap cache stats`): its stats read
 * over a read-only connection, so looking neither rebuilds a store of another schema nor
 * records anything in it, and no checkpoint runs when it closes. (SQLite may make the
 * write-ahead log's side files beside it, as any reader of a WAL database does.) A folder
 * that may not be written is read from a private copy, as `TagsStore.open` reads it.
 */
import type Database from 'better-sqlite3';
import { describeError, RepoMapError } from '../errors.js';
import { sqliteDriver } from './sqlite.js';
import { STORE_DEFAULTS, STORE_SCHEMA_VERSION } from './store-defaults.js';
import { isReadOnly, privateCopy } from './store-file.js';
import { bytesOnDisk, liveBytes, rowsAndUses, type StoreStats } from './store-lru.js';

/**
 * The stats of the store at `file` (the cap as `maxBytes` says, default the store's);
 * a RepoMapError naming the file when it cannot be read or is not a tags store of this
 * schema, and `cache-unavailable` without the driver.
 */
export function lookAtStore(file: string, options: { maxBytes?: number } = {}): StoreStats {
  const Driver = sqliteDriver();
  const open = (path: string): Database.Database => {
    const db = new Driver(path, { readonly: true, fileMustExist: true, timeout: STORE_DEFAULTS.busyTimeoutMs });
    try {
      // the first read finds a WAL database whose side files cannot be made here
      db.pragma('user_version', { simple: true });
      return db;
    } catch (cause) {
      db.close();
      throw cause;
    }
  };
  let copy: { file: string; remove: () => void } | undefined;
  try {
    let db: Database.Database;
    try {
      db = open(file);
    } catch (cause) {
      if (!isReadOnly(cause)) throw cause;
      copy = privateCopy(file);
      db = open(copy.file);
    }
    try {
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version !== STORE_SCHEMA_VERSION) {
        throw new RepoMapError(
          'bad-option',
          `repomap/cache: ${file} is not a tags cache of this repomap (schema version ${version}, not ${STORE_SCHEMA_VERSION}); the next command that writes to it rebuilds it`,
          file,
        );
      }
      const { rows, oldest, newest } = db.transaction(() => rowsAndUses(db))();
      return {
        file,
        fileBytes: bytesOnDisk(file),
        liveBytes: liveBytes(db),
        rows,
        ...(oldest !== undefined ? { oldestUse: oldest * STORE_DEFAULTS.usedClockMs } : {}),
        ...(newest !== undefined ? { newestUse: newest * STORE_DEFAULTS.usedClockMs } : {}),
        maxBytes: options.maxBytes ?? STORE_DEFAULTS.maxBytes,
      };
    } finally {
      db.close();
    }
  } catch (cause) {
    if (cause instanceof RepoMapError) throw cause;
    throw new RepoMapError(
      'bad-option',
      `repomap/cache: cannot read the tags cache ${file}: ${describeError(cause)}`,
      file,
    );
  } finally {
    copy?.remove();
  }
}
