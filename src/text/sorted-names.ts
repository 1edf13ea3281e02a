import { compareByteOrder } from './order.js';

/**
 * Looking a name up in a list by binary search over its byte order: what an index
 * loaded from a snapshot does instead of building a Map of every word or symbol name at
 * load (most of which no query asks for).
 */

/** The positions of `names` in byte order (ties by position). */
export function sortedOrder(names: readonly string[]): Int32Array {
  const order = Int32Array.from(names, (_, i) => i);
  return order.sort((a, b) => compareByteOrder(names[a]!, names[b]!) || a - b);
}

/**
 * `sortedOrder(names)` made from `order`, the sorted order of the first `order.length`
 * names, when the names after them were added since: only those are sorted, then merged
 * in. The same order a full sort gives.
 */
export function sortedOrderAfter(names: readonly string[], order: Int32Array): Int32Array {
  const known = order.length;
  const added = Int32Array.from({ length: names.length - known }, (_, i) => known + i);
  added.sort((a, b) => compareByteOrder(names[a]!, names[b]!) || a - b);
  const out = new Int32Array(names.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) {
    // ties go to the lower position, as in `sortedOrder`: every known one is below every added one
    out[k] =
      j >= added.length || (i < known && compareByteOrder(names[order[i]!]!, names[added[j]!]!) <= 0)
        ? order[i++]!
        : added[j++]!;
  }
  return out;
}

/** The position in `names` of `name` (`order` being `sortedOrder(names)`); -1 when it is not there. */
export function findSorted(names: readonly string[], order: Int32Array, name: string): number {
  return findSortedBy(order, (i) => names[i]!, name);
}

/** `findSorted` over names given one at a time by `nameAt(position)` (names kept joined, not split). */
export function findSortedBy(order: Int32Array, nameAt: (position: number) => string, name: string): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareByteOrder(nameAt(order[mid]!), name);
    if (c < 0) lo = mid + 1;
    else if (c > 0) hi = mid;
    else return order[mid]!;
  }
  return -1;
}

/** The position of `name` in `names`, itself in byte order; -1 when it is not there. */
export function findInSorted(names: readonly string[], name: string): number {
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareByteOrder(names[mid]!, name);
    if (c < 0) lo = mid + 1;
    else if (c > 0) hi = mid;
    else return mid;
  }
  return -1;
}

/** Where each of `words` starts once they are joined by one separator, then the joined length + 1: `joinedAt` reads one back. */
export function joinedStarts(words: readonly string[]): Uint32Array {
  const starts = new Uint32Array(words.length + 1);
  for (let i = 0; i < words.length; i++) starts[i + 1] = starts[i]! + words[i]!.length + 1;
  return starts;
}

/** Word `i` of `joined`, whose starts `joinedStarts` gave. */
export function joinedAt(joined: string, starts: Uint32Array, i: number): string {
  return joined.slice(starts[i]!, starts[i + 1]! - 1);
}

/** Whether `starts` are `joinedStarts` of the words of `joined` (by their count and the joined length). */
export function joinedFits(joined: string, starts: Uint32Array): boolean {
  const count = starts.length - 1;
  return count >= 0 && starts[count] === (count === 0 ? 0 : joined.length + 1);
}
