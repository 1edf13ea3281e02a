/**
 * Texts' terms as the persistent cache keeps them (src/lexical/text-terms.ts): an index
 * counted from kept terms is the index counted from the texts, whatever mix of the two;
 * a malformed value is refused; the format's version moves with the tokenizer.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/corpus/index.js';
import { Bm25Index, type Bm25Document, type TextTermsCache } from '../../../src/lexical/bm25.js';
import {
  forEachTextTerm,
  isTextTerms,
  TEXT_TERMS_VERSION,
  textTerms,
  type TextTerms,
} from '../../../src/lexical/text-terms.js';
import { identifierWords } from '../../../src/text/tokens.js';
import { FIXTURE_REPOS } from '../tags/helpers.js';

async function fixtureDocuments(): Promise<Bm25Document[]> {
  const docs: Bm25Document[] = [];
  for (const repo of readdirSync(FIXTURE_REPOS).sort()) {
    const corpus = await loadCorpus({ folder: join(FIXTURE_REPOS, repo) });
    for (const f of corpus.files) docs.push({ path: `${repo}/${f.path}`, text: f.text });
  }
  return docs;
}

/** A TextTermsCache over a Map, recording what it was asked and given. */
function mapCache(
  known = new Map<Bm25Document, TextTerms>(),
): TextTermsCache & { known: Map<Bm25Document, TextTerms>; asked: number } {
  const cache = {
    known,
    asked: 0,
    get(doc: Bm25Document) {
      cache.asked++;
      return known.get(doc);
    },
    set(doc: Bm25Document, terms: TextTerms) {
      known.set(doc, terms);
    },
  };
  return cache;
}

/** Every word of the documents, so that scores are compared for each term. */
function everyWord(docs: readonly Bm25Document[]): string[] {
  return [...new Set(docs.flatMap((d) => identifierWords(`${d.path} ${d.text}`)))].sort();
}

async function sameIndex(a: Bm25Index, b: Bm25Index, words: readonly string[]): Promise<void> {
  expect(a.paths).toEqual(b.paths);
  for (const w of words) expect(a.documentFrequency(w), w).toBe(b.documentFrequency(w));
  for (let i = 0; i < words.length; i += 7) {
    const query = words.slice(i, i + 7).join(' ');
    expect([...a.scores(query)], query).toEqual([...b.scores(query)]);
  }
}

describe('an index from kept terms', () => {
  it('is the index from the texts, with every, some or no text known (fixture repositories)', async () => {
    const docs = await fixtureDocuments();
    expect(docs.length).toBeGreaterThan(50);
    const words = everyWord(docs);
    const fromTexts = new Bm25Index(docs);

    const keeping = mapCache();
    const kept = await Bm25Index.inSlices(docs, {}, async () => {}, keeping);
    await sameIndex(kept, fromTexts, words);
    expect(keeping.known.size).toBe(docs.length);
    for (const terms of keeping.known.values()) expect(isTextTerms(terms)).toBe(true);

    const all = mapCache(new Map(keeping.known));
    await sameIndex(await Bm25Index.inSlices(docs, {}, async () => {}, all), fromTexts, words);
    expect(all.asked).toBe(docs.length);

    const half = mapCache(new Map([...keeping.known].filter((_, i) => i % 2 === 0)));
    await sameIndex(await Bm25Index.inSlices(docs, {}, async () => {}, half), fromTexts, words);
    expect(half.known.size, 'the texts tokenized now are kept too').toBe(docs.length);
  });

  it('keeps nothing when the cache has no `set`', async () => {
    const docs = [{ path: 'a.py', text: 'def parse_args(): pass' }];
    const index = await Bm25Index.inSlices(docs, {}, async () => {}, { get: () => undefined });
    expect(index.documentFrequency('parse')).toBe(1);
  });

  it("property: kept terms give the texts' scores exactly (path weights, repeated and non-ASCII words)", async () => {
    const word = fc.constantFrom(
      'alpha',
      'Alpha',
      'parseArgs',
      'HTTPServer',
      'x1',
      '42',
      'héllo',
      'snake_case_name',
      '𝔣𝔬𝔬',
      '_',
    );
    const text = fc
      .array(word, { maxLength: 20 })
      .map((w) => w.join(fc.sample(fc.constantFrom(' ', '.', '(\n'), 1)[0]));
    const docs = fc.uniqueArray(fc.record({ path: fc.stringMatching(/^[a-z]{1,3}\/[a-zA-Z]{1,5}\.(py|ts)$/), text }), {
      selector: (d) => d.path,
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(docs, fc.constantFrom(0, 0.5, 1, 2), async (ds, pathWeight) => {
        const keeping = mapCache();
        await Bm25Index.inSlices(ds, { pathWeight }, async () => {}, keeping);
        const kept = await Bm25Index.inSlices(ds, { pathWeight }, async () => {}, mapCache(keeping.known));
        await sameIndex(kept, new Bm25Index(ds, { pathWeight }), everyWord(ds));
      }),
      { numRuns: 60 },
    );
  });
});

describe('TextTerms', () => {
  it('reads back the words and counts written, in order', () => {
    const terms = textTerms(['parse_args', 'parse', 'args', 'héllo', '𝔣𝔬𝔬'], [3, 12, 1, 40, 7]);
    expect(isTextTerms(terms)).toBe(true);
    const read: [string, number][] = [];
    forEachTextTerm(terms, (start, end, count) => read.push([terms.slice(start, end), count]));
    expect(read).toEqual([
      ['parse_args', 3],
      ['parse', 12],
      ['args', 1],
      ['héllo', 40],
      ['𝔣𝔬𝔬', 7],
    ]);
    expect(isTextTerms(textTerms([], []))).toBe(true);
    forEachTextTerm(textTerms([], []), () => expect.unreachable());
  });

  it('refuses values that are not well-formed', () => {
    for (const bad of [
      '',
      'a b',
      'a\n',
      'a b\n1',
      'a\n1 2',
      'a\n0',
      'a\n01',
      'a\n1.5',
      'a\n-1',
      'a  b\n1 2',
      ' a\n1',
      'a \n1',
      'a\n1\n',
      'a\tb\n1',
      'a\n1 ',
      '\n1',
    ]) {
      expect(isTextTerms(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['\n', 'a\n1', 'a b\n10 2']) expect(isTextTerms(good), JSON.stringify(good)).toBe(true);
  });

  it('has a version that moves with the tokenizer: change both together', () => {
    // Cached terms carry TEXT_TERMS_VERSION in their key. If this probe's words change,
    // the tokenizer splits differently: bump the version so that no cached terms are misread.
    expect(TEXT_TERMS_VERSION).toBe(1);
    expect(identifierWords('parseArgs HTTPServer utf8_name x1 héllo_Wörld _ 𝔣𝔬𝔬Bar')).toEqual([
      'parseargs',
      'parse',
      'args',
      'httpserver',
      'http',
      'server',
      'utf8_name',
      'utf',
      '8',
      'name',
      'x1',
      'x',
      '1',
      'héllo_wörld',
      'héllo',
      'wörld',
      '𝔣𝔬𝔬bar',
    ]);
  });
});
