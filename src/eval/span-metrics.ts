/**
 * Span and pack metrics: how much of the evidence a context pack carries.
 *
 * Inputs beyond the contract (both optional, both scorer-side):
 * - `gold.gold_spans` of a sample (`GoldSpan`): 1-based inclusive line ranges
 *   at the base commit, per gold file; for the dev set they are the lines the
 *   change edited (bench/gold-spans.mjs), a proxy for the evidence needed.
 * - Packed line ranges in a details row, per budget (in tokens):
 *   `"pack": {"4000": {"src/a.py": [[1, 20], [40, 52]]}, "8000": {…}}` for the
 *   span pack and `"pack_whole"` (same shape) for the whole-file pack. Ranges
 *   are 1-based and inclusive, in any order; overlaps count once. The
 *   contract's `spans` field is the ranker's spans, not a pack, and is not read.
 *
 * Metrics per sample, field and budget (then averaged over samples):
 * - **PackBCY@B**: share of gold files with at least one packed line (the
 *   contract's BCY with "file text" = what the pack included). Needs no spans.
 * - **LineRecall@B** = |packed ∩ gold lines| / |gold lines|, where gold lines
 *   are the union of the gold spans of the sample's gold files (given files
 *   excluded; spans on other paths are ignored).
 * - **LinePrecision@B** = |packed ∩ gold lines| / |packed lines|, over every
 *   packed line of every file (given and non-gold files included); 0 when
 *   nothing was packed.
 * - **LineF1@B**: harmonic mean of the two; 0 when both are 0.
 *
 * Exclusions (counted, never scored as 0): no-gold samples; for line metrics,
 * positive samples whose gold files have no span; for a field and budget,
 * samples without a row or whose row lacks that field or budget.
 */
import { RepoMapError } from '../errors.js';
import { compareByteOrder } from '../text/order.js';
import type { DetailsRow } from './details.js';
import { isPlainObject } from './jsonl.js';
import { byTask } from './metrics.js';
import { goldFiles, type Sample } from './samples.js';

/** A 1-based inclusive line range. */
export type LineRange = [number, number];
/** Line ranges per repo-relative path. */
export type LineRanges = Record<string, LineRange[]>;

/** Details-row fields that carry packed line ranges per budget: the span pack and the whole-file pack. */
export const PACK_FIELDS = ['pack', 'pack_whole'] as const;
export type PackField = (typeof PACK_FIELDS)[number];

/** Metric names per field and budget, in report order. */
export const SPAN_METRICS = ['PackBCY', 'LineRecall', 'LinePrecision', 'LineF1'] as const;
export type SpanMetricName = (typeof SPAN_METRICS)[number];

/** Metrics of one pack (one field, one budget) for one sample; line metrics only when the sample has gold spans. */
export type PackScore = { PackBCY: number } & Partial<Record<Exclude<SpanMetricName, 'PackBCY'>, number>>;

/** Span scores of one sample. */
export interface SampleSpanScores {
  sampleId: string;
  taskType: string;
  positive: boolean;
  missingRow: boolean;
  /** Gold lines (union of the gold files' spans); 0 means the sample has no gold spans. */
  goldLines: number;
  /** Gold files with no span. */
  goldFilesWithoutSpans: number;
  /** Per field, per budget (decimal string): the pack's scores. Absent fields and budgets were not in the row. */
  packs: Partial<Record<PackField, Record<string, PackScore>>>;
}

