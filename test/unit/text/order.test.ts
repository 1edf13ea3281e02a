import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareByteOrder, compareCodeUnits, compareDescending } from '../../../src/text/order.js';

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
});

describe('compareCodeUnits', () => {
  it('is JavaScript\'s UTF-16 order, which puts U+1F600 before U+FF5E unlike byte order', () => {
    expect(['😀', '～', 'a', 'ab', ''].sort(compareCodeUnits)).toEqual(['', 'a', 'ab', '😀', '～']);
    expect(compareCodeUnits('x', 'x')).toBe(0);
  });

  it('property: agrees with compareByteOrder except where a surrogate meets U+E000–U+FFFF', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const high = /[\uE000-\uFFFF]|[\uD800-\uDFFF]/;
        if (high.test(a) && high.test(b)) return;
        expect(compareCodeUnits(a, b)).toBe(Math.sign(compareByteOrder(a, b)));
      }),
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
