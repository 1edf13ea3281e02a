/** The ranked files by a task's ranker: the tuned ranking, or the learned one reranking its first files. */
import { FEATURE_NAMES, FEATURE_POOL, FEATURE_VERSION, poolVectors, rerank, shippedModel } from '../learn/index.js';
import type { RankContext } from '../rank/context.js';
import type { RankDefaults } from '../rank/defaults.js';
import { rankFiles, reasonsIn, type RankOutcome } from '../rank/score.js';
import { RepoMapError } from '../errors.js';
import { RANKERS, type QueryCues, type RankedFile, type RankFeatures } from '../types.js';
import type { RankOptions } from './rank-options.js';

/**
 * The ranked files (the first `top`) by the task's ranker: the tuned ranking, or the
 * learned one over the tuned ranking's first files; with their feature vectors when asked.
 */
export function rankedFiles(
  cues: QueryCues,
  context: RankContext,
  o: RankDefaults,
  options: Pick<RankOptions, 'top' | 'includeGiven' | 'features'>,
): { outcome: RankOutcome; top: RankedFile[]; features?: RankFeatures } {
  const ranker = o.ranker[cues.task];
  if (!(RANKERS as readonly string[]).includes(ranker)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/build: rank.ranker.${cues.task} must be one of ${RANKERS.join(', ')}, got ${JSON.stringify(ranker)}`,
      `rank.ranker.${cues.task}`,
    );
  }
  const learned = ranker === 'learned';
  if (!learned && !options.features) {
    const outcome = rankFiles(cues, context, o, { includeGiven: options.includeGiven, limit: options.top });
    return { outcome, top: outcome.files };
  }
  const model = learned ? shippedModel() : undefined;
  const pool = model?.pool ?? FEATURE_POOL;
  const limit = options.top === undefined ? undefined : Math.max(options.top, pool);
  // reasons are made below, for the files returned only
  const outcome = rankFiles(cues, context, { ...o, explainedFiles: 0 }, { includeGiven: options.includeGiven, limit });
  const vectors = poolVectors(cues, outcome, context, o, pool);
  const files = model ? rerank(outcome.files, vectors, model) : outcome.files;
  const top = withReasons(options.top === undefined ? files : files.slice(0, options.top), outcome, context, o, pool);
  const features = options.features
    ? { version: FEATURE_VERSION, names: [...FEATURE_NAMES], paths: vectors.paths, values: vectors.values }
    : undefined;
  return { outcome, top, ...(features ? { features } : {}) };
}

/**
 * `files` with their reasons: those of the tuned ranking's first `explainedFiles` or `pool`
 * files, whichever is more (the pool's files all get reasons: the model may lift any of
 * them to the top); the others keep none.
 */
function withReasons(
  files: readonly RankedFile[],
  outcome: RankOutcome,
  context: RankContext,
  o: RankDefaults,
  pool: number,
): RankedFile[] {
  const explained = Math.max(o.explainedFiles, pool);
  const tunedRank = new Map(outcome.files.map((f, rank) => [f.path, rank]));
  const reasonsOf = reasonsIn(outcome, context, o);
  return files.map((f) =>
    tunedRank.get(f.path)! < explained ? { ...f, reasons: reasonsOf(context.indexOf(f.path)) } : f,
  );
}