/** Sorted, with overlapping or touching ranges merged. */
export function mergeRanges(ranges: readonly LineRange[]): LineRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: LineRange[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Lines covered by merged ranges. */
export function rangeLines(merged: readonly LineRange[]): number {
  let n = 0;
  for (const [s, e] of merged) n += e - s + 1;
  return n;
}

/** Lines in both of two merged range lists. */
export function sharedLines(a: readonly LineRange[], b: readonly LineRange[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const [as, ae] = a[i] as LineRange;
    const [bs, be] = b[j] as LineRange;
    const lo = Math.max(as, bs);
    const hi = Math.min(ae, be);
    if (lo <= hi) n += hi - lo + 1;
    if (ae < be) i++;
    else j++;
  }
  return n;
}

/** Merged gold line ranges of the sample's gold files (given files excluded); files without spans are absent. */
export function goldLineRanges(sample: Sample): Map<string, LineRange[]> {
  const gold = new Set(goldFiles(sample));
  const byPath = new Map<string, LineRange[]>();
  for (const span of sample.gold?.gold_spans ?? []) {
    if (!gold.has(span.path)) continue;
    let list = byPath.get(span.path);
    if (!list) byPath.set(span.path, (list = []));
    list.push([span.start_line, span.end_line]);
  }
  const out = new Map<string, LineRange[]>();
  for (const path of [...byPath.keys()].sort(compareByteOrder))
    out.set(path, mergeRanges(byPath.get(path) as LineRange[]));
  return out;
}

const BUDGET_KEY_RE = /^[1-9][0-9]*$/;

/**
 * The packed ranges of a row's `field`, per budget key, checked: an object of
 * budgets (positive integers as keys), each an object of paths to
 * `[start, end]` pairs with 1 ≤ start ≤ end. Undefined when the row has no such
 * field. Throws `RepoMapError('bad-details')` naming the sample and the field.
 */
export function readPackedRanges(row: DetailsRow, field: PackField): Map<string, LineRanges> | undefined {
  const value = row[field];
  if (value === undefined) return undefined;
  const fail = (what: string, reason: string): never => {
    throw new RepoMapError(
      'bad-details',
      `repomap/eval: details row of sample "${row.sample_id}": field "${what}" ${reason}`,
      what,
    );
  };
  if (!isPlainObject(value))
    return fail(field, 'must be an object of budgets: {"4000": {"path": [[start, end], …]}, …}');
  const out = new Map<string, LineRanges>();
  for (const budget of Object.keys(value).sort((a, b) => Number(a) - Number(b))) {
    if (!BUDGET_KEY_RE.test(budget))
      fail(`${field}.${budget}`, 'is not a budget: keys must be positive integers (tokens)');
    const files = value[budget];
    if (!isPlainObject(files)) return fail(`${field}.${budget}`, 'must be an object of paths to [start, end] pairs');
    const ranges: LineRanges = {};
    for (const [path, list] of Object.entries(files)) {
      const where = `${field}.${budget}[${JSON.stringify(path)}]`;
      if (!Array.isArray(list)) fail(where, 'must be an array of [start, end] pairs');
      (list as unknown[]).forEach((r, i) => {
        const ok =
          Array.isArray(r) &&
          r.length === 2 &&
          r.every((n) => Number.isInteger(n)) &&
          (r[0] as number) >= 1 &&
          (r[1] as number) >= (r[0] as number);
        if (!ok) fail(`${where}[${i}]`, `must be [start, end] with integers 1 ≤ start ≤ end, got ${JSON.stringify(r)}`);
      });
      ranges[path] = list as LineRange[];
    }
    out.set(budget, ranges);
  }
  return out;
}

/** Scores one pack against the gold files and their gold lines (`goldLines` empty: PackBCY only). */
export function scorePack(
  gold: ReadonlySet<string>,
  goldLines: ReadonlyMap<string, LineRange[]>,
  packed: LineRanges,
): PackScore {
  let goldHit = 0;
  let packedTotal = 0;
  let shared = 0;
  for (const [path, ranges] of Object.entries(packed)) {
    const merged = mergeRanges(ranges);
    const lines = rangeLines(merged);
    packedTotal += lines;
    if (lines > 0 && gold.has(path)) goldHit++;
    const g = goldLines.get(path);
    if (g) shared += sharedLines(merged, g);
  }
  const score: PackScore = { PackBCY: gold.size === 0 ? 0 : goldHit / gold.size };
  let goldTotal = 0;
  for (const g of goldLines.values()) goldTotal += rangeLines(g);
  if (goldTotal > 0) {
    const recall = shared / goldTotal;
    const precision = packedTotal === 0 ? 0 : shared / packedTotal;
    score.LineRecall = recall;
    score.LinePrecision = precision;
    score.LineF1 = recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
  }
  return score;
}

/** Scores every pack field and budget of a sample's row. */
export function scoreSampleSpans(sample: Sample, row: DetailsRow | undefined): SampleSpanScores {
  const gold = new Set(goldFiles(sample));
  const goldLines = goldLineRanges(sample);
  let lines = 0;
  for (const g of goldLines.values()) lines += rangeLines(g);
  const out: SampleSpanScores = {
    sampleId: sample.id,
    taskType: sample.task_type,
    positive: gold.size > 0,
    missingRow: row === undefined,
    goldLines: lines,
    goldFilesWithoutSpans: [...gold].filter((f) => !goldLines.has(f)).length,
    packs: {},
  };
  if (!row) return out;
  for (const field of PACK_FIELDS) {
    const budgets = readPackedRanges(row, field);
    if (!budgets || !out.positive) continue;
    const perBudget: Record<string, PackScore> = {};
    for (const [budget, packed] of budgets) perBudget[budget] = scorePack(gold, goldLines, packed);
    out.packs[field] = perBudget;
  }
  return out;
}

/** Means of one field and budget over a group. */
export interface PackSummary {
  /** Positive samples with this pack (PackBCY is their mean). */
  packed: number;
  /** Positive samples without it (no row, or the row lacks the field or budget): left out. */
  missing: number;
  /** Samples with this pack and gold spans (line metrics are their means). */
  lineScored: number;
  metrics: Partial<Record<SpanMetricName, number>>;
}

/** Counts and pack means of a group of samples. */
export interface SpanGroup {
  samples: number;
  positives: number;
  /** Positive samples with gold spans. */
  withSpans: number;
  /** Positive samples without any gold span: left out of the line metrics. */
  withoutSpans: number;
  /** Gold files without a span, over the positive samples. */
  goldFilesWithoutSpans: number;
  /** Per field, per budget. */
  packs: Partial<Record<PackField, Record<string, PackSummary>>>;
}

export interface SpanSummary {
  /** Fields found in the rows, in `PACK_FIELDS` order. */
  fields: PackField[];
  /** Budgets found in the rows, ascending. */
  budgets: number[];
  tasks: Record<string, SpanGroup>;
  overall: SpanGroup;
  /** Mean of the task rows' means, over the tasks that scored that field, budget and metric. */
  macro: Partial<Record<PackField, Record<string, Partial<Record<SpanMetricName, number>>>>>;
}

/** Summarizes span scores per task (byte order), overall (sample-weighted) and macro. */
export function summarizeSpans(scores: readonly SampleSpanScores[]): SpanSummary {
  const fields = PACK_FIELDS.filter((f) => scores.some((s) => s.packs[f] !== undefined));
  const budgetSet = new Set<number>();
  for (const s of scores)
    for (const f of fields) for (const b of Object.keys(s.packs[f] ?? {})) budgetSet.add(Number(b));
  const budgets = [...budgetSet].sort((a, b) => a - b);
  const tasks: Record<string, SpanGroup> = {};
  for (const [task, group] of byTask(scores)) tasks[task] = summarizeGroup(group, fields, budgets);
  const macro: SpanSummary['macro'] = {};
  for (const f of fields) {
    const perBudget: Record<string, Partial<Record<SpanMetricName, number>>> = {};
    for (const b of budgets) {
      const m: Partial<Record<SpanMetricName, number>> = {};
      for (const name of SPAN_METRICS) {
        const values = Object.values(tasks)
          .map((t) => t.packs[f]?.[String(b)]?.metrics[name])
          .filter((v): v is number => v !== undefined);
        if (values.length > 0) m[name] = values.reduce((x, y) => x + y, 0) / values.length;
      }
      perBudget[String(b)] = m;
    }
    macro[f] = perBudget;
  }
  return { fields, budgets, tasks, overall: summarizeGroup(scores, fields, budgets), macro };
}

function summarizeGroup(
  group: readonly SampleSpanScores[],
  fields: readonly PackField[],
  budgets: readonly number[],
): SpanGroup {
  const positives = group.filter((s) => s.positive);
  const out: SpanGroup = {
    samples: group.length,
    positives: positives.length,
    withSpans: positives.filter((s) => s.goldLines > 0).length,
    withoutSpans: positives.filter((s) => s.goldLines === 0).length,
    goldFilesWithoutSpans: positives.reduce((n, s) => n + s.goldFilesWithoutSpans, 0),
    packs: {},
  };
  for (const f of fields) {
    const perBudget: Record<string, PackSummary> = {};
    for (const b of budgets) {
      const packs = positives.map((s) => s.packs[f]?.[String(b)]).filter((p): p is PackScore => p !== undefined);
      const summary: PackSummary = {
        packed: packs.length,
        missing: positives.length - packs.length,
        lineScored: 0,
        metrics: {},
      };
      if (packs.length > 0) summary.metrics.PackBCY = mean(packs.map((p) => p.PackBCY));
      const withLines = packs.filter((p) => p.LineRecall !== undefined);
      summary.lineScored = withLines.length;
      if (withLines.length > 0) {
        summary.metrics.LineRecall = mean(withLines.map((p) => p.LineRecall as number));
        summary.metrics.LinePrecision = mean(withLines.map((p) => p.LinePrecision as number));
        summary.metrics.LineF1 = mean(withLines.map((p) => p.LineF1 as number));
      }
      perBudget[String(b)] = summary;
    }
    out.packs[f] = perBudget;
  }
  return out;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Span summary of samples against their rows (by sample id); undefined when no row carries a pack field. */
export function spanSummaryOf(
  samples: readonly Sample[],
  rows: ReadonlyMap<string, DetailsRow> | readonly (DetailsRow | undefined)[],
): SpanSummary | undefined {
  const byId =
    rows instanceof Map
      ? (rows as ReadonlyMap<string, DetailsRow>)
      : new Map(
          (rows as readonly (DetailsRow | undefined)[])
            .filter((r): r is DetailsRow => r !== undefined)
            .map((r) => [r.sample_id, r]),
        );
  const summary = summarizeSpans(samples.map((s) => scoreSampleSpans(s, byId.get(s.id))));
  return summary.fields.length === 0 ? undefined : summary;
}

/** The span summary as a Markdown table: a row per task (then overall, macro), pack field and budget. */
export function spanMarkdownTable(summary: SpanSummary, digits = 4): string {
  const fmt = (v: number | undefined): string => (v === undefined ? '' : v.toFixed(digits));
  const header = ['task', 'pack', 'budget', 'positives', 'with spans', 'packed', 'line-scored', ...SPAN_METRICS];
  const lines = [
    `| ${header.join(' | ')} |`,
    `| --- | --- | ${header
      .slice(2)
      .map(() => '---:')
      .join(' | ')} |`,
  ];
  const group = (name: string, g: SpanGroup): void => {
    for (const field of summary.fields) {
      for (const b of summary.budgets) {
        const p = g.packs[field]?.[String(b)];
        lines.push(
          `| ${[name, field, b, g.positives, g.withSpans, p?.packed ?? 0, p?.lineScored ?? 0, ...SPAN_METRICS.map((m) => fmt(p?.metrics[m]))].join(' | ')} |`,
        );
      }
    }
  };
  for (const [task, g] of Object.entries(summary.tasks)) group(task, g);
  group('overall', summary.overall);
  for (const field of summary.fields) {
    for (const b of summary.budgets) {
      const m = summary.macro[field]?.[String(b)];
      lines.push(
        `| ${['macro', field, b, '', '', '', '', ...SPAN_METRICS.map((name) => fmt(m?.[name]))].join(' | ')} |`,
      );
    }
  }
  return lines.join('\n') + '\n';
}
