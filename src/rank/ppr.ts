import type { Csr } from './csr.js';
import { RepoMapError } from '../errors.js';

/** How long the power iteration runs; the damping is the rank stage's (`RANK_DEFAULTS.alpha`). */
export const PPR_DEFAULTS = {
  maxIterations: 100,
  /** Converged when the L1 change of an iteration is below order × tolerance (graphology's rule). */
  tolerance: 1e-6,
};

/** Damping (the probability of following an edge rather than teleporting to the seeds) and iteration bounds. */
export type PprOptions = { alpha: number } & Partial<typeof PPR_DEFAULTS>;

export interface PprResult {
  scores: Float64Array;
  iterations: number;
  converged: boolean;
}

/**
 * Personalized PageRank by power iteration on a CSR index, in graphology-metrics'
 * shape, with a personalization vector: teleports and the mass of dangling nodes go
 * to the seeds in proportion to `personalization` (which need not be normalised; an
 * all-zero vector means uniform). Never throws on non-convergence: the last iterate
 * is returned with `converged: false`.
 */
export function personalizedPageRank(csr: Csr, personalization: Float64Array, options: PprOptions): PprResult {
  const { alpha, maxIterations, tolerance } = { ...PPR_DEFAULTS, ...options };
  const n = csr.order;
  if (personalization.length !== n) {
    throw new RepoMapError(
      'internal',
      `repomap/rank: the PageRank personalization has ${personalization.length} entries for ${n} nodes`,
      'personalization',
    );
  }
  const p = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = personalization[i]!;
    if (!(v >= 0) || !Number.isFinite(v))
      throw new RepoMapError(
        'internal',
        `repomap/rank: the PageRank personalization[${i}] is ${v}; weights must be finite and ≥ 0`,
        `personalization[${i}]`,
      );
    total += v;
  }
  if (total > 0) for (let i = 0; i < n; i++) p[i] = personalization[i]! / total;
  else p.fill(1 / n);

  let x = Float64Array.from(p);
  let next = new Float64Array(n);
  const { starts, neighbors, weights, dangling } = csr;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    next.fill(0);
    let dangle = 0;
    for (let d = 0; d < dangling.length; d++) dangle += x[dangling[d]!]!;
    const teleport = alpha * dangle + (1 - alpha);
    for (let i = 0; i < n; i++) {
      const xi = alpha * x[i]!;
      if (xi !== 0) {
        for (let k = starts[i]!, end = starts[i + 1]!; k < end; k++) next[neighbors[k]!]! += xi * weights[k]!;
      }
    }
    let error = 0;
    for (let i = 0; i < n; i++) {
      next[i]! += teleport * p[i]!;
      error += Math.abs(next[i]! - x[i]!);
    }
    [x, next] = [next, x];
    iterations++;
    if (error < n * tolerance) {
      converged = true;
      break;
    }
  }
  return { scores: x, iterations, converged };
}
