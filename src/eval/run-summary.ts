/**
 * The summary JSON of `repomap eval` and `repomap score`, and its printed
 * form. Both commands build it here from sample scores, so the same details
 * give the same numbers whichever command scored them.
 */
import {
  BCY_METRICS,
  markdownTable,
  summarize,
  type MetricName,
  type MetricSummary,
  type SampleScores,
  type Summary,
} from './metrics.js';
import type { SampleError } from './run.js';
import { evaluateSelective, type SelectiveRates, type SelectiveReport, type SelectiveSample } from './selective.js';

/** Metric means; BCY metrics are null when file texts were not available. */
export type ReportedMetrics = Partial<Record<MetricName, number | null>>;

/** A per-task (or overall) row of the summary. */
export type ReportedGroup = Omit<MetricSummary, 'metrics'> & { metrics: ReportedMetrics };

/** The selective report, plus how many samples had no confidence and were left out. */
export type SelectiveSummary = SelectiveReport & { withoutConfidence: number };

export interface RunSummary {
  /** The command line that produced it. */
  command: string;
  /** `repomap`, `bm25`, or the details files scored. */
  method: string;
  samples: number;
  /** Details rows written (eval) or matched to a sample (score). */
  rows: number;
  error_count: number;
  errors: SampleError[];
  /** Whether BCY metrics were computed (file texts read). */
  bcy: boolean;
  tasks: Record<string, ReportedGroup>;
  overall: ReportedGroup;
  macro: { tasks: string[]; metrics: ReportedMetrics };
  selective?: SelectiveSummary;
  notes: string[];
  /** Run facts (repositories, snapshots, wall time, peak RSS, …). */
  [field: string]: unknown;
}

export interface RunSummaryInput {
  command: string;
  method: string;
  scores: readonly SampleScores[];
  rows: number;
  errors: readonly SampleError[];
  /** False when BCY could not be computed (no texts): its metrics are reported as null. */
  bcy: boolean;
  /** Add the repo-grouped cross-validated selective report. */
  selective?: boolean;
  /** Extra facts, written after `errors` (e.g. `repositories`, `snapshots`, `wall_ms`, `peak_rss_mb`). */
  facts?: Record<string, unknown>;
  notes?: readonly string[];
}

/** The selective evaluation's inputs: every scored sample that carries a confidence. */
export function selectiveItems(scores: readonly SampleScores[]): SelectiveSample[] {
  return scores
    .filter((s) => s.confidence !== undefined)
    .map((s) => ({
      sampleId: s.sampleId,
      repo: s.repo,
      confidence: s.confidence as number,
      isNoGold: !s.positive,
      hitAt20: s.hitAt20,
    }));
}

/** Builds the summary (metrics per task, overall and macro; selective when asked). */
export function buildRunSummary(input: RunSummaryInput): RunSummary {
  const summary: Summary = summarize(input.scores);
  const notes = [...(input.notes ?? [])];
  const report = (m: Summary['overall']['metrics']): ReportedMetrics => {
    if (input.bcy) return { ...m };
    const out: ReportedMetrics = { ...m };
    for (const name of BCY_METRICS) out[name] = null;
    return out;
  };
  if (!input.bcy) notes.push('BCY metrics are null: file texts were not read (give --repos DIR to compute them).');
  const group = (g: MetricSummary): ReportedGroup => ({ ...g, metrics: report(g.metrics) });
  const tasks: Record<string, ReportedGroup> = {};
  for (const [task, g] of Object.entries(summary.tasks)) tasks[task] = group(g);
  const out: RunSummary = {
    command: input.command,
    method: input.method,
    samples: input.scores.length,
    rows: input.rows,
    error_count: input.errors.length,
    errors: [...input.errors],
    ...(input.facts ?? {}),
    bcy: input.bcy,
    tasks,
    overall: group(summary.overall),
    macro: { tasks: summary.macro.tasks, metrics: report(summary.macro.metrics) },
    notes,
  };
  if (input.selective) {
    const items = selectiveItems(input.scores);
    const withoutConfidence = input.scores.length - items.length;
    if (withoutConfidence > 0)
      notes.push(`selective: ${withoutConfidence} samples without a confidence were left out.`);
    out.selective = { ...evaluateSelective(items), withoutConfidence };
  }
  return out;
}

/** The printed report: the Markdown table of the metrics, then the selective report when present. */
export function formatRunReport(summary: RunSummary): string {
  const plain: Summary = {
    tasks: Object.fromEntries(Object.entries(summary.tasks).map(([t, g]) => [t, numericGroup(g)])),
    overall: numericGroup(summary.overall),
    macro: { tasks: summary.macro.tasks, metrics: numericMetrics(summary.macro.metrics) },
  };
  let text = markdownTable(plain);
  if (summary.selective) text += '\n' + formatSelective(summary.selective);
  return text;
}

function numericMetrics(m: ReportedMetrics): MetricSummary['metrics'] {
  return Object.fromEntries(Object.entries(m).filter(([, v]) => typeof v === 'number')) as MetricSummary['metrics'];
}

function numericGroup(g: ReportedGroup): MetricSummary {
  return { ...g, metrics: numericMetrics(g.metrics) };
}

/** The selective report as a Markdown table: cross-validated thresholds against never abstaining. */
export function formatSelective(s: SelectiveSummary): string {
  const fmt = (v: number | null): string => (v === null ? 'n/a' : v.toFixed(4));
  const row = (name: string, r: SelectiveRates): string =>
    `| ${name} | ${fmt(r.balancedAccuracy)} | ${fmt(r.selectiveSuccessAt20)} | ${fmt(r.coverage)} | ${fmt(r.positivePassRate)} | ${fmt(r.noGoldAbstentionRate)} |`;
  const lines = [
    `Selective (${s.folds.length}-fold repository-grouped CV; ${s.positives} positives, ${s.noGold} no-gold${s.withoutConfidence ? `, ${s.withoutConfidence} without confidence left out` : ''}):`,
    '',
    '| decision | balanced acc. | selective success@20 | coverage | positive pass | no-gold abstain |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('threshold (CV)', s),
    row('never abstain', s.baseline),
    '',
    `thresholds per fold: ${s.folds.map((f) => `${f.fold}: ${f.threshold.toPrecision(4)} (${f.repos.length} repos)`).join(', ')}`,
  ];
  return lines.join('\n') + '\n';
}
