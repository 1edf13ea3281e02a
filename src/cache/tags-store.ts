/**
 * A persistent tags cache in one SQLite file, shared by every process that opens it.
 *
 * Rows map `${language}:${content key}` to a JSON tags entry, and (table `terms`)
 * `${TEXT_TERMS_VERSION}:${content key}` to a text's BM25 terms; each row also records
 * when it was last used (`used`, hours since the epoch: a read refreshes only the rows
 * whose stamp is older, so a warm run writes almost nothing) and a checksum of its key and
 * value (`sum`): a row that fails it is a miss, reported, parsed again and rewritten. The file is kept under a
 * size cap by removing the least recently used rows (./store-lru.ts). A meta row holds the
 * identity the rows were written under (tags index version, grammar and query hashes);
 * a store whose identity, schema or file is not ours is rebuilt, with a message, and
 * every read and write re-checks the identity inside its transaction, so a row written
 * by another build is never returned. WAL mode lets readers and one writer work at once;
 * a busy timeout queues writers; each `putMany` is one transaction, so a writer killed
 * midway leaves whole batches or nothing.
 */
import { existsSync, rmSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import type Database from 'better-sqlite3';
import { describeError, RepoMapError } from '../errors.js';
import { isTextTerms, type TextTerms } from '../lexical/text-terms.js';
import type { TagsCache, TagsCacheEntry } from './types.js';
import { TAGS_ENTRY_SCHEMA } from './entry-schema.js';
import { currentIdentity, identityChanges, identityStamps, identityText, type CacheIdentity } from './identity.js';
import { sqliteDriver } from './sqlite.js';
import { isReadOnly, prepareStoreFolder, privateCopy } from './store-file.js';
import { STORE_DEFAULTS, STORE_SCHEMA_VERSION } from './store-defaults.js';
import {
  bytesOnDisk,
  freePages,
  liveBytes,
  removeLeastRecentlyUsed,
  rowsAndUses,
  type PruneReport,
  type StoreStats,
} from './store-lru.js';

export { STORE_DEFAULTS, STORE_SCHEMA_VERSION };

export interface TagsStoreOptions {
  /** Told, in one sentence, when the file is rebuilt or a read or write fails; the library never prints. */
  onMessage?: (message: string) => void;
  /** Identity the rows must carry (default: this installation's, see `currentIdentity`). */
  identity?: CacheIdentity;
  /** Default `STORE_DEFAULTS.busyTimeoutMs`. */
  busyTimeoutMs?: number;
  /** Size cap in bytes (a whole number ≥ 1); default `STORE_DEFAULTS.maxBytes`. */
  maxBytes?: number;
  /** Clock the `used` stamps are taken from, in ms since the epoch; default `Date.now`. */
  now?: () => number;
}

/** The tables of cached rows, each read and written the same way, and how their messages name them. */
const ROW_TABLES = {
  tags: { rows: 'entries', malformed: 'malformed entries', instead: 'parsing instead', redone: 're-parsed' },
  terms: {
    rows: 'text terms',
    malformed: 'malformed text terms',
    instead: 'tokenizing instead',
    redone: 're-tokenized',
  },
} as const;
const ROW_TABLE_NAMES = Object.keys(ROW_TABLES) as RowTable[];
const TABLES = ['meta', ...ROW_TABLE_NAMES];
// `used` before `value`: a refreshed stamp rewrites the row's first page only (SQLite
// overwrites a same-size record in place, page by page). `sum`: the row's checksum (`rowChecksum`).
const SCHEMA = [
  'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;',
  ...ROW_TABLE_NAMES.map(
    (t) =>
      `CREATE TABLE ${t} (key TEXT PRIMARY KEY, used INTEGER NOT NULL, sum INTEGER NOT NULL, value TEXT NOT NULL) WITHOUT ROWID; CREATE INDEX ${t}_used ON ${t} (used, key);`,
  ),
].join('\n');
type RowTable = keyof typeof ROW_TABLES;

/** A stored row that is not well-formed for its key, and why. */
class Malformed {
  constructor(
    readonly key: string,
    readonly why: string,
  ) {}
}

export class TagsStore implements TagsCache {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly identity: string;
  private readonly say: (message: string) => void;
  private readonly lookups = new Map<string, Database.Statement>();
  private readonly inserts: Record<RowTable, Database.Statement>;
  private readonly touches: Record<RowTable, Database.Statement>;
  private readonly owner: Database.Statement;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private foreignReported = false;
  /** Set once a read or write met a damaged file: it is used no more (and removed, for the next open to make anew). */
  private corrupt = false;
  /** Set for a store that may only be read: removes its private copy; nothing is written. */
  private readonly discard: (() => void) | undefined;

  /** Whether the store is read as it is, keeping nothing new (its folder or file cannot be written). */
  get readOnly(): boolean {
    return this.discard !== undefined;
  }

  private constructor(file: string, db: Database.Database, identity: string, options: Resolved, discard?: () => void) {
    this.file = file;
    this.db = db;
    this.identity = identity;
    this.say = options.say;
    this.maxBytes = options.maxBytes;
    this.now = options.now;
    this.discard = discard;
    this.inserts = Object.fromEntries(
      ROW_TABLE_NAMES.map((t) => [
        t,
        db.prepare(`INSERT OR REPLACE INTO ${t} (key, used, sum, value) VALUES (?, ?, ?, ?)`),
      ]),
    ) as Record<RowTable, Database.Statement>;
    this.touches = Object.fromEntries(
      ROW_TABLE_NAMES.map((t) => [t, db.prepare(`UPDATE ${t} SET used = ? WHERE key = ? AND used < ?`)]),
    ) as Record<RowTable, Database.Statement>;
    this.owner = db.prepare("SELECT value FROM meta WHERE key = 'identity'").pluck();
  }

  /**
   * Opens (creating it and its folder when needed) the store at `file`. An incompatible
   * file, or one that is not a database, is rebuilt empty and reported through
   * `onMessage` (damage deeper in the file is found by the read or write that meets it:
   * the store then goes out of use and its file is removed, with a message). A store that may
   * only be read is read from a private copy, keeps nothing new, and says so. A file that
   * cannot be opened at all, or a path in the way (a file for the folder, a folder for
   * the file), is a RepoMapError naming it, and a missing driver (the optional
   * better-sqlite3 not installed) is one with code `cache-unavailable`.
   */
  static open(file: string, options: TagsStoreOptions = {}): TagsStore {
    const resolved = resolveOptions(options);
    sqliteDriver(); // before anything is created on disk
    const { say, timeout } = resolved;
    // this installation's identity, as the file remembers it while its files' stamps are the same, else hashed
    const stamps = options.identity ? null : identityStamps();
    let identity = options.identity;
    const adoptIt = (d: Database.Database): void => {
      const remembered = identity ? undefined : rememberedIdentity(d, stamps);
      identity ??= remembered ?? currentIdentity();
      adopt(d, file, identity, say);
      if (!remembered && stamps !== null) rememberIdentity(d, stamps, identity);
    };
    prepareStoreFolder(file);
    let db: Database.Database;
    try {
      db = openWaiting(file, timeout, adoptIt);
    } catch (cause) {
      if (isReadOnly(cause) && existsSync(file))
        return TagsStore.openCopy(file, cause, identity ?? currentIdentity(), resolved);
      if (!isCorruption(cause)) throw cannotOpen(file, cause);
      say(`${file} is not a usable tags cache (${messageOf(cause)}); rebuilt it empty`);
      try {
        removeDatabase(file);
        db = openWaiting(file, timeout, adoptIt);
      } catch (again) {
        throw cannotOpen(file, again);
      }
    }
    return new TagsStore(file, db, identityText(identity!), resolved);
  }

  /** A store that may only be read, read from a private copy (SQLite needs to write beside a database it reads in WAL mode). */
  private static openCopy(file: string, cause: unknown, identity: CacheIdentity, options: Resolved): TagsStore {
    const copy = privateCopy(file);
    try {
      const db = openWaiting(copy.file, options.timeout, (d) => adopt(d, file, identity, options.say, true));
      options.say(
        `the tags cache ${file} cannot be written (${describeError(cause)}); reading it as it is, and keeping no new tags`,
      );
      return new TagsStore(file, db, identityText(identity), options, copy.remove);
    } catch (again) {
      copy.remove();
      throw cannotOpen(file, again);
    }
  }

  /** The entries found among `keys` (one consistent snapshot; absent keys are not in the map). */
  getMany(keys: readonly string[]): Map<string, TagsCacheEntry> {
    return this.read('tags', keys, decodeEntry);
  }

  /** Writes entries in one transaction: all of them or, if the process dies, none. */
  putMany(entries: Iterable<readonly [string, TagsCacheEntry]>): void {
    this.write('tags', entries, (entry) => JSON.stringify(entry));
  }

  /** The texts' BM25 terms found among `keys` (`${TEXT_TERMS_VERSION}:${content key}`). */
  getTerms(keys: readonly string[]): Map<string, TextTerms> {
    return this.read('terms', keys, (key, value) =>
      isTextTerms(value) ? value : new Malformed(key, 'not a list of words and counts'),
    );
  }

  /** Writes texts' BM25 terms in one transaction. */
  putTerms(entries: Iterable<readonly [string, TextTerms]>): void {
    this.write('terms', entries, (terms) => terms);
  }

  private read<T>(
    table: RowTable,
    keys: readonly string[],
    decode: (key: string, value: string) => T | Malformed,
  ): Map<string, T> {
    const { malformed, instead, redone } = ROW_TABLES[table];
    const found = new Map<string, T>();
    if (keys.length === 0 || this.corrupt) return found;
    let bad = 0;
    let first: Malformed | undefined;
    const stamp = this.stamp();
    const stale: string[] = [];
    try {
      // One read transaction: the identity check and the rows come from the same snapshot.
      this.db.transaction(() => {
        if (!this.owned()) return;
        for (let start = 0; start < keys.length; start += STORE_DEFAULTS.chunk) {
          const chunk = keys.slice(start, start + STORE_DEFAULTS.chunk);
          for (const [key, value, used, sum] of this.lookup(table, chunk.length).iterate(...chunk) as Iterable<
            [string, string, number, number]
          >) {
            // damage that leaves a value well-formed (a name, a line, another row's key) would be read as true
            const entry =
              rowChecksum(key, value) === sum ? decode(key, value) : new Malformed(key, 'fails its checksum');
            if (entry instanceof Malformed) {
              bad++;
              first ??= entry;
            } else {
              found.set(key, entry);
              if (used < stamp) stale.push(key);
            }
          }
        }
      })();
    } catch (cause) {
      if (!this.damaged(cause)) this.say(`cannot read the tags cache ${this.file} (${messageOf(cause)}); ${instead}`);
      return new Map();
    }
    if (bad > 0) {
      this.say(
        `${bad} ${malformed} in the tags cache ${this.file} were ignored (they are ${redone} and rewritten; first: ${first!.key}: ${first!.why})`,
      );
    }
    if (stale.length > 0) this.touch(table, stale, stamp);
    return found;
  }

  /** Records that the rows `keys` were used at `stamp` (a row already stamped then, or since, is not written). */
  private touch(table: RowTable, keys: readonly string[], stamp: number): void {
    if (this.discard || this.corrupt) return;
    try {
      this.db
        .transaction(() => {
          if (!this.owned()) return;
          for (const key of keys) this.touches[table].run(stamp, key, stamp);
        })
        .immediate();
    } catch (cause) {
      if (!this.damaged(cause))
        this.say(
          `cannot record the use of ${ROW_TABLES[table].rows} in the tags cache ${this.file} (${messageOf(cause)}); they may be pruned sooner`,
        );
    }
  }

  private write<T>(table: RowTable, entries: Iterable<readonly [string, T]>, encode: (entry: T) => string): void {
    if (
      this.discard ||
      this.corrupt ||
      (Array.isArray(entries) && entries.length === 0) ||
      (entries instanceof Map && entries.size === 0)
    )
      return;
    const stamp = this.stamp();
    try {
      // IMMEDIATE takes the write lock up front, so a busy writer waits (busy timeout)
      // instead of failing on a read-to-write upgrade.
      this.db
        .transaction(() => {
          if (!this.owned()) return;
          for (const [key, entry] of entries) {
            const value = encode(entry);
            this.inserts[table].run(key, stamp, rowChecksum(key, value), value);
          }
        })
        .immediate();
    } catch (cause) {
      if (this.damaged(cause)) return;
      this.say(`cannot write to the tags cache ${this.file} (${messageOf(cause)}); ${ROW_TABLES[table].rows} not kept`);
      return;
    }
    this.pruneWhenOver();
  }

  /** After a write: over the cap (two header reads tell), prunes to a fraction below it and says so. */
  private pruneWhenOver(): void {
    try {
      if (liveBytes(this.db) <= this.maxBytes) return;
      const report = this.prune(Math.floor(this.maxBytes * STORE_DEFAULTS.pruneToFraction));
      const { tags, terms } = report.removed;
      this.say(
        `the tags cache ${this.file} passed its cap of ${mib(this.maxBytes)}; removed the ${tags + terms} least recently used rows (${mib(report.liveBytesBefore)} → ${mib(report.liveBytesAfter)})`,
      );
    } catch (cause) {
      this.say(
        `cannot prune the tags cache ${this.file} (${messageOf(cause)}); it stays over its cap of ${mib(this.maxBytes)}`,
      );
    }
  }

  /**
   * Removes the least recently used rows (oldest use first, ties by table and key) until
   * the live size is at most `maxBytes` (default: the store's cap), a batch per
   * transaction, then gives the freed pages back to the file system. A store that may
   * only be read, or a cap that is not a whole number ≥ 1, is a RepoMapError.
   */
  prune(maxBytes: number = this.maxBytes): PruneReport {
    checkMaxBytes(maxBytes, 'maxBytes');
    this.checkUsable();
    if (this.discard)
      throw new RepoMapError(
        'bad-option',
        `repomap/cache: cannot prune the tags cache ${this.file}: it cannot be written`,
        this.file,
      );
    const liveBytesBefore = liveBytes(this.db);
    const { removed, newest } = removeLeastRecentlyUsed(this.db, maxBytes, STORE_DEFAULTS.pruneBatch, () =>
      this.owned(),
    );
    return {
      removed,
      liveBytesBefore,
      liveBytesAfter: liveBytes(this.db),
      ...(newest !== undefined ? { newestRemovedUse: newest * STORE_DEFAULTS.usedClockMs } : {}),
    };
  }

  /**
   * Copies the write-ahead log into the file and cuts the log to nothing, waiting up to the
   * busy timeout for other processes' readers and writers; false when one of them kept it
   * from finishing (the log then stays as long as it is). A prune's deletes go to the log
   * first: without this, the file and its log on disk can hold more than the cap pruned to.
   */
  truncateLog(): boolean {
    this.checkUsable();
    const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  }

  /** The file's size on disk and live, rows per table, the oldest and newest use, and the cap. */
  stats(): StoreStats {
    this.checkUsable();
    const { rows, oldest, newest } = this.db.transaction(() => rowsAndUses(this.db))();
    return {
      file: this.file,
      fileBytes: bytesOnDisk(this.file),
      liveBytes: liveBytes(this.db),
      rows,
      ...(oldest !== undefined ? { oldestUse: oldest * STORE_DEFAULTS.usedClockMs } : {}),
      ...(newest !== undefined ? { newestUse: newest * STORE_DEFAULTS.usedClockMs } : {}),
      maxBytes: this.maxBytes,
    };
  }

  /** Number of entries stored. */
  size(): number {
    this.checkUsable();
    return this.db.prepare('SELECT count(*) FROM tags').pluck().get() as number;
  }

  /** Throws where a read or write found the file damaged (`damaged`): its connection is closed. */
  private checkUsable(): void {
    if (this.corrupt)
      throw new RepoMapError(
        'cache-unavailable',
        `repomap/cache: the tags cache ${this.file} is damaged and was removed; open it again`,
        this.file,
      );
  }

  /** The current `used` stamp: hours since the epoch. */
  private stamp(): number {
    return Math.floor(this.now() / STORE_DEFAULTS.usedClockMs);
  }

  close(): void {
    this.db.close();
    this.discard?.();
  }

  /**
   * Whether `cause` says the file is damaged (SQLite found a page it cannot read). Then,
   * once: the connection is closed and the store used no more, its file is removed (not a
   * read-only store's: its private copy goes at `close`) so that the next open makes it
   * anew, and `say` tells so.
   */
  private damaged(cause: unknown): boolean {
    if (!isCorruption(cause)) return false;
    if (this.corrupt) return true;
    this.corrupt = true;
    // closed before the files go: a connection closed later would remove the WAL of the next store by its name
    this.db.close();
    if (!this.discard) removeDatabase(this.file);
    const next = this.discard ? 'its entries are not used' : 'it was removed, and the next run makes it anew';
    this.say(`the tags cache ${this.file} is damaged (${messageOf(cause)}); ${next}`);
    return true;
  }

  /** Whether the file still belongs to our identity (another build may have rebuilt it since we opened it). */
  private owned(): boolean {
    if (this.owner.get() === this.identity) return true;
    if (!this.foreignReported) {
      this.foreignReported = true;
      this.say(`the tags cache ${this.file} was rebuilt by another repomap build; not using it`);
    }
    return false;
  }

  private lookup(table: RowTable, n: number): Database.Statement {
    let statement = this.lookups.get(`${table}:${n}`);
    if (!statement) {
      statement = this.db
        .prepare(`SELECT key, value, used, sum FROM ${table} WHERE key IN (${new Array(n).fill('?').join(',')})`)
        .raw();
      this.lookups.set(`${table}:${n}`, statement);
    }
    return statement;
  }
}

/**
 * Connects and adopts the file, trying again while another process holds a lock the busy
 * handler does not wait for (two processes creating the same new file both switch it to
 * WAL), until the busy timeout has passed.
 */
function openWaiting(file: string, timeout: number, adoptIt: (db: Database.Database) => void): Database.Database {
  const until = Date.now() + timeout;
  for (;;) {
    let db: Database.Database | undefined;
    try {
      db = connect(file, timeout);
      adoptIt(db);
      return db;
    } catch (cause) {
      db?.close();
      if (!isBusy(cause) || Date.now() >= until) throw cause;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

function isBusy(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

function connect(file: string, timeout: number): Database.Database {
  const Driver = sqliteDriver();
  const db = new Driver(file, { timeout });
  // The first statements read the header: a file that is not a database fails here.
  // Takes effect on a new file only (before WAL mode writes its first page): pruned
  // pages can then be given back with `incremental_vacuum`.
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.pragma(`journal_size_limit = ${STORE_DEFAULTS.walLimitBytes}`);
  // Safe in WAL mode against a killed process; only an OS crash can lose the last commits.
  db.pragma('synchronous = NORMAL');
  return db;
}

/**
 * The identity the file remembers hashing under `stamps` (`identityStamps`), when those
 * are the stamps it remembers and the identity reads back whole; else undefined (a new
 * or foreign file, other files, a memo that does not parse).
 */
function rememberedIdentity(db: Database.Database, stamps: string | null): CacheIdentity | undefined {
  if (stamps === null) return undefined;
  try {
    const value = db.prepare("SELECT value FROM meta WHERE key = 'identity_stamps'").pluck().get();
    if (typeof value !== 'string') return undefined;
    const memo = JSON.parse(value) as { stamps?: unknown; identity?: unknown };
    if (memo.stamps !== stamps || typeof memo.identity !== 'string') return undefined;
    const identity = JSON.parse(memo.identity) as CacheIdentity;
    return identityText(identity) === memo.identity ? identity : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the identity hashed under `stamps` for the next open (nothing when the file cannot be written: it is hashed again then). */
function rememberIdentity(db: Database.Database, stamps: string, identity: CacheIdentity): void {
  try {
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('identity_stamps', ?)").run(
      JSON.stringify({ stamps, identity: identityText(identity) }),
    );
  } catch {
    // a store read from a private copy, or a busy one: the next open hashes again
  }
}

/** Checks the file and makes it ours: created when empty, rebuilt when its schema or identity differ. */
function adopt(
  db: Database.Database,
  file: string,
  identity: CacheIdentity,
  say: (message: string) => void,
  readOnly = false,
): void {
  // a read-only store's private copy is rebuilt like any other, but the messages speak of the store
  const rebuilt = readOnly ? 'not using its entries' : 'rebuilt it empty';
  // No integrity check here: SQLite's quick_check reads every page (9.6 s on a 1.1 GB store,
  // on every open). A file that is not a database fails on the header read above; damage
  // deeper in is found by the read or write that meets it (`broken`).
  const text = identityText(identity);
  const emptied = db
    .transaction((): 'schema' | 'rows' | undefined => {
      const objects = db.prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").all() as {
        type: string;
        name: string;
      }[];
      const tables = objects.filter((o) => o.type === 'table').map((o) => o.name);
      const version = db.pragma('user_version', { simple: true }) as number;
      const ours =
        version === STORE_SCHEMA_VERSION && tables.length === TABLES.length && TABLES.every((t) => tables.includes(t));
      if (!ours) {
        if (objects.length > 0)
          say(`${file} has another schema (version ${version}, tables ${tables.join(', ') || 'none'}); ${rebuilt}`);
        for (const o of objects)
          if (o.type === 'table' || o.type === 'view')
            db.exec(`DROP ${o.type.toUpperCase()} IF EXISTS "${o.name.replace(/"/g, '""')}"`);
        db.exec(SCHEMA);
        db.pragma(`user_version = ${STORE_SCHEMA_VERSION}`);
        db.prepare("INSERT INTO meta (key, value) VALUES ('identity', ?)").run(text);
        return objects.length > 0 ? 'schema' : undefined;
      }
      const stored = db.prepare("SELECT value FROM meta WHERE key = 'identity'").pluck().get() as string | undefined;
      if (stored === text) return undefined;
      const changes = stored === undefined ? ['no identity record'] : identityChanges(stored, identity);
      say(`the tags cache ${file} was written by an incompatible repomap (${changes.join('; ')}); ${rebuilt}`);
      for (const t of ROW_TABLE_NAMES) db.exec(`DELETE FROM ${t}`);
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('identity', ?)").run(text);
      return 'rows';
    })
    .immediate();
  if (emptied === undefined || readOnly) return;
  // A file made before schema 3 has no incremental auto-vacuum: now nearly empty, it is
  // rewritten with it (VACUUM copies the few live pages). Otherwise the freed pages go back.
  if (db.pragma('auto_vacuum', { simple: true }) !== 2) {
    db.pragma('auto_vacuum = INCREMENTAL');
    db.exec('VACUUM');
  } else {
    freePages(db, STORE_DEFAULTS.pruneBatch * 4);
  }
}

/**
 * The checksum a row carries: the CRC-32 of its key, a NUL and its value (the check
 * snapshot files make too). Against damage, not against a forger: anyone who may write
 * the file may write the sum. CRC-32 over the ~140 MB of 100k rows takes ~0.1 s, sha-256
 * ~0.2 s (one run each, node:zlib and node:crypto).
 */
export function rowChecksum(key: string, value: string): number {
  return crc32(value, crc32(`${key}\0`));
}

/**
 * A stored value back as an entry, or why it is not a well-formed one for its key: every
 * field is checked (TAGS_ENTRY_SCHEMA), and the language must be the key's.
 */
function decodeEntry(key: string, value: string): TagsCacheEntry | Malformed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return new Malformed(key, 'not JSON');
  }
  const checked = TAGS_ENTRY_SCHEMA.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return new Malformed(key, `${issue.path.join('.') || 'value'}: ${issue.message}`);
  }
  if (!key.startsWith(`${checked.data.tags.language}:`))
    return new Malformed(key, `tags.language: ${checked.data.tags.language} under another language's key`);
  return checked.data;
}

function isCorruption(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'));
}

/** Removes a database and its WAL and shared-memory files. */
function removeDatabase(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
}

/** Resolved options of `TagsStore.open`. */
interface Resolved {
  say: (message: string) => void;
  timeout: number;
  maxBytes: number;
  now: () => number;
}

function resolveOptions(options: TagsStoreOptions): Resolved {
  const maxBytes = options.maxBytes ?? STORE_DEFAULTS.maxBytes;
  checkMaxBytes(maxBytes, 'maxBytes');
  return {
    say: options.onMessage ?? ((): void => {}),
    timeout: options.busyTimeoutMs ?? STORE_DEFAULTS.busyTimeoutMs,
    maxBytes,
    now: options.now ?? Date.now,
  };
}

function checkMaxBytes(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RepoMapError(
      'bad-option',
      `repomap/cache: ${field} must be a whole number of bytes ≥ 1, got ${value}`,
      field,
    );
}

/** Bytes as MiB with one decimal, for messages. */
function mib(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

function cannotOpen(file: string, cause: unknown): RepoMapError {
  return new RepoMapError(
    'bad-option',
    `repomap/cache: cannot open the tags cache ${file}: ${describeError(cause)}`,
    file,
  );
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
