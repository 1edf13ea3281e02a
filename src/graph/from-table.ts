/**
 * A file graph made again from what a persisted index keeps of it, instead of resolving
 * imports and matching shared symbols again: its edges as a table (./edge-view.ts), its
 * symbol table's parts and each file's import record. The graph holds the table as it
 * was kept (graphology's graph is made from it only when a caller asks); the symbol table
 * and the update basis are those of the graph the parts were taken of, so
 * `updateFileGraph` applies to it as to that graph.
 */
import { resolveOptions } from '../options/resolve.js';
import type { FileRecord } from '../types.js';
import { GRAPH_DEFAULTS, type GraphOptions } from './defaults.js';
import type { EdgeSpec } from './edge.js';
import { compareByteOrder } from '../text/order.js';
import { EDGE_ORDER, type EdgeTable } from './edge-view.js';
import { importStats, type ImportRecord } from './edges/import.js';
import { SourceTestConventions } from './edges/source-test.js';
import { tableEdgeCounts, tableFileGraph, type FileGraph } from './file-graph.js';
import type { ResolveContext } from './resolve/index.js';
import { SymbolTable, type SymbolTableParts } from './symbols.js';

/** Each file's import record in arrays: file `files[k]` (a position in the paths) has `probes[starts[k] .. starts[k + 1])`. */
export interface ImportRecordParts {
  files: Int32Array;
  imports: Int32Array;
  resolved: Int32Array;
  starts: Float64Array;
  probes: Uint32Array;
}

/** The import records of a graph's basis as arrays over `ids` (path → position). */
export function importRecordParts(
  records: ReadonlyMap<string, ImportRecord>,
  ids: ReadonlyMap<string, number>,
): ImportRecordParts {
  const entries = [...records];
  const starts = new Float64Array(entries.length + 1);
  entries.forEach(([, r], k) => (starts[k + 1] = starts[k]! + r.probes.length));
  const probes = new Uint32Array(starts[entries.length]!);
  entries.forEach(([, r], k) => probes.set(r.probes, starts[k]!));
  return {
    files: Int32Array.from(entries, ([path]) => ids.get(path)!),
    imports: Int32Array.from(entries, ([, r]) => r.imports),
    resolved: Int32Array.from(entries, ([, r]) => r.resolved),
    starts,
    probes,
  };
}

/** What a persisted index keeps of its file graph. */
export interface KeptGraph {
  edges: EdgeTable;
  symbols: SymbolTableParts;
  imports: ImportRecordParts;
}

/**
 * The file graph of `files` (whose paths, in order, the kept parts' positions refer to)
 * from the kept parts; `resolve` is the import resolver's tables of those files and their
 * tags (`buildResolveContext`), `options` and the history are the build's.
 */
export function fileGraphOfKept(
  files: readonly FileRecord[],
  resolve: ResolveContext,
  kept: KeptGraph,
  options: GraphOptions,
  history: readonly (readonly string[])[],
  historyKey: string,
): FileGraph {
  const o = resolveOptions(GRAPH_DEFAULTS, options, 'graph');
  const paths = files.map((f) => f.path);
  const otherEdges = otherEdgesOf(kept.edges, paths);
  const importRecords = new Map<string, ImportRecord>();
  const { files: at, imports, resolved, starts, probes } = kept.imports;
  at.forEach((file, k) =>
    importRecords.set(paths[file]!, {
      probes: probes.slice(starts[k]!, starts[k + 1]!),
      imports: imports[k]!,
      resolved: resolved[k]!,
    }),
  );
  return tableFileGraph(files, kept.edges, {
    symbols: SymbolTable.fromParts(kept.symbols, paths),
    imports: importStats(importRecords),
    edgeCounts: tableEdgeCounts(kept.edges),
    basis: {
      options: o,
      historyKey,
      history,
      otherEdges,
      resolve,
      importRecords,
      conventions: new SourceTestConventions(files),
    },
  });
}

/** The edges of a table that are not shared-symbol ones (`GraphBasis.otherEdges`), over `paths` (the nodes), in the order updates merge and compare them in. */
export function otherEdgesOf(table: EdgeTable, paths: readonly string[]): EdgeSpec[] {
  const { sources, targets, types, weights, labelIds, labels } = table;
  // compareEdges' order, by numbers: each type's and each path's place in byte order (a
  // comparison of three strings per pair of ~50k edges was 6 ms of a one-file update)
  const typePlace = placesInByteOrder(EDGE_ORDER);
  const pathPlace = placesInByteOrder(paths);
  const rows: number[] = [];
  for (let k = 0; k < sources.length; k++) if (EDGE_ORDER[types[k]!] !== 'shared-symbol') rows.push(k);
  rows.sort(
    (a, b) =>
      typePlace[types[a]!]! - typePlace[types[b]!]! ||
      pathPlace[sources[a]!]! - pathPlace[sources[b]!]! ||
      pathPlace[targets[a]!]! - pathPlace[targets[b]!]!,
  );
  return rows.map((k) => ({
    type: EDGE_ORDER[types[k]!]!,
    source: paths[sources[k]!]!,
    target: paths[targets[k]!]!,
    weight: weights[k]!,
    label: labels[labelIds[k]!]!,
  }));
}

/** Each of distinct `strings`' place among them in byte order; the identity when they are sorted already. */
function placesInByteOrder(strings: readonly string[]): Int32Array {
  const places = Int32Array.from(strings, (_, i) => i);
  let sorted = true;
  for (let i = 1; i < strings.length && sorted; i++) sorted = compareByteOrder(strings[i - 1]!, strings[i]!) < 0;
  if (sorted) return places;
  [...places].sort((a, b) => compareByteOrder(strings[a]!, strings[b]!)).forEach((i, k) => (places[i] = k));
  return places;
}
