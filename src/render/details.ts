import type { RankedFile, RepoMapResult } from '../types.js';

/** A details row of the eval contract (section 2), plus per-file reasons. */
export interface DetailsRowOut {
  sample_id?: string;
  repo?: string;
  base_commit?: string;
  task_type: string;
  top_files: string[];
  scores: number[];
  confidence: number;
  abstain: boolean;
  /** Line spans per path (`[[start, end], …]`, 1-based inclusive) for the listed files that have any. */
  spans?: Record<string, [number, number][]>;
  timing_ms: { index: number; rank: number };
  /** Not a contract field: functions most likely to change across the ranked files, best first, `path::Qualified.name`. */
  functions?: string[];
  reasons: Record<string, string[]>;
}

/** A details row lists at least this many files (when the corpus has them): the contract's deepest cut-off is R@20. */
export const DETAILS_MIN_FILES = 20;

/** Turns a ranking into a contract details row; `top` files (at least DETAILS_MIN_FILES when the corpus has them). */
export function toDetailsRow(
  result: RepoMapResult,
  options: { top: number; sampleId?: string; repo?: string; baseCommit?: string; abstain?: boolean },
): DetailsRowOut {
  const files = result.files.slice(0, Math.max(options.top, DETAILS_MIN_FILES));
  const t = result.stats.timingsMs;
  const row: DetailsRowOut = {
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
  return { spans: Object.fromEntries(withSpans.map((f) => [f.path, f.spans!.map((s): [number, number] => [s.start, s.end])])) };
}
