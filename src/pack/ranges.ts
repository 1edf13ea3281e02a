import type { Pack } from './types.js';

/** The packed line ranges per file, `{path: [[start, end], …]}` (1-based, inclusive), for line-level metrics. */
export function packedRanges(pack: Pick<Pack, 'files'>): Record<string, [number, number][]> {
  const out: Record<string, [number, number][]> = {};
  for (const f of pack.files) out[f.path] = f.spans.map((s): [number, number] => [s.start, s.end]);
  return out;
}
