import { RepoMapError } from '../errors.js';
import type { CueKind, EdgeType, FileKind, QueryCues, Task } from '../types.js';
import { seedMass, strongestPaths, type BestPathsOptions } from './best-paths.js';
import type { RankContext } from '../rank/context.js';
import type { Csr } from '../rank/csr.js';
import type { RankDefaults } from '../rank/defaults.js';
import type { ExplainedFunction } from '../rank/functions.js';
import { pathTargets } from '../rank/path-targets.js';
import { incomingOf } from '../rank/reasons.js';
import { rankFiles, scoreParts } from '../rank/score.js';
import { matchCues } from '../rank/seeds.js';
import { compareByteOrder } from '../text/order.js';
import { roundScore } from '../rank/round.js';

export interface ExplainFileOptions extends BestPathsOptions {
  /** Rank given files where they fall instead of last (as in rank). */
  includeGiven?: boolean;
}

/** One cue of the query that seeds the file directly. */
export interface CueMatch {
  kind: CueKind;
  value: string;
  field: string;
  strength: number;
  line?: number;
  /** How it reaches the file: its path, a symbol it defines or uses, a word of its path. */
  match: 'path' | 'defines' | 'uses' | 'path-word';
  /** Seed weight this cue gives the file (its share of cueWeights[task][kind] × strength). */
  weight: number;
  /** The reason rank prints for it. */
  text: string;
}

/** One stored graph edge behind a hop, and how much of it flows in the hop's direction. */
export interface HopEdge {
  type: EdgeType;
  /** forward: the hop follows the stored direction (importer → imported, test → source, user → definer). */
  direction: 'forward' | 'backward';
  /** Stored edge weight (GRAPH_DEFAULTS). */
  weight: number;
  /** The task's flow factor for this type and direction. */
  flow: number;
  /** Evidence: shared names, import written, convention matched. */
  label: string;
}

export interface Hop {
  from: string;
  to: string;
  /** Transition probability of the walk from `from` to `to` (all edge types summed). */
  probability: number;
  /** Strongest first (weight × flow). */
  edges: HopEdge[];
}

export interface EdgePath {
  /** The seed the path starts from, and why it is a seed (its strongest cue match). */
  seed: { path: string; reason: string };
  /** PageRank of the file carried by walks that start at the seed and follow exactly these edges. */
  flow: number;
  hops: Hop[];
}

/** Why one file is where it is in a ranking. */
export interface FileExplanation {
  path: string;
  kind: FileKind;
  task: Task;
  /** 1-based place in the full ranking, and how many files were ranked. */
  rank: number;
  files: number;
  given: boolean;
  score: number;
  /**
   * score = kindPrior × (directWeight × direct.share + pprWeight × ppr.share) × evidence × size;
   * each share is the raw value over the largest one among files not given.
   */
  parts: {
    direct: { raw: number; share: number; weight: number };
    ppr: { raw: number; share: number; weight: number };
    kindPrior: number;
    evidence: number;
    size: { bytes: number; factor: number };
    /** Pseudo-relevance feedback (+ weight × share inside the bracket), when the task has it (feedbackWeight). */
    feedback?: { share: number; weight: number };
  };
  cues: CueMatch[];
  /** Seed weight from the query's words matching the file's text (BM25); 0 when none. */
  lexical: number;
  /** The reasons rank gives for the file. */
  reasons: string[];
  /**
   * With the learned ranker (`rank.ranker`): `rank` and `score` are the learned ranking's;
   * `parts` are the tuned score's, which the model reads among its features. `model` is the
   * model's raw score (null for a file past the pool, which keeps its tuned order).
   */
  learned?: { tunedRank: number; tunedScore: number; model: number | null; features: Record<string, number> | null };
  paths: EdgePath[];
  /**
   * Tasks with a function stage (issue2code): the file's functions most likely to change,
   * as rank names them for its first files, each with the parts of its score.
   */
  functions?: ExplainedFunction[];
}

const SYMBOL_KINDS = new Set<CueKind>(['identifier', 'diff-symbol', 'test-name']);
const PATH_KINDS = new Set<CueKind>(['path', 'frame', 'given-file']);

/**
 * Explains one file's place in the ranking of a query: its score and the factors
 * behind it, the cues that seed it, and the strongest edge paths from seeded files
 * to it. Throws RepoMapError (bad-option) naming `path` when it is not in the corpus.
 */
