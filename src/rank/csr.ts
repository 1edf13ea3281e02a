import type { EdgeType } from '../types.js';
import type { FileGraphology } from '../graph/index.js';

/** How much rank flows along each edge type: forward (stored direction) and backward. */
export type EdgeFlow = Record<EdgeType, { forward: number; backward: number }>;

/**
 * Compressed sparse rows of a weighted directed graph, row-normalised:
 * node i's out-edges are neighbors[starts[i] .. starts[i+1]) with probabilities in `weights`.
 * Built once per (index, flow); queries never rebuild it.
 */
export interface Csr {
  order: number;
  nodes: string[];
  indexOf: Map<string, number>;
  starts: Int32Array;
  neighbors: Int32Array;
  /** Transition probabilities (each row sums to 1). */
  weights: Float64Array;
  /** Raw (unnormalised) edge weights after flow factors, for explanations. */
  raw: Float64Array;
  /** Nodes without out-edges. */
  dangling: Int32Array;
}

/**
 * Builds a CSR from a graphology graph. Each stored edge adds source→target with
 * weight × flow.forward and target→source with weight × flow.backward; parallel
 * edges between the same pair (several types) are summed.
 */
export function buildCsr(graph: FileGraphology, flow: EdgeFlow, nodes: string[] = graph.nodes()): Csr {
  const order = nodes.length;
  const indexOf = new Map<string, number>();
  nodes.forEach((n, i) => indexOf.set(n, i));
  const rows: Map<number, number>[] = Array.from({ length: order }, () => new Map());
  const push = (i: number, j: number, w: number): void => {
    if (w <= 0 || i === j) return;
    const row = rows[i]!;
    row.set(j, (row.get(j) ?? 0) + w);
  };
  graph.forEachEdge((_key, attr, source, target) => {
    const f = flow[attr.type];
    const s = indexOf.get(source)!;
    const t = indexOf.get(target)!;
    push(s, t, attr.weight * f.forward);
    push(t, s, attr.weight * f.backward);
  });
  let m = 0;
  for (const row of rows) m += row.size;
  const starts = new Int32Array(order + 1);
  const neighbors = new Int32Array(m);
  const weights = new Float64Array(m);
  const raw = new Float64Array(m);
  const dangling: number[] = [];
  let k = 0;
  for (let i = 0; i < order; i++) {
    starts[i] = k;
    const row = [...rows[i]!.entries()].sort((a, b) => a[0] - b[0]);
    let sum = 0;
    for (const [, w] of row) sum += w;
    if (row.length === 0) dangling.push(i);
    for (const [j, w] of row) {
      neighbors[k] = j;
      raw[k] = w;
      weights[k] = w / sum;
      k++;
    }
  }
  starts[order] = k;
  return { order, nodes, indexOf, starts, neighbors, weights, raw, dangling: Int32Array.from(dangling) };
}
