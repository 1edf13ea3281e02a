/**
 * buildIndex with a tags cache: a persistent TagsStore (hits skip parsing; the index is
 * the same as an uncached one) and the in-memory Map it has always accepted.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TagsStore,
  currentIdentity,
  layeredTagsCache,
  memoryTagsCache,
  storeTagsCache,
} from '../../../src/cache/index.js';
import { loadCorpus } from '../../../src/corpus/index.js';
import { TEXT_TERMS_VERSION } from '../../../src/lexical/text-terms.js';
import { buildIndex, type IndexOptions, type TagsCacheEntry } from '../../../src/index.js';
import type { Corpus } from '../../../src/types.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { ROOT } from './helpers.js';

let dir: string;
let corpus: Corpus;
let parseable: number;
beforeAll(async () => {
  dir = makeTemp('repomap-cache-index-');
  corpus = await loadCorpus({ folder: join(ROOT, 'fixtures/repos/python-inventory') });
  parseable = corpus.files.filter((f) => f.language !== null).length;
});
afterAll(() => removeTemp(dir));

/** Builds an index and counts the files the tags stage was asked to parse (its progress total). */
async function build(options: IndexOptions = {}) {
  let parsed = -1;
  const index = await buildIndex(corpus, {
    ...options,
    onProgress: (_stage, done, total) => done === 0 && (parsed = total),
  });
  return { index, parsed };
}

/** What an index says about the files, without its timings. */
const content = (i: Awaited<ReturnType<typeof buildIndex>>) => ({
  tags: i.tags,
  diagnostics: i.diagnostics,
  edges: i.stats.edges,
});

