import type { FileRecord } from '../../types.js';
import { GRAPH_DEFAULTS } from '../defaults.js';
import type { EdgeAccumulator } from '../edge.js';
import { moduleOf } from '../module.js';

/**
 * `same-module` edges between files of one directory (a Go or Java package, a
 * Python package, a JS folder). Stored once per unordered pair (source < target);
 * the rank stage lets rank flow both ways. Directories larger than maxModuleSize
 * get none: a k-file clique costs k² edges and says little.
 */
export function addSameModuleEdges(
  files: readonly FileRecord[],
  edges: EdgeAccumulator,
  options: { sameModuleWeight: number; maxModuleSize: number } = GRAPH_DEFAULTS,
): void {
  const byModule = new Map<string, string[]>();
  for (const f of files) {
    if (f.kind !== 'source' && f.kind !== 'test') continue;
    const m = moduleOf(f.path);
    let list = byModule.get(m);
    if (!list) byModule.set(m, (list = []));
    list.push(f.path);
  }
  for (const [module, paths] of byModule) {
    if (paths.length < 2 || paths.length > options.maxModuleSize) continue;
    for (let i = 0; i < paths.length; i++) {
      for (let j = i + 1; j < paths.length; j++) {
        edges.add('same-module', paths[i]!, paths[j]!, options.sameModuleWeight, module || '.');
      }
    }
  }
}
