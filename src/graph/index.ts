export { buildFileGraph, edgeOf, EDGE_ORDER, type FileGraph, type GraphBasis, type FileGraphology, type FileNodeAttributes, type FileEdgeAttributes } from './build.js';
export { GRAPH_DEFAULTS, GENERIC_NAMES, type GraphOptions } from './defaults.js';
export { SymbolTable } from './symbols.js';
export { moduleOf, baseName } from './module.js';
export { testStem, conventionSources } from './edges/source-test.js';
export { nameWeight } from './edges/shared-symbol.js';
export { updateFileGraph, type GraphBefore } from './update.js';
export { readsText } from './resolve/index.js';
export { exportDefiners, moduleFiles, type ExportSource } from './exports.js';
