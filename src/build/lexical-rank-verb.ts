/** The lexical rank verb (`Index.lexicalRank`): a query's lexical match alone, best first. */
import type { LexicalMatch } from '../rank/defaults.js';
import { roundScore } from '../rank/round.js';
import { lexicalText } from '../rank/seeds.js';
import { compareByteOrder, compareDescending } from '../text/order.js';
import type { Query, Task } from '../types.js';
import type { RankableIndex } from './rankable-index.js';

/**
 * The lexical match alone (BM25, or BM25F over a file's fields) of a query in `index`, as
 * the task reads it: every file with a positive score, best first (ties in path order), at most `top`.
 */
export function lexicalRankQuery(
  index: Pick<RankableIndex, 'context' | 'settings' | 'cuesOf'>,
  query: Query,
  options: { task?: Task; match?: LexicalMatch; top?: number },
): { path: string; score: number }[] {
  const cues = index.cuesOf(query, options.task);
  const scores = index.context.textScores(
    lexicalText(cues, index.settings.rank),
    options.match ?? index.settings.rank.lexical[cues.task],
  );
  const order: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) order.push(i);
  order.sort(
    (a, b) =>
      compareDescending(scores[a]!, scores[b]!) || compareByteOrder(index.context.paths[a]!, index.context.paths[b]!),
  );
  return order.slice(0, options.top).map((i) => ({ path: index.context.paths[i]!, score: roundScore(scores[i]!) }));
}
