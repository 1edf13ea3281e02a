/**
 * The file graph of one corpus, held as an edge table (typed arrays): what a build
 * writes, a snapshot keeps and an update makes from the earlier table. The rank stage
 * reads it through `edges`; its graphology graph is made from the table when a caller
 * asks for `graph` (the library API, the benches).
 */
import { MultiDirectedGraph } from 'graphology';
import { EDGE_TYPES, type EdgeType, type FileRecord } from '../types.js';
import type { GRAPH_DEFAULTS } from './defaults.js';
import type { EdgeSpec } from './edge.js';
import { EDGE_ORDER, tableEdges, type EdgeTable, type EdgeView, type FileGraphology } from './edge-view.js';
import type { ImportRecord, ImportStats } from './edges/import.js';
import type { SourceTestConventions } from './edges/source-test.js';
import { moduleOf } from './module.js';
import { edgeKey } from './node-ids.js';
import type { ResolveContext } from './resolve/index.js';
import type { SymbolTable } from './symbols.js';

/** The file graph of one corpus, with what built it. */
export interface FileGraph {
  /** The graph in graphology, made from the table on first use. */
  readonly graph: FileGraphology;
  /** The edges as the rank stage reads them. */
  readonly edges: EdgeView;
  /** The edges in typed arrays, a node's number its position in the corpus' paths. */
  table(): EdgeTable;
  /** The corpus' paths in order: the nodes. */
  readonly paths: readonly string[];
  symbols: SymbolTable;
  imports: ImportStats;
  edgeCounts: Record<EdgeType, number>;
  /** What `updateFileGraph` reuses. */
  readonly basis: GraphBasis;
  /**
   * Of a graph `updateFileGraph` made over the same paths (and the same manifests and
   * history): the nodes at either end of an edge it dropped, added or reweighed. Every
   * other node has the earlier graph's edges, so its CSR rows are the earlier CSRs' (`patchCsr`).
   */
  readonly rowsChanged?: ReadonlySet<string>;
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
export type GraphParts = Pick<FileGraph, 'symbols' | 'imports' | 'edgeCounts' | 'basis' | 'rowsChanged'>;

/** Path → position in `paths` (a node's number). */
export function positionsOf(paths: readonly string[]): Map<string, number> {
  const ids = new Map<string, number>();
  paths.forEach((p, i) => ids.set(p, i));
  return ids;
}

/** The file graph whose edges `table` holds over `files` (their paths, in order, are the nodes). */
export function tableFileGraph(files: readonly FileRecord[], table: EdgeTable, parts: GraphParts): FileGraph {
  const paths = files.map((f) => f.path);
  let graph: FileGraphology | undefined;
  let edges: EdgeView | undefined;
  return {
    get graph() {
      return (graph ??= graphologyOf(files, paths, table));
    },
    get edges() {
      return (edges ??= tableEdges(table, paths, positionsOf(paths)));
    },
    table: () => table,
    paths,
    ...parts,
  };
}

/** The graphology graph of an edge table over `files` (`paths`, theirs), its edges in the table's order. */
function graphologyOf(files: readonly FileRecord[], paths: readonly string[], table: EdgeTable): FileGraphology {
  const graph: FileGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
  for (const f of files) graph.addNode(f.path, { kind: f.kind, language: f.language, module: moduleOf(f.path) });
  const { sources, targets, types, weights, labelIds, labels } = table;
  for (let k = 0; k < sources.length; k++) {
    const type = EDGE_ORDER[types[k]!]!;
    const s = sources[k]!;
    const t = targets[k]!;
    graph.addDirectedEdgeWithKey(edgeKey(type, s, t), paths[s]!, paths[t]!, {
      type,
      weight: weights[k]!,
      label: labels[labelIds[k]!]!,
    });
  }
  return graph;
}

/** Edges per type in a table. */
export function tableEdgeCounts(table: EdgeTable): Record<EdgeType, number> {
  const counts = Object.fromEntries(EDGE_TYPES.map((t) => [t, 0])) as Record<EdgeType, number>;
  for (const type of table.types) counts[EDGE_ORDER[type]!]++;
  return counts;
}
