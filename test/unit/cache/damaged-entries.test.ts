/**
 * Stored tags entries that still parse as JSON but are damaged (issue 19, item 4): every
 * field is checked when read, a bad entry is a miss (the file is parsed again and the
 * entry rewritten), it is reported, and the index equals one built without a cache.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TagsStore } from '../../../src/cache/index.js';
import { rowChecksum } from '../../../src/cache/tags-store.js';
import { loadCorpus } from '../../../src/corpus/index.js';
import { buildIndex, type Index } from '../../../src/index.js';
import type { Corpus } from '../../../src/types.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { ROOT } from './helpers.js';

let dir: string;
let corpus: Corpus;
let uncached: Index;
/** A store a build of the fixture filled (closed): each case damages a copy of it. */
let filled: string;
const QUERY = 'FAILED tests/test_pricing.py::test_bulk - AssertionError in apply_discount from inventory.pricing';

beforeAll(async () => {
  dir = makeTemp('repomap-damaged-');
  corpus = await loadCorpus({ folder: join(ROOT, 'fixtures/repos/python-inventory') });
  uncached = await buildIndex(corpus);
  filled = join(dir, 'filled.sqlite');
  const store = TagsStore.open(filled);
  await buildIndex(corpus, { tagsCache: store });
  store.close();
});
afterAll(() => removeTemp(dir));

/** A store filled from the fixture, at `dir/<name>.sqlite`. */
function filledStore(name: string): string {
  const file = join(dir, `${name}.sqlite`);
  copyFileSync(filled, file);
  return file;
}

/** What a ranking says, without timings. */
const outcome = (index: Index) => {
  const r = index.rank(QUERY);
  return { files: r.files, diagnostics: r.diagnostics, tags: index.tags, edges: index.stats.edges };
};

type Entry = { tags: Record<string, unknown[]> & { errorNodes: unknown }; diagnostics: unknown[] };

/** A store filled from the fixture with every stored entry rewritten by `damage` (entries it returns unchanged are left as they are). */
function damagedStore(name: string, damage: (entry: Entry) => void): { file: string; damaged: number } {
  const file = filledStore(name);
  const db = new Database(file);
  let damaged = 0;
  // the row's checksum made anew: what is checked here is the value's form (a checksum that fails is tested below)
  const update = db.prepare('UPDATE tags SET value = ?, sum = ? WHERE key = ?');
  for (const { key, value } of db.prepare('SELECT key, value FROM tags').all() as { key: string; value: string }[]) {
    const entry = JSON.parse(value) as Entry;
    damage(entry);
    const after = JSON.stringify(entry);
    if (after !== value) {
      update.run(after, rowChecksum(key, after), key);
      damaged++;
    }
  }
  db.close();
  return { file, damaged };
}

const first = <T>(list: unknown[]): T | undefined => list[0] as T | undefined;

const DAMAGES: [string, (e: Entry) => void][] = [
  [
    '"specifier" renamed to "spec"',
    (e) => {
      for (const i of e.tags.imports as Record<string, unknown>[]) {
        i.spec = i.specifier;
        delete i.specifier;
      }
    },
  ],
  [
    'a definition name set to null',
    (e) => {
      const d = first<Record<string, unknown>>(e.tags.definitions);
      if (d) d.name = null;
    },
  ],
  [
    'a number among the definitions',
    (e) => {
      if (e.tags.definitions.length > 0) e.tags.definitions.unshift(7);
    },
  ],
  [
    'a line that is a string',
    (e) => {
      const r = first<Record<string, unknown>>(e.tags.references);
      if (r) r.line = 'twelve';
    },
  ],
  [
    'a startLine of -5',
    (e) => {
      const d = first<Record<string, unknown>>(e.tags.definitions);
      if (d) d.startLine = -5;
    },
  ],
  [
    'an endLine before its startLine',
    (e) => {
      const d = first<Record<string, number>>(e.tags.definitions);
      if (d) d.endLine = d.startLine - 1;
    },
  ],
  [
    'a fractional line',
    (e) => {
      const r = first<Record<string, unknown>>(e.tags.references);
      if (r) r.line = 2.5;
    },
  ],
  [
    'an unknown definition kind',
    (e) => {
      const d = first<Record<string, unknown>>(e.tags.definitions);
      if (d) d.kind = 'macro';
    },
  ],
  [
    'tags that are an array',
    (e) => {
      (e as unknown as { tags: unknown }).tags = [];
    },
  ],
  [
    'a diagnostic with an unknown code',
    (e) => {
      e.diagnostics.push({ code: 'bogus', message: 'x' });
    },
  ],
];

