import type { EdgeType } from '../types.js';
import { EDGE_ORDER, positionsOf, type EdgeView } from '../graph/index.js';
import { compareByteOrder } from '../text/order.js';

const TYPE_PLACE = new Map(EDGE_ORDER.map((t, i) => [t, i]));

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
  /** Nodes without out-edges. */
  dangling: Int32Array;
}

/**
 * Builds a CSR from a file graph's edges. Each stored edge adds source→target with
 * weight × flow.forward and target→source with weight × flow.backward; parallel
 * edges between the same pair (several types) are summed, in EDGE_ORDER (by type,
 * then by source path), whatever order the graph holds them in. `indexOf` maps each
 * node to its position in `nodes` (made from them when not given: the rank context
 * passes its own, one map for every task's CSR).
 */
export function buildCsr(
  graph: EdgeView,
  flow: EdgeFlow,
  nodes: string[],
  indexOf: Map<string, number> = positionsOf(nodes),
): Csr {
  return buildCsrs(graph, [flow], nodes, indexOf)[0]!;
}

/**
 * The CSR of each flow of `flows`, as `buildCsr` builds it, from one walk of the edges and
 * one ordering of their entries (`csrBuilder`).
 */
export function buildCsrs(
  graph: EdgeView,
  flows: readonly EdgeFlow[],
  nodes: string[],
  indexOf: Map<string, number> = positionsOf(nodes),
): Csr[] {
  const build = csrBuilder(graph, nodes, indexOf);
  return flows.map((flow) => build(flow));
}

/**
 * A maker of CSRs over one graph, as `buildCsr` builds them: the edges are walked and
 * their entries ordered once, at the first CSR, and shared by the next ones, since a flow
 * only weighs the entries (and leaves out the ones it gives no weight). The entries are
 * held as long as the maker is, so a caller that wants several CSRs one at a time (an
 * index snapshot, writing each as it goes) holds one CSR at once, not all of them. With
 * `reuse`, every CSR is made in the same arrays, so a CSR holds only until the next is made:
 * at 100k files each flow's CSR is ~50 MB that a snapshot write no
 * longer leaves to the collector four times over.
 */
export function csrBuilder(
  graph: EdgeView,
  nodes: string[],
  indexOf: Map<string, number> = positionsOf(nodes),
  { reuse = false } = {},
): (flow: EdgeFlow) => Csr {
  let entries: Entries | undefined;
  let buffers: RowBuffers | undefined;
  return (flow) => {
    const e = (entries ??= entriesOf(graph, nodes, indexOf));
    // with `reuse`, one set of arrays for every CSR made (each a view of them until the next)
    if (reuse)
      buffers ??= {
        starts: new Int32Array(nodes.length + 1),
        neighbors: new Int32Array(e.count),
        weights: new Float64Array(e.count),
      };
    return rowsOf(nodes.length, nodes, indexOf, e, flowWeight(e, flow), buffers);
  };
}

/** The arrays a reusing `csrBuilder` makes every CSR in: the CSR's own (neighbors and weights as long as the entries: a CSR has at most as many). */
interface RowBuffers {
  starts: Int32Array;
  neighbors: Int32Array;
  weights: Float64Array;
}

/** A graph's directed entries (two per edge: forward and backward), and their order by (row, column, EDGE_ORDER). */
interface Entries {
  count: number;
  row: Int32Array;
  col: Int32Array;
  type: Uint8Array;
  backward: Uint8Array;
  weight: Float64Array;
  sorted: Int32Array;
}

/**
 * The directed entries of `graph`, ordered (`Entries`); with `rows` (1 per node to take),
 * only the entries of those rows, walked and ordered the same way.
 */
