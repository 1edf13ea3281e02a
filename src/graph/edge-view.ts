/**
 * The edges of a file graph as the rank stage reads them, over the typed arrays a file
 * graph holds (`EdgeTable`): every edge with its endpoints, and the edges stored from one
 * file to another.
 */
import type { MultiDirectedGraph } from 'graphology';
import type { EdgeType, FileKind, LanguageId } from '../types.js';
import type { EdgeSpec } from './edge.js';

export interface FileNodeAttributes {
  kind: FileKind;
  language: LanguageId | null;
  module: string;
}

export interface FileEdgeAttributes {
  type: EdgeType;
  weight: number;
  label: string;
}

/**
 * The order a full build adds edges in: by type in this order, then by source and target
 * path (byte order). Whatever sums weights or breaks ties across a pair's edges
 * follows it, so a graph made by `updateFileGraph` (whose edges stand in another order)
 * gives exactly what a fresh build gives.
 */
export const EDGE_ORDER: readonly EdgeType[] = ['import', 'co-change', 'same-module', 'shared-symbol', 'source-test'];

export type FileGraphology = MultiDirectedGraph<FileNodeAttributes, FileEdgeAttributes>;

export interface EdgeView {
  /** Number of stored edges. */
  readonly size: number;
  /** Every stored edge, with the paths of its source and target. */
  forEachEdge(visit: (attributes: FileEdgeAttributes, source: string, target: string) => void): void;
  /** The edges stored from `source` to `target` (none when either path is not a node). */
  forEachEdgeBetween(source: string, target: string, visit: (attributes: FileEdgeAttributes) => void): void;
  /**
   * Every stored edge with its endpoints as positions in `nodes`, when the view holds
   * them so (a table over that very array): false, visiting nothing, otherwise.
   */
  forEachEdgeAt?(
    nodes: readonly string[],
    visit: (type: EdgeType, weight: number, source: number, target: number) => void,
  ): boolean;
  /**
   * Per edge type, each node's stored edges in which it is the target (`in`) and the
   * source (`out`), nodes by their position in `nodes` (which hold every endpoint).
   */
  degrees(nodes: readonly string[]): Record<EdgeType, { in: Int32Array; out: Int32Array }>;
}

/**
 * A file graph's edges in typed arrays: edge k goes from node `sources[k]` to
 * `targets[k]` (positions in the corpus' paths), of type `EDGE_ORDER[types[k]]`, with
 * its weight and its label (`labels[labelIds[k]]`).
 */
export interface EdgeTable {
  sources: Int32Array;
  targets: Int32Array;
  types: Uint8Array;
  weights: Float64Array;
  labelIds: Int32Array;
  labels: string[];
}

/** An edge table of `n` rows to fill, and the id of a label in it (the label added at its first use: each is held once). */
export function newEdgeTable(n: number): { table: EdgeTable; labelId: (label: string) => number } {
  const table: EdgeTable = {
    sources: new Int32Array(n),
    targets: new Int32Array(n),
    types: new Uint8Array(n),
    weights: new Float64Array(n),
    labelIds: new Int32Array(n),
    labels: [],
  };
  const ids = new Map<string, number>();
  const labelId = (label: string): number => {
    let id = ids.get(label);
    if (id === undefined) {
      ids.set(label, (id = table.labels.length));
      table.labels.push(label);
    }
    return id;
  };
  return { table, labelId };
}

/** Writes `specs` into rows `at`, `at + 1`, … of a table from `newEdgeTable` (`position`: path → node number); returns the next row. */
export function writeSpecs(
  into: ReturnType<typeof newEdgeTable>,
  at: number,
  specs: Iterable<EdgeSpec>,
  position: ReadonlyMap<string, number>,
): number {
  const { table, labelId } = into;
  for (const e of specs) {
    table.sources[at] = position.get(e.source)!;
    table.targets[at] = position.get(e.target)!;
    table.types[at] = TYPE_IDS.get(e.type)!;
    table.weights[at] = e.weight;
    table.labelIds[at] = labelId(e.label);
    at++;
  }
  return at;
}

const TYPE_IDS = new Map(EDGE_ORDER.map((t, i) => [t, i]));

/** The edge view of a table over `paths` (`ids`: path → position); the out-edges of each node are found on first use. */
export function tableEdges(table: EdgeTable, paths: readonly string[], ids: ReadonlyMap<string, number>): EdgeView {
  const attributesOf = (k: number): FileEdgeAttributes => ({
    type: EDGE_ORDER[table.types[k]!]!,
    weight: table.weights[k]!,
    label: table.labels[table.labelIds[k]!]!,
  });
  let starts: Int32Array | undefined;
  let order: Int32Array | undefined;
  const outEdges = (): [Int32Array, Int32Array] => {
    if (!starts || !order) {
      // indexed loops, no callback or iterator per edge: this runs once, mostly before it is compiled
      const { sources } = table;
      starts = new Int32Array(paths.length + 1);
      for (let k = 0; k < sources.length; k++) starts[sources[k]! + 1]!++;
      for (let i = 0; i < paths.length; i++) starts[i + 1]! += starts[i]!;
      const next = starts.slice(0, paths.length);
      order = new Int32Array(sources.length);
      for (let k = 0; k < sources.length; k++) order[next[sources[k]!]!++] = k;
    }
    return [starts, order];
  };
  /** Whether `nodes` are the view's paths in its order (the view's positions are theirs). */
  const sameNodes = (nodes: readonly string[]): boolean =>
    nodes === paths || (nodes.length === paths.length && nodes.every((p, i) => p === paths[i]));
  return {
    size: table.sources.length,
    forEachEdge(visit) {
      for (let k = 0; k < table.sources.length; k++)
        visit(attributesOf(k), paths[table.sources[k]!]!, paths[table.targets[k]!]!);
    },
    forEachEdgeAt(nodes, visit) {
      if (!sameNodes(nodes)) return false;
      for (let k = 0; k < table.sources.length; k++)
        visit(EDGE_ORDER[table.types[k]!]!, table.weights[k]!, table.sources[k]!, table.targets[k]!);
      return true;
    },
    degrees(nodes) {
      // one pass over the typed arrays, no call per edge: a warm process ranks once, and a
      // callback per edge ran ~20 ms on tokio + click + vite (~100k edges) before it was compiled
      const position = sameNodes(nodes) ? null : new Map(nodes.map((p, i) => [p, i]));
      // a path not among `nodes` gets -1, which a typed array's write ignores
      const at = position && Int32Array.from(paths, (p) => position.get(p) ?? -1);
      const into = EDGE_ORDER.map(() => ({ in: new Int32Array(nodes.length), out: new Int32Array(nodes.length) }));
      const { sources, targets, types } = table;
      for (let k = 0; k < sources.length; k++) {
        const d = into[types[k]!]!;
        const s = sources[k]!;
        const t = targets[k]!;
        d.out[at ? at[s]! : s]!++;
        d.in[at ? at[t]! : t]!++;
      }
      return Object.fromEntries(EDGE_ORDER.map((t, i) => [t, into[i]!])) as Record<
        EdgeType,
        { in: Int32Array; out: Int32Array }
      >;
    },
    forEachEdgeBetween(source, target, visit) {
      const s = ids.get(source);
      const t = ids.get(target);
      if (s === undefined || t === undefined) return;
      const [from, edges] = outEdges();
      for (let q = from[s]!; q < from[s + 1]!; q++) if (table.targets[edges[q]!] === t) visit(attributesOf(edges[q]!));
    },
  };
}
