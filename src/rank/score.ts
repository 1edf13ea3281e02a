import type { QueryCues, RankedFile, Task } from '../types.js';
import { compareByteOrder, compareDescending, firstInOrder } from '../text/order.js';
import type { RankContext } from './context.js';
import type { Csr } from './csr.js';
import type { RankDefaults } from './defaults.js';
import { graphReason, incomingOf } from './reasons.js';
import { personalizedPageRank } from './ppr.js';
import { matchCues, type Seeds } from './seeds.js';
import { roundScore } from './round.js';

export interface RankFilesOptions {
  /** Keep given files at their earned place instead of moving them to the end. */
  includeGiven?: boolean;
  /** How many of the ranked files to return (default all): a query for the top 100 neither orders nor makes an entry for every file. */
  limit?: number;
}

export interface RankOutcome {
  task: Task;
  files: RankedFile[];
  confidence: number;
  seeds: Seeds;
  converged: boolean;
  /** PageRank score per node, and the maxima the score normalises by (for explanations). */
  ppr: Float64Array;
  maxDirect: number;
  maxPpr: number;
  /** Per node, its share of the feedback PageRank (feedbackWeight), when the task has one. */
  feedback?: Float64Array;
}

/** The factors of one file's score, in the order score() multiplies them. */
export interface ScoreParts {
  /** Seed weight over the largest seed weight (files not given). */
  direct: number;
  /** PageRank over the largest PageRank (files not given). */
  ppr: number;
  kindPrior: number;
  /** evidencePenalty for trace evidence, else 1. */
  evidence: number;
  /** Cost prior (1 + size/sizeScale)^−sizeExponent, 1 when off. */
  size: number;
  /** Share of the feedback PageRank (over the largest among the files it may lift), 0 when off. */
  feedback: number;
  score: number;
}

/**
 * Ranks every file of the context for the query's cues:
 * score = kindPrior[task][kind] × (directWeight × direct/max(direct) + pprWeight × ppr/max(ppr)),
 * × evidencePenalty for trace evidence; given files go last unless includeGiven.
 * Ties break by path (byte order), so a ranking is deterministic.
 */
export function rankFiles(
  cues: QueryCues,
  ctx: RankContext,
  o: RankDefaults,
  options: RankFilesOptions = {},
): RankOutcome {
  const task = cues.task;
  const n = ctx.paths.length;
  const seeds = matchCues(cues, ctx, o);
  const csr = ctx.csrFor(task);
  const { scores: ppr, converged } = personalizedPageRank(csr, seeds.direct, { alpha: o.alpha });

  const maxDirect = max(seeds.direct);
  let maxPpr = 0;
  for (let i = 0; i < n; i++) if (!seeds.given.has(i) && ppr[i]! > maxPpr) maxPpr = ppr[i]!;
  if (maxPpr === 0) maxPpr = max(ppr);
  const score = new Float64Array(n);
  const parts = newScoreParts();
  for (let i = 0; i < n; i++) score[i] = scoreParts(i, task, seeds, ppr, maxDirect, maxPpr, ctx, o, parts).score;
  const feedback = feedbackShares(score, seeds, csr, ctx, o, task);
  if (feedback)
    for (let i = 0; i < n; i++)
      score[i] = scoreParts(i, task, seeds, ppr, maxDirect, maxPpr, ctx, o, parts, feedback).score;

  // given files last (unless kept in place), best score first, ties by path; only the first `limit` are ordered
  const demoted = options.includeGiven ? null : seeds.given;
  const demote = (i: number): number => (demoted?.has(i) ? 1 : 0);
  const order = firstInOrder(
    n,
    options.limit ?? n,
    (a, b) =>
      demote(a) - demote(b) ||
      compareDescending(score[a]!, score[b]!) ||
      compareByteOrder(ctx.paths[a]!, ctx.paths[b]!),
  );

  const explainTop = o.explainedFiles;
  const reasonsOf = explainTop > 0 ? reasonsIn({ task, seeds, ppr }, ctx, o) : null;
  const files: RankedFile[] = order.map((i, rank) => ({
    path: ctx.paths[i]!,
    score: roundScore(score[i]!),
    reasons: reasonsOf && rank < explainTop ? reasonsOf(i) : [],
  }));
  return {
    task,
    files,
    confidence: confidenceOf(seeds, o),
    seeds,
    converged,
    ppr,
    maxDirect,
    maxPpr,
    ...(feedback ? { feedback } : {}),
  };
}

/**
 * The reasons of a ranking's files (node ids): the cues a file matched (at most
 * `maxReasons` − 1, a given file's note first), then how the graph leads to it.
 */
