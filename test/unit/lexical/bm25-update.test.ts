/**
 * `Bm25Index.updated` re-reads only the changed documents (issue 6, re-index). Its
 * scores must be exactly a fresh index's, for any texts, changes and queries: new words,
 * words no document has any more, documents emptied, path words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { Bm25Index, type Bm25Document, type Bm25Parts } from '../../../src/lexical/bm25.js';
import { sortedOrder } from '../../../src/text/sorted-names.js';

const word = fc.constantFrom(
  'alpha',
  'beta',
  'gamma',
  'delta',
  'parseArgs',
  'HTTPServer',
  'x1',
  '42',
  'héllo',
  'snake_case_name',
);
const text = fc.array(word, { maxLength: 14 }).map((w) => w.join(' '));
const docs = fc.uniqueArray(fc.record({ path: fc.stringMatching(/^[a-z]{1,3}\/[a-z]{1,3}\.(py|ts)$/), text }), {
  selector: (d) => d.path,
  minLength: 1,
  maxLength: 14,
});

describe('Bm25Index.inSlices', () => {
  it('property: builds the index the constructor builds, pausing between slices', async () => {
    await fc.assert(
      fc.asyncProperty(docs, fc.array(word, { minLength: 1, maxLength: 5 }), async (ds, q) => {
        const big = ds.map((d, i) => ({ ...d, text: i % 2 ? d.text.repeat(3000) : d.text }));
        let pauses = 0;
        const sliced = await Bm25Index.inSlices(big, {}, async () => void pauses++);
        const whole = new Bm25Index(big);
        expect([...sliced.scores(q.join(' '))]).toEqual([...whole.scores(q.join(' '))]);
        expect(sliced.paths).toEqual(whole.paths);
        if (big.reduce((n, d) => n + d.text.length, 0) > 64 * 1024) expect(pauses).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
  });
});

describe('Bm25Index.updated', () => {
  const manyDocs = fc.uniqueArray(fc.record({ path: fc.stringMatching(/^[a-z]{1,3}\/[a-z]{1,3}\.(py|ts)$/), text }), {
    selector: (d) => d.path,
    minLength: 8,
    maxLength: 40,
  });
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('text' as const), at: fc.nat(), text }),
    fc.record({
      kind: fc.constant('add' as const),
      path: fc.stringMatching(/^[a-z]{1,3}\/[a-z]{1,3}\.(py|md)$/),
      text,
    }),
    fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  );

  it('property: scores equal a fresh index of the new documents exactly, through chains of edits, additions and removals', () => {
    let updates = 0;
    fc.assert(
      fc.property(
        manyDocs,
        fc.array(fc.array(edit, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        (start, rounds, q) => {
          let current: Bm25Document[] = start;
          let index = new Bm25Index(current);
          for (const edits of rounds) {
            let next = current.map((d) => ({ ...d }));
            const changed = new Set<string>();
            for (const e of edits) {
              if (e.kind === 'text' && next.length > 0) {
                const d = next[e.at % next.length]!;
                d.text = e.text;
                changed.add(d.path);
              } else if (e.kind === 'add' && !next.some((d) => d.path === e.path)) {
                // a path removed and added again may hold another text: it is a changed one
                next.push({ path: e.path, text: e.text });
                changed.add(e.path);
              } else if (e.kind === 'remove' && next.length > 1) {
                next = next.filter((_, i) => i !== e.at % next.length);
              }
            }
            const updated = Bm25Index.updated(index, next, changed);
            if (updated.reused > 0) updates++;
            const fresh = new Bm25Index(next);
            const query = q.join(' ');
            expect(updated.paths).toEqual(fresh.paths);
            expect([...updated.scores(query)]).toEqual([...fresh.scores(query)]);
            expect(updated.rank(query)).toEqual(fresh.rank(query));
            for (const w of ['alpha', 'gamma', 'parse', 'args', 'héllo', 'zzz']) {
              expect(updated.documentFrequency(w)).toBe(fresh.documentFrequency(w));
              expect(updated.idf(w)).toBe(fresh.idf(w));
            }
            current = next;
            index = updated;
          }
        },
      ),
      { numRuns: 200 },
    );
    // most steps took the update path, not the fresh-build fallback
    expect(updates).toBeGreaterThan(150);
  });

  it('property: an index built anew whose word Map is dropped scores, gives parts and is updated as one that keeps it; an updated index keeps its Map', () => {
    let updates = 0;
    fc.assert(
      fc.property(
        manyDocs,
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        (start, edits, q) => {
          const kept = new Bm25Index(start);
          const lean = new Bm25Index(start);
          const words = (index: Bm25Index) =>
            (index as unknown as { vocabularyMap?: Map<string, number> }).vocabularyMap;
          lean.dropVocabularyMap();
          expect(words(lean)).toBeUndefined();
          expect(words(kept)).toBeInstanceOf(Map);
          const query = q.join(' ');
          expect([...lean.scores(query)]).toEqual([...kept.scores(query)]);
          for (const w of ['alpha', 'gamma', 'parse', 'args', 'héllo', 'zzz']) expect(lean.idf(w)).toBe(kept.idf(w));
          expect(v8.serialize(lean.toParts()).equals(v8.serialize(kept.toParts()))).toBe(true);
          const next = start.map((d) => ({ ...d }));
          const changed = new Set<string>();
          for (const e of edits) {
            if (e.kind === 'text') {
              const d = next[e.at % next.length]!;
              d.text = e.text;
              changed.add(d.path);
            }
          }
          const [fromLean, fromKept] = [Bm25Index.updated(lean, next, changed), Bm25Index.updated(kept, next, changed)];
          expect([...fromLean.scores(query + ' beta delta')]).toEqual([...fromKept.scores(query + ' beta delta')]);
          expect([...fromLean.scores(query)]).toEqual([...new Bm25Index(next).scores(query)]);
          if (fromLean.reused > 0) {
            updates++;
            const map = words(fromLean);
            fromLean.dropVocabularyMap();
            expect(words(fromLean)).toBe(map);
          }
        },
      ),
      { numRuns: 100 },
    );
    expect(updates).toBeGreaterThan(50);
  });

  it('property: an index updated from one read back from parts gives its words in the order a full sort does, through a chain of updates and write-backs', () => {
    fc.assert(
      fc.property(
        manyDocs,
        fc.array(fc.tuple(fc.nat(), text, fc.boolean()), { minLength: 1, maxLength: 4 }),
        (start, steps) => {
          let current: Bm25Document[] = start;
          let index = Bm25Index.fromParts(v8.deserialize(v8.serialize(new Bm25Index(current).toParts())) as Bm25Parts);
          for (const [at, newText, writeBack] of steps) {
            const next = current.map((d, i) =>
              i === at % current.length ? { ...d, text: `${newText} ${d.path.replace(/\W/g, '')}word` } : d,
            );
            const updated = Bm25Index.updated(index, next, new Set([next[at % next.length]!.path]));
            const parts = updated.toParts();
            const words = parts.words === '' ? [] : parts.words.split('\0');
            expect([...parts.sorted]).toEqual([...sortedOrder(words)]);
            current = next;
            index = writeBack ? Bm25Index.fromParts(v8.deserialize(v8.serialize(parts)) as Bm25Parts) : updated;
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('property: indexes updated from one earlier index share its vocabulary, and each of them and the earlier one still score as fresh indexes do', () => {
    const applyEdits = (docs: Bm25Document[], edits: { kind: string; at?: number; path?: string; text?: string }[]) => {
      let next = docs.map((d) => ({ ...d }));
      const changed = new Set<string>();
      for (const e of edits) {
        if (e.kind === 'text') {
          const d = next[e.at! % next.length]!;
          d.text = e.text!;
          changed.add(d.path);
        } else if (e.kind === 'add' && !next.some((d) => d.path === e.path)) {
          // a path removed and added again may hold another text: it is a changed one
          next.push({ path: e.path!, text: e.text! });
          changed.add(e.path!);
        } else if (e.kind === 'remove' && next.length > 1) next = next.filter((_, i) => i !== e.at! % next.length);
      }
      return { next, changed };
    };
    fc.assert(
      fc.property(
        manyDocs,
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        (start, editsA, editsB, q) => {
          const query = `${q.join(' ')} zeta omega`;
          const earlier = new Bm25Index(start);
          const before = [...earlier.scores(query)];
          const a = applyEdits(start, editsA);
          const b = applyEdits(start, editsB);
          // words no earlier document has, added by one branch and not the other
          a.next[0]!.text += ' zeta';
          a.changed.add(a.next[0]!.path);
          b.next[b.next.length - 1]!.text += ' omega';
          b.changed.add(b.next[b.next.length - 1]!.path);
          const fromA = Bm25Index.updated(earlier, a.next, a.changed);
          const fromB = Bm25Index.updated(earlier, b.next, b.changed);
          expect([...earlier.scores(query)]).toEqual(before);
          for (const w of ['zeta', 'omega']) {
            expect(earlier.documentFrequency(w)).toBe(0);
            expect(earlier.idf(w)).toBe(new Bm25Index(start).idf(w));
          }
          for (const [updated, docs] of [
            [fromA, a.next],
            [fromB, b.next],
          ] as const) {
            const fresh = new Bm25Index(docs);
            expect([...updated.scores(query)]).toEqual([...fresh.scores(query)]);
            for (const w of ['zeta', 'omega', 'alpha'])
              expect(updated.documentFrequency(w)).toBe(fresh.documentFrequency(w));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('builds afresh when more than a quarter of the documents changed', () => {
    const docs = Array.from({ length: 8 }, (_, i) => ({ path: `d${i}.py`, text: `alpha w${i}` }));
    const before = new Bm25Index(docs);
    const few = Bm25Index.updated(
      before,
      docs.map((d, i) => (i < 2 ? { ...d, text: 'beta' } : d)),
      new Set(['d0.py', 'd1.py']),
    );
    expect(few.reused).toBe(6);
    const many = Bm25Index.updated(
      before,
      docs.map((d, i) => (i < 3 ? { ...d, text: 'beta' } : d)),
      new Set(['d0.py', 'd1.py', 'd2.py']),
    );
    expect(many.reused).toBe(0);
    expect([...many.scores('beta alpha')]).toEqual([
      ...new Bm25Index(many.paths.map((p, i) => ({ path: p, text: i < 3 ? 'beta' : `alpha w${i}` }))).scores(
        'beta alpha',
      ),
    ]);
  });

  it('leaves the earlier index as it was', () => {
    const before = new Bm25Index([
      { path: 'a.py', text: 'alpha beta' },
      { path: 'b.py', text: 'gamma' },
    ]);
    const scores = [...before.scores('alpha gamma delta')];
    const after = Bm25Index.updated(
      before,
      [
        { path: 'a.py', text: 'delta delta' },
        { path: 'b.py', text: 'gamma' },
      ],
      new Set(['a.py']),
    );
    expect([...before.scores('alpha gamma delta')]).toEqual(scores);
    expect(after.documentFrequency('alpha')).toBe(0);
    expect(after.rank('delta')[0]).toEqual({ path: 'a.py', score: after.scores('delta')[0] });
    expect(after.scores('delta')[0]).toBeGreaterThan(0);
  });
});
