import { compareByteOrder } from '../../text/order.js';
import type { FileRecord } from '../../types.js';
import { GRAPH_DEFAULTS } from '../defaults.js';
import type { EdgeAccumulator } from '../edge.js';

/**
 * `co-change` edges between source and test files that earlier commits changed
 * together (history strictly before the corpus' commit; see readHistory). A commit
 * touching n files adds 1 / log2(n + 1) to each pair of them still in the corpus,
 * so small focused commits say more than broad ones; the edge weight is
 * coChangeWeight × ln(1 + Σ). Stored once per unordered pair (source < target).
 */
export function addCoChangeEdges(
  files: readonly FileRecord[],
  history: readonly (readonly string[])[],
  edges: EdgeAccumulator,
  options: { coChangeWeight: number } = GRAPH_DEFAULTS,
): void {
  if (options.coChangeWeight <= 0 || history.length === 0) return;
  const linkable = new Set(files.filter((f) => f.kind === 'source' || f.kind === 'test').map((f) => f.path));
  const pairs = new Map<string, { sum: number; commits: number }>();
  for (const commit of history) {
    const present = [...new Set(commit.filter((p) => linkable.has(p)))].sort(compareByteOrder);
    if (present.length < 2) continue;
    const share = 1 / Math.log2(commit.length + 1);
    for (let i = 0; i < present.length; i++) {
      for (let j = i + 1; j < present.length; j++) {
        const key = `${present[i]}\u0000${present[j]}`;
        const pair = pairs.get(key);
        if (pair) {
          pair.sum += share;
          pair.commits++;
        } else pairs.set(key, { sum: share, commits: 1 });
      }
    }
  }
  for (const [key, { sum, commits }] of pairs) {
    const [a, b] = key.split('\u0000') as [string, string];
    edges.add(
      'co-change',
      a,
      b,
      options.coChangeWeight * Math.log1p(sum),
      `${commits} earlier commit${commits === 1 ? '' : 's'}`,
    );
  }
}
