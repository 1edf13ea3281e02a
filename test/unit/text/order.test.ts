import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareByteOrder, compareDescending, firstInOrder } from '../../../src/text/order.js';

describe('compareByteOrder', () => {
  it('orders by code point, not UTF-16 unit', () => {
    // U+FF5E (one unit 0xFF5E) < U+1F600 (units 0xD83D 0xDE00) in UTF-8, unlike with `<`.
    expect(['😀', '～', 'a', 'ab', ''].sort(compareByteOrder)).toEqual(['', 'a', 'ab', '～', '😀']);
  });

  it('orders strings as their UTF-8 bytes', () => {
    const strings = ['b', 'a/b', 'a-b', 'a.b', 'A', '😀', '\uFF5E', 'ä', ''];
    const byBytes = [...strings].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...strings].sort(compareByteOrder)).toEqual(byBytes);
  });

  it('property: agrees with comparing UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
        expect(Math.sign(compareByteOrder(a, b))).toBe(bytes);
      }),
    );
  });

  it('orders long strings (compared by `<` when that is byte order) as their bytes too', () => {
    // a shared prefix of 20 units or more, then each of these: ASCII, U+E000–U+FFFF, beyond U+FFFF
    const prefix = 'src/components/forms/';
    const tails = ['a.ts', 'b.ts', '\uFF5E.ts', '\uE000.ts', '\u{1F600}.ts', '\u{10FFFF}.ts', 'a', ''];
    const strings = tails.flatMap((t) => [prefix + t, `${prefix}\u{1F600}/${t}`, `${prefix}\uFF21/${t}`]);
    const byBytes = [...strings].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...strings].reverse().sort(compareByteOrder)).toEqual(byBytes);
    expect(compareByteOrder(prefix + '\uFF5E', prefix + '\u{1F600}')).toBeLessThan(0);
    expect(compareByteOrder(prefix, prefix)).toBe(0);
  });

  it('property: agrees with comparing UTF-8 bytes, for strings sharing a long prefix', () => {
    const unit = fc.constantFrom<'grapheme' | 'binary'>('grapheme', 'binary');
    fc.assert(
      fc.property(
        unit.chain((u) =>
          fc.tuple(fc.string({ unit: u, minLength: 20 }), fc.string({ unit: u }), fc.string({ unit: u })),
        ),
        ([prefix, x, y]) => {
          const [a, b] = [prefix + x, prefix + y];
          const bytes = Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
          expect(Math.sign(compareByteOrder(a, b))).toBe(bytes);
          expect(Math.sign(compareByteOrder(b, a))).toBe(Buffer.compare(Buffer.from(b), Buffer.from(a)));
        },
      ),
    );
  });
});

describe('compareDescending', () => {
  it('sorts high first and returns -1, 0 or 1', () => {
    expect([0.5, 2, -1, 2].sort(compareDescending)).toEqual([2, 2, 0.5, -1]);
    expect(compareDescending(1, 3)).toBe(1);
    expect(compareDescending(3, 1)).toBe(-1);
    expect(compareDescending(2, 2)).toBe(0);
  });
});

describe('firstInOrder', () => {
  // scores with many ties, broken by position: a total order, as the rank stage's comparators are
  const byScoreThenPosition = (scores: readonly number[]) => (a: number, b: number) =>
    compareDescending(scores[a]!, scores[b]!) || a - b;

  it('gives the first k of a sort of all, for every k, over a list or the numbers below a count', () => {
    const scores = [0.5, 0, 2, 0.5, 7, 0, 2, 1, 0.5, 3];
    const compare = byScoreThenPosition(scores);
    const sorted = scores.map((_, i) => i).sort(compare);
    expect(sorted.slice(0, 4)).toEqual([4, 9, 2, 6]);
    for (let k = 0; k <= scores.length + 2; k++) {
      expect(firstInOrder(scores.length, k, compare), `k ${k}`).toEqual(sorted.slice(0, k));
      const odd = [9, 7, 5, 3, 1];
      expect(firstInOrder(odd, k, compare), `odd, k ${k}`).toEqual([...odd].sort(compare).slice(0, k));
    }
  });

  it('property: the same as sorting and slicing, whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }),
        fc.nat({ max: 70 }),
        fc.integer(),
        (scores, k, seed) => {
          const compare = byScoreThenPosition(scores);
          const items = scores.map((_, i) => i);
          // a shuffled copy, to show the input order does not matter
          const shuffled = [...items].sort((a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13) || a - b);
          const expected = [...items].sort(compare).slice(0, k);
          expect(firstInOrder(shuffled, k, compare)).toEqual(expected);
          expect(firstInOrder(items.length, k, compare)).toEqual(expected);
        },
      ),
    );
  });
});
