/** The agent tools over a built index: symbols by name, their references, a file's outline, an edit's impact, the index's status. */
export { NAVIGATE_DEFAULTS } from './defaults.js';
export {
  findSymbols,
  SYMBOL_KINDS,
  SYMBOL_MATCHES,
  type SymbolKind,
  type FindSymbolOptions,
  type SymbolMatch,
  type SymbolMatchKind,
  type SymbolSearch,
} from './find-symbol.js';
export {
  findReferences,
  type FindReferencesOptions,
  type ReferenceLine,
  type ReferenceLink,
  type ReferenceSearch,
  type ReferencingFile,
} from './references.js';
export { outlineFile, type Outline, type OutlineEntry, type OutlineOptions } from './outline.js';
export {
  editImpact,
  RELATION_KINDS,
  type Edit,
  type Impact,
  type ImpactedFile,
  type Relation,
  type RelationKind,
} from './impact.js';
export { indexStatus, type IndexStatus } from './status.js';
export type { NavigableIndex } from './navigable.js';
