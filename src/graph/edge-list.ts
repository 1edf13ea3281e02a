import { compareByteOrder } from '../text/order.js';
import type { EdgeSpec } from './edge.js';

/**
 * Lists of edges in the accumulator's order: type name, then source, then target, in
 * byte order. An update keeps the graph's non-shared-symbol edges as one such list
 * and merges the changed files' new rows into it.
 */

/** Orders edges by (type, source, target), byte order: `EdgeAccumulator.specs()`'s order. */
export function compareEdges(a: EdgeSpec, b: EdgeSpec): number {
  return (
    compareByteOrder(a.type, b.type) || compareByteOrder(a.source, b.source) || compareByteOrder(a.target, b.target)
  );
}

/** One sorted list of two sorted lists that share no (type, source, target). */
export function mergeEdges(a: readonly EdgeSpec[], b: readonly EdgeSpec[]): EdgeSpec[] {
  const out: EdgeSpec[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareEdges(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
