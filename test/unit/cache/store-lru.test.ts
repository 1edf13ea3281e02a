/**
 * The tags store's size cap: rows record their last use, a prune removes the least
 * recently used first and keeps the rest readable, a write over the cap prunes, stats
 * count what is there, and a store of schema 2 (no `used`) is rebuilt with a message.
 * Real SQLite files in a temp folder; the clock is the test's.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_DEFAULTS, STORE_SCHEMA_VERSION, TagsStore, type TagsStoreOptions } from '../../../src/cache/index.js';
import { textTerms } from '../../../src/lexical/text-terms.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { entryFor, closeStores } from './helpers.js';

const HOUR = STORE_DEFAULTS.usedClockMs;
let dir: string;
let file: string;
let clock: number;
const open: TagsStore[] = [];

function openStore(options: TagsStoreOptions = {}): { store: TagsStore; messages: string[] } {
  const messages: string[] = [];
  const store = TagsStore.open(file, { now: () => clock, ...options, onMessage: (m) => messages.push(m) });
  open.push(store);
  return { store, messages };
}

/** `used` of every row of a table, read with a plain connection. */
function usedOf(table: 'tags' | 'terms'): Map<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return new Map(db.prepare(`SELECT key, used FROM ${table}`).raw().all() as [string, number][]);
  } finally {
    db.close();
  }
}

const keys = (n: number, prefix: string): string[] =>
  Array.from({ length: n }, (_, i) => `python:${prefix}${String(i).padStart(3, '0')}`);

beforeEach(() => {
  dir = makeTemp('repomap-store-lru-');
  file = join(dir, 'tags.sqlite');
  clock = 1000 * HOUR;
});
afterEach(() => {
  closeStores(open);
  removeTemp(dir);
});

describe('used stamps', () => {
  it('a write stamps its rows with the current hour; a read in a later hour refreshes only the rows read', () => {
    const { store, messages } = openStore();
    store.putMany(keys(3, 'a').map((k) => [k, entryFor(k)]));
    store.putTerms([['1:x', textTerms(['x'], [1])]]);
    expect([...usedOf('tags').values()]).toEqual([1000, 1000, 1000]);
    clock = 1003 * HOUR + 5;
    expect(store.getMany(['python:a000', 'python:a002']).size).toBe(2);
    expect(Object.fromEntries(usedOf('tags'))).toEqual({
      'python:a000': 1003,
      'python:a001': 1000,
      'python:a002': 1003,
    });
    expect(store.getTerms(['1:x']).size).toBe(1);
    expect(usedOf('terms').get('1:x')).toBe(1003);
    expect(messages).toEqual([]);
  });

  it('a warm read in the same hour writes nothing (the file and its log do not change)', () => {
    const { store } = openStore();
    store.putMany(keys(50, 'a').map((k) => [k, entryFor(k)]));
    store.getMany(keys(50, 'a'));
    const wal = (): number => statSync(`${file}-wal`).size + statSync(`${file}-wal`).mtimeMs;
    const before = [wal(), statSync(file).mtimeMs];
    clock += HOUR - 1; // still the same hour
    expect(store.getMany(keys(50, 'a')).size).toBe(50);
    expect([wal(), statSync(file).mtimeMs]).toEqual(before);
  });
});

describe('prune', () => {
  it('removes the least recently used rows first (ties by key), keeps the rest readable, and gives the space back', () => {
    const { store, messages } = openStore();
    // three generations of 60 rows, an hour apart; the oldest is read again last
    const [old, mid, recent] = ['o', 'm', 'r'].map((p) => keys(60, p));
    for (const generation of [old!, mid!, recent!]) {
      store.putMany(generation.map((k) => [k, entryFor(k, 40)]));
      clock += HOUR;
    }
    store.getMany(old!.slice(0, 10)); // the first ten old rows are used again: now the newest
    const full = store.stats();
    expect(full.rows.tags).toBe(180);
    // a cap at about half the live size: the mid rows and the old rows not read again go first
    const report = store.prune(Math.floor(full.liveBytes / 2));
    expect(report.liveBytesBefore).toBe(full.liveBytes);
    expect(report.liveBytesAfter).toBeLessThanOrEqual(Math.floor(full.liveBytes / 2));
    const left = new Set(usedOf('tags').keys());
    const removed = [...old!, ...mid!, ...recent!].filter((k) => !left.has(k));
    expect(report.removed).toEqual({ tags: removed.length, terms: 0 });
    // what went is a prefix of the LRU order: the old rows not read again (by key), then mid ones
    const lruOrder = [...old!.slice(10), ...mid!, ...recent!, ...old!.slice(0, 10)];
    expect(removed).toEqual(lruOrder.slice(0, removed.length));
    expect(removed.length).toBeGreaterThan(50);
    expect(left.has('python:o000') && left.has('python:r059'), 'the rows read again and the newest stay').toBe(true);
    expect(report.newestRemovedUse).toBe(removed.length > 50 ? 1001 * HOUR : 1000 * HOUR);
    const back = store.getMany([...left]);
    expect(back.size).toBe(left.size);
    for (const k of left) expect(back.get(k)).toEqual(entryFor(k, 40));
    expect(messages).toEqual([]);
    // the pages freed are given back: the file shrinks once the log is checkpointed
    store.close();
    const db = new Database(file);
    expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    expect(statSync(file).size).toBeLessThan(full.liveBytes * 0.75);
  });

  it('prunes text terms and tags alike, by their last use', () => {
    const { store } = openStore();
    store.putTerms(
      Array.from(
        { length: 40 },
        (_, i) => [`1:t${String(i).padStart(2, '0')}`, textTerms([`word${i}`.repeat(200)], [1])] as const,
      ),
    );
    clock += HOUR;
    store.putMany(keys(40, 'n').map((k) => [k, entryFor(k, 20)]));
    const report = store.prune(Math.floor(store.stats().liveBytes * 0.8));
    expect(report.removed.tags).toBe(0);
    expect(report.removed.terms).toBeGreaterThan(0);
    expect([...usedOf('terms').keys()][0]).toBe(`1:t${String(report.removed.terms).padStart(2, '0')}`);
  });

  it('a cap at one byte empties the store, which stays usable', () => {
    const { store } = openStore();
    store.putMany(keys(20, 'a').map((k) => [k, entryFor(k)]));
    expect(store.prune(1).removed).toEqual({ tags: 20, terms: 0 });
    expect(store.size()).toBe(0);
    store.putMany([['python:z', entryFor('z')]]);
    expect(store.getMany(['python:z']).get('python:z')).toEqual(entryFor('z'));
  });

  it('a cap that is not a whole number ≥ 1 is an error naming it', () => {
    const { store } = openStore();
    expect(() => store.prune(0)).toThrow('repomap/cache: maxBytes must be a whole number of bytes ≥ 1, got 0');
    expect(() => store.prune(1.5)).toThrow(/maxBytes .* got 1.5/);
    expect(() => openStore({ maxBytes: -1 })).toThrow(/maxBytes .* got -1/);
  });
});

