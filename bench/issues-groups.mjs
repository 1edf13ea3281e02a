// Groups of issue rows for the bench tables: the whole set, each half of bench/split.json,
// each language (sample metadata) and each language's halves; and the metric means of a group.
import { readFileSync } from 'node:fs';

export const ISSUE_COLUMNS = [
  'Acc@1',
  'Acc@3',
  'Acc@5',
  'Acc@10',
  'MRR',
  'Recall@20',
  'BCY@8000',
  'Fn-Acc@5',
  'Fn-Acc@10',
];

export const readJsonl = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && l.trim() !== 'null')
    .map((l) => JSON.parse(l));

const split = JSON.parse(readFileSync(new URL('split.json', import.meta.url), 'utf8'));
export const halfOf = (repo) =>
  split['held-in'].includes(repo) ? 'held-in' : split['held-out'].includes(repo) ? 'held-out' : 'neither';

/** [label, rows] groups of per-sample scores (`sample_id` or `sampleId`, `repo`, `metrics`). */
export function issueGroups(rows, samples, { languageHalves = true } = {}) {
  const id = (r) => r.sample_id ?? r.sampleId;
  const language = (r) => samples.get(id(r))?.metadata?.language ?? '?';
  const groups = [['all', rows]];
  for (const half of ['held-in', 'held-out']) groups.push([half, rows.filter((r) => halfOf(r.repo) === half)]);
  for (const lang of [...new Set(rows.map(language))].sort()) {
    const byLang = rows.filter((r) => language(r) === lang);
    groups.push([lang, byLang]);
    if (!languageHalves) continue;
    for (const half of ['held-in', 'held-out']) {
      const part = byLang.filter((r) => halfOf(r.repo) === half);
      if (part.length > 0 && part.length < byLang.length) groups.push([`${lang}, ${half}`, part]);
    }
  }
  return groups;
}

/** Mean of each column over a group (undefined when no member has it: function metrics outside Python). */
export function columnMeans(group, columns = ISSUE_COLUMNS) {
  const out = {};
  for (const m of columns) {
    const values = group.map((s) => s.metrics?.[m]).filter((v) => v !== undefined);
    out[m] = values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
  }
  return out;
}

export const cell = (v) => (v === undefined ? '' : v.toFixed(3));
