import fc from 'fast-check';
import { createRequire } from 'node:module';
import { DirectedGraph, MultiDirectedGraph } from 'graphology';
import { describe, expect, it } from 'vitest';
import type { FileGraphology } from '../../../src/graph/index.js';
import { graphEdges } from '../graph/graphology-edges.js';
import { buildCsr, type EdgeFlow } from '../../../src/rank/csr.js';
import { personalizedPageRank } from '../../../src/rank/ppr.js';

// graphology-metrics is CommonJS; its typings declare an ES default export.
const pagerank = createRequire(import.meta.url)(
  'graphology-metrics/centrality/pagerank',
) as typeof import('graphology-metrics/centrality/pagerank.js').default;

const forwardOnly: EdgeFlow = {
  import: { forward: 1, backward: 0 },
  'shared-symbol': { forward: 1, backward: 0 },
  'source-test': { forward: 1, backward: 0 },
  'same-module': { forward: 1, backward: 0 },
  'co-change': { forward: 1, backward: 0 },
};

/** A random directed graph with positive weights, as both a file graph and a plain graphology graph. */
const randomGraph = fc
  .record({
    n: fc.integer({ min: 2, max: 25 }),
    edges: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.double({ min: 0.1, max: 10, noNaN: true })), { maxLength: 80 }),
  })
  .map(({ n, edges }) => {
    const fileGraph: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
    const plain = new DirectedGraph({ allowSelfLoops: false });
    const nodes = Array.from({ length: n }, (_, i) => `f${String(i).padStart(2, '0')}`);
    for (const node of nodes) {
      fileGraph.addNode(node, { kind: 'source', language: null, module: '' });
      plain.addNode(node);
    }
    for (const [a, b, w] of edges) {
      const s = nodes[a % n]!;
      const t = nodes[b % n]!;
      if (s === t) continue;
      fileGraph.addDirectedEdgeWithKey(`import:${s}->${t}:${fileGraph.size}`, s, t, {
        type: 'import',
        weight: w,
        label: '',
      });
      plain.updateDirectedEdge(s, t, (attr) => ({ weight: ((attr.weight as number | undefined) ?? 0) + w }));
    }
    return { fileGraph, plain, nodes };
  });

describe('personalizedPageRank', () => {
  it('with a uniform personalization equals graphology-metrics pagerank (parallel edges summed)', () => {
    fc.assert(
      fc.property(randomGraph, ({ fileGraph, plain, nodes }) => {
        const csr = buildCsr(graphEdges(fileGraph), forwardOnly, nodes);
        const ours = personalizedPageRank(csr, new Float64Array(nodes.length).fill(1), {
          alpha: 0.85,
          tolerance: 1e-10,
          maxIterations: 1000,
        });
        const theirs = pagerank(plain, { getEdgeWeight: 'weight', tolerance: 1e-10, maxIterations: 1000 });
        expect(ours.converged).toBe(true);
        nodes.forEach((node, i) => expect(ours.scores[i]).toBeCloseTo(theirs[node]!, 8));
      }),
      { numRuns: 60 },
    );
  });

  it('sums to 1 and puts more mass on the seed than on an unseeded node with the same links', () => {
    const g: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
    for (const n of ['a', 'b', 'c']) g.addNode(n, { kind: 'source', language: null, module: '' });
    // a → c and b → c: a and b are symmetric except for the seed.
    g.addDirectedEdgeWithKey('1', 'a', 'c', { type: 'import', weight: 1, label: '' });
    g.addDirectedEdgeWithKey('2', 'b', 'c', { type: 'import', weight: 1, label: '' });
    const csr = buildCsr(graphEdges(g), forwardOnly, ['a', 'b', 'c']);
    const { scores } = personalizedPageRank(csr, Float64Array.from([1, 0, 0]), { alpha: 0.85 });
    expect(scores.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    // b receives no teleport and has no in-edges: its rank is 0.
    expect(scores[1]).toBe(0);
    // c is dangling: its mass returns to the seed a, never to b.
    expect(scores[2]).toBeGreaterThan(0);
  });

  it('rejects a personalization of the wrong length or with negative weights, naming the problem', () => {
    const g: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
    g.addNode('a', { kind: 'source', language: null, module: '' });
    const csr = buildCsr(graphEdges(g), forwardOnly, ['a']);
    expect(() => personalizedPageRank(csr, new Float64Array(2), { alpha: 0.85 })).toThrow(/2 entries for 1 nodes/);
    expect(() => personalizedPageRank(csr, Float64Array.from([-1]), { alpha: 0.85 })).toThrow(
      /personalization\[0\] is -1/,
    );
  });

  it('lets rank flow backward along an edge only by the backward factor', () => {
    const g: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
    for (const n of ['callee', 'caller', 'other']) g.addNode(n, { kind: 'source', language: null, module: '' });
    g.addDirectedEdgeWithKey('e', 'caller', 'callee', { type: 'shared-symbol', weight: 2, label: 'f' });
    g.addDirectedEdgeWithKey('o', 'callee', 'other', { type: 'shared-symbol', weight: 1, label: 'g' });
    const both: EdgeFlow = { ...forwardOnly, 'shared-symbol': { forward: 1, backward: 0.5 } };
    const csr = buildCsr(graphEdges(g), both, ['callee', 'caller', 'other']);
    // callee → caller carries 2 × 0.5 = 1 and callee → other 1: half each (2/3 and 1/3
    // without the backward factor); caller → callee carries all of caller's rank.
    expect([...csr.neighbors.subarray(csr.starts[0]!, csr.starts[1]!)]).toEqual([1, 2]);
    expect([...csr.weights.subarray(csr.starts[0]!, csr.starts[1]!)]).toEqual([0.5, 0.5]);
    expect([...csr.weights.subarray(csr.starts[1]!, csr.starts[2]!)]).toEqual([1]);
    const seeded = personalizedPageRank(csr, Float64Array.from([1, 0, 0]), { alpha: 0.85 }).scores;
    expect(seeded[1]).toBeGreaterThan(0);
  });
});
