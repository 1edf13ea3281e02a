/**
 * buildCsr sorts typed-array entries instead of filling a Map per row (issue 6, memory).
 * Its rows must be exactly what the definition gives: per node, the columns ascending,
 * parallel entries (several edge types, both flow directions) summed in EDGE_ORDER (by
 * type, then by source path) whatever order the graph holds its edges in,
 * self loops and non-positive weights left out, rows normalised, empty rows dangling.
 * `patchCsr` makes the same CSR from an earlier graph's, where only some nodes' edges changed.
 */
import fc from 'fast-check';
import { MultiDirectedGraph } from 'graphology';
import { describe, expect, it } from 'vitest';
import { EDGE_ORDER, tableEdges, type FileGraphology } from '../../../src/graph/index.js';
import { edgeTableOf, graphEdges } from '../graph/graphology-edges.js';
import { buildCsr, buildCsrs, csrBuilder, patchCsr, type Csr, type EdgeFlow } from '../../../src/rank/csr.js';
import { EDGE_TYPES, type EdgeType } from '../../../src/types.js';
import { fixtureIndexes } from '../../fixture-index.js';

/** The rows straight from the definition, one Map per row. */
function referenceRows(
  graph: FileGraphology,
  flow: EdgeFlow,
  nodes: string[],
): { cols: number[]; raw: number[]; weights: number[] }[] {
  const rows = nodes.map(() => new Map<number, number>());
  const push = (i: number, j: number, w: number) => {
    if (w <= 0 || i === j) return;
    rows[i]!.set(j, (rows[i]!.get(j) ?? 0) + w);
  };
  const edges: { s: string; t: string; type: EdgeType; weight: number }[] = [];
  graph.forEachEdge((_k, a, s, t) => edges.push({ s, t, type: a.type, weight: a.weight }));
  edges.sort(
    (x, y) =>
      EDGE_ORDER.indexOf(x.type) - EDGE_ORDER.indexOf(y.type) ||
      (x.s < y.s ? -1 : x.s > y.s ? 1 : x.t < y.t ? -1 : x.t > y.t ? 1 : 0),
  );
  for (const { s, t, type, weight } of edges) {
    push(nodes.indexOf(s), nodes.indexOf(t), weight * flow[type].forward);
    push(nodes.indexOf(t), nodes.indexOf(s), weight * flow[type].backward);
  }
  return rows.map((row) => {
    const sorted = [...row.entries()].sort((a, b) => a[0] - b[0]);
    const sum = sorted.reduce((n, [, w]) => n + w, 0);
    return { cols: sorted.map(([j]) => j), raw: sorted.map(([, w]) => w), weights: sorted.map(([, w]) => w / sum) };
  });
}

const flowArb = fc
  .tuple(...EDGE_TYPES.map(() => fc.tuple(fc.constantFrom(0, 0.3, 1, 2.5), fc.constantFrom(0, 0.1, 0.7, 1))))
  .map(
    (pairs) =>
      Object.fromEntries(EDGE_TYPES.map((t, i) => [t, { forward: pairs[i]![0], backward: pairs[i]![1] }])) as EdgeFlow,
  );

const graphArb = fc.record({
  n: fc.integer({ min: 1, max: 12 }),
  edges: fc.array(
    fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...EDGE_TYPES), fc.double({ min: 0.01, max: 5, noNaN: true })),
    { maxLength: 60 },
  ),
});

/** The graph an arbitrary of graphArb describes: nodes n0..n(n-1), at most one edge per (type, source, target), no loops. */
function graphOf(
  n: number,
  edges: readonly [number, number, string, number][],
): { graph: FileGraphology; nodes: string[] } {
  const graph: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
  const nodes = Array.from({ length: n }, (_, i) => `n${i}`);
  for (const node of nodes) graph.addNode(node, { kind: 'source', language: null, module: '' });
  for (const [a, b, type, w] of edges) {
    const s = nodes[a % n]!;
    const t = nodes[b % n]!;
    if (s === t || graph.hasEdge(`${type}:${s}->${t}`)) continue;
    graph.addDirectedEdgeWithKey(`${type}:${s}->${t}`, s, t, { type: type as EdgeType, weight: w, label: '' });
  }
  return { graph, nodes };
}

