/**
 * TagsStore on its own: round trip, bulk lookup, and the rebuild rules (another
 * identity, a corrupt file, a foreign schema), each with a message and no misread.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  STORE_DEFAULTS,
  TAGS_INDEX_VERSION,
  TagsStore,
  currentIdentity,
  type CacheIdentity,
} from '../../../src/cache/index.js';
import { identityStamps, identityText } from '../../../src/cache/identity.js';
import { rowChecksum } from '../../../src/cache/tags-store.js';
import { textTerms } from '../../../src/lexical/text-terms.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { entryFor, closeStores } from './helpers.js';

let dir: string;
let file: string;
const open: TagsStore[] = [];

function openStore(options: { identity?: CacheIdentity } = {}): { store: TagsStore; messages: string[] } {
  const messages: string[] = [];
  const store = TagsStore.open(file, { ...options, onMessage: (m) => messages.push(m) });
  open.push(store);
  return { store, messages };
}

beforeEach(() => {
  dir = makeTemp('repomap-tags-store-');
  file = join(dir, 'nested', 'tags.sqlite');
});
afterEach(() => {
  closeStores(open);
  removeTemp(dir);
});

const keys = (n: number, prefix = 'k'): string[] => Array.from({ length: n }, (_, i) => `python:${prefix}${i}`);

describe('round trip', () => {
  it('creates its folder, and gives back what was written, across a reopen', () => {
    const { store, messages } = openStore();
    expect(existsSync(file)).toBe(true);
    store.putMany(keys(3).map((k) => [k, entryFor(k)]));
    store.close();
    const again = openStore();
    const found = again.store.getMany([...keys(3), 'python:absent']);
    expect([...found.keys()].sort()).toEqual(keys(3));
    for (const k of keys(3)) expect(found.get(k)).toEqual(entryFor(k));
    expect(messages).toEqual([]);
    expect(again.messages).toEqual([]);
  });

  it('looks up more keys than one IN chunk holds, duplicates included', () => {
    const { store } = openStore();
    const all = keys(STORE_DEFAULTS.chunk * 2 + 7);
    store.putMany(all.map((k) => [k, entryFor(k, 1)]));
    const asked = [...all.filter((_, i) => i % 2 === 0), all[0]!, 'python:nope'];
    const found = store.getMany(asked);
    expect(found.size).toBe(all.filter((_, i) => i % 2 === 0).length);
    expect(found.get(all[all.length - 1]!)).toEqual(entryFor(all[all.length - 1]!, 1));
    expect(store.size()).toBe(all.length);
    expect(store.getMany([]).size).toBe(0);
  });

  it('a rewrite of a key replaces its value', () => {
    const { store } = openStore();
    store.putMany([['python:a', entryFor('x')]]);
    store.putMany([['python:a', entryFor('a')]]);
    expect(store.getMany(['python:a']).get('python:a')).toEqual(entryFor('a'));
  });
});

describe('text terms', () => {
  it('gives back the terms written, across a reopen, apart from the tags', () => {
    const { store, messages } = openStore();
    const terms = new Map([
      ['1:aaa', textTerms(['apply_discount', 'apply', 'discount'], [2, 5, 3])],
      ['1:empty', textTerms([], [])],
    ]);
    store.putTerms(terms);
    store.close();
    const again = openStore();
    expect(again.store.getTerms(['1:aaa', '1:empty', '1:absent'])).toEqual(terms);
    expect(again.store.getMany(['1:aaa'])).toEqual(new Map());
    expect(again.store.size(), 'terms are not tags entries').toBe(0);
    expect([...messages, ...again.messages]).toEqual([]);
  });

  it('a malformed terms row is a miss, reported', () => {
    const { store, messages } = openStore();
    store.putTerms([['1:good', textTerms(['a'], [1])]]);
    store.close();
    const db = new Database(file);
    // each row with its own checksum: what is checked here is the value's form
    const insert = db.prepare('INSERT INTO terms (key, used, sum, value) VALUES (?, 0, ?, ?)');
    for (const [key, value] of [
      ['1:torn', 'a b\n1'],
      ['1:zero', 'a\n0'],
    ] as const)
      insert.run(key, rowChecksum(key, value), value);
    db.close();
    const again = openStore();
    expect([...again.store.getTerms(['1:good', '1:torn', '1:zero']).keys()]).toEqual(['1:good']);
    expect(again.messages).toEqual([
      expect.stringMatching(
        /2 malformed text terms in the tags cache .* were ignored \(they are re-tokenized and rewritten; first: 1:torn: not a list of words and counts\)/,
      ),
    ]);
    expect(messages).toEqual([]);
  });

  it('a store of the schema before terms is rebuilt empty, with a message', () => {
    const { store } = openStore();
    store.putMany([['python:a', entryFor('a')]]);
    store.close();
    const db = new Database(file);
    db.exec('DROP TABLE terms');
    db.pragma('user_version = 1');
    db.close();
    const again = openStore();
    expect(again.messages).toEqual([
      expect.stringMatching(/another schema \(version 1, tables meta, tags\); rebuilt it empty/),
    ]);
    expect(again.store.size()).toBe(0);
    again.store.putTerms([['1:x', textTerms(['x'], [1])]]);
    expect(again.store.getTerms(['1:x']).size).toBe(1);
  });
});

describe('identity: an entry written under another version, grammar or query is never read', () => {
  const variants: [string, (id: CacheIdentity) => CacheIdentity, RegExp][] = [
    [
      'the tags index version',
      (id) => ({ ...id, version: id.version + 1 }),
      new RegExp(`tags index version ${TAGS_INDEX_VERSION} → ${TAGS_INDEX_VERSION + 1}`),
    ],
    ['a grammar hash', (id) => ({ ...id, grammars: { ...id.grammars, go: '0'.repeat(64) } }), /grammar changed for go/],
    [
      'a query hash',
      (id) => ({ ...id, queries: { ...id.queries, python: '1'.repeat(64), rust: '2'.repeat(64) } }),
      /query changed for python, rust/,
    ],
  ];
  for (const [what, change, reason] of variants) {
    it(`another ${what}: rebuilt empty, with a message saying what changed`, () => {
      const { store } = openStore();
      store.putMany(keys(5).map((k) => [k, entryFor(k)]));
      store.close();
      const next = openStore({ identity: change(currentIdentity()) });
      expect(next.messages).toHaveLength(1);
      expect(next.messages[0]).toContain(file);
      expect(next.messages[0]).toMatch(/incompatible/);
      expect(next.messages[0]).toMatch(reason);
      expect(next.store.getMany(keys(5)).size).toBe(0);
      expect(next.store.size()).toBe(0);
      // reopened under the same changed identity: now compatible, no message
      next.store.putMany([['python:new', entryFor('new')]]);
      next.store.close();
      const same = openStore({ identity: change(currentIdentity()) });
      expect(same.messages).toEqual([]);
      expect(same.store.getMany(['python:new']).size).toBe(1);
    });
  }

  it("is remembered by the file with its files' stamps, and hashed again once they differ", () => {
    const { store } = openStore();
    store.putMany([['python:a', entryFor('a')]]);
    store.close();
    const meta = (db: Database.Database, key: string) =>
      db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string;
    const raw = new Database(file);
    const memo = JSON.parse(meta(raw, 'identity_stamps')) as { stamps: string; identity: string };
    expect(memo.stamps).toBe(identityStamps());
    expect(memo.identity).toBe(meta(raw, 'identity'));
    expect(JSON.parse(memo.identity)).toEqual(currentIdentity());
    // under the same stamps, the file's word stands: a store whose rows and memo say another identity is taken as it is (not hashed)
    const other = { ...currentIdentity(), version: 77 };
    const otherText = identityText(other);
    raw.prepare("UPDATE meta SET value = ? WHERE key = 'identity'").run(otherText);
    raw
      .prepare("UPDATE meta SET value = ? WHERE key = 'identity_stamps'")
      .run(JSON.stringify({ stamps: memo.stamps, identity: otherText }));
    const trusted = openStore();
    expect(trusted.messages).toEqual([]);
    expect(trusted.store.getMany(['python:a']).size).toBe(1);
    trusted.store.close();
    // other stamps (files written or replaced since): hashed again, so the rows of the other identity go
    raw
      .prepare("UPDATE meta SET value = ? WHERE key = 'identity_stamps'")
      .run(JSON.stringify({ stamps: `${memo.stamps}x`, identity: otherText }));
    raw.close();
    const hashed = openStore();
    expect(hashed.messages).toHaveLength(1);
    expect(hashed.messages[0]).toMatch(/tags index version 77 → /);
    expect(hashed.store.getMany(['python:a']).size).toBe(0);
    hashed.store.close();
    const again = new Database(file);
    expect(JSON.parse(meta(again, 'identity_stamps'))).toEqual(memo);
    again.close();
  });

  it('a store rebuilt by another build while open is neither read nor written by the first', () => {
    const first = openStore();
    first.store.putMany([['python:a', entryFor('a')]]);
    const other = openStore({ identity: { ...currentIdentity(), version: 99 } });
    other.store.putMany([['python:b', entryFor('b')]]);
    expect(first.store.getMany(['python:a', 'python:b']).size).toBe(0);
    first.store.putMany([['python:c', entryFor('c')]]);
    expect(other.store.getMany(['python:c']).size, 'the first build wrote nothing').toBe(0);
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatch(/rebuilt by another repomap build/);
  });
});

describe('an unusable file is rebuilt with a message, never misread', () => {
  it('garbage bytes in place of the database', () => {
    const { store } = openStore();
    store.putMany(keys(3).map((k) => [k, entryFor(k)]));
    store.close();
    writeFileSync(file, Buffer.from('this is not a SQLite database, just bytes '.repeat(200)));
    const next = openStore();
    expect(next.messages).toHaveLength(1);
    expect(next.messages[0]).toMatch(/not a usable tags cache/);
    expect(next.messages[0]).toContain(file);
    expect(next.store.getMany(keys(3)).size).toBe(0);
    next.store.putMany([['python:a', entryFor('a')]]);
    expect(next.store.getMany(['python:a']).get('python:a')).toEqual(entryFor('a'));
  });

  it('damaged pages past the header: found by the read that meets them, which returns no entry it could not read; the file is made anew by the next open', () => {
    const { store } = openStore();
    const written = keys(400);
    store.putMany(written.map((k) => [k, entryFor(k, 12)]));
    store.close();
    const bytes = readFileSync(file);
    const page = 4096;
    expect(bytes.length).toBeGreaterThan(40 * page);
    // the schema and the identity sit in the first pages; the rows' pages after them are overwritten
    bytes.fill(0xab, 10 * page, bytes.length - page);
    writeFileSync(file, bytes);
    const damaged = openStore();
    expect(damaged.messages, 'the header and the identity read as before: nothing to say at open').toEqual([]);
    const found = damaged.store.getMany(written);
    for (const [k, entry] of found) expect(entry).toEqual(entryFor(k, 12));
    expect(found.size).toBeLessThan(written.length);
    expect(damaged.messages).toHaveLength(1);
    expect(damaged.messages[0]).toMatch(/is damaged .*; it was removed, and the next run makes it anew/);
    expect(damaged.messages[0]).toContain(file);
    // used no more: no second message, no write
    damaged.store.putMany([['python:new', entryFor('new')]]);
    expect(damaged.store.getMany(['python:new']).size).toBe(0);
    expect(damaged.messages).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    expect(() => damaged.store.stats()).toThrow(/is damaged and was removed/);
    const next = openStore();
    expect(next.messages).toEqual([]);
    next.store.putMany([['python:a', entryFor('a')]]);
    expect(next.store.getMany(['python:a']).get('python:a')).toEqual(entryFor('a'));
  });

  it('an empty file is simply a new store', () => {
    writeFileSync(file.replace('nested/', ''), '');
    file = file.replace('nested/', '');
    const { messages, store } = openStore();
    expect(messages).toEqual([]);
    expect(store.size()).toBe(0);
  });

  it('a SQLite database with another schema', () => {
    const db = new Database(join(dir, 'other.sqlite'));
    db.exec(
      "CREATE TABLE tags (id INTEGER PRIMARY KEY, body BLOB); CREATE VIEW v AS SELECT id FROM tags; INSERT INTO tags (body) VALUES (x'01')",
    );
    db.close();
    file = join(dir, 'other.sqlite');
    const { store, messages } = openStore();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/another schema \(version 0, tables tags\)/);
    store.putMany([['python:a', entryFor('a')]]);
    expect(store.getMany(['python:a']).get('python:a')).toEqual(entryFor('a'));
  });

  it('a malformed row (or one whose language does not match its key) is a miss, reported', () => {
    const { store, messages } = openStore();
    store.putMany([['python:good', entryFor('good')]]);
    store.close();
    const db = new Database(file);
    const insert = db.prepare('INSERT INTO tags (key, used, sum, value) VALUES (?, 0, ?, ?)');
    for (const [key, value] of [
      ['python:torn', JSON.stringify(entryFor('torn')).slice(0, 40)],
      ['go:wrong-language', JSON.stringify(entryFor('x'))],
      ['python:no-arrays', JSON.stringify({ tags: { language: 'python' }, diagnostics: [] })],
    ] as const) {
      insert.run(key, rowChecksum(key, value), value);
    }
    db.close();
    const next = openStore();
    const found = next.store.getMany(['python:good', 'python:torn', 'go:wrong-language', 'python:no-arrays']);
    expect([...found.keys()]).toEqual(['python:good']);
    expect(next.messages).toEqual([expect.stringMatching(/^3 malformed entries/)]);
    expect(messages).toEqual([]);
  });

  it('a row edited into another well-formed one (a name, a line, its key) fails its checksum: a miss, reported; rewritten, it reads again', () => {
    const { store } = openStore();
    store.putMany(keys(3).map((k) => [k, entryFor(k)]));
    store.putTerms([['1:t', textTerms(['apply', 'discount'], [2, 1])]]);
    store.close();
    const db = new Database(file);
    // what sqlite3 lets anyone do: each value still well-formed, each row where a reader looks
    db.prepare("UPDATE tags SET value = replace(value, 'python:k0#d0', 'python:k0#dX') WHERE key = 'python:k0'").run();
    db.prepare(
      "UPDATE tags SET value = replace(value, '\"startLine\":2', '\"startLine\":1') WHERE key = 'python:k1'",
    ).run();
    db.prepare("DELETE FROM tags WHERE key = 'python:k2'").run();
    db.prepare(
      "INSERT INTO tags (key, used, sum, value) SELECT 'python:k2', used, sum, value FROM tags WHERE key = 'python:k1'",
    ).run();
    db.prepare("UPDATE terms SET value = replace(value, 'discount', 'discounts')").run();
    db.close();
    const next = openStore();
    expect(next.store.getMany(keys(3))).toEqual(new Map());
    expect(next.store.getTerms(['1:t'])).toEqual(new Map());
    expect(next.messages).toEqual([
      `3 malformed entries in the tags cache ${file} were ignored (they are re-parsed and rewritten; first: python:k0: fails its checksum)`,
      `1 malformed text terms in the tags cache ${file} were ignored (they are re-tokenized and rewritten; first: 1:t: fails its checksum)`,
    ]);
    next.store.putMany(keys(3).map((k) => [k, entryFor(k)]));
    expect(next.store.getMany(keys(3))).toEqual(new Map(keys(3).map((k) => [k, entryFor(k)])));
    expect(next.messages).toHaveLength(2);
  });

  it('bytes of a row changed in the file itself (no SQLite in between): a miss, reported', () => {
    const { store } = openStore();
    store.putMany(keys(50).map((k) => [k, entryFor(k)]));
    store.close();
    const bytes = readFileSync(file);
    // one definition's name, as its page holds it, turned into another of the same length
    const at = bytes.indexOf('python:k7#d1');
    expect(at).toBeGreaterThan(0);
    bytes.write('python:k8#d1', at);
    writeFileSync(file, bytes);
    const next = openStore();
    const found = next.store.getMany(keys(50));
    expect([...found.keys()].sort()).toEqual(
      keys(50)
        .filter((k) => k !== 'python:k7')
        .sort(),
    );
    expect(next.messages).toEqual([
      expect.stringMatching(/^1 malformed entries .* first: python:k7: fails its checksum\)$/),
    ]);
  });

  it('a folder that cannot be created is an error naming it and what is in the way', () => {
    writeFileSync(join(dir, 'a-file'), 'x');
    file = join(dir, 'a-file', 'tags.sqlite');
    expect(() => openStore()).toThrow(
      `repomap/cache: the tags cache cannot be created at ${join(dir, 'a-file')} (it is a file)`,
    );
  });
});
