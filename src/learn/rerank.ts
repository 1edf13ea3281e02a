/**
 * The learned ranker as a stage after the hand-tuned one: the tuned ranking's first
 * `pool` files (given files left out) are scored by the model over their feature vectors
 * and reordered by that score (ties keep the tuned order); the files after them keep the
 * tuned order. A reordered file's score is the model's, mapped into (0, 1) by the logistic
 * function; a file after the pool gets its tuned score scaled below the pool's lowest, so
 * scores still fall as ranks rise.
 */
import type { RankContext, RankDefaults, RankOutcome } from '../rank/index.js';
import type { QueryCues, RankedFile } from '../types.js';
import { candidateFeatures } from './features.js';
import { predict, type RankerModel } from './model.js';
import { roundScore } from '../rank/round.js';

export interface CandidateVectors {
  /** The pool's paths in the tuned order. */
  paths: string[];
  /** Their feature vectors (FEATURE_NAMES order). */
  values: number[][];
}

/** The feature vectors of the tuned ranking's first `pool` files that are not given. */
export function poolVectors(
  cues: QueryCues,
  outcome: RankOutcome,
  ctx: RankContext,
  o: RankDefaults,
  pool: number,
): CandidateVectors {
  const candidates: number[] = [];
  const place = new Map<number, number>();
  outcome.files.forEach((f, rank) => {
    const i = ctx.indexOf(f.path);
    place.set(i, rank);
    if (candidates.length < pool && !outcome.seeds.given.has(i)) candidates.push(i);
  });
  const values = candidateFeatures(cues, outcome, ctx, o, candidates, (i) => place.get(i)!);
  return { paths: candidates.map((i) => ctx.paths[i]!), values };
}

/** The files of `outcome` reordered by `model` (see the module comment); `files` is `outcome.files` or its copy. */
export function rerank(files: readonly RankedFile[], vectors: CandidateVectors, model: RankerModel): RankedFile[] {
  const scored = vectors.paths.map((path, k) => ({ path, k, score: predict(model, vectors.values[k]!) }));
  scored.sort((a, b) => b.score - a.score || a.k - b.k);
  const byPath = new Map(files.map((f) => [f.path, f]));
  const pooled = new Set(vectors.paths);
  const head = scored.map((s) => ({ ...byPath.get(s.path)!, score: roundScore(logistic(s.score)) }));
  const rest = files.filter((f) => !pooled.has(f.path));
  const floor = head.length > 0 ? head[head.length - 1]!.score : 1;
  const restMax = rest.reduce((m, f) => Math.max(m, f.score), 0);
  const tail = rest.map((f) => ({ ...f, score: restMax > 0 ? roundScore((floor * 0.5 * f.score) / restMax) : 0 }));
  // given files are never reordered: they follow the pool, in the tuned order
  return [...head, ...tail];
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