describe('damaged tags cache entries', () => {
  it.each(DAMAGES)('%s: dropped, re-parsed, reported; the index equals an uncached one', async (name, damage) => {
    const { file, damaged } = damagedStore(name.replace(/\W+/g, '-'), damage);
    expect(damaged).toBeGreaterThan(0);
    const messages: string[] = [];
    const store = TagsStore.open(file, { onMessage: (m) => messages.push(m) });
    let parsed = -1;
    const index = await buildIndex(corpus, {
      tagsCache: store,
      onProgress: (_s, done, total) => done === 0 && (parsed = total),
    });
    expect(outcome(index)).toEqual(outcome(uncached));
    expect(parsed).toBe(damaged);
    expect(messages).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${damaged} malformed entries in the tags cache .* were ignored \\(they are re-parsed and rewritten; first: python:`,
        ),
      ),
    ]);
    // rewritten: the next build reads them all, and reports nothing
    const again: string[] = [];
    const reopened = TagsStore.open(file, { onMessage: (m) => again.push(m) });
    const next = await buildIndex(corpus, { tagsCache: reopened });
    expect(next.stats.cache).toEqual({ hits: index.stats.cache!.hits + index.stats.cache!.misses, misses: 0 });
    expect(again).toEqual([]);
    store.close();
    reopened.close();
  });

  it('random damage to the stored values never crashes a build', async () => {
    // letters and digits turned into others, so that the damaged values mostly still parse as
    // JSON: renamed keys, other kinds and names, other numbers (what crashed builds before)
    for (let seed = 1; seed <= 24; seed++) {
      const file = filledStore(`bitrot-${seed}`);
      const db = new Database(file);
      let state = seed;
      const random = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
      for (const { key, value } of db.prepare('SELECT key, value FROM tags').all() as {
        key: string;
        value: string;
      }[]) {
        const bytes = Buffer.from(value);
        const alnum = [...bytes.keys()].filter((i) => /[A-Za-z0-9]/.test(String.fromCharCode(bytes[i]!)));
        const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
        for (let i = 0; i < 8; i++) bytes[alnum[random(alnum.length)]!] = chars.charCodeAt(random(chars.length));
        const damaged = bytes.toString('latin1');
        db.prepare('UPDATE tags SET value = ?, sum = ? WHERE key = ?').run(damaged, rowChecksum(key, damaged), key);
      }
      db.close();
      const reopened = TagsStore.open(file, { onMessage: () => {} });
      const index = await buildIndex(corpus, { tagsCache: reopened });
      reopened.close();
      const result = index.rank(QUERY);
      expect(result.files.map((f) => f.path).sort()).toEqual(
        uncached
          .rank(QUERY)
          .files.map((f) => f.path)
          .sort(),
      );
      expect(() => JSON.stringify(result)).not.toThrow();
    }
  });

  it("letters and digits of the stored entries turned into others in the file's pages (no SQLite in between): every build answers as an uncached one, the first after the damage and the next", async () => {
    const wrong: number[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const file = filledStore(`pages-${seed}`);
      const bytes = readFileSync(file);
      let state = seed;
      const random = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
      // where each entry starts in its page (the rest may overflow to others): letters and digits
      // only, so that the entry mostly stays well-formed (names, kinds, lines); not the identity's
      // pages, whose damage rebuilds the store (another test)
      const db = new Database(file, { readonly: true });
      const starts = (db.prepare('SELECT value FROM tags').pluck().all() as string[]).map((v) =>
        bytes.indexOf(v.slice(0, 200)),
      );
      db.close();
      expect(starts.every((at) => at > 0)).toBe(true);
      const alnum = starts.flatMap((at) =>
        [...Array(200).keys()].map((i) => at + i).filter((i) => /[A-Za-z0-9]/.test(String.fromCharCode(bytes[i]!))),
      );
      const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
      for (let i = 0; i < 30; i++) bytes[alnum[random(alnum.length)]!] = chars.charCodeAt(random(chars.length));
      writeFileSync(file, bytes);
      for (let run = 0; run < 2; run++) {
        const reopened = TagsStore.open(file, { onMessage: () => {} });
        const index = await buildIndex(corpus, { tagsCache: reopened });
        reopened.close();
        if (JSON.stringify(outcome(index)) !== JSON.stringify(outcome(uncached))) wrong.push(seed);
      }
    }
    expect(wrong).toEqual([]);
  });
});
