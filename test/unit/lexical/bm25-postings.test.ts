/**
 * The postings of `Bm25Index` grow in typed arrays (issue 6, memory): on a corpus whose
 * triples, distinct word runs and vocabulary all outgrow the first allocation, every
 * score must still equal BM25 computed directly from the definition, document by document.
 */
import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../src/lexical/bm25.js';
import { ChunkedArray } from '../../../src/lexical/bm25-terms.js';
import { identifierWords } from '../../../src/text/tokens.js';

/** Scores straight from the formula, with term frequencies counted per document. */
function referenceScores(
  docs: { path: string; text: string }[],
  query: string,
  k1 = 1.2,
  b = 0.75,
  pathWeight = 1,
): Map<string, number> {
  const terms = docs.map((d) => {
    const tf = new Map<string, number>();
    for (const w of identifierWords(d.path)) tf.set(w, (tf.get(w) ?? 0) + pathWeight);
    for (const w of identifierWords(d.text)) tf.set(w, (tf.get(w) ?? 0) + 1);
    const length = [...tf.values()].reduce((n, c) => n + c, 0);
    return { path: d.path, tf, length };
  });
  const avgdl = terms.reduce((n, t) => n + t.length, 0) / terms.length;
  const out = new Map<string, number>();
  for (const t of terms) {
    let score = 0;
    for (const word of identifierWords(query)) {
      const df = terms.filter((u) => u.tf.has(word)).length;
      const tf = t.tf.get(word) ?? 0;
      if (tf === 0) continue;
      const idf = Math.log((terms.length - df + 0.5) / (df + 0.5) + 1);
      score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * t.length) / avgdl));
    }
    out.set(t.path, score);
  }
  return out;
}

describe('Bm25Index postings past their first allocation', () => {
  // 300 documents × 40 distinct identifiers each: 12,000+ (term, document) triples (past
  // the triples' first chunk of 8,192), and thousands of distinct runs and words — well
  // past the 1,024 slots the other arrays start with.
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const docs = Array.from({ length: 300 }, (_, i) => ({
    path: `pkg${i % 7}/file_${i}.ts`,
    text: Array.from({ length: 40 }, (_, j) => `callSite${Math.floor(rand() * 5000)}_${(i * 40 + j) % 3}`).join('(); '),
  }));
  const index = new Bm25Index(docs);

  it('scores every document as the formula does', () => {
    for (const query of ['callSite17 file', 'pkg3 callSite4999_2 site', 'callSite1234 callSite1234 callSite42_0']) {
      const expected = referenceScores(docs, query);
      const got = index.rank(query);
      expect(got).toHaveLength(docs.length);
      for (const hit of got) expect(hit.score).toBeCloseTo(expected.get(hit.path)!, 10);
    }
  });

  it('counts each document once per term in its document frequency', () => {
    const expected = docs.filter((d) => identifierWords(d.path).includes('pkg3')).length;
    expect(expected).toBeGreaterThan(0);
    expect(index.documentFrequency('pkg3')).toBe(expected);
    const site = docs.filter((d) => identifierWords(d.text).includes('site')).length;
    expect(index.documentFrequency('site')).toBe(site);
  });
});

describe('Bm25Index term frequencies', () => {
  // Whole counts are stored as 32-bit floats; a fractional path weight makes term
  // frequencies that are not 32-bit floats exactly, which must keep their full precision.
  const docs = [
    { path: 'billing/invoice_total.py', text: 'def invoice_total(lines): return sum(line.total for line in lines)' },
    { path: 'billing/tax.py', text: 'def tax(total, rate): return total * rate  # invoice tax' },
    { path: 'docs/invoice.md', text: 'How an invoice total is computed, and its tax.' },
  ];
  for (const pathWeight of [1, 0.1, 0.3]) {
    it(`scores as the formula does with path weight ${pathWeight}`, () => {
      const index = new Bm25Index(docs, { pathWeight });
      for (const query of ['invoice total', 'tax rate billing', 'docs invoice invoice']) {
        const expected = referenceScores(docs, query, 1.2, 0.75, pathWeight);
        for (const hit of index.rank(query)) expect(hit.score).toBeCloseTo(expected.get(hit.path)!, 14);
      }
    });
  }
});

describe('ChunkedArray', () => {
  it('keeps every value in order across its first chunk and the later ones, allocating whole chunks', () => {
    const values = new ChunkedArray((n) => new Float64Array(n), 2, 3); // chunks of 4, then 8
    const count = 4 + 8 + 8 + 3;
    for (let i = 0; i < count; i++) values.push(i * 0.5);
    expect(values.length).toBe(count);
    expect(values.chunks.map((c) => c.length)).toEqual([4, 8, 8, 8]);
    for (let i = 0; i < count; i++) expect(values.at(i)).toBe(i * 0.5);
    expect(values.chunks[1]![0]).toBe(4 * 0.5);
    expect(values.chunks[3]![2]).toBe(22 * 0.5);
  });

  it('allocates only its first chunk for a small corpus', () => {
    const values = new ChunkedArray((n) => new Int32Array(n));
    for (let i = 0; i < 8192; i++) values.push(i);
    expect(values.chunks.map((c) => c.length)).toEqual([8192]);
    values.push(8192);
    expect(values.chunks.map((c) => c.length)).toEqual([8192, 2 ** 23]);
    expect(values.at(8192)).toBe(8192);
  });
});
