import type { EdgeType } from '../types.js';
import { EDGE_ORDER, positionsOf, type EdgeView } from '../graph/index.js';
import { compareCodeUnits } from '../text/order.js';

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
export function buildCsr(graph: EdgeView, flow: EdgeFlow, nodes: string[], indexOf: Map<string, number> = positionsOf(nodes)): Csr {
  return buildCsrs(graph, [flow], nodes, indexOf)[0]!;
}

/**
 * The CSR of each flow of `flows`, as `buildCsr` builds it, from one walk of the edges and
 * one ordering of their entries (`csrBuilder`).
 */
export function buildCsrs(graph: EdgeView, flows: readonly EdgeFlow[], nodes: string[], indexOf: Map<string, number> = positionsOf(nodes)): Csr[] {
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
export function csrBuilder(graph: EdgeView, nodes: string[], indexOf: Map<string, number> = positionsOf(nodes), { reuse = false } = {}): (flow: EdgeFlow) => Csr {
  let entries: Entries | undefined;
  let buffers: RowBuffers | undefined;
  return (flow) => {
    const e = (entries ??= entriesOf(graph, nodes, indexOf));
    // the flow's factor per (type, direction)
    const factor = new Float64Array(2 * EDGE_ORDER.length);
    EDGE_ORDER.forEach((type, k) => {
      factor[2 * k] = flow[type].forward;
      factor[2 * k + 1] = flow[type].backward;
    });
    // with `reuse`, one set of arrays for every CSR made (each a view of them until the next)
    if (reuse) buffers ??= { starts: new Int32Array(nodes.length + 1), neighbors: new Int32Array(e.count), weights: new Float64Array(e.count) };
    // an entry's weight under the flow, made when read rather than kept (8 bytes an entry: 35 MB at 100k files)
    const weightOf = (k: number): number => e.weight[k]! * factor[2 * e.type[k]! + e.backward[k]!]!;
    return rowsOf(nodes.length, nodes, indexOf, e.sorted, e.count, e.row, e.col, weightOf, buffers);
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

function entriesOf(graph: EdgeView, nodes: string[], indexOf: Map<string, number>): Entries {
  const order = nodes.length;
  // A node's rank in code-unit order of paths, as the graph build orders edges by.
  const unitRank = new Int32Array(order);
  nodes
    .map((_, i) => i)
    .sort((a, b) => compareCodeUnits(nodes[a]!, nodes[b]!))
    .forEach((node, r) => (unitRank[node] = r));
  // Directed entries (row, column, type, weight) in edge order, two per edge (forward and
  // backward), in typed arrays: a Map per row cost ~25 MB of short-lived heap per build on
  // a 10k-file graph (issue 6, peak RSS).
  const capacity = 2 * graph.size;
  const entryRow = new Int32Array(capacity);
  const entryCol = new Int32Array(capacity);
  const entryType = new Uint8Array(capacity);
  const entryBackward = new Uint8Array(capacity);
  const entryWeight = new Float64Array(capacity);
  // Where the entry's edge comes in EDGE_ORDER among the edges of its pair: type, then
  // whether its source is the pair's first path.
  const entryPlace = new Int32Array(capacity);
  let entries = 0;
  const push = (i: number, j: number, type: number, backward: number, w: number, place: number): void => {
    if (i === j) return;
    entryRow[entries] = i;
    entryCol[entries] = j;
    entryType[entries] = type;
    entryBackward[entries] = backward;
    entryWeight[entries] = w;
    entryPlace[entries] = place;
    entries++;
  };
  const visit = (type: EdgeType, weight: number, s: number, t: number): void => {
    const typeId = TYPE_PLACE.get(type)!;
    const place = 2 * typeId + (unitRank[s]! < unitRank[t]! ? 0 : 1);
    push(s, t, typeId, 0, weight, place);
    push(t, s, typeId, 1, weight, place);
  };
  if (!graph.forEachEdgeAt?.(nodes, visit)) graph.forEachEdge((attr, source, target) => visit(attr.type, attr.weight, indexOf.get(source)!, indexOf.get(target)!));
  // Three stable counting sorts (by place, column, then row) order the entries by (row,
  // column) with parallel entries in EDGE_ORDER, so their weights add up in one order
  // and each row's columns come out ascending.
  const byPlace = stableOrder(entryPlace, entries, 2 * EDGE_ORDER.length, null);
  const byColumn = stableOrder(entryCol, entries, order, byPlace);
  const sorted = stableOrder(entryRow, entries, order, byColumn);
  return { count: entries, row: entryRow, col: entryCol, type: entryType, backward: entryBackward, weight: entryWeight, sorted };
}

/** The CSR of the sorted entries, less those of no weight (0 or less) under the flow (`weight`, per entry). */
function rowsOf(
  order: number,
  nodes: string[],
  indexOf: Map<string, number>,
  sorted: Int32Array,
  entries: number,
  entryRow: Int32Array,
  entryCol: Int32Array,
  weight: (entry: number) => number,
  into?: RowBuffers,
): Csr {
  let m = 0;
  let last = -1;
  for (let k = 0; k < entries; k++) {
    const e = sorted[k]!;
    if (weight(e) <= 0) continue;
    if (last < 0 || entryRow[last] !== entryRow[e] || entryCol[last] !== entryCol[e]) m++;
    last = e;
  }
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
 * the same flow over the same `nodes` of a graph that differs from `graph` only in edges
 * at `rows`: `FileGraph.rowsChanged`): those rows made again from their edges, walked and
 * summed in the order `buildCsr` walks and sums them (so the same doubles), every other
 * row copied. One walk of the edges, no sort of all of them.
 */
export function patchCsr(earlier: Csr, graph: EdgeView, flow: EdgeFlow, rows: ReadonlySet<number>): Csr {
  const { order, nodes, indexOf } = earlier;
  const changed = new Uint8Array(order);
  for (const i of rows) changed[i] = 1;
  // the entries of the changed rows, in walk order, as entriesOf makes them
  const row: number[] = [];
  const col: number[] = [];
  const place: number[] = [];
  const weight: number[] = [];
  const push = (i: number, j: number, type: number, backward: number, w: number, at: number): void => {
    if (i === j || changed[i] === 0) return;
    const x = w * (backward ? flow[EDGE_ORDER[type]!].backward : flow[EDGE_ORDER[type]!].forward);
    row.push(i);
    col.push(j);
    place.push(at);
    weight.push(x);
  };
  const visit = (type: EdgeType, w: number, s: number, t: number): void => {
    if (changed[s] === 0 && changed[t] === 0) return;
    const typeId = TYPE_PLACE.get(type)!;
    const at = 2 * typeId + (compareCodeUnits(nodes[s]!, nodes[t]!) < 0 ? 0 : 1);
    push(s, t, typeId, 0, w, at);
    push(t, s, typeId, 1, w, at);
  };
  if (!graph.forEachEdgeAt?.(nodes, visit)) graph.forEachEdge((attr, source, target) => visit(attr.type, attr.weight, indexOf.get(source)!, indexOf.get(target)!));
  // by (row, column, place), ties in walk order: the order of entriesOf's three stable sorts
  const sorted = row.map((_, k) => k).sort((a, b) => row[a]! - row[b]! || col[a]! - col[b]! || place[a]! - place[b]! || a - b);
  // each changed row's columns and summed weights (entries of no weight left out)
  const made = new Map<number, { cols: number[]; weights: number[] }>();
  for (const i of rows) made.set(i, { cols: [], weights: [] });
  for (let n = 0; n < sorted.length; ) {
    const k = sorted[n]!;
    const r = made.get(row[k]!)!;
    const j = col[k]!;
    let w = 0;
    let any = false;
    for (; n < sorted.length && row[sorted[n]!] === row[k] && col[sorted[n]!] === j; n++) {
      const x = weight[sorted[n]!]!;
      if (x <= 0) continue;
      w += x;
      any = true;
    }
    if (!any) continue;
    r.cols.push(j);
    r.weights.push(w);
  }
  let m = 0;
  for (let i = 0; i < order; i++) m += made.get(i)?.cols.length ?? earlier.starts[i + 1]! - earlier.starts[i]!;
  const starts = new Int32Array(order + 1);
  const neighbors = new Int32Array(m);
  const weights = new Float64Array(m);
  const dangling: number[] = [];
  let k = 0;
  for (let i = 0; i < order; i++) {
    starts[i] = k;
    const own = made.get(i);
    if (own) {
      let sum = 0;
      for (const w of own.weights) sum += w;
      own.cols.forEach((j, q) => {
        neighbors[k + q] = j;
        weights[k + q] = own.weights[q]! / sum;
      });
      k += own.cols.length;
    } else {
      const from = earlier.starts[i]!;
      const to = earlier.starts[i + 1]!;
      neighbors.set(earlier.neighbors.subarray(from, to), k);
      weights.set(earlier.weights.subarray(from, to), k);
      k += to - from;
    }
    if (starts[i] === k) dangling.push(i);
  }
  starts[order] = k;
  return { order, nodes, indexOf, starts, neighbors, weights, dangling: Int32Array.from(dangling) };
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
export function keptCsr(kept: readonly CsrParts[], flow: EdgeFlow, nodes: string[], indexOf: Map<string, number>): Csr | undefined {
  const key = JSON.stringify(flow);
  const parts = kept.find((p) => p.flow === key);
  if (!parts || parts.starts.length !== nodes.length + 1 || parts.starts[nodes.length] !== parts.neighbors.length || parts.weights.length !== parts.neighbors.length) return undefined;
  const { starts, neighbors, weights, dangling } = parts;
  return { order: nodes.length, nodes, indexOf, starts, neighbors, weights, dangling };
}
