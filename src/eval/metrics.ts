/**
 * Retrieval metrics of the eval contract (section 3), per sample and summarized.
 *
 * Conventions (decisions where the contract is silent, kept in one place):
 * - Gold is `goldFiles(sample)`: the contract's first-rule-wins set minus the
 *   given files. A sample with an empty set is "no-gold" and gets no metrics.
 * - Given files that a retriever ranks keep their positions: they occupy rank
 *   slots (and BCY budget) but are never hits. `top_files` is used as written;
 *   a repeated path counts at its first position only.
 * - A positive sample without a details row scores 0 on every metric
 *   (`summarize` can exclude such samples instead).
 * - `abstain` does not change rank metrics: `top_files` is scored as given;
 *   abstention is judged by the selective evaluation.
 * - BCY renders every ranked file, not only the top 20, until the budget runs
 *   out. A ranked path with no text (`textOf` returns undefined: absent from
 *   the corpus) is rendered with empty text: its header costs budget and it can
 *   never count. A gold file whose text has no token (an empty file) never counts.
 * - `-trunc8k` cuts each text to its first 8,000 Unicode code points (Python
 *   string characters, as the reference implementation did), not UTF-16 units.
 */
import { compareByteOrder } from '../text/order.js';
import { countContractTokens } from '../text/tokens.js';
import type { DetailsRow } from './details.js';
import { goldFiles, type Sample } from './samples.js';

/** Cut-offs of Recall@k and Any@k. */
export const RECALL_KS = [5, 10, 20] as const;
/** Cut-offs of Acc@k (issue localization: all gold files, capped at k, in the top k). */
export const ACC_KS = [1, 3, 5, 10] as const;
/** Cut-offs of function-level Acc@k (samples whose gold lists functions). */
export const FUNCTION_ACC_KS = [5, 10] as const;
/** Cut-off of nDCG. */
export const NDCG_K = 20;
/** Token budgets of BCY@B. */
export const BCY_BUDGETS = [4000, 8000, 16000, 32000] as const;
/** Characters (code points) kept per file by the `-trunc8k` BCY variant. */
export const BCY_TRUNCATE_CHARS = 8000;
/** The rank a gold file must reach for a selective "hit". */
export const HIT_K = 20;

export const RANK_METRICS = [
  'Recall@5',
  'Recall@10',
  'Recall@20',
  'MRR',
  'Any@5',
  'Any@10',
  'Any@20',
  'nDCG@20',
  'Acc@1',
  'Acc@3',
  'Acc@5',
  'Acc@10',
] as const;
export const BCY_METRICS = [
  'BCY@4000',
  'BCY@8000',
  'BCY@16000',
  'BCY@32000',
  'BCY@4000-trunc8k',
  'BCY@8000-trunc8k',
  'BCY@16000-trunc8k',
  'BCY@32000-trunc8k',
] as const;
/**
 * Function-level Acc@k: the same rule on `gold.functions` (`path::Qualified.name`)
 * against the row's ranked `functions`; only samples whose gold lists functions have them,
 * and a summary averages them over those samples alone.
 */
export const FUNCTION_METRICS = ['Fn-Acc@5', 'Fn-Acc@10'] as const;
/** Every metric, in report order. */
export const METRIC_NAMES = [...RANK_METRICS, ...FUNCTION_METRICS, ...BCY_METRICS] as const;
export type RankMetricName = (typeof RANK_METRICS)[number];
export type FunctionMetricName = (typeof FUNCTION_METRICS)[number];
export type BcyMetricName = (typeof BCY_METRICS)[number];
export type MetricName = (typeof METRIC_NAMES)[number];

/** Rank metrics always; function metrics when the gold lists functions; BCY metrics only when file texts were available. */
export type SampleMetrics = Record<RankMetricName, number> &
  Partial<Record<FunctionMetricName | BcyMetricName, number>>;

/** Text of a corpus file by repo-relative path; undefined when the path is not in the corpus. */
export type TextOf = (path: string) => string | undefined;

