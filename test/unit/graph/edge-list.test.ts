/**
 * An update keeps the graph's non-shared-symbol edges as a list in the accumulator's
 * order and merges the changed files' new rows into it: the order must be the
 * accumulator's, and the merge a sorted union.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EdgeType } from '../../../src/types.js';
import { EdgeAccumulator, type EdgeSpec } from '../../../src/graph/edge.js';
import { compareEdges, mergeEdges } from '../../../src/graph/edge-list.js';
import { EDGE_ORDER, newEdgeTable } from '../../../src/graph/edge-view.js';
import { otherEdgesOf } from '../../../src/graph/from-table.js';
import { compareByteOrder } from '../../../src/text/order.js';

const PATHS = ['src/b.ts', 'src/a.ts', 'lib/z.py', 'src/B.ts', 'src/a/b.ts', 'src/a-b.ts'];
const TYPES: EdgeType[] = ['import', 'co-change', 'same-module', 'source-test'];

const rowArb = fc.record({
  type: fc.constantFrom(...TYPES),
  source: fc.constantFrom(...PATHS),
  target: fc.constantFrom(...PATHS),
  weight: fc.constantFrom(0.5, 1, 2),
  label: fc.constantFrom('', 'x', 'y'),
});

/** The accumulator's list of some rows (one edge per type, source, target). */
function listOf(rows: { type: EdgeType; source: string; target: string; weight: number; label: string }[]): EdgeSpec[] {
  const acc = new EdgeAccumulator(PATHS);
  for (const r of rows) acc.add(r.type, r.source, r.target, r.weight, r.label);
  return acc.list();
}

describe('edge lists', () => {
  it('compareEdges is the order the accumulator lists its edges in', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (rows) => {
        const list = listOf(rows);
        expect([...list].sort(compareEdges)).toEqual(list);
      }),
    );
  });

  it('mergeEdges of two lists with no edge in common is their sorted union', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 }), (rows, sides) => {
        const all = listOf(rows);
        const left = all.filter((_, i) => sides[i] ?? false);
        const right = all.filter((_, i) => !(sides[i] ?? false));
        expect(mergeEdges(left, right)).toEqual(all);
        expect(mergeEdges(right, left)).toEqual(all);
      }),
    );
  });
});

describe('otherEdgesOf', () => {
  // sorted and unsorted node lists, with paths that code-unit order and byte order sort apart
  const NODES = ['src/\u{1F600}.ts', 'src/\uFFFD.ts', 'lib/z.py', 'src/a.ts', 'src/B.ts', 'src/a-b.ts'];
  const TABLE_TYPES: EdgeType[] = ['import', 'co-change', 'same-module', 'shared-symbol', 'source-test'];
  const tableRow = fc.record({
    type: fc.constantFrom(...TABLE_TYPES),
    source: fc.nat({ max: NODES.length - 1 }),
    target: fc.nat({ max: NODES.length - 1 }),
    weight: fc.constantFrom(0.5, 1, 2),
    label: fc.constantFrom('', 'x', 'y'),
  });

  it("lists a table's edges but shared-symbol ones in compareEdges' order, whatever order the nodes stand in", () => {
    fc.assert(
      fc.property(fc.array(tableRow, { maxLength: 40 }), fc.boolean(), (rows, sortNodes) => {
        const nodes = sortNodes ? [...NODES].sort(compareByteOrder) : NODES;
        const { table, labelId } = newEdgeTable(rows.length);
        rows.forEach((r, k) => {
          table.sources[k] = r.source;
          table.targets[k] = r.target;
          table.types[k] = EDGE_ORDER.indexOf(r.type);
          table.weights[k] = r.weight;
          table.labelIds[k] = labelId(r.label);
        });
        const expected = rows
          .filter((r) => r.type !== 'shared-symbol')
          .map((r) => ({
            type: r.type,
            source: nodes[r.source]!,
            target: nodes[r.target]!,
            weight: r.weight,
            label: r.label,
          }));
        // Array.prototype.sort is stable: rows of one (type, source, target) keep the table's order
        expected.sort(compareEdges);
        expect(otherEdgesOf(table, nodes)).toEqual(expected);
      }),
    );
  });
});