export function explainFile(
  cues: QueryCues,
  path: string,
  ctx: RankContext,
  o: RankDefaults,
  options: ExplainFileOptions = {},
): FileExplanation {
  const i = ctx.indexOf(path);
  if (i < 0) throw notInCorpus(path, ctx);
  const task = cues.task;
  const outcome = rankFiles(cues, ctx, o, { includeGiven: options.includeGiven });
  const { seeds, ppr } = outcome;
  const place = outcome.files.findIndex((f) => f.path === path);
  const parts = scoreParts(i, task, seeds, ppr, outcome.maxDirect, outcome.maxPpr, ctx, o, undefined, outcome.feedback);

  const csr = ctx.csrFor(task);
  const found = strongestPaths(
    i,
    seedMass(seeds.direct, ppr, csr, o.alpha),
    ppr,
    csr,
    incomingOf(csr),
    o.alpha,
    options,
  );

  return {
    path,
    kind: ctx.kinds[i]!,
    task,
    rank: place + 1,
    files: ctx.paths.length,
    given: seeds.given.has(i),
    score: outcome.files[place]!.score,
    parts: {
      direct: { raw: roundScore(seeds.direct[i]!), share: roundScore(parts.direct), weight: o.directWeight },
      ppr: { raw: roundScore(ppr[i]!), share: roundScore(parts.ppr), weight: o.pprWeight },
      kindPrior: parts.kindPrior,
      evidence: parts.evidence,
      size: { bytes: ctx.sizes[i]!, factor: roundScore(parts.size) },
      ...(outcome.feedback ? { feedback: { share: roundScore(parts.feedback), weight: o.feedbackWeight[task] } } : {}),
    },
    cues: cueMatches(cues, i, ctx, o),
    lexical: roundScore(matchCues({ ...cues, cues: [], givenFiles: [] }, ctx, o).direct[i]!),
    reasons: outcome.files[place]!.reasons,
    paths: found.map((p) => ({
      seed: { path: ctx.paths[p.nodes[0]!]!, reason: seeds.why.get(p.nodes[0]!)?.[0]?.text ?? '' },
      flow: roundScore(p.flow),
      hops: p.nodes.slice(1).map((to, h) => hopOf(p.nodes[h]!, to, csr, ctx, o.flow[task])),
    })),
  };
}

/**
 * Each cue's own seed weight for the file: the cue matched alone, so the numbers are
 * exactly what matchCues adds (they sum, with `lexical`, to the file's seed weight).
 */
function cueMatches(cues: QueryCues, i: number, ctx: RankContext, o: RankDefaults): CueMatch[] {
  const out: CueMatch[] = [];
  for (const cue of cues.cues) {
    const alone = matchCues({ ...cues, cues: [cue], givenFiles: [], text: '' }, ctx, o);
    const weight = alone.direct[i]!;
    if (!(weight > 0)) continue;
    const match: CueMatch['match'] = PATH_KINDS.has(cue.kind)
      ? 'path'
      : SYMBOL_KINDS.has(cue.kind)
        ? ctx.symbols.definers(cue.value).includes(ctx.paths[i]!)
          ? 'defines'
          : 'uses'
        : 'path-word';
    out.push({
      kind: cue.kind,
      value: cue.value,
      field: cue.field,
      // a frame of an installed copy of the repository weighs as its own (pathTargets)
      strength: PATH_KINDS.has(cue.kind) ? pathTargets(cue, ctx).strength : cue.strength,
      ...(cue.line !== undefined ? { line: cue.line } : {}),
      match,
      weight: roundScore(weight),
      text: alone.why.get(i)?.[0]?.text ?? '',
    });
  }
  return out.sort(
    (a, b) => b.weight - a.weight || compareByteOrder(a.kind, b.kind) || compareByteOrder(a.value, b.value),
  );
}

function hopOf(from: number, to: number, csr: Csr, ctx: RankContext, flow: RankDefaults['flow'][Task]): Hop {
  const a = ctx.paths[from]!;
  const b = ctx.paths[to]!;
  const edges: HopEdge[] = [];
  ctx.graph.forEachEdgeBetween(a, b, (e) => {
    if (flow[e.type].forward > 0)
      edges.push({
        type: e.type,
        direction: 'forward',
        weight: roundScore(e.weight),
        flow: flow[e.type].forward,
        label: e.label,
      });
  });
  ctx.graph.forEachEdgeBetween(b, a, (e) => {
    if (flow[e.type].backward > 0)
      edges.push({
        type: e.type,
        direction: 'backward',
        weight: roundScore(e.weight),
        flow: flow[e.type].backward,
        label: e.label,
      });
  });
  edges.sort((x, y) => y.weight * y.flow - x.weight * x.flow || compareByteOrder(x.type, y.type));
  let probability = 0;
  for (let k = csr.starts[from]!; k < csr.starts[from + 1]!; k++)
    if (csr.neighbors[k] === to) probability = csr.weights[k]!;
  return { from: a, to: b, probability: roundScore(probability), edges };
}

/** The error of explaining a path outside the corpus: why it was skipped when a rule skipped it, else the paths it may mean. */
export function notInCorpus(path: string, ctx: RankContext, skipped?: string): RepoMapError {
  const close = ctx.pathIndex.candidates(path).slice(0, 5);
  const hint = skipped !== undefined ? ` (${skipped})` : close.length > 0 ? `; did you mean ${close.join(', ')}?` : '';
  return new RepoMapError('bad-option', `repomap/explain: ${path} is not a file of the corpus${hint}`, path);
}
