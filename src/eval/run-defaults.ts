/**
 * The retrievers and defaults of an evaluation run, apart from the code that runs it so
 * that `repomap eval --help` can show them without loading the engine.
 */

/** Retrievers `repomap eval` can run. */
export const EVAL_METHODS = ['repomap', 'bm25', 'bm25f'] as const;
export type EvalMethod = (typeof EVAL_METHODS)[number];

/** Defaults of an evaluation run. */
export const RUN_DEFAULTS = {
  method: 'repomap' as EvalMethod,
  /** Files per details row (the contract asks for at least 20 when the corpus has them). */
  top: 100,
  /** Worker processes; each takes whole repositories. */
  jobs: 1,
  /** Write `timing_ms` in the rows (off makes runs byte-comparable). */
  timings: true,
} as const;
