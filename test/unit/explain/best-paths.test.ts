import fc from 'fast-check';
import { MultiDirectedGraph } from 'graphology';
import { describe, expect, it } from 'vitest';
import type { FileGraphology } from '../../../src/graph/index.js';
import { graphEdges } from '../graph/graphology-edges.js';
import { seedMass, strongestPaths } from '../../../src/explain/best-paths.js';
import { buildCsr, type Csr, type EdgeFlow } from '../../../src/rank/csr.js';
import { Incoming } from '../../../src/rank/reasons.js';
import { personalizedPageRank } from '../../../src/rank/ppr.js';

const forwardOnly: EdgeFlow = {
  import: { forward: 1, backward: 0 },
  'shared-symbol': { forward: 1, backward: 0 },
  'source-test': { forward: 1, backward: 0 },
  'same-module': { forward: 1, backward: 0 },
  'co-change': { forward: 1, backward: 0 },
};
const ALPHA = 0.7;
/** Tight convergence, so the fixed-point bound the search relies on holds to ~1e-13. */
const EXACT = { alpha: ALPHA, tolerance: 1e-14, maxIterations: 2000 };

function graphOf(n: number, edges: [number, number, number][]): { csr: Csr; nodes: string[] } {
  const g: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
  const nodes = Array.from({ length: n }, (_, i) => `f${String(i).padStart(2, '0')}`);
  for (const node of nodes) g.addNode(node, { kind: 'source', language: null, module: '' });
  edges.forEach(([a, b, w], k) => {
    if (a % n !== b % n)
      g.addDirectedEdgeWithKey(`e${k}`, nodes[a % n]!, nodes[b % n]!, { type: 'import', weight: w, label: '' });
  });
  return { csr: buildCsr(graphEdges(g), forwardOnly, nodes), nodes };
}

/** Every simple path of 1..maxHops edges from a node with seed mass to the target, with its flow. */
function bruteForce(target: number, origin: Float64Array, csr: Csr, maxHops: number): number[] {
  const flows: number[] = [];
  const walk = (path: number[], gain: number): void => {
    const head = path[path.length - 1]!;
    if (head === target && path.length > 1) {
      if (origin[path[0]!]! > 0) flows.push(origin[path[0]!]! * gain);
      return;
    }
    if (path.length > maxHops) return;
    for (let k = csr.starts[head]!; k < csr.starts[head + 1]!; k++) {
      const next = csr.neighbors[k]!;
      if (!path.includes(next)) walk([...path, next], gain * ALPHA * csr.weights[k]!);
    }
  };
  for (let s = 0; s < csr.order; s++) if (s !== target) walk([s], 1);
  return flows.sort((a, b) => b - a);
}

describe('strongestPaths', () => {
  it('prefers the strong two-hop walk over the weak direct edge, with the flow PageRank assigns it', () => {
    // s → a (weight 9), s → t (weight 1), a → t: from s, 90% of the walk goes through a.
    const { csr } = graphOf(3, [
      [0, 1, 9],
      [0, 2, 1],
      [1, 2, 1],
    ]);
    const direct = Float64Array.from([1, 0, 0]);
    const { scores: ppr } = personalizedPageRank(csr, direct, EXACT);
    const origin = seedMass(direct, ppr, csr, ALPHA);
    const paths = strongestPaths(2, origin, ppr, csr, new Incoming(csr), ALPHA);
    expect(paths.map((p) => p.nodes)).toEqual([
      [0, 1, 2],
      [0, 2],
    ]);
    expect(paths[0]!.flow).toBeCloseTo(origin[0]! * ALPHA * 0.9 * ALPHA * 1, 12);
    expect(paths[1]!.flow).toBeCloseTo(origin[0]! * ALPHA * 0.1, 12);
    // t is dangling and a is reached only from s: the two walks are all of t's PageRank.
    expect(paths[0]!.flow + paths[1]!.flow).toBeCloseTo(ppr[2]!, 9);
  });

  it('finds nothing from a node no seed reaches, and respects maxHops', () => {
    const { csr } = graphOf(4, [
      [0, 1, 1],
      [1, 2, 1],
      [2, 3, 1],
    ]);
    const direct = Float64Array.from([1, 0, 0, 0]);
    const { scores: ppr } = personalizedPageRank(csr, direct, EXACT);
    const origin = seedMass(direct, ppr, csr, ALPHA);
    expect(strongestPaths(3, origin, ppr, csr, new Incoming(csr), ALPHA, { maxHops: 2 })).toEqual([]);
    expect(strongestPaths(3, origin, ppr, csr, new Incoming(csr), ALPHA, { maxHops: 3 }).map((p) => p.nodes)).toEqual([
      [0, 1, 2, 3],
    ]);
    expect(strongestPaths(0, origin, ppr, csr, new Incoming(csr), ALPHA)).toEqual([]);
  });

  it('returns the same top flows as enumerating every simple path (random graphs)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.double({ min: 0.1, max: 10, noNaN: true })), { maxLength: 30 }),
        // Seed weights 0 or well above underflow: a denormal seed carries no representable flow.
        fc.array(fc.oneof(fc.constant(0), fc.double({ min: 1e-3, max: 1, noNaN: true })), {
          minLength: 9,
          maxLength: 9,
        }),
        fc.nat(),
        (n, edges, weights, t) => {
          const { csr } = graphOf(n, edges);
          const direct = Float64Array.from(weights.slice(0, n));
          const { scores: ppr } = personalizedPageRank(csr, direct, EXACT);
          const origin = seedMass(direct, ppr, csr, ALPHA);
          const target = t % n;
          const found = strongestPaths(target, origin, ppr, csr, new Incoming(csr), ALPHA, {
            paths: 3,
            maxHops: 4,
            maxExpansions: 1e6,
          });
          const expected = bruteForce(target, origin, csr, 4).slice(0, 3);
          expect(found.length).toBe(expected.length);
          found.forEach((p, k) => {
            expect(p.flow).toBeCloseTo(expected[k]!, 10);
            expect(p.nodes[p.nodes.length - 1]).toBe(target);
            expect(origin[p.nodes[0]!]).toBeGreaterThan(0);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