describe('the cap', () => {
  it('a write that passes it prunes the least recently used rows, below the cap, and says so', () => {
    const probe = openStore();
    probe.store.putMany(keys(100, 'p').map((k) => [k, entryFor(k, 40)]));
    const cap = Math.floor(probe.store.stats().liveBytes / 2);
    probe.store.close();
    removeTemp(dir);
    dir = makeTemp('repomap-store-lru-');
    file = join(dir, 'tags.sqlite');

    const { store, messages } = openStore({ maxBytes: cap });
    for (let b = 0; b < 10; b++) {
      store.putMany(keys(10, `b${b}-`).map((k) => [k, entryFor(k, 40)]));
      clock += HOUR;
    }
    const stats = store.stats();
    expect(stats.maxBytes).toBe(cap);
    expect(stats.liveBytes).toBeLessThanOrEqual(cap);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatch(
      /^the tags cache .*tags\.sqlite passed its cap of [0-9.]+ MiB; removed the \d+ least recently used rows \([0-9.]+ MiB → [0-9.]+ MiB\)$/,
    );
    const left = [...usedOf('tags').keys()];
    expect(left, 'the newest batch is whole').toEqual(expect.arrayContaining(keys(10, 'b9-')));
    expect(
      left.some((k) => k.startsWith('python:b0-')),
      'the oldest batch went',
    ).toBe(false);
    const back = store.getMany(left);
    for (const k of left) expect(back.get(k)).toEqual(entryFor(k, 40));
  });
});

describe('stats', () => {
  it('counts rows per table, the oldest and newest use, the sizes and the cap', () => {
    const { store } = openStore({ maxBytes: 5 * 1024 ** 2 });
    expect(store.stats()).toEqual({
      file,
      fileBytes: expect.any(Number),
      liveBytes: expect.any(Number),
      rows: { tags: 0, terms: 0 },
      maxBytes: 5 * 1024 ** 2,
    });
    store.putMany(keys(7, 'a').map((k) => [k, entryFor(k)]));
    clock += 5 * HOUR;
    store.putTerms([
      ['1:x', textTerms(['x'], [1])],
      ['1:y', textTerms(['y'], [2])],
    ]);
    const stats = store.stats();
    expect(stats.rows).toEqual({ tags: 7, terms: 2 });
    expect(stats.oldestUse).toBe(1000 * HOUR);
    expect(stats.newestUse).toBe(1005 * HOUR);
    expect(stats.fileBytes).toBeGreaterThan(0);
    expect(stats.liveBytes).toBeGreaterThan(0);
  });
});

describe('schema', () => {
  it('a store of schema 2 (rows without a use) is rebuilt empty with a message, with incremental auto-vacuum', () => {
    const db = new Database(file);
    db.exec(
      ['meta', 'tags', 'terms']
        .map((t) => `CREATE TABLE ${t} (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`)
        .join('\n') + "INSERT INTO tags (key, value) VALUES ('python:a', '{}');",
    );
    db.pragma('user_version = 2');
    db.close();
    const { store, messages } = openStore();
    expect(messages).toEqual([`${file} has another schema (version 2, tables meta, tags, terms); rebuilt it empty`]);
    expect(store.size()).toBe(0);
    store.putMany([['python:a', entryFor('a')]]);
    store.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION);
    expect(check.pragma('auto_vacuum', { simple: true }), 'incremental').toBe(2);
    check.close();
  });
});