type Gold = readonly string[] | ReadonlySet<string>;

function goldSet(gold: Gold): ReadonlySet<string> {
  return gold instanceof Set ? gold : new Set(gold as readonly string[]);
}

/** The ranking with repeated paths removed (first position kept). */
export function dedupeRanking(files: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const f of files) {
    if (!seen.has(f)) {
      seen.add(f);
      out.push(f);
    }
  }
  return out;
}

/** |gold ∩ top k| / |gold|; 0 for an empty gold set. `ranked` must be duplicate-free. */
export function recallAtK(ranked: readonly string[], gold: Gold, k: number): number {
  const g = goldSet(gold);
  if (g.size === 0) return 0;
  let hits = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) if (g.has(ranked[i] as string)) hits++;
  return hits / g.size;
}

/** 1 / rank (from 1) of the first gold file; 0 when none appears. */
export function reciprocalRank(ranked: readonly string[], gold: Gold): number {
  const rank = firstGoldRank(ranked, gold);
  return rank === null ? 0 : 1 / rank;
}

/** Rank (from 1) of the first gold file, or null. */
export function firstGoldRank(ranked: readonly string[], gold: Gold): number | null {
  const g = goldSet(gold);
  for (let i = 0; i < ranked.length; i++) if (g.has(ranked[i] as string)) return i + 1;
  return null;
}

/**
 * Acc@k (issue-localization papers, LocAgent's rule): 1 when min(|gold|, k) gold
 * items are in the top k, else 0; 0 for an empty gold set. `ranked` must be duplicate-free.
 */
export function accuracyAtK(ranked: readonly string[], gold: Gold, k: number): number {
  const g = goldSet(gold);
  if (g.size === 0) return 0;
  let hits = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) if (g.has(ranked[i] as string)) hits++;
  return hits >= Math.min(g.size, k) ? 1 : 0;
}

/** 1 when a gold file is in the top k, else 0. */
export function anyAtK(ranked: readonly string[], gold: Gold, k: number): number {
  const rank = firstGoldRank(ranked, gold);
  return rank !== null && rank <= k ? 1 : 0;
}

/**
 * nDCG@k with binary relevance: Σ_{i ≤ k, ranked[i] ∈ gold} 1/log2(i + 1), divided
 * by the same sum for the ideal ranking (all gold first: min(|gold|, k) terms).
 * 0 for an empty gold set. `ranked` must be duplicate-free.
 */