function entriesOf(graph: EdgeView, nodes: string[], indexOf: Map<string, number>, rows?: Uint8Array): Entries {
  const order = nodes.length;
  // Whether s's path comes before t's in byte order, as the graph build orders edges
  // by: a rank per node for a whole graph, a comparison for the few entries of some rows.
  let before: (s: number, t: number) => boolean;
  if (rows) before = (s, t) => compareByteOrder(nodes[s]!, nodes[t]!) < 0;
  else {
    const pathRank = new Int32Array(order);
    nodes
      .map((_, i) => i)
      .sort((a, b) => compareByteOrder(nodes[a]!, nodes[b]!))
      .forEach((node, r) => (pathRank[node] = r));
    before = (s, t) => pathRank[s]! < pathRank[t]!;
  }
  // Directed entries (row, column, type, weight) in edge order, two per edge (forward and
  // backward), in typed arrays: a Map per row cost ~25 MB of short-lived heap per build on
  // a 10k-file graph (issue 6, peak RSS). Some rows' entries start small and grow.
  let capacity = rows ? 1024 : 2 * graph.size;
  let entryRow = new Int32Array(capacity);
  let entryCol = new Int32Array(capacity);
  let entryType = new Uint8Array(capacity);
  let entryBackward = new Uint8Array(capacity);
  let entryWeight = new Float64Array(capacity);
  // Where the entry's edge comes in EDGE_ORDER among the edges of its pair: type, then
  // whether its source is the pair's first path.
  let entryPlace = new Int32Array(capacity);
  const grow = (): void => {
    capacity *= 2;
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a);
      return b;
    };
    entryRow = grown(entryRow, (n) => new Int32Array(n));
    entryCol = grown(entryCol, (n) => new Int32Array(n));
    entryType = grown(entryType, (n) => new Uint8Array(n));
    entryBackward = grown(entryBackward, (n) => new Uint8Array(n));
    entryWeight = grown(entryWeight, (n) => new Float64Array(n));
    entryPlace = grown(entryPlace, (n) => new Int32Array(n));
  };
  let entries = 0;
  const push = (i: number, j: number, type: number, backward: number, w: number, place: number): void => {
    if (i === j || (rows && rows[i] === 0)) return;
    if (entries === capacity) grow();
    entryRow[entries] = i;
    entryCol[entries] = j;
    entryType[entries] = type;
    entryBackward[entries] = backward;
    entryWeight[entries] = w;
    entryPlace[entries] = place;
    entries++;
  };
  const visit = (type: EdgeType, weight: number, s: number, t: number): void => {
    if (rows && rows[s] === 0 && rows[t] === 0) return;
    const typeId = TYPE_PLACE.get(type)!;
    const place = 2 * typeId + (before(s, t) ? 0 : 1);
    push(s, t, typeId, 0, weight, place);
    push(t, s, typeId, 1, weight, place);
  };
  if (!graph.forEachEdgeAt?.(nodes, visit))
    graph.forEachEdge((attr, source, target) =>
      visit(attr.type, attr.weight, indexOf.get(source)!, indexOf.get(target)!),
    );
  // Three stable counting sorts (by place, column, then row) order the entries by (row,
  // column) with parallel entries in EDGE_ORDER, so their weights add up in one order
  // and each row's columns come out ascending.
  const byPlace = stableOrder(entryPlace, entries, 2 * EDGE_ORDER.length, null);
  const byColumn = stableOrder(entryCol, entries, order, byPlace);
  const sorted = stableOrder(entryRow, entries, order, byColumn);
  return {
    count: entries,
    row: entryRow,
    col: entryCol,
    type: entryType,
    backward: entryBackward,
    weight: entryWeight,
    sorted,
  };
}

/** An entry's weight under `flow` (made when read rather than kept: 8 bytes an entry, 35 MB at 100k files). */
function flowWeight(e: Entries, flow: EdgeFlow): (entry: number) => number {
  const factor = new Float64Array(2 * EDGE_ORDER.length);
  EDGE_ORDER.forEach((type, k) => {
    factor[2 * k] = flow[type].forward;
    factor[2 * k + 1] = flow[type].backward;
  });
  return (k) => e.weight[k]! * factor[2 * e.type[k]! + e.backward[k]!]!;
}

/**
 * The CSR of the sorted entries, less those of no weight (0 or less) under the flow
 * (`weight`, per entry). With `copied`, the rows not `changed` are the `earlier` CSR's,
 * copied (the entries then are those of the changed rows only).
 */
