export { buildResolveContext, resolveImport, type ResolveContext, type ResolveFile } from './context.js';
