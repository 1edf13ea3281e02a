export { buildResolveContext, readsText, resolveImport, type ResolveContext, type ResolveFile } from './context.js';
