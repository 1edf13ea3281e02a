import { compareByteOrder, compareDescending } from '../../text/order.js';
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
export function nameWeight(
  name: string,
  definers: number,
  o: SharedSymbolOptions = GRAPH_DEFAULTS.sharedSymbol,
): number {
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
 * Each file keeps its `maxTargetsPerFile` heaviest targets (ties: path order; 0 keeps
 * all): the rest carry a sliver of its weight and most of its edges.
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
    const links: { name: string; share: number; definers: readonly string[] }[] = [];
    const totals = new Map<string, number>();
    for (const [name, n] of counts) {
      if (own.has(name)) continue;
      const definers = symbols.definers(name);
      const w = nameWeight(name, definers.length, options);
      if (w === 0) continue;
      const share = (w * Math.sqrt(n)) / definers.length;
      links.push({ name, share, definers });
      for (const target of definers) totals.set(target, (totals.get(target) ?? 0) + share);
    }
    const kept = heaviest(totals, options.maxTargetsPerFile);
    for (const { name, share, definers } of links) {
      for (const target of definers)
        if (kept === null || kept.has(target)) edges.add('shared-symbol', file.path, target, share, name);
    }
  }
}

/** The `max` keys of the largest totals (ties: path order), or null when all are kept. */
function heaviest(totals: ReadonlyMap<string, number>, max: number): Set<string> | null {
  if (max <= 0 || totals.size <= max) return null;
  const ranked = [...totals].sort((a, b) => compareDescending(a[1], b[1]) || compareByteOrder(a[0], b[0]));
  return new Set(ranked.slice(0, max).map(([target]) => target));
}
