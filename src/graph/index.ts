export { buildFileGraph, edgeOf } from './build.js';
export type { FileGraph, GraphBasis } from './file-graph.js';
export { positionsOf } from './file-graph.js';
export { GRAPH_DEFAULTS, GENERIC_NAMES, type GraphOptions } from './defaults.js';
export { SymbolTable } from './symbols.js';
export { buildResolveContext, keptTablesOf, type KeptTables, type ResolveContext } from './resolve/index.js';
export { moduleOf, baseName } from './module.js';
export { testStem, conventionSources } from './edges/source-test.js';
export { nameWeight } from './edges/shared-symbol.js';
export { readyForUpdate, updateFileGraph, type GraphBefore } from './update.js';
export { readsText } from './resolve/index.js';
export { exportDefiners, moduleFiles, reExporterOf, type ExportSource } from './exports.js';
export {
  EDGE_ORDER,
  tableEdges,
  type EdgeView,
  type EdgeTable,
  type FileGraphology,
  type FileNodeAttributes,
  type FileEdgeAttributes,
} from './edge-view.js';
export { fileGraphOfKept, importRecordParts, type ImportRecordParts, type KeptGraph } from './from-table.js';
