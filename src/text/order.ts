/**
 * The orders strings and numbers are sorted in. Strings have one order, byte order
 * (`compareByteOrder`): git's file order, the same on every platform and locale, used
 * wherever an order reaches the output or a snapshot. JavaScript's `<` and a bare
 * `.sort()` compare UTF-16 code units instead, which disagree with it where two strings
 * first differ at a character above U+FFFF against one in U+E000–U+FFFF.
 */

/** A code unit from U+D800 up: a string without one compares the same by code unit and by code point. */
const HIGH_UNIT = /[\uD800-\uFFFF]/;

/**
 * The length from which `<` (after a scan for high units) beats a loop over the code units:
 * `<` is a call into the engine that pays off over long common prefixes such as paths'
 * (bench/perf/string-order.mjs).
 */
const NATIVE_FROM = 20;

/**
 * Byte order of strings: the order of their UTF-8 encodings, which is code point order
 * (git's order of paths). Negative, zero or positive, as `sort` wants.
 */
export function compareByteOrder(a: string, b: string): number {
  // Long strings: when either has no unit from U+D800 up, code unit order is byte order,
  // and `<` finds it natively.
  if (a.length >= NATIVE_FROM && b.length >= NATIVE_FROM && (!HIGH_UNIT.test(a) || !HIGH_UNIT.test(b)))
    return a < b ? -1 : a > b ? 1 : 0;
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Map code units so that surrogates (code points ≥ U+10000) sort after U+E000–U+FFFF.
    if (x >= 0xd800) x = x <= 0xdfff ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y <= 0xdfff ? y + 0x2000 : y - 0x800;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Sorts numbers high first: -1, 0 or 1, never the difference. A comparator that returns a
 * float difference makes sort box it, one allocation per comparison (issue 6, per-query
 * allocation).
 */
export function compareDescending(a: number, b: number): number {
  return b > a ? 1 : b < a ? -1 : 0;
}

/**
 * The first `k` of `items` (or of the numbers 0 .. items − 1) in the order `compare` gives,
 * as sorting them all and keeping the first `k` would: a heap of the best `k` so far, so
 * that a query for the top 20 of 100k files sorts 20 rather than 100k. `compare` must be a
 * total order (no two distinct items compare 0, e.g. ties broken by path or position):
 * the result is then the same whatever order the items come in.
 */
export function firstInOrder(
  items: readonly number[] | number,
  k: number,
  compare: (a: number, b: number) => number,
): number[] {
  const n = typeof items === 'number' ? items : items.length;
  const at = typeof items === 'number' ? (j: number) => j : (j: number) => items[j]!;
  if (k >= n) return Array.from({ length: n }, (_, j) => at(j)).sort(compare);
  const heap: number[] = [];
  if (!(k > 0)) return heap;
  // heap[0] is the last in order of those kept; a parent comes after its children
  const down = (from: number): void => {
    const item = heap[from]!;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const later = right < heap.length && compare(heap[right]!, heap[left]!) > 0 ? right : left;
      if (compare(heap[later]!, item) <= 0) break;
      heap[i] = heap[later]!;
      i = later;
    }
    heap[i] = item;
  };
  for (let j = 0; j < n; j++) {
    const item = at(j);
    if (heap.length < k) {
      let i = heap.length;
      heap.push(item);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (compare(heap[parent]!, item) >= 0) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = item;
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}
