import type { EdgeSpec } from './edge.js';

/**
 * Lists of edges in the accumulator's order: type name, then source, then target, in
 * code-unit order. An update keeps the graph's non-shared-symbol edges as one such list
 * and merges the changed files' new rows into it.
 */

/** Orders edges by (type, source, target), code-unit order: `EdgeAccumulator.specs()`'s order. */
export function compareEdges(a: EdgeSpec, b: EdgeSpec): number {
  if (a.type !== b.type) return a.type < b.type ? -1 : 1;
  if (a.source !== b.source) return a.source < b.source ? -1 : 1;
  if (a.target !== b.target) return a.target < b.target ? -1 : 1;
  return 0;
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
