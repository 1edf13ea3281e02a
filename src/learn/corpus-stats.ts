/**
 * What the learned ranker's features read of a whole index, made once per rank context
 * and kept beside it: how many files share each extension, which extension is the
 * repository's main source language, and each file's edge count by type and direction.
 */
import type { RankContext } from '../rank/index.js';
import type { EdgeType } from '../types.js';
import { extensionOf } from './path-markers.js';
import { compareByteOrder } from '../text/order.js';

export interface CorpusStats {
  /** Files per extension (extensionOf), over all files. */
  extensionFiles: Map<string, number>;
  /** The extension with the most source files (ties: the first in byte order); '' when none. */
  mainSourceExtension: string;
  /** Per edge type, per node: edges in which the node is the target (`in`) or the source (`out`). */
  degrees: Record<EdgeType, { in: Int32Array; out: Int32Array }>;
}

const made = new WeakMap<RankContext, CorpusStats>();

/** The stats of a rank context, made on first use. */
export function corpusStats(ctx: RankContext): CorpusStats {
  let stats = made.get(ctx);
  if (!stats) made.set(ctx, (stats = makeStats(ctx)));
  return stats;
}

function makeStats(ctx: RankContext): CorpusStats {
  const n = ctx.paths.length;
  const extensionFiles = new Map<string, number>();
  const sourceFiles = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const ext = extensionOf(ctx.paths[i]!);
    extensionFiles.set(ext, (extensionFiles.get(ext) ?? 0) + 1);
    if (ctx.kinds[i] === 'source') sourceFiles.set(ext, (sourceFiles.get(ext) ?? 0) + 1);
  }
  let mainSourceExtension = '';
  let most = 0;
  for (const [ext, count] of sourceFiles) {
    if (count > most || (count === most && compareByteOrder(ext, mainSourceExtension) < 0)) {
      most = count;
      mainSourceExtension = ext;
    }
  }
  return { extensionFiles, mainSourceExtension, degrees: ctx.graph.degrees(ctx.paths) };
}
