export {
  buildResolveContext,
  isResolverInput,
  keptTablesOf,
  readsText,
  readyTables,
  resolveImport,
  resolverOf,
  resolversDependingOn,
  tagsChangeTables,
  withChangedTags,
  type KeptTables,
  type ResolveContext,
} from './context.js';
export type { AnyResolver, CorpusLookups, ImportResolver, ResolveFile, ResolveInput } from './resolver.js';
