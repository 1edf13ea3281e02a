import type { Csr } from '../rank/csr.js';
import type { Incoming } from '../rank/reasons.js';

export const BEST_PATHS_DEFAULTS = {
  /** How many paths to return. */
  paths: 3,
  /** Longest path, in edges. */
  maxHops: 4,
  /** Partial paths taken off the queue before giving up (bounds the work on dense graphs). */
  maxExpansions: 5_000,
};

export type BestPathsOptions = Partial<typeof BEST_PATHS_DEFAULTS>;

/** A walk from a seed to the target: node ids in walk order, and the PageRank mass it carries. */
export interface FlowPath {
  nodes: number[];
  /** origin(seed) × Π α × P(edge): the target's PageRank that starts at the seed and follows exactly these edges. */
  flow: number;
}

interface PartialPath {
  /** Nodes from the current origin to the target. */
  nodes: number[];
  /** Π α × P(edge) along `nodes`. */
  gain: number;
  /** Complete: the path's flow. Partial: ppr(origin) × gain, a bound on every path that ends with it. */
  flow: number;
  complete: boolean;
}

/**
 * The walks from seeds to `target` that carry the most of its PageRank, strongest
 * first. PageRank is a sum over walks: each starts with a seed's teleported mass
 * `origin[s]` and multiplies α × P(edge) per step. A best-first search backwards from
 * the target over in-edges, with ppr(u) × gain as the bound of a partial path
 * (ppr(u) ≥ origin[u] + α Σ ppr(j) P(j→u), so no extension beats it), takes complete
 * paths off the queue in order of flow. Paths are simple, may pass through other
 * seeds, and are at most maxHops long.
 */
export function strongestPaths(
  target: number,
  origin: Float64Array,
  ppr: Float64Array,
  csr: Csr,
  incoming: Incoming,
  alpha: number,
  options: BestPathsOptions = {},
): FlowPath[] {
  const o = { ...BEST_PATHS_DEFAULTS, ...options };
  const queue = new MaxQueue();
  queue.push({ nodes: [target], gain: 1, flow: ppr[target]!, complete: false });
  const found: FlowPath[] = [];
  for (let expansions = 0; expansions < o.maxExpansions && found.length < o.paths; expansions++) {
    const item = queue.pop();
    if (!item) break;
    if (item.complete) {
      found.push({ nodes: item.nodes, flow: item.flow });
      continue;
    }
    const first = item.nodes[0]!;
    if (item.nodes.length > 1 && origin[first]! > 0)
      queue.push({ ...item, flow: origin[first]! * item.gain, complete: true });
    if (item.nodes.length > o.maxHops) continue;
    for (let a = incoming.starts[first]!; a < incoming.starts[first + 1]!; a++) {
      const j = incoming.sources[a]!;
      if (item.nodes.includes(j)) continue;
      const gain = item.gain * alpha * csr.weights[incoming.slots[a]!]!;
      const flow = ppr[j]! * gain;
      if (flow > 0) queue.push({ nodes: [j, ...item.nodes], gain, flow, complete: false });
    }
  }
  return found;
}

/**
 * The mass each seed injects per iteration at PageRank's fixed point: the teleport
 * (1 − α) plus the dangling nodes' mass (α × Σ ppr over them), split like the seed
 * weights. No seed at all → none (PageRank was uniform; no path starts anywhere in particular).
 */
export function seedMass(direct: Float64Array, ppr: Float64Array, csr: Csr, alpha: number): Float64Array {
  let total = 0;
  for (let j = 0; j < direct.length; j++) total += direct[j]!;
  const out = new Float64Array(direct.length);
  if (total === 0) return out;
  let dangling = 0;
  for (let d = 0; d < csr.dangling.length; d++) dangling += ppr[csr.dangling[d]!]!;
  const mass = alpha * dangling + (1 - alpha);
  for (let j = 0; j < direct.length; j++) out[j] = (mass * direct[j]!) / total;
  return out;
}

/** Larger flow first, complete paths before partial ones; then by node ids (paths are sorted, so by path names): deterministic. */
function before(a: PartialPath, b: PartialPath): boolean {
  if (a.flow !== b.flow) return a.flow > b.flow;
  if (a.complete !== b.complete) return a.complete;
  const n = Math.min(a.nodes.length, b.nodes.length);
  for (let i = 0; i < n; i++) if (a.nodes[i] !== b.nodes[i]) return a.nodes[i]! < b.nodes[i]!;
  return a.nodes.length < b.nodes.length;
}

/** Binary max-heap of partial paths. */
class MaxQueue {
  private readonly items: PartialPath[] = [];

  push(item: PartialPath): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(a[i]!, a[parent]!)) break;
      [a[i], a[parent]] = [a[parent]!, a[i]!];
      i = parent;
    }
  }

  pop(): PartialPath | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}
