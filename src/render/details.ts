import type { RankedFile, RepoMapResult } from '../types.js';

/**
 * One details row of the eval contract (docs/eval-contract.md, section 2): one ranking
 * per sample, as any retriever writes it and as the eval harness (`repomap/eval`) reads,
 * scores and fuses it. Only `sample_id` and `top_files` are required; optional fields
 * mean what the contract says. `toDetailsRow` writes it for a ranking.
 */
export interface DetailsRow {
  /** The sample ranked; `repomap rank` leaves it out for a query that names none. */
  sample_id: string;
  repo?: string;
  base_commit?: string;
  task_type?: string;
  /** Repo-relative POSIX paths, most useful first, no duplicates. */
  top_files: string[];
  /** Score of each file of `top_files`, same length. */
  scores?: number[];
  /** In [0, 1]: how sure the retriever is that it found something. */
  confidence?: number;
  /** True when the retriever abstains (nothing to read). */
  abstain?: boolean;
  /** Line spans per path: `[[start, end], …]`, 1-based inclusive. */
  spans?: Record<string, [number, number][]>;
  /** Milliseconds per phase (`index`, `rank`). */
  timing_ms?: Record<string, number>;
  /**
   * Not a contract field: functions and classes most likely to change, best first, as
   * `path::Qualified.name` (function-level Acc@k reads it).
   */
  functions?: string[];
  /** Not a contract field: why each listed file ranks where it does, by path. */
  reasons?: Record<string, string[]>;
  [field: string]: unknown;
}

/**
 * @deprecated The one details-row type is {@link DetailsRow}; this name stays because the
 * package exported it for the rows `toDetailsRow` writes.
 */
export type DetailsRowOut = DetailsRow;

/** A details row lists at least this many files (when the corpus has them): the contract's deepest cut-off is R@20. */
export const DETAILS_MIN_FILES = 20;

/**
 * Turns a ranking into a contract details row; `top` files (at least DETAILS_MIN_FILES when
 * the corpus has them). Every field of the ranking is there; `sample_id`, `repo` and
 * `base_commit` only when given.
 */
export function toDetailsRow(
  result: RepoMapResult,
  options: { top: number; sampleId?: string; repo?: string; baseCommit?: string; abstain?: boolean },
): Partial<Pick<DetailsRow, 'sample_id' | 'repo' | 'base_commit'>> &
  Required<
    Pick<DetailsRow, 'top_files' | 'task_type' | 'scores' | 'confidence' | 'abstain' | 'timing_ms' | 'reasons'>
  > &
  Pick<DetailsRow, 'spans' | 'functions'> {
  const files = result.files.slice(0, Math.max(options.top, DETAILS_MIN_FILES));
  const t = result.stats.timingsMs;
  const row = {
    ...(options.sampleId !== undefined ? { sample_id: options.sampleId } : {}),
    ...(options.repo !== undefined ? { repo: options.repo } : {}),
    ...(options.baseCommit !== undefined ? { base_commit: options.baseCommit } : {}),
    task_type: result.task,
    top_files: files.map((f) => f.path),
    scores: files.map((f) => f.score),
    confidence: result.confidence,
    abstain: options.abstain ?? false,
    ...spansOf(files),
    timing_ms: { index: t.corpus + t.tags + t.graph, rank: result.stats.rankMs },
    ...(result.functions ? { functions: result.functions } : {}),
    reasons: Object.fromEntries(files.map((f) => [f.path, f.reasons])),
  };
  return row;
}

/** The contract's `spans` field for the files that have spans; nothing when none has. */
function spansOf(files: readonly RankedFile[]): { spans?: Record<string, [number, number][]> } {
  const withSpans = files.filter((f) => f.spans && f.spans.length > 0);
  if (withSpans.length === 0) return {};
  return {
    spans: Object.fromEntries(withSpans.map((f) => [f.path, f.spans!.map((s): [number, number] => [s.start, s.end])])),
  };
}
