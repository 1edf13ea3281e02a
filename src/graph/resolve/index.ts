export {
  buildResolveContext,
  isResolverInput,
  readsText,
  resolveImport,
  resolverOf,
  resolversDependingOn,
  tagsChangeTables,
  withChangedTags,
  type ResolveContext,
} from './context.js';
export type { AnyResolver, CorpusLookups, ImportResolver, ResolveFile, ResolveInput } from './resolver.js';
