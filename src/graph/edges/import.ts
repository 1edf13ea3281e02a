import type { FileRecord, FileTags } from '../../types.js';
import { GRAPH_DEFAULTS } from '../defaults.js';
import type { EdgeAccumulator } from '../edge.js';
import { buildResolveContext, resolveImport, type ResolveContext } from '../resolve/index.js';

export interface ImportStats {
  /** Imports written in the corpus' files. */
  imports: number;
  /** Of those, imports that resolved to at least one corpus file. */
  resolved: number;
}

/** `import` edges: from a file to every corpus file one of its imports resolves to. */
export function addImportEdges(
  files: readonly FileRecord[],
  tags: readonly FileTags[],
  edges: EdgeAccumulator,
  options: { importWeight: number } = GRAPH_DEFAULTS,
): ImportStats & { context: ResolveContext } {
  return addImportRows(buildResolveContext(files, tags), tags, edges, options);
}

/** The `import` edges of some files (each file's out-edges) under a built resolve context; with `edges` null, only counted. */
export function addImportRows(
  ctx: ResolveContext,
  tags: readonly FileTags[],
  edges: EdgeAccumulator | null,
  options: { importWeight: number } = GRAPH_DEFAULTS,
): ImportStats & { context: ResolveContext } {
  const stats = { imports: 0, resolved: 0, context: ctx };
  for (const file of tags) {
    for (const spec of file.imports) {
      stats.imports++;
      const targets = resolveImport(ctx, file.path, file.language, spec);
      if (targets.length > 0) stats.resolved++;
      for (const target of targets) edges?.add('import', file.path, target, options.importWeight, spec.specifier);
    }
  }
  return stats;
}