describe('buildIndex with a TagsStore', () => {
  it('the first build parses every file, the next (another store instance) none, and both index the same', async () => {
    const file = join(dir, 'roundtrip.sqlite');
    const plain = await build();
    expect(plain.index.stats.cache, 'no cache, no cache stats').toBeUndefined();
    expect(plain.parsed).toBe(parseable);

    const cold = TagsStore.open(file);
    const first = await build({ tagsCache: cold });
    cold.close();
    expect(first.parsed).toBe(parseable);
    expect(first.index.stats.cache).toEqual({ hits: 0, misses: parseable });

    const warm = TagsStore.open(file);
    const second = await build({ tagsCache: warm });
    warm.close();
    expect(second.parsed).toBe(0);
    expect(second.index.stats.cache).toEqual({ hits: parseable, misses: 0 });
    expect(content(second.index)).toEqual(content(plain.index));
    expect(content(first.index)).toEqual(content(plain.index));
    expect(second.index.rank('apply_discount').files).toEqual(plain.index.rank('apply_discount').files);
  });

  it("keeps the texts' BM25 terms, and a later build counts from them: same ranking, nothing tokenized", async () => {
    const file = join(dir, 'terms.sqlite');
    const plain = await build();
    const store = TagsStore.open(file);
    const writes: number[] = [];
    const putTerms = store.putTerms.bind(store);
    store.putTerms = (entries) => {
      const list = [...entries];
      writes.push(list.length);
      putTerms(list);
    };
    await build({ tagsCache: store });
    // this corpus is parsed in this thread (too small for workers), so its terms are kept at once
    expect(writes).toEqual([corpus.files.length]);
    const stored = store.getTerms(
      corpus.files.map((f) => `${TEXT_TERMS_VERSION}:${createHash('sha1').update(f.text).digest('hex')}`),
    );
    expect(stored.size).toBe(new Set(corpus.files.map((f) => f.text)).size);

    // a text tokenized now would have its terms written: none is
    const again = await buildIndex(corpus, { tagsCache: store });
    expect(writes).toEqual([corpus.files.length]);
    for (const q of ['apply_discount rounding', 'checkout cart total', 'storage backend']) {
      expect(again.rank(q).files, q).toEqual(plain.index.rank(q).files);
    }
    store.close();
  });

  it('entries written under another identity are not read: every file is parsed again, with a message', async () => {
    const file = join(dir, 'identity.sqlite');
    const store = TagsStore.open(file);
    await build({ tagsCache: store });
    store.close();
    const messages: string[] = [];
    const changed = TagsStore.open(file, {
      identity: { ...currentIdentity(), version: currentIdentity().version + 1 },
      onMessage: (m) => messages.push(m),
    });
    const again = await build({ tagsCache: changed });
    changed.close();
    expect(messages).toEqual([expect.stringMatching(/incompatible repomap \(tags index version/)]);
    expect(again.parsed).toBe(parseable);
    expect(again.index.stats.cache).toEqual({ hits: 0, misses: parseable });
  });

  it('only the changed file is parsed after an edit (content-keyed)', async () => {
    const file = join(dir, 'edit.sqlite');
    const store = TagsStore.open(file);
    await build({ tagsCache: store });
    const target = corpus.files.find((f) => f.path === 'src/inventory/pricing.py')!;
    const edited: Corpus = {
      ...corpus,
      files: corpus.files.map((f) =>
        f === target ? { ...f, text: f.text + '\ndef added_later():\n    return 1\n' } : f,
      ),
    };
    let parsed = -1;
    const index = await buildIndex(edited, {
      tagsCache: store,
      onProgress: (_s, done, total) => done === 0 && (parsed = total),
    });
    store.close();
    expect(parsed).toBe(1);
    expect(index.stats.cache).toEqual({ hits: parseable - 1, misses: 1 });
    expect(index.tags.find((t) => t.path === target.path)!.definitions.map((d) => d.name)).toContain('added_later');
  });
});

describe('buildIndex with a Map (as eval uses it)', () => {
  it('fills the Map, then serves every file from it', async () => {
    const map = new Map<string, TagsCacheEntry>();
    const first = await build({ tagsCache: map });
    expect(map.size).toBeGreaterThan(0);
    expect([...map.keys()].every((k) => /^[a-z]+:[0-9a-f]{40}$/.test(k))).toBe(true);
    const second = await build({ tagsCache: map });
    expect(first.parsed).toBe(parseable);
    expect(second.parsed).toBe(0);
    expect(second.index.stats.cache).toEqual({ hits: parseable, misses: 0 });
    expect(content(second.index)).toEqual(content(first.index));
  });
});

describe("buildIndex with eval's in-run caches", () => {
  /** Counts the terms a cache is given (texts tokenized by a build) and asked for. */
  const counting = <
    T extends {
      getTerms?: (keys: readonly string[]) => Map<string, string>;
      putTerms?: (entries: Iterable<readonly [string, string]>) => void;
    },
  >(
    cache: T,
  ) => {
    const counts = { put: 0, asked: 0 };
    const get = cache.getTerms!.bind(cache);
    const put = cache.putTerms!.bind(cache);
    cache.getTerms = (keys) => ((counts.asked += keys.length), get(keys));
    cache.putTerms = (entries) => {
      const list = [...entries];
      counts.put += list.length;
      put(list);
    };
    return counts;
  };

  it('a memory cache serves the next snapshot both tags and BM25 terms: nothing parsed or tokenized, the same ranking', async () => {
    const plain = await build();
    const cache = memoryTagsCache();
    const counts = counting(cache);
    const first = await build({ tagsCache: cache });
    expect(first.parsed).toBe(parseable);
    expect(counts.put).toBe(corpus.files.length);
    const second = await build({ tagsCache: cache });
    expect(second.parsed).toBe(0);
    expect(counts.put, 'no text tokenized again').toBe(corpus.files.length);
    for (const q of ['apply_discount rounding', 'checkout cart total', 'storage backend'])
      expect(second.index.rank(q).files, q).toEqual(plain.index.rank(q).files);
  });

  it('layered over a store, terms are read from the store once and then from memory', async () => {
    const store = TagsStore.open(join(dir, 'layered.sqlite'));
    await build({ tagsCache: store });
    const fromStore = counting(store);
    const layered = layeredTagsCache(new Map(), store);
    await build({ tagsCache: layered });
    const asked = fromStore.asked;
    expect(asked).toBeGreaterThan(0);
    await build({ tagsCache: layered });
    expect(fromStore.asked, 'the second snapshot asks the store nothing').toBe(asked);
    expect(fromStore.put).toBe(0);
    store.close();
  });

  it('over a store as it is, the terms a build tokenizes go to the store and the next build asks it again (none kept in memory): nothing parsed or tokenized twice, the same ranking', async () => {
    const plain = await build();
    const store = TagsStore.open(join(dir, 'direct.sqlite'));
    const counts = counting(store);
    const cache = storeTagsCache(store);
    expect(cache.holdsTerms).toBe(true);
    const first = await build({ tagsCache: cache });
    expect(first.parsed).toBe(parseable);
    expect(counts.put).toBe(corpus.files.length);
    const asked = counts.asked;
    const second = await build({ tagsCache: cache });
    expect(second.parsed).toBe(0);
    expect(counts.put, 'no text tokenized again').toBe(corpus.files.length);
    expect(counts.asked, 'asked the store again').toBeGreaterThan(asked);
    for (const q of ['apply_discount rounding', 'checkout cart total', 'storage backend'])
      expect(second.index.rank(q).files, q).toEqual(plain.index.rank(q).files);
    store.close();
  });

  it('a snapshot built from an earlier one with most texts changed takes the terms the cache holds: only new texts are tokenized', async () => {
    const folder = join(dir, 'chain');
    cpSync(join(ROOT, 'fixtures/repos/python-inventory'), folder, { recursive: true });
    const edited = [
      'src/inventory/checkout.py',
      'src/inventory/models.py',
      'src/inventory/pricing.py',
      'tests/test_checkout.py',
      'tests/test_models.py',
      'tests/test_pricing.py',
    ];
    const original = new Map(edited.map((p) => [p, readFileSync(join(folder, p), 'utf8')]));
    const cache = memoryTagsCache();
    const counts = counting(cache);
    const first = await buildIndex(await loadCorpus({ folder }), { tagsCache: cache });
    const files = first.corpus.files.length;
    expect(counts.put).toBe(files);
    for (const p of edited) writeFileSync(join(folder, p), `${original.get(p)}\n# revised for the next release\n`);
    const second = await buildIndex(await loadCorpus({ folder }), { tagsCache: cache, previous: first });
    expect(edited.length * 4).toBeGreaterThan(files);
    expect(counts.put, 'the edited texts only').toBe(files + edited.length);
    for (const [p, text] of original) writeFileSync(join(folder, p), text);
    const third = await buildIndex(await loadCorpus({ folder }), { tagsCache: cache, previous: second });
    expect(counts.put, 'every text seen before').toBe(files + edited.length);
    const fresh = await buildIndex(await loadCorpus({ folder }));
    for (const q of ['apply_discount rounding', 'checkout cart total', 'revised release'])
      expect(third.rank(q).files, q).toEqual(fresh.rank(q).files);
  });
});
