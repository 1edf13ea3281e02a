/**
 * The graph stage's state in a snapshot: the edge table, the symbol table's parts, each
 * file's import record, the resolvers' tables they let a snapshot keep, and the co-change
 * history. Decoded, the edges and symbols are read as they are; the FileGraph (what an
 * update of the graph starts from) and the resolvers' context are made when asked (no
 * import is resolved again). Only src/persist/ imports this module.
 */
import type { Sections } from '../persist/sections.js';
import type { FileRecord, FileTags, LanguageId } from '../types.js';
import type { GraphOptions } from './defaults.js';
import { tableEdges, type EdgeTable, type EdgeView } from './edge-view.js';
import type { FileGraph } from './file-graph.js';
import { fileGraphOfKept, importRecordParts, type ImportRecordParts } from './from-table.js';
import { buildResolveContext, keptTablesOf, type KeptTables, type ResolveContext } from './resolve/index.js';
import { SymbolTable, type SymbolTableParts } from './symbols.js';

/** Bumped whenever the graph's sections change. */
export const GRAPH_STATE_VERSION = 2;

/** The graph's sections of a snapshot. */
export interface GraphState {
  edges: EdgeTable;
  symbols: SymbolTableParts;
  /** Each file's import record (what an update of the graph checks its imports against). */
  imports: ImportRecordParts;
  /** The import resolvers' tables that were built and that their resolvers let a snapshot keep (`keepsTables`): a load builds none of them again. */
  resolverTables: KeptTables;
  /** The history the co-change edges came from (JSON of `string[][]`) and its key. */
  history: { key: string; commits: string };
}

/** The sections of a file graph (`ids`: path → corpus position). */
export function encodeGraph(graph: FileGraph, ids: ReadonlyMap<string, number>): Sections<GraphState> {
  return {
    edges: () => graph.table(),
    symbols: () => graph.symbols.toParts(ids),
    imports: () => importRecordParts(graph.basis.importRecords, ids),
    resolverTables: () => keptTablesOf(graph.basis.resolve),
    history: () => ({ key: graph.basis.historyKey, commits: JSON.stringify(graph.basis.history) }),
  };
}

/** A kept graph: what a rank reads at once, and what the rest of the index makes when asked. */
export interface KeptFileGraph {
  edges: EdgeView;
  symbols: SymbolTable;
  /** The import resolvers' context, made at the first call. */
  resolve(): ResolveContext;
  /** The FileGraph, made at the first call, with `options` the build's (an update of the graph starts from it). */
  fileGraph(options: GraphOptions): FileGraph;
}

/**
 * The graph a snapshot kept over `files` (`paths`, `ids`: their paths and positions);
 * `tagsIn` gives the tags of the files in some languages (a resolver's tables decode those
 * only), or every file's.
 */
export function decodeGraph(
  state: GraphState,
  files: readonly FileRecord[],
  tables: { paths: string[]; ids: Map<string, number> },
  tagsIn: (languages: readonly LanguageId[] | undefined) => FileTags[],
): KeptFileGraph {
  let resolve: ResolveContext | undefined;
  const resolveOf = (): ResolveContext => (resolve ??= buildResolveContext(files, tagsIn, state.resolverTables));
  let graph: FileGraph | undefined;
  return {
    edges: tableEdges(state.edges, tables.paths, tables.ids),
    symbols: SymbolTable.fromParts(state.symbols, tables.paths),
    resolve: resolveOf,
    fileGraph: (options) => {
      if (!graph) {
        const history = JSON.parse(state.history.commits) as string[][];
        const kept = { edges: state.edges, symbols: state.symbols, imports: state.imports };
        // the resolvers' tables a query's cues may have made already (resolve); the rest as an update of the graph asks for them
        graph = fileGraphOfKept(files, resolveOf(), kept, options, history, state.history.key);
      }
      return graph;
    },
  };
}