export function ndcgAtK(ranked: readonly string[], gold: Gold, k: number): number {
  const g = goldSet(gold);
  if (g.size === 0) return 0;
  let dcg = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) if (g.has(ranked[i] as string)) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  const m = Math.min(k, g.size);
  for (let i = 0; i < m; i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

/** The first `n` code points of `text`. */
export function truncateCodePoints(text: string, n: number): string {
  if (text.length <= n) return text;
  let units = 0;
  for (let count = 0; count < n && units < text.length; count++) {
    const c = text.charCodeAt(units);
    units +=
      c >= 0xd800 && c <= 0xdbff && units + 1 < text.length && (text.charCodeAt(units + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return text.slice(0, units);
}

/** Token cost of one rendered file: header `### {path}\n` and content (content capped at `cap`). */
interface PackEntry {
  path: string;
  header: number;
  content: number;
}

/** Contract tokens of the header `### {path}\n`. */
export function headerTokens(path: string): number {
  return 3 + countContractTokens(path);
}

/**
 * The packing prefix of a ranking: entries until their cumulative cost reaches
 * `maxBudget` (later files can never be packed). Content counts are capped at
 * `maxBudget + 1`, enough to decide whether a file fits any budget ≤ maxBudget.
 */
function packEntries(
  ranked: readonly string[],
  textOf: TextOf,
  maxBudget: number,
  truncateChars: number | undefined,
): { entries: PackEntry[]; missingTexts: number } {
  const entries: PackEntry[] = [];
  let missingTexts = 0;
  let total = 0;
  for (const path of ranked) {
    if (total >= maxBudget) break;
    let text = textOf(path);
    if (text === undefined) {
      missingTexts++;
      text = '';
    }
    if (truncateChars !== undefined) text = truncateCodePoints(text, truncateChars);
    const entry = { path, header: headerTokens(path), content: countContractTokens(text, maxBudget + 1) };
    entries.push(entry);
    total += entry.header + entry.content;
  }
  return { entries, missingTexts };
}

/** Gold files with at least one content token packed into `budget` (greedy, in rank order, stop at the first misfit). */
function packedGold(entries: readonly PackEntry[], gold: ReadonlySet<string>, budget: number): number {
  let remaining = budget;
  let hits = 0;
  for (const e of entries) {
    if (remaining <= 0) break;
    const cost = e.header + e.content;
    if (cost <= remaining) {
      if (e.content > 0 && gold.has(e.path)) hits++;
      remaining -= cost;
    } else {
      // The file's token prefix is packed: header first, then remaining - header content tokens.
      if (remaining - e.header >= 1 && e.content > 0 && gold.has(e.path)) hits++;
      break;
    }
  }
  return hits;
}

export interface BcyOptions {
  /** Cut each file text to this many code points first (the `-trunc8k` variant uses 8,000). */
  truncateChars?: number;
}

/**
 * Budgeted Context Yield: the share of gold files with at least one content
 * token inside the first `budget` contract tokens of the rendering
 * `### {path}\n{text}\n` of `ranked` in order. 0 for an empty gold set.
 */
export function budgetedContextYield(
  ranked: readonly string[],
  gold: Gold,
  textOf: TextOf,
  budget: number,
  options: BcyOptions = {},
): number {
  const g = goldSet(gold);
  if (g.size === 0) return 0;
  const { entries } = packEntries(dedupeRanking(ranked), textOf, budget, options.truncateChars);
  return packedGold(entries, g, budget) / g.size;
}

/** Scores of one sample against its details row. */
export interface SampleScores {
  sampleId: string;
  repo: string;
  taskType: string;
  /** Number of gold files (given files excluded). */
  goldCount: number;
  /** True when the sample has gold files; only positives get metrics. */
  positive: boolean;
  /** True when no details row was given for the sample. */
  missingRow: boolean;
  /** Rank (from 1) of the first gold file in `top_files`, or null. */
  firstGoldRank: number | null;
  /** A gold file is in the top 20 (false for no-gold samples). */
  hitAt20: boolean;
  /** The row's confidence and abstain flag, when present. */
  confidence?: number;
  abstain?: boolean;
  /** Ranked paths in the BCY packing prefix that had no text (only when texts were given). */
  missingTexts?: number;
  /** Null for no-gold samples. */
  metrics: SampleMetrics | null;
}

/**
 * Scores one sample. `row` undefined means the retriever produced no row (all
 * metrics 0 for a positive sample). BCY metrics are computed only when `textOf`
 * is given.
 */
export function scoreSample(sample: Sample, row: DetailsRow | undefined, textOf?: TextOf): SampleScores {
  const gold = new Set(goldFiles(sample));
  const ranked = row ? dedupeRanking(row.top_files) : [];
  const first = gold.size > 0 ? firstGoldRank(ranked, gold) : null;
  const scores: SampleScores = {
    sampleId: sample.id,
    repo: sample.repo,
    taskType: sample.task_type,
    goldCount: gold.size,
    positive: gold.size > 0,
    missingRow: row === undefined,
    firstGoldRank: first,
    hitAt20: first !== null && first <= HIT_K,
    metrics: null,
  };
  if (row?.confidence !== undefined) scores.confidence = row.confidence;
  if (row?.abstain !== undefined) scores.abstain = row.abstain;
  if (gold.size === 0) return scores;

  const metrics = {
    MRR: first === null ? 0 : 1 / first,
    'nDCG@20': ndcgAtK(ranked, gold, NDCG_K),
  } as SampleMetrics;
  for (const k of RECALL_KS) {
    metrics[`Recall@${k}`] = recallAtK(ranked, gold, k);
    metrics[`Any@${k}`] = first !== null && first <= k ? 1 : 0;
  }
  for (const k of ACC_KS) metrics[`Acc@${k}`] = accuracyAtK(ranked, gold, k);
  const goldFunctions = sample.gold?.functions;
  if (Array.isArray(goldFunctions) && goldFunctions.length > 0) {
    const functions = dedupeRanking(row?.functions ?? []);
    for (const k of FUNCTION_ACC_KS) metrics[`Fn-Acc@${k}`] = accuracyAtK(functions, goldFunctions, k);
  }
  if (textOf) {
    const maxBudget = Math.max(...BCY_BUDGETS);
    const full = packEntries(ranked, textOf, maxBudget, undefined);
    const cut = packEntries(ranked, textOf, maxBudget, BCY_TRUNCATE_CHARS);
    for (const b of BCY_BUDGETS) {
      metrics[`BCY@${b}`] = packedGold(full.entries, gold, b) / gold.size;
      metrics[`BCY@${b}-trunc8k`] = packedGold(cut.entries, gold, b) / gold.size;
    }
    scores.missingTexts = full.missingTexts;
  }
  scores.metrics = orderMetrics(metrics);
  return scores;
}

function orderMetrics(m: SampleMetrics): SampleMetrics {
  const out: Partial<Record<MetricName, number>> = {};
  for (const name of METRIC_NAMES) if (m[name] !== undefined) out[name] = m[name];
  return out as SampleMetrics;
}

export interface ScoreSamplesOptions {
  /** File texts of a sample's corpus; BCY is computed for samples where it returns a function. */
  textOf?: (sample: Sample) => TextOf | undefined;
}

/** Scores every sample against the row with its id (rows for unknown ids are ignored). */
export function scoreSamples(
  samples: readonly Sample[],
  rows: readonly DetailsRow[] | ReadonlyMap<string, DetailsRow>,
  options: ScoreSamplesOptions = {},
): SampleScores[] {
  const byId = rows instanceof Map ? rows : new Map((rows as readonly DetailsRow[]).map((r) => [r.sample_id, r]));
  return samples.map((s) => scoreSample(s, byId.get(s.id), options.textOf?.(s)));
}

/** Counts and mean metrics of a group of samples. */
export interface MetricSummary {
  samples: number;
  /** Samples with gold files. */
  positives: number;
  /** Samples without gold files (no metrics). */
  noGold: number;
  /** Samples (positive or not) without a details row. */
  missingRows: number;
  /** Positive samples the means are taken over. */
  scored: number;
  /**
   * Mean over `scored` samples; a metric is present when every one of them has it,
   * except function metrics: their mean is over the `functionScored` samples that have them.
   */
  metrics: Partial<Record<MetricName, number>>;
  /** Scored samples whose gold lists functions (the function metrics' denominator); absent when none. */
  functionScored?: number;
}

export interface Summary {
  /** Per task type, keys in byte order. */
  tasks: Record<string, MetricSummary>;
  /** All samples together: each positive sample weighs the same. */
  overall: MetricSummary;
  /** Mean of the task rows that scored at least one sample; `tasks` lists them. */
  macro: { tasks: string[]; metrics: Partial<Record<MetricName, number>> };
}

export interface SummarizeOptions {
  /** `zero` (default): a positive sample without a row counts with all metrics 0. `exclude`: it is left out of the means. */
  missingRows?: 'zero' | 'exclude';
}

/** Items grouped by task type, tasks in byte order (items keep their order within a task). */
export function byTask<T extends { taskType: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    let g = groups.get(item.taskType);
    if (!g) groups.set(item.taskType, (g = []));
    g.push(item);
  }
  return [...groups].sort((a, b) => compareByteOrder(a[0], b[0]));
}

/** Summarizes sample scores per task, overall (sample-weighted) and macro (mean of task rows). */
export function summarize(scored: readonly SampleScores[], options: SummarizeOptions = {}): Summary {
  const exclude = options.missingRows === 'exclude';
  const tasks: Record<string, MetricSummary> = {};
  for (const [task, group] of byTask(scored)) tasks[task] = summarizeGroup(group, exclude);
  const overall = summarizeGroup(scored, exclude);
  const macroTasks = Object.keys(tasks).filter((t) => (tasks[t] as MetricSummary).scored > 0);
  const macro: Summary['macro'] = { tasks: macroTasks, metrics: {} };
  for (const name of METRIC_NAMES) {
    const values = macroTasks.map((t) => (tasks[t] as MetricSummary).metrics[name]);
    if (values.length > 0 && values.every((v) => v !== undefined)) {
      macro.metrics[name] = (values as number[]).reduce((a, b) => a + b, 0) / values.length;
    }
  }
  return { tasks, overall, macro };
}

function summarizeGroup(group: readonly SampleScores[], excludeMissing: boolean): MetricSummary {
  const positives = group.filter((s) => s.positive);
  const averaged = positives.filter((s) => !(excludeMissing && s.missingRow));
  const summary: MetricSummary = {
    samples: group.length,
    positives: positives.length,
    noGold: group.length - positives.length,
    missingRows: group.filter((s) => s.missingRow).length,
    scored: averaged.length,
    metrics: {},
  };
  if (averaged.length === 0) return summary;
  const withFunctions = averaged.filter((s) => s.metrics?.[FUNCTION_METRICS[0]] !== undefined);
  for (const name of METRIC_NAMES) {
    if ((FUNCTION_METRICS as readonly string[]).includes(name)) {
      if (withFunctions.length > 0)
        summary.metrics[name] =
          withFunctions.reduce((sum, s) => sum + (s.metrics![name] as number), 0) / withFunctions.length;
      continue;
    }
    let sum = 0;
    let complete = true;
    for (const s of averaged) {
      const v = s.metrics?.[name];
      if (v === undefined) {
        complete = false;
        break;
      }
      sum += v;
    }
    if (complete) summary.metrics[name] = sum / averaged.length;
  }
  if (withFunctions.length > 0) summary.functionScored = withFunctions.length;
  return summary;
}

export interface MarkdownTableOptions {
  /** Metric columns (default: those present in `overall`). */
  metrics?: readonly MetricName[];
  /** Decimals (default 4). */
  digits?: number;
}

/** The summary as a Markdown table: one row per task, then `overall` and `macro`. */
export function markdownTable(summary: Summary, options: MarkdownTableOptions = {}): string {
  const present = (m: MetricName): boolean =>
    summary.overall.metrics[m] !== undefined || Object.values(summary.tasks).some((t) => t.metrics[m] !== undefined);
  const metrics = options.metrics ?? METRIC_NAMES.filter(present);
  const digits = options.digits ?? 4;
  const fmt = (v: number | undefined): string => (v === undefined ? '' : v.toFixed(digits));
  const header = ['task', 'samples', 'positives', 'no-gold', 'missing', ...metrics];
  const lines = [
    `| ${header.join(' | ')} |`,
    `| --- | ${header
      .slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
  ];
  const row = (name: string, s: MetricSummary): string =>
    `| ${[name, s.samples, s.positives, s.noGold, s.missingRows, ...metrics.map((m) => fmt(s.metrics[m]))].join(' | ')} |`;
  for (const [task, s] of Object.entries(summary.tasks)) lines.push(row(task, s));
  lines.push(row('overall', summary.overall));
  lines.push(`| ${['macro', '', '', '', '', ...metrics.map((m) => fmt(summary.macro.metrics[m]))].join(' | ')} |`);
  return lines.join('\n') + '\n';
}
