/**
 * The file graph of one corpus, held one of two ways: as the graphology graph a build
 * makes, or as the edge table (typed arrays) a snapshot keeps and an update makes. Each
 * gives the other on first use: a table-held graph makes its graphology graph when a
 * caller asks for `graph`, a built one its table when a snapshot is written or an update
 * starts from it. The rank stage reads either through `edges`.
 */
import { MultiDirectedGraph } from 'graphology';
import { EDGE_TYPES, type EdgeType, type FileRecord } from '../types.js';
import type { GRAPH_DEFAULTS } from './defaults.js';
import type { EdgeSpec } from './edge.js';
import { EDGE_ORDER, edgeTableOf, graphEdges, tableEdges, type EdgeTable, type EdgeView, type FileGraphology } from './edge-view.js';
import type { ImportRecord, ImportStats } from './edges/import.js';
import type { SourceTestConventions } from './edges/source-test.js';
import { moduleOf } from './module.js';
import { NodeIds } from './node-ids.js';
import type { ResolveContext } from './resolve/index.js';
import type { SymbolTable } from './symbols.js';

/** The file graph of one corpus, with what built it. */
export interface FileGraph {
  /** The graph in graphology (a graph an update or a snapshot made makes it from its table on first use). */
  readonly graph: FileGraphology;
  /** The edges as the rank stage reads them. */
  readonly edges: EdgeView;
  /** The edges in typed arrays, a node's number its position in the corpus' paths (a built graph makes it on first use). */
  table(): EdgeTable;
  /** The corpus' paths in order: the nodes. */
  readonly paths: readonly string[];
  symbols: SymbolTable;
  imports: ImportStats;
  edgeCounts: Record<EdgeType, number>;
  /** What `updateFileGraph` reuses. */
  readonly basis: GraphBasis;
}

/** The parts of a build an update starts from. */
export interface GraphBasis {
  /** The options, defaults merged. */
  options: typeof GRAPH_DEFAULTS;
  /** Says which history the co-change edges came from (the caller's key; '' for none given). */
  historyKey: string;
  /** That history: the file lists of earlier commits. */
  history: readonly (readonly string[])[];
  /**
   * The edges that are not shared-symbol (import, source-test, same-module, co-change: a
   * small part of a graph) in `compareEdges` order: an update that redoes them compares
   * a new list with it instead of walking every edge. Kept up to date by updates.
   */
  otherEdges: readonly EdgeSpec[];
  resolve: ResolveContext;
  /** Per file with tags, what its imports were resolved from. */
  importRecords: Map<string, ImportRecord>;
  conventions: SourceTestConventions;
}

/** What a file graph holds besides its edges. */
export type GraphParts = Pick<FileGraph, 'symbols' | 'imports' | 'edgeCounts' | 'basis'>;

/** Path → position in `paths`. */
function positions(paths: readonly string[]): Map<string, number> {
  const ids = new Map<string, number>();
  paths.forEach((p, i) => ids.set(p, i));
  return ids;
}

/** The file graph a build made in graphology, over `paths` (its nodes, in corpus order). */
export function builtFileGraph(graph: FileGraphology, paths: readonly string[], parts: GraphParts): FileGraph {
  let table: EdgeTable | undefined;
  return {
    graph,
    edges: graphEdges(graph),
    table: () => (table ??= edgeTableOf(graph, positions(paths))),
    paths,
    ...parts,
  };
}

/** The file graph whose edges `table` holds over `files` (their paths, in order, are the nodes). */
export function tableFileGraph(files: readonly FileRecord[], table: EdgeTable, parts: GraphParts): FileGraph {
  const paths = files.map((f) => f.path);
  let graph: FileGraphology | undefined;
  let edges: EdgeView | undefined;
  return {
    get graph() {
      return (graph ??= graphologyOf(files, table));
    },
    get edges() {
      return (edges ??= tableEdges(table, paths, positions(paths)));
    },
    table: () => table,
    paths,
    ...parts,
  };
}

/** The graphology graph of an edge table over `files`. */
function graphologyOf(files: readonly FileRecord[], table: EdgeTable): FileGraphology {
  const graph: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
  const paths = files.map((f) => f.path);
  const nodeIds = new NodeIds(paths);
  for (const f of files) graph.addNode(f.path, { kind: f.kind, language: f.language, module: moduleOf(f.path) });
  const { sources, targets, types, weights, labelIds, labels } = table;
  for (let k = 0; k < sources.length; k++) {
    const type = EDGE_ORDER[types[k]!]!;
    const s = sources[k]!;
    const t = targets[k]!;
    // the nodes were given in the paths' order: a node's number is its position
    graph.addDirectedEdgeWithKey(nodeIds.keyOfNumbers(type, s, t), paths[s]!, paths[t]!, { type, weight: weights[k]!, label: labels[labelIds[k]!]! });
  }
  return graph;
}

/** Edges per type in a table. */
export function tableEdgeCounts(table: EdgeTable): Record<EdgeType, number> {
  const counts = Object.fromEntries(EDGE_TYPES.map((t) => [t, 0])) as Record<EdgeType, number>;
  for (const type of table.types) counts[EDGE_ORDER[type]!]++;
  return counts;
}
