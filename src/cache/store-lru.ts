/**
 * The tags store's size: how much of its file is live, and pruning it back under a cap by
 * removing the rows used least recently (oldest `used` stamp first, ties by table, then
 * key), a batch per transaction so no other process waits long for the write lock. The
 * freed pages are then given back to the file system (`auto_vacuum = INCREMENTAL`).
 */
import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { compareByteOrder } from '../text/order.js';

/** Rows per table. */
export interface StoreRows {
  tags: number;
  terms: number;
}

/** What a prune removed, and the sizes before and after. */
export interface PruneReport {
  removed: StoreRows;
  /** Live bytes ((page_count − freelist_count) × page_size) before and after. */
  liveBytesBefore: number;
  liveBytesAfter: number;
  /** The newest use among the rows removed (ms since the epoch, the clock's resolution), when any were. */
  newestRemovedUse?: number;
}

/** A store's file, rows and uses (`TagsStore.stats`). */
export interface StoreStats {
  file: string;
  /** The file and its write-ahead log on disk. */
  fileBytes: number;
  liveBytes: number;
  rows: StoreRows;
  /** Oldest and newest use of any row (ms since the epoch, the clock's resolution); absent when the store is empty. */
  oldestUse?: number;
  newestUse?: number;
  /** The cap the store prunes to after a write. */
  maxBytes: number;
}

type Table = keyof StoreRows;
const TABLES: readonly Table[] = ['tags', 'terms'];

/**
 * (page_count − freelist_count) × page_size: the bytes rows and indexes hold.
 * @internal
 */
export function liveBytes(db: Database.Database): number {
  return liveBytesOf(db)();
}

/** `liveBytes` as a function of prepared statements, cheap enough to call after every row removed. */
function liveBytesOf(db: Database.Database): () => number {
  const [pages, free, size] = ['page_count', 'freelist_count', 'page_size'].map((p) =>
    db.prepare(`PRAGMA ${p}`).pluck(),
  );
  return () => ((pages!.get() as number) - (free!.get() as number)) * (size!.get() as number);
}

/** Bytes of `file` and its write-ahead log on disk. */
export function bytesOnDisk(file: string): number {
  let total = 0;
  for (const f of [file, `${file}-wal`]) total += statSync(f, { throwIfNoEntry: false })?.size ?? 0;
  return total;
}

/**
 * Rows per table, and the oldest and newest `used` stamps.
 * @internal
 */
export function rowsAndUses(db: Database.Database): { rows: StoreRows; oldest?: number; newest?: number } {
  const rows = { tags: 0, terms: 0 };
  let oldest: number | undefined;
  let newest: number | undefined;
  for (const t of TABLES) {
    const r = db.prepare(`SELECT count(*) AS n, min(used) AS lo, max(used) AS hi FROM ${t}`).get() as {
      n: number;
      lo: number | null;
      hi: number | null;
    };
    rows[t] = r.n;
    if (r.lo !== null) oldest = Math.min(oldest ?? r.lo, r.lo);
    if (r.hi !== null) newest = Math.max(newest ?? r.hi, r.hi);
  }
  return { rows, ...(oldest !== undefined ? { oldest } : {}), ...(newest !== undefined ? { newest } : {}) };
}

/**
 * Removes least recently used rows, `batch` per IMMEDIATE transaction, until the live size
 * is at most `target` bytes or no row is left; `owned` is checked in each transaction (a
 * store rebuilt meanwhile by another build is left alone). Then frees the pages. Returns
 * the rows removed and the newest stamp among them.
 * @internal
 */
export function removeLeastRecentlyUsed(
  db: Database.Database,
  target: number,
  batch: number,
  owned: () => boolean,
): { removed: StoreRows; newest?: number } {
  const oldest = Object.fromEntries(
    TABLES.map((t) => [t, db.prepare(`SELECT key, used FROM ${t} ORDER BY used, key LIMIT ?`).raw()]),
  ) as Record<Table, Database.Statement>;
  const remove = Object.fromEntries(TABLES.map((t) => [t, db.prepare(`DELETE FROM ${t} WHERE key = ?`)])) as Record<
    Table,
    Database.Statement
  >;
  const live = liveBytesOf(db);
  const removed = { tags: 0, terms: 0 };
  let newest: number | undefined;
  const step = db.transaction((): boolean => {
    if (!owned() || live() <= target) return false;
    // the batch oldest rows of both tables, merged in (used, table, key) order
    const candidates = TABLES.flatMap((t) =>
      (oldest[t].all(batch) as [string, number][]).map(([key, used]) => ({ t, key, used })),
    );
    candidates.sort((a, b) => a.used - b.used || compareByteOrder(a.t, b.t) || compareByteOrder(a.key, b.key));
    const chosen = candidates.slice(0, batch);
    for (const c of chosen) {
      removed[c.t] += remove[c.t].run(c.key).changes;
      newest = Math.max(newest ?? c.used, c.used);
      if (live() <= target) return false;
    }
    return chosen.length > 0;
  });
  while (step.immediate()) {
    // each batch commits on its own: other processes get the lock between batches
  }
  if (removed.tags + removed.terms > 0) freePages(db, batch * 4);
  return { removed, ...(newest !== undefined ? { newest } : {}) };
}

/**
 * Gives free pages back to the file system, `pages` per transaction, then checkpoints without waiting for readers.
 * @internal
 */
export function freePages(db: Database.Database, pages: number): void {
  for (let free = db.pragma('freelist_count', { simple: true }) as number; free > 0; ) {
    db.pragma(`incremental_vacuum(${pages})`);
    const left = db.pragma('freelist_count', { simple: true }) as number;
    if (left >= free) break; // another process is adding free pages as fast: leave the rest to it
    free = left;
  }
  // PASSIVE: copies what it can into the file, truncating it when the whole log is copied
  db.pragma('wal_checkpoint(PASSIVE)');
}
