/** What a rank (`Index.rank`) takes besides the query. */
import type { Task } from '../types.js';

export interface RankOptions {
  /** Task mode; inferred from the query's fields when absent. */
  task?: Task;
  /** How many files to return (default: all); the files after them are not ordered, which at many files is most of a rank's time. */
  top?: number;
  /** Keep given files at their earned rank instead of last. */
  includeGiven?: boolean;
  /**
   * false: the files without `spans`, for a caller that shows paths, scores and reasons
   * only; the ranking is the same and costs less. Default true.
   */
  spans?: boolean;
  /**
   * How many of the first files get `functions` (at most the task's `rank.functionFiles`;
   * 0: none, and the result has no `functions` list). The ranking is the same. Default:
   * the task's `rank.functionFiles`, or 0 when `spans` is false.
   */
  functions?: number;
  /** Also return the learned ranker's feature vectors of the tuned ranking's first files (`RepoMapResult.features`). */
  features?: boolean;
  /** Also return the learned function ranker's vectors of the units of the files that get functions (`RepoMapResult.unitFeatures`). */
  unitFeatures?: boolean;
}
