/**
 * Scores, shares and weights are rounded to 6 significant digits wherever they reach the
 * output (rankings, explanations, the learned ranker's scores), so that output is the
 * same on every platform. Zero (and -0) is 0.
 */
export function roundScore(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(6));
}
