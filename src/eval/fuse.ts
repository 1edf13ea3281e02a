/**
 * Reciprocal Rank Fusion (eval contract section 4):
 *   score(f) = Σ_m w_m / (k + rank_m(f)),  rank from 1, k = 60, w_m = 1 by default;
 * a file absent from a list contributes 0 for it. Output: score descending,
 * ties in path byte order. Each file's contributions are summed in ascending
 * order, so the result does not depend on the order of the inputs.
 */
import { RepoMapError } from '../errors.js';
import type { DetailsRow } from './details.js';
import { compareByteOrder } from '../text/order.js';

export interface RrfOptions {
  /** Rank offset k of 1/(k + rank); larger flattens the head of each list. */
  k?: number;
  /** Weight of each input list, same length as the inputs (default all 1). */
  weights?: readonly number[];
}

/** The contract's RRF constant. */
export const RRF_DEFAULTS = { k: 60 } as const;

/** A fused file. */
export interface FusedFile {
  path: string;
  score: number;
}

/** An RRF input: a ranked list of paths, or anything with one in `files`. */
export type RankedList = readonly string[] | { readonly files: readonly string[] };

function checkOptions(count: number, options: RrfOptions): { k: number; weights: readonly number[] } {
  const k = options.k ?? RRF_DEFAULTS.k;
  if (!(Number.isFinite(k) && k >= 0))
    throw new RepoMapError('bad-option', `repomap/eval: RRF k must be a finite number ≥ 0, got ${k}`, 'k');
  const weights = options.weights ?? new Array<number>(count).fill(1);
  if (weights.length !== count) {
    throw new RepoMapError('bad-option', `repomap/eval: ${weights.length} weights for ${count} RRF inputs`, 'weights');
  }
  for (const w of weights) {
    if (!(Number.isFinite(w) && w >= 0))
      throw new RepoMapError('bad-option', `repomap/eval: RRF weights must be finite numbers ≥ 0, got ${w}`, 'weights');
  }
  return { k, weights };
}

/**
 * Fuses ranked lists by RRF. A path repeated within one list counts at its
 * first rank only. Every path of every list is returned.
 */
export function rrfFuse(lists: readonly RankedList[], options: RrfOptions = {}): FusedFile[] {
  const { k, weights } = checkOptions(lists.length, options);
  const contributions = new Map<string, number[]>();
  lists.forEach((list, m) => {
    const files = Array.isArray(list)
      ? (list as readonly string[])
      : (list as { readonly files: readonly string[] }).files;
    const w = weights[m] as number;
    const seen = new Set<string>();
    files.forEach((path, i) => {
      if (seen.has(path)) return;
      seen.add(path);
      let c = contributions.get(path);
      if (!c) contributions.set(path, (c = []));
      c.push(w / (k + i + 1));
    });
  });
  const out: FusedFile[] = [];
  for (const [path, parts] of contributions) {
    parts.sort((a, b) => a - b);
    let score = 0;
    for (const p of parts) score += p;
    out.push({ path, score });
  }
  out.sort((a, b) => b.score - a.score || compareByteOrder(a.path, b.path));
  return out;
}

export interface FuseDetailsOptions extends RrfOptions {
  /** Keep only the first `top` fused files per row (default: all). */
  top?: number;
}

/**
 * Fuses details files row by row, matching rows by `sample_id`. A sample
 * missing from some inputs is fused from the inputs that have it (an absent
 * list contributes 0, as an absent file does), keeping each input's weight.
 * Rows come out in first-appearance order (input 0's rows, then new ids of
 * input 1, …) with `sample_id`, `repo`, `base_commit`, `task_type` (first
 * input that has each), `top_files` and `scores`; other fields are not carried.
 * Inputs that disagree on `repo`, `base_commit` or `task_type` for a sample,
 * or repeat a `sample_id`, are an error (`bad-details`).
 */
export function fuseDetails(
  inputs: readonly (readonly DetailsRow[])[],
  options: FuseDetailsOptions = {},
): DetailsRow[] {
  const { weights } = checkOptions(inputs.length, options);
  const top = options.top;
  if (top !== undefined && !(Number.isInteger(top) && top >= 0)) {
    throw new RepoMapError('bad-option', `repomap/eval: fusion top must be an integer ≥ 0, got ${top}`, 'top');
  }
  const order: string[] = [];
  const bySample = new Map<string, { input: number; row: DetailsRow }[]>();
  inputs.forEach((rows, input) => {
    const seen = new Set<string>();
    for (const row of rows) {
      if (seen.has(row.sample_id)) {
        throw new RepoMapError(
          'bad-details',
          `repomap/eval: fusion input ${input} repeats sample_id "${row.sample_id}"`,
          row.sample_id,
        );
      }
      seen.add(row.sample_id);
      let list = bySample.get(row.sample_id);
      if (!list) {
        bySample.set(row.sample_id, (list = []));
        order.push(row.sample_id);
      }
      list.push({ input, row });
    }
  });
  return order.map((id) => {
    const entries = bySample.get(id) as { input: number; row: DetailsRow }[];
    const meta: Pick<DetailsRow, 'repo' | 'base_commit' | 'task_type'> = {};
    for (const field of ['repo', 'base_commit', 'task_type'] as const) {
      let from = -1;
      for (const { input, row } of entries) {
        const value = row[field];
        if (value === undefined) continue;
        if (meta[field] === undefined) {
          meta[field] = value;
          from = input;
        } else if (meta[field] !== value) {
          throw new RepoMapError(
            'bad-details',
            `repomap/eval: the fused inputs disagree: sample "${id}" has ${field} "${meta[field]}" in input ${from} and "${value}" in input ${input}`,
            id,
          );
        }
      }
    }
    const fused = rrfFuse(
      entries.map((e) => e.row.top_files),
      { k: options.k ?? RRF_DEFAULTS.k, weights: entries.map((e) => weights[e.input] as number) },
    );
    const kept = top === undefined ? fused : fused.slice(0, top);
    return { sample_id: id, ...meta, top_files: kept.map((f) => f.path), scores: kept.map((f) => f.score) };
  });
}

/**
 * Samples that have a row in some of the inputs but not in all: for each input, the ids
 * of the samples it lacks, in the order they are first seen. (`fuseDetails` fuses such a
 * sample from the rows it has.)
 */
export function missingRows(inputs: readonly (readonly DetailsRow[])[]): string[][] {
  const ids = inputs.map((rows) => new Set(rows.map((r) => r.sample_id)));
  const all = [...new Set(inputs.flatMap((rows) => rows.map((r) => r.sample_id)))];
  return ids.map((own) => all.filter((id) => !own.has(id)));
}