function rowsOf(
  order: number,
  nodes: string[],
  indexOf: Map<string, number>,
  { sorted, count: entries, row: entryRow, col: entryCol }: Entries,
  weight: (entry: number) => number,
  into?: RowBuffers,
  copied?: { earlier: Csr; changed: Uint8Array },
): Csr {
  const copiedRow = (i: number): boolean => copied !== undefined && copied.changed[i] === 0;
  let m = 0;
  let last = -1;
  for (let k = 0; k < entries; k++) {
    const e = sorted[k]!;
    if (weight(e) <= 0) continue;
    if (last < 0 || entryRow[last] !== entryRow[e] || entryCol[last] !== entryCol[e]) m++;
    last = e;
  }
  if (copied)
    for (let i = 0; i < order; i++) if (copiedRow(i)) m += copied.earlier.starts[i + 1]! - copied.earlier.starts[i]!;
  const starts = into ? into.starts : new Int32Array(order + 1);
  const neighbors = into ? into.neighbors.subarray(0, m) : new Int32Array(m);
  // each entry's summed weight, then divided by its row's sum in place
  const weights = into ? into.weights.subarray(0, m) : new Float64Array(m);
  const dangling: number[] = [];
  let k = 0;
  let at = 0;
  const skip = (): void => {
    while (at < entries && weight(sorted[at]!) <= 0) at++;
  };
  skip();
  for (let i = 0; i < order; i++) {
    starts[i] = k;
    const rowStart = k;
    if (copiedRow(i)) {
      const { earlier } = copied!;
      const from = earlier.starts[i]!;
      const to = earlier.starts[i + 1]!;
      neighbors.set(earlier.neighbors.subarray(from, to), k);
      weights.set(earlier.weights.subarray(from, to), k);
      k += to - from;
      if (k === rowStart) dangling.push(i);
      continue;
    }
    while (at < entries && entryRow[sorted[at]!] === i) {
      const j = entryCol[sorted[at]!]!;
      let w = 0;
      while (at < entries && entryRow[sorted[at]!] === i && entryCol[sorted[at]!] === j) {
        w += weight(sorted[at++]!);
        skip();
      }
      neighbors[k] = j;
      weights[k] = w;
      k++;
    }
    let sum = 0;
    for (let q = rowStart; q < k; q++) sum += weights[q]!;
    if (k === rowStart) dangling.push(i);
    for (let q = rowStart; q < k; q++) weights[q] = weights[q]! / sum;
  }
  starts[order] = k;
  return { order, nodes, indexOf, starts, neighbors, weights, dangling: Int32Array.from(dangling) };
}

/**
 * Entry positions ordered by `keys` (values in [0, range)), stably: ties keep the order
 * of `input` (the positions 0..count-1 when null).
 */
function stableOrder(keys: Int32Array, count: number, range: number, input: Int32Array | null): Int32Array {
  const start = new Int32Array(range + 1);
  for (let e = 0; e < count; e++) start[keys[e]! + 1]!++;
  for (let v = 0; v < range; v++) start[v + 1]! += start[v]!;
  const out = new Int32Array(count);
  for (let n = 0; n < count; n++) {
    const e = input ? input[n]! : n;
    out[start[keys[e]!]!++] = e;
  }
  return out;
}

/**
 * The CSR `buildCsr` would build for `flow` from `graph`, made from `earlier` (the CSR of
 * the same flow over the same nodes of a graph that differs from `graph` only in edges
 * at `rows`: `FileGraph.rowsChanged`): those rows made again from their entries, walked,
 * ordered and summed as `buildCsr` does (so the same doubles), every other row copied.
 */
export function patchCsr(earlier: Csr, graph: EdgeView, flow: EdgeFlow, rows: ReadonlySet<number>): Csr {
  const { order, nodes, indexOf } = earlier;
  const changed = new Uint8Array(order);
  for (const i of rows) changed[i] = 1;
  const e = entriesOf(graph, nodes, indexOf, changed);
  return rowsOf(order, nodes, indexOf, e, flowWeight(e, flow), undefined, { earlier, changed });
}

/** A CSR as arrays, with the flow it was built for (as JSON), for an index snapshot. */
export interface CsrParts {
  flow: string;
  starts: Int32Array;
  neighbors: Int32Array;
  weights: Float64Array;
  dangling: Int32Array;
}

/** The parts of a CSR built for `flow`. */
export function csrParts(csr: Csr, flow: EdgeFlow): CsrParts {
  const { starts, neighbors, weights, dangling } = csr;
  return { flow: JSON.stringify(flow), starts, neighbors, weights, dangling };
}

/** The CSR among `kept` built for `flow` over `nodes`, if there is one (undefined when the flow differs, or the parts do not fit the nodes). */
export function keptCsr(
  kept: readonly CsrParts[],
  flow: EdgeFlow,
  nodes: string[],
  indexOf: Map<string, number>,
): Csr | undefined {
  const key = JSON.stringify(flow);
  const parts = kept.find((p) => p.flow === key);
  if (
    !parts ||
    parts.starts.length !== nodes.length + 1 ||
    parts.starts[nodes.length] !== parts.neighbors.length ||
    parts.weights.length !== parts.neighbors.length
  )
    return undefined;
  const { starts, neighbors, weights, dangling } = parts;
  return { order: nodes.length, nodes, indexOf, starts, neighbors, weights, dangling };
}
