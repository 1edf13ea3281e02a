import type { FileTags } from '../../types.js';
import { GENERIC_NAMES, GRAPH_DEFAULTS } from '../defaults.js';
import type { EdgeAccumulator } from '../edge.js';
import type { SymbolTable } from '../symbols.js';

type SharedSymbolOptions = (typeof GRAPH_DEFAULTS)['sharedSymbol'];

const DISTINCTIVE = /^(?:[a-z0-9]+(?:_[a-z0-9]+)+|[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/**
 * How much one name links a referencing file to a defining file (before the √n
 * damping on the reference count): Aider's recipe, with every factor in GRAPH_DEFAULTS.
 * 0 means the name links nothing.
 */
export function nameWeight(name: string, definers: number, o: SharedSymbolOptions = GRAPH_DEFAULTS.sharedSymbol): number {
  if (name.length < o.minNameLength || definers === 0 || definers > o.maxDefiners) return 0;
  let w = 1;
  if (definers > o.manyDefiners) w *= o.manyDefinersFactor;
  if (name.startsWith('_')) w *= o.privateFactor;
  if (GENERIC_NAMES.has(name)) w *= o.genericFactor;
  else if (name.length >= o.minDistinctiveLength && DISTINCTIVE.test(name)) w *= o.distinctiveFactor;
  return w;
}

/**
 * `shared-symbol` edges: file A references a name that file B defines.
 * Weight = Σ over names of nameWeight(name) × √(references in A) / (number of definers).
 * A file that defines a name itself is not linked to other definers of it (a local use).
 */
export function addSharedSymbolEdges(
  tags: readonly FileTags[],
  symbols: SymbolTable,
  edges: EdgeAccumulator,
  options: SharedSymbolOptions = GRAPH_DEFAULTS.sharedSymbol,
): void {
  for (const file of tags) {
    const counts = new Map<string, number>();
    for (const ref of file.references) counts.set(ref.name, (counts.get(ref.name) ?? 0) + 1);
    const own = new Set(file.definitions.map((d) => d.name));
    for (const [name, n] of counts) {
      if (own.has(name)) continue;
      const definers = symbols.definers(name);
      const w = nameWeight(name, definers.length, options);
      if (w === 0) continue;
      const share = (w * Math.sqrt(n)) / definers.length;
      for (const target of definers) edges.add('shared-symbol', file.path, target, share, name);
    }
  }
}
