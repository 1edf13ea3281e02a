import type { EdgeType, FileRecord, FileTags } from '../types.js';
import { resolveOptions } from '../options/resolve.js';
import { GRAPH_DEFAULTS, type GraphOptions } from './defaults.js';
import { EdgeAccumulator, type EdgeSpec } from './edge.js';
import { lazyFields } from '../lazy-fields.js';
import { addCoChangeEdges } from './edges/co-change.js';
import { addImportRows, importStats, keptImportEdges, type ImportRecord, type ImportStats } from './edges/import.js';
import { addSameModuleEdges } from './edges/same-module.js';
import { addSharedSymbolEdges } from './edges/shared-symbol.js';
import { addSourceTestEdges, type SourceTestConventions } from './edges/source-test.js';
import { buildResolveContext, type ResolveContext } from './resolve/index.js';
import { newEdgeTable, writeSpecs, type FileEdgeAttributes } from './edge-view.js';
import { tableEdgeCounts, tableFileGraph, type FileGraph, type GraphBasis } from './file-graph.js';
import { otherEdgesOf } from './from-table.js';
import { SymbolTable } from './symbols.js';

/** The attributes of a file graph's edge (type, source, target), or undefined when it has none. */
export function edgeOf(
  fileGraph: FileGraph,
  type: EdgeType,
  source: string,
  target: string,
): FileEdgeAttributes | undefined {
  let found: FileEdgeAttributes | undefined;
  fileGraph.edges.forEachEdgeBetween(source, target, (a) => {
    if (a.type === type) found = a;
  });
  return found;
}

/** What an update keeps of the earlier import edges: per file whose imports resolve the same, its record and its import edges as they stand. */
export type KeptImports = ReadonlyMap<string, { record: ImportRecord; edges: readonly EdgeSpec[] }>;

/**
 * Every edge but shared-symbol ones, which follow from the paths, imports and history
 * more than from what files define: import edges into `importAcc` (resolved, or for the
 * files in `kept`, taken as they were), then source-test (naming conventions, tests
 * importing sources), same-module and co-change edges into `rest` (which may be the
 * same accumulator). A build and an update that redoes these share it.
 */
export function addPathEdges(
  files: readonly FileRecord[],
  tags: readonly FileTags[],
  history: readonly (readonly string[])[],
  importAcc: EdgeAccumulator,
  rest: EdgeAccumulator,
  o: typeof GRAPH_DEFAULTS,
  kept?: KeptImports,
): {
  importEdges: EdgeSpec[];
  imports: ImportStats;
  resolve: ResolveContext;
  conventions: SourceTestConventions;
  importRecords: Map<string, ImportRecord>;
} {
  const resolve = buildResolveContext(files, tags);
  const importRecords = new Map<string, ImportRecord>();
  addImportRows(resolve, kept ? tags.filter((t) => !kept.has(t.path)) : tags, importAcc, importRecords, o);
  for (const [path, { record, edges }] of kept ?? []) {
    importRecords.set(path, record);
    keptImportEdges(edges, importAcc);
  }
  const importEdges = importAcc.list().filter((e) => e.type === 'import');
  const conventions = addSourceTestEdges(files, importEdges, rest, o);
  addSameModuleEdges(files, rest, o);
  addCoChangeEdges(files, history, rest, o);
  return { importEdges, imports: importStats(importRecords), resolve, conventions, importRecords };
}

/**
 * Builds the file graph: one node per corpus file (code or not), one aggregated
 * edge per (type, source, target). `history` holds the file lists of earlier
 * commits (git corpora) for co-change edges. Files without tags (no grammar, or a failed
 * parse) are nodes too; they take part through same-module edges and path cues.
 */
export function buildFileGraph(
  files: readonly FileRecord[],
  tags: readonly FileTags[],
  options: GraphOptions = {},
  history: readonly (readonly string[])[] = [],
  historyKey = '',
): FileGraph {
  const o = resolveOptions(GRAPH_DEFAULTS, options, 'graph');
  const symbols = new SymbolTable(tags);

  const paths = files.map((f) => f.path);
  const importAcc = new EdgeAccumulator(paths);
  const rest = new EdgeAccumulator(paths);
  addSharedSymbolEdges(tags, symbols, rest, o.sharedSymbol);
  const { importEdges, imports, resolve, conventions, importRecords } = addPathEdges(
    files,
    tags,
    history,
    importAcc,
    rest,
    o,
  );

  // one table row per edge, in the order the edges come: import, then the rest by (type, source, target)
  const position = new Map(paths.map((p, i) => [p, i]));
  const rows = newEdgeTable(importEdges.length + rest.size);
  const at = writeSpecs(rows, 0, importEdges, position);
  writeSpecs(rows, at, rest.specs(), position);
  const basis = { options: o, historyKey, history, resolve, importRecords, conventions } as GraphBasis;
  // read back from the table when an update asks, as a snapshot's graph does: not held as
  // objects (9 MB at 10k files) for an update a one-shot command never makes
  lazyFields(basis, ['otherEdges'], () => ({ otherEdges: otherEdgesOf(rows.table, paths) }));
  // every edge is made: the rank and the snapshot look names up, an update makes the lists again
  symbols.freeze(paths, position);
  return tableFileGraph(files, rows.table, { symbols, imports, edgeCounts: tableEdgeCounts(rows.table), basis });
}
