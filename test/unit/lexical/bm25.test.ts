import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BM25_DEFAULTS, Bm25Index } from '../../../src/lexical/bm25.js';

describe('Bm25Index', () => {
  // Without path words: lengths 2, 3, 1 (avgdl 2); N = 3.
  const docs = [
    { path: 'c.txt', text: 'cherry' },
    { path: 'a.txt', text: 'apple banana' },
    { path: 'b.txt', text: 'apple apple cherry' },
  ];
  const index = new Bm25Index(docs, { pathWeight: 0 });

  it('uses the Robertson/Sparck Jones IDF ln((N − n + 0.5)/(n + 0.5) + 1)', () => {
    expect(index.documentFrequency('apple')).toBe(2);
    expect(index.idf('apple')).toBeCloseTo(Math.log(1.5 / 2.5 + 1), 14); // ln 1.6
    expect(index.idf('banana')).toBeCloseTo(Math.log(2.5 / 1.5 + 1), 14); // ln 8/3
    expect(BM25_DEFAULTS).toEqual({ k1: 1.2, b: 0.75, pathWeight: 1 });
  });

  it('scores idf · tf(k1+1)/(tf + k1(1 − b + b·dl/avgdl)), by hand', () => {
    // banana: only a.txt, tf 1, dl 2 = avgdl → idf · 2.2/2.2.
    expect(index.rank('banana', 1)).toEqual([{ path: 'a.txt', score: expect.closeTo(Math.log(8 / 3), 12) }]);
    // apple: b.txt tf 2, dl 3 → k1(0.25 + 0.75·1.5) = 1.65 → ln1.6 · 4.4/3.65; a.txt ln1.6 · 1.
    const ranked = index.rank('Apple');
    expect(ranked.map((h) => h.path)).toEqual(['b.txt', 'a.txt', 'c.txt']);
    expect(ranked[0]?.score).toBeCloseTo((Math.log(1.6) * 4.4) / 3.65, 12);
    expect(ranked[1]?.score).toBeCloseTo(Math.log(1.6), 12);
    expect(ranked[2]?.score).toBe(0);
  });

  it('saturates term frequency', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'hit').join(' ');
    const sat = new Bm25Index(
      [1, 2, 10, 100].map((n) => ({ path: `d${n}`, text: words(n) })).concat([{ path: 'other', text: 'miss' }]),
      { b: 0, pathWeight: 0 },
    );
    const idf = sat.idf('hit');
    const score = new Map(sat.rank('hit').map((h) => [h.path, h.score]));
    expect(score.get('d1')).toBeCloseTo(idf, 12);
    expect(score.get('d2')).toBeCloseTo((idf * 2 * 2.2) / 3.2, 12);
    expect((score.get('d2') as number) / (score.get('d1') as number)).toBeLessThan(2);
    expect(score.get('d100')).toBeLessThan(idf * 2.2);
    expect(score.get('d100')).toBeGreaterThan(score.get('d10') as number);
  });

  it('indexes path words; returns every file, ties and zero scores in path byte order', () => {
    const idx = new Bm25Index([
      { path: 'src/zeta.py', text: 'x' },
      { path: 'src/parser_utils.py', text: 'x' },
      { path: 'lib/b.py', text: 'x' },
      { path: 'lib/a.py', text: 'x' },
    ]);
    expect(idx.rank('parser').map((h) => h.path)).toEqual([
      'src/parser_utils.py',
      'lib/a.py',
      'lib/b.py',
      'src/zeta.py',
    ]);
    // Same tf everywhere: the three 4-word documents tie (path order); the 6-word one is longer, so last.
    expect(idx.rank('py').map((h) => h.path)).toEqual(['lib/a.py', 'lib/b.py', 'src/zeta.py', 'src/parser_utils.py']);
    expect(idx.rank('nothing', 2)).toEqual([
      { path: 'lib/a.py', score: 0 },
      { path: 'lib/b.py', score: 0 },
    ]);
    expect(new Bm25Index([]).rank('a')).toEqual([]);
  });

  it('rejects duplicate paths and bad options', () => {
    expect(
      () =>
        new Bm25Index([
          { path: 'a', text: '' },
          { path: 'a', text: '' },
        ]),
    ).toThrow('repomap/lexical: duplicate BM25 document path "a"');
    expect(() => new Bm25Index([], { b: 2 })).toThrow(/b must be in \[0, 1\]/);
  });

  it('property: ranking is deterministic and independent of document and query word order', () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', 'parseArgs', 'HTTPServer', 'x1', '42');
    const doc = fc.record({
      path: fc.stringMatching(/^[a-z]{1,4}\/[a-z]{1,4}\.py$/),
      text: fc.array(word, { maxLength: 12 }).map((w) => w.join(' ')),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(doc, { selector: (d) => d.path, maxLength: 12 }),
        fc.array(word, { maxLength: 6 }),
        (ds, q) => {
          const a = new Bm25Index(ds).rank(q.join(' '));
          const b = new Bm25Index([...ds].reverse()).rank([...q].reverse().join(' '));
          expect(b).toEqual(a);
          expect(a).toHaveLength(ds.length);
        },
      ),
    );
  });

  it('ranks every file of a 5,000-file corpus, the path match first', () => {
    // Speed is measured in bench/, not asserted here.
    // 5,000 files of 150 identifiers (about 3 KB each, 15 MB in all), from a 3,000-identifier vocabulary.
    const vocab = Array.from({ length: 3000 }, (_, i) => `sym${i.toString(36)}Name_${i % 97}`);
    let seed = 1;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const corpus = Array.from({ length: 5000 }, (_, i) => ({
      path: `pkg${i % 50}/mod_${i}.py`,
      text: Array.from({ length: 150 }, () => vocab[Math.floor(rand() * vocab.length)]).join(' (x) = '),
    }));
    const idx = new Bm25Index(corpus);
    const hits = idx.rank('sym1Name parse mod_42');
    expect(hits).toHaveLength(5000);
    expect(hits[0]?.path).toBe('pkg42/mod_42.py');
  });
});