describe('buildCsr', () => {
  it('property: rows equal the per-row definition exactly, for any edge types, flows and parallel edges', () => {
    fc.assert(
      fc.property(graphArb, flowArb, ({ n, edges }, flow) => {
        const { graph, nodes } = graphOf(n, edges);
        const csr = buildCsr(graphEdges(graph), flow, nodes);
        const expected = referenceRows(graph, flow, nodes);
        const dangling: number[] = [];
        expected.forEach((row, i) => {
          const from = csr.starts[i]!;
          const to = csr.starts[i + 1]!;
          expect([...csr.neighbors.subarray(from, to)]).toEqual(row.cols);
          expect([...csr.weights.subarray(from, to)]).toEqual(row.weights);
          if (row.cols.length === 0) dangling.push(i);
        });
        expect(csr.starts[n]).toBe(csr.neighbors.length);
        expect([...csr.dangling]).toEqual(dangling);
      }),
    );
  });

  it("property: patchCsr of an earlier graph's CSR, given the nodes at either end of every edge dropped, added or reweighed, is the CSR built from the new graph", () => {
    const editArb = fc.array(
      fc.tuple(
        fc.constantFrom('drop', 'add', 'reweigh'),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...EDGE_TYPES),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
      ),
      { maxLength: 8 },
    );
    const same = (a: Csr, b: Csr) => {
      expect([...a.starts]).toEqual([...b.starts]);
      expect([...a.neighbors]).toEqual([...b.neighbors]);
      expect([...a.weights]).toEqual([...b.weights]);
      expect([...a.dangling]).toEqual([...b.dangling]);
    };
    fc.assert(
      fc.property(graphArb, editArb, flowArb, ({ n, edges }, edits, flow) => {
        const { graph, nodes } = graphOf(n, edges as [number, number, string, number][]);
        const ids = new Map(nodes.map((p, i) => [p, i]));
        const earlier = buildCsr(graphEdges(graph), flow, nodes, ids);
        const after = graph.copy() as FileGraphology;
        const rows = new Set<number>();
        const keys = after.edges();
        for (const [kind, a, b, type, w] of edits) {
          if (kind === 'add') {
            const source = nodes[a % n]!;
            const target = nodes[b % n]!;
            const key = `${type}:${source}->${target}`;
            if (source === target || after.hasEdge(key)) continue;
            after.addDirectedEdgeWithKey(key, source, target, { type, weight: w, label: '' });
            rows.add(a % n).add(b % n);
          } else if (keys.length > 0) {
            const key = keys[a % keys.length]!;
            if (!after.hasEdge(key)) continue;
            rows.add(ids.get(after.source(key))!).add(ids.get(after.target(key))!);
            if (kind === 'drop') after.dropEdge(key);
            else after.setEdgeAttribute(key, 'weight', w);
          }
        }
        const built = buildCsr(graphEdges(after), flow, nodes, ids);
        same(patchCsr(earlier, graphEdges(after), flow, rows), built);
        // and over the new graph's edge table, as an updated index holds it
        same(patchCsr(earlier, tableEdges(edgeTableOf(after, ids), [...nodes], ids), flow, rows), built);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the CSRs of several flows built together equal each built alone, over a graph or its edge table', () => {
    fc.assert(
      fc.property(graphArb, fc.array(flowArb, { minLength: 1, maxLength: 4 }), ({ n, edges }, flows) => {
        const { graph, nodes } = graphOf(n, edges);
        const ids = new Map(nodes.map((p, i) => [p, i]));
        // a table over an equal copy of the node list: the rank context's list is another array
        const table = tableEdges(edgeTableOf(graph, ids), [...nodes], ids);
        const alone = flows.map((flow) => buildCsr(graphEdges(graph), flow, nodes));
        for (const together of [buildCsrs(graphEdges(graph), flows, nodes), buildCsrs(table, flows, nodes)]) {
          together.forEach((csr, k) => {
            expect([...csr.starts]).toEqual([...alone[k]!.starts]);
            expect([...csr.neighbors]).toEqual([...alone[k]!.neighbors]);
            expect([...csr.weights]).toEqual([...alone[k]!.weights]);
            expect([...csr.dangling]).toEqual([...alone[k]!.dangling]);
          });
        }
      }),
    );
  });

  it('sums the two directions of a pair and parallel edge types into one entry, in EDGE_ORDER whatever the insertion order', () => {
    const graph: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
    for (const node of ['a', 'b', 'c']) graph.addNode(node, { kind: 'source', language: null, module: '' });
    graph.addDirectedEdgeWithKey('import:a->b', 'a', 'b', { type: 'import', weight: 0.1, label: '' });
    graph.addDirectedEdgeWithKey('shared-symbol:a->b', 'a', 'b', { type: 'shared-symbol', weight: 0.2, label: '' });
    graph.addDirectedEdgeWithKey('import:b->a', 'b', 'a', { type: 'import', weight: 0.7, label: '' });
    graph.addDirectedEdgeWithKey('source-test:a->c', 'a', 'c', { type: 'source-test', weight: 1, label: '' });
    const flow = Object.fromEntries(EDGE_TYPES.map((t) => [t, { forward: 1, backward: 0.5 }])) as EdgeFlow;
    const csr = buildCsr(graphEdges(graph), flow, ['a', 'b', 'c']);
    // a→b: import a→b forward, import b→a backward, then shared-symbol a→b (EDGE_ORDER:
    // type first, then source path), not the order the edges were added in; the other
    // order would sum to a different float, and give a→b another probability.
    const inOrder = 0.1 + 0.7 * 0.5 + 0.2;
    const otherOrder = 0.1 + 0.2 + 0.7 * 0.5;
    expect(inOrder / (inOrder + 1)).not.toBe(otherOrder / (otherOrder + 1));
    expect([...csr.neighbors]).toEqual([1, 2, 0, 0]);
    expect([...csr.weights]).toEqual([inOrder / (inOrder + 1), 1 / (inOrder + 1), 1, 1]);
    expect([...csr.dangling]).toEqual([]);
  });

  it('uses the node positions it is given, and leaves a node without edges dangling', () => {
    const graph: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
    for (const node of ['a', 'b', 'c']) graph.addNode(node, { kind: 'source', language: null, module: '' });
    graph.addDirectedEdgeWithKey('import:a->b', 'a', 'b', { type: 'import', weight: 1, label: '' });
    const flow = Object.fromEntries(EDGE_TYPES.map((t) => [t, { forward: 1, backward: 0.5 }])) as EdgeFlow;
    const nodes = ['c', 'b', 'a'];
    const indexOf = new Map(nodes.map((n, i) => [n, i]));
    const csr = buildCsr(graphEdges(graph), flow, nodes, indexOf);
    expect(csr.indexOf).toBe(indexOf);
    expect([...csr.starts]).toEqual([0, 0, 1, 2]);
    expect([...csr.neighbors]).toEqual([2, 1]);
    expect([...csr.dangling]).toEqual([0]);
  });
});

describe('a reusing CSR builder', () => {
  it("makes each flow's CSR as buildCsr does, in the arrays of the one before", async () => {
    const index = await fixtureIndexes()('python-inventory');
    const { edges } = index.fileGraph;
    const paths = index.corpus.files.map((f) => f.path);
    const flows = [
      index.settings.rank.flow.code2test,
      index.settings.rank.flow.trace2code,
      index.settings.rank.flow.edit2ripple,
    ];
    expect(new Set(flows.map((f) => JSON.stringify(f))).size).toBe(3);
    const build = csrBuilder(edges, paths, undefined, { reuse: true });
    const arrays = new Set<ArrayBufferLike>();
    for (const flow of flows) {
      const made = build(flow);
      const fresh = buildCsr(edges, flow, paths);
      expect([...made.starts], 'starts').toEqual([...fresh.starts]);
      expect([...made.neighbors], 'neighbors').toEqual([...fresh.neighbors]);
      expect([...made.weights], 'weights').toEqual([...fresh.weights]);
      expect([...made.dangling], 'dangling').toEqual([...fresh.dangling]);
      arrays.add(made.weights.buffer);
    }
    // one set of arrays for the three
    expect(arrays.size).toBe(1);
  });
});

describe("an index's CSRs one by one (what a snapshot writes)", () => {
  it('gives the CSR a rank built, for any task of the same flow, and makes the others without keeping them', async () => {
    const index = await fixtureIndexes()('python-inventory');
    // issue2code and generic have one flow: generic stands for it among the snapshot's parts
    expect(index.settings.rank.flow.generic).toEqual(index.settings.rank.flow.issue2code);
    const ranked = index.csrFor('issue2code');
    const at = index.csrsOneByOne(['generic', 'code2test']);
    expect(at(0)).toBe(ranked);
    const made = at(1);
    const kept = index.csrFor('code2test');
    expect(kept).not.toBe(made);
    expect([...kept.starts]).toEqual([...made.starts]);
    expect([...kept.neighbors]).toEqual([...made.neighbors]);
    expect([...kept.weights]).toEqual([...made.weights]);
  });
});
