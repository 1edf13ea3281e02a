/** The explain verb (`Index.explain`): why one file is where it is in a query's ranking. */
import { whySkipped } from '../corpus/index.js';
import { explainFile, notInCorpus, type ExplainFileOptions, type FileExplanation } from '../explain/explain-file.js';
import { predict, shippedModel } from '../learn/index.js';
import { FunctionFinder } from '../rank/functions.js';
import type { Query, QueryCues, Task } from '../types.js';
import type { RankableIndex } from './rankable-index.js';
import { rankedFiles } from './task-ranker.js';

/**
 * Why one file (repo-relative path) is where it is in `index`'s ranking of a query
 * (`Index.explain`); a path outside the corpus is a RepoMapError naming it.
 */
export function explainQuery(
  index: RankableIndex,
  query: Query,
  path: string,
  options: ExplainFileOptions & { task?: Task },
): FileExplanation {
  const skipped = index.context.indexOf(path) < 0 ? whySkipped(index.corpus, path) : undefined;
  if (skipped !== undefined) throw notInCorpus(path, index.context, skipped);
  const cues = index.cuesOf(query, options.task);
  const explanation = withLearned(
    index,
    explainFile(cues, path, index.context, index.settings.rank, options),
    cues,
    options,
  );
  if (!(index.settings.rank.functionFiles[cues.task] > 0)) return explanation;
  const o = index.settings.rank.functions;
  const tuned = new FunctionFinder(cues, index.functionSource(), o).explainedFunctionsOf(path);
  if (!(o.learned && index.settings.rank.ranker[cues.task] === 'learned'))
    return tuned.length > 0 ? { ...explanation, functions: tuned } : explanation;
  // the learned function ranker: the file's functions as rank names them, each with its tuned parts where the tuned ranking kept it
  const parts = new Map(tuned.map((f) => [f.name, f.parts]));
  const ranked =
    index
      .rank(query, { task: cues.task, ...(options.includeGiven ? { includeGiven: true } : {}) })
      .files.find((f) => f.path === path)?.functions ?? [];
  const functions = ranked.map((f) => {
    const p = parts.get(f.name);
    return p ? { ...f, parts: p } : f;
  });
  return functions.length > 0 ? { ...explanation, functions } : explanation;
}

/** An explanation with the learned ranking's place and score, when the task's ranker is the learned one. */
function withLearned(
  index: RankableIndex,
  explanation: FileExplanation,
  cues: QueryCues,
  options: { includeGiven?: boolean },
): FileExplanation {
  if (index.settings.rank.ranker[cues.task] !== 'learned') return explanation;
  const { top, features } = rankedFiles(cues, index.context, index.settings.rank, {
    includeGiven: options.includeGiven,
    features: true,
  });
  const place = top.findIndex((f) => f.path === explanation.path);
  const k = features!.paths.indexOf(explanation.path);
  const values = k >= 0 ? features!.values[k]! : null;
  const model = values ? predict(shippedModel(), values) : null;
  const learned = {
    tunedRank: explanation.rank,
    tunedScore: explanation.score,
    model,
    features: values ? Object.fromEntries(features!.names.map((n, j) => [n, values[j]!])) : null,
  };
  return { ...explanation, rank: place + 1, score: top[place]!.score, reasons: top[place]!.reasons, learned };
}
