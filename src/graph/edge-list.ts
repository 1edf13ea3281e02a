import type { EdgeSpec } from './edge.js';

/**
 * Lists of edges in the accumulator's order: type name, then source, then target, in
 * code-unit order. An update keeps the graph's non-shared-symbol edges as one such list
 * and applies the difference to a new list instead of looking every edge up by key.
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

/** What turns one sorted list into another: edges gone, edges new, and edges whose weight or label changed. */
export interface EdgeDiff {
  gone: EdgeSpec[];
  added: EdgeSpec[];
  changed: EdgeSpec[];
}

/** The difference between two sorted lists, in one walk over both. */
export function diffEdges(before: readonly EdgeSpec[], after: readonly EdgeSpec[]): EdgeDiff {
  const diff: EdgeDiff = { gone: [], added: [], changed: [] };
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const order = i === before.length ? 1 : j === after.length ? -1 : compareEdges(before[i]!, after[j]!);
    if (order < 0) diff.gone.push(before[i++]!);
    else if (order > 0) diff.added.push(after[j++]!);
    else {
      const was = before[i++]!;
      const is = after[j++]!;
      if (was.weight !== is.weight || was.label !== is.label) diff.changed.push(is);
    }
  }
  return diff;
}