export function reasonsIn(
  outcome: Pick<RankOutcome, 'task' | 'seeds' | 'ppr'>,
  ctx: RankContext,
  o: RankDefaults,
): (i: number) => string[] {
  const { seeds, ppr } = outcome;
  const csr = ctx.csrFor(outcome.task);
  const incoming = incomingOf(csr);
  return (i) => {
    const reasons: string[] = [];
    for (const w of seeds.why.get(i) ?? []) {
      if (reasons.length >= o.maxReasons - 1) break;
      if (!reasons.includes(w.text)) reasons.push(w.text);
    }
    if (seeds.given.has(i)) reasons.unshift('given: already in the agent\u2019s context');
    const via = graphReason(i, ppr, csr, incoming, ctx, seeds);
    if (via && reasons.length < o.maxReasons) reasons.push(via);
    return reasons;
  };
}

/**
 * Pseudo-relevance feedback (feedbackWeight[task] > 0): a PageRank seeded by the
 * feedbackFiles best files of the first scores (each by its score, given files left out),
 * read as each other file's share of the largest; the seeds themselves get 1, so no file
 * passes them by the lift alone.
 */
function feedbackShares(
  score: Float64Array,
  seeds: Seeds,
  csr: Csr,
  ctx: RankContext,
  o: RankDefaults,
  task: Task,
): Float64Array | undefined {
  if (!(o.feedbackWeight[task] > 0) || o.feedbackFiles < 1) return undefined;
  const n = score.length;
  const candidates: number[] = [];
  for (let i = 0; i < n; i++) if (!seeds.given.has(i) && score[i]! > 0) candidates.push(i);
  const top = firstInOrder(
    candidates,
    o.feedbackFiles,
    (a, b) => compareDescending(score[a]!, score[b]!) || compareByteOrder(ctx.paths[a]!, ctx.paths[b]!),
  );
  if (top.length === 0) return undefined;
  const personalization = new Float64Array(n);
  for (const i of top) personalization[i] = score[i]!;
  const { scores } = personalizedPageRank(csr, personalization, { alpha: o.alpha });
  const lifted = new Set(top);
  let best = 0;
  for (let i = 0; i < n; i++) if (!lifted.has(i) && !seeds.given.has(i) && scores[i]! > best) best = scores[i]!;
  const shares = new Float64Array(n);
  if (best > 0) for (let i = 0; i < n; i++) if (!lifted.has(i) && !seeds.given.has(i)) shares[i] = scores[i]! / best;
  // the seeds keep their lead: each gets the full share
  for (const i of top) shares[i] = 1;
  return shares;
}

/** One file's score and its factors (unrounded), written into `into` when given; rankFiles and explanations share it. */
export function scoreParts(
  i: number,
  task: Task,
  seeds: Seeds,
  ppr: Float64Array,
  maxDirect: number,
  maxPpr: number,
  ctx: RankContext,
  o: RankDefaults,
  into: ScoreParts = newScoreParts(),
  feedback?: Float64Array,
): ScoreParts {
  const direct = maxDirect > 0 ? seeds.direct[i]! / maxDirect : 0;
  const graph = maxPpr > 0 ? ppr[i]! / maxPpr : 0;
  const kindPrior = o.kindPrior[task][ctx.kinds[i]!];
  const evidence = seeds.evidence.has(i) ? o.evidencePenalty : 1;
  const sizeExponent = o.sizeExponent[task];
  // biome-ignore lint/style/useExponentiationOperator: the scores stay byte-identical to the Math.pow they were made with
  const size = sizeExponent > 0 ? Math.pow(1 + ctx.sizes[i]! / o.sizeScale, -sizeExponent) : 1;
  const lift = feedback ? feedback[i]! : 0;
  let s = kindPrior * (o.directWeight * direct + o.pprWeight * graph + o.feedbackWeight[task] * lift);
  if (evidence !== 1) s *= evidence;
  if (size !== 1) s *= size;
  into.direct = direct;
  into.ppr = graph;
  into.kindPrior = kindPrior;
  into.evidence = evidence;
  into.size = size;
  into.feedback = lift;
  into.score = s;
  return into;
}

/** A ScoreParts to fill: rankFiles reuses one for every file rather than allocate one each. */
function newScoreParts(): ScoreParts {
  return { direct: 0, ppr: 0, kindPrior: 0, evidence: 1, size: 1, feedback: 0, score: 0 };
}

/**
 * Confidence that the query names something in this repository:
 * (matched share of cue strength) × (1 − exp(−matched cues / confidenceScale)).
 * No cue matched → 0; many strong cues matched → close to 1.
 */
export function confidenceOf(seeds: Seeds, o: RankDefaults): number {
  if (seeds.totalStrength === 0 || seeds.matchedCues === 0) return 0;
  const share = seeds.matchedStrength / seeds.totalStrength;
  return roundScore(share * (1 - Math.exp(-seeds.matchedCues / o.confidenceScale)));
}

function max(a: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) if (a[i]! > m) m = a[i]!;
  return m;
}
