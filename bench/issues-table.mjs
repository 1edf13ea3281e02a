#!/usr/bin/env node
// The Markdown table of a bench/issues.sh run (on stdout): per method, the whole issue
// set, each half of bench/split.json and each language (a row's language is its
// sample's metadata.language), from the per-sample scores the run wrote.
//
//   node bench/issues-table.mjs OUT_DIR SAMPLES.jsonl "bench/issues.sh ARGS" > OUT_DIR/TABLE.md
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [out, samplesFile, invocation = 'bench/issues.sh'] = process.argv.slice(2);
if (!out || !samplesFile) {
  process.stderr.write('usage: node bench/issues-table.mjs OUT_DIR SAMPLES.jsonl [INVOCATION]\n');
  process.exit(2);
}
const METHODS = [
  ['repomap', 'repomap'],
  ['bm25', 'BM25'],
  ['bm25f', 'BM25F (repomap\u2019s lexical channel alone)'],
  ['rrf', 'RRF(repomap + BM25)'],
];
const COLUMNS = ['Acc@1', 'Acc@3', 'Acc@5', 'Acc@10', 'MRR', 'Recall@20', 'BCY@8000', 'Fn-Acc@5', 'Fn-Acc@10'];

const jsonl = (file) => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
const samples = new Map(jsonl(samplesFile).map((s) => [s.id, s]));
const split = JSON.parse(readFileSync(new URL('split.json', import.meta.url), 'utf8'));
const halfOf = (repo) => (split['held-in'].includes(repo) ? 'held-in' : split['held-out'].includes(repo) ? 'held-out' : 'neither');

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const lines = [
  '# Issue localization (issue2code)',
  '',
  `Command: \`${invocation}\` at ${git('rev-parse', '--short', 'HEAD')}. Rows: ${samples.size} issues (${join('..', 'shared', 'bench', 'issues')}); a row's group is its language (sample metadata) and its half of bench/split.json (held-in: defaults were chosen there). Function-level Acc@k is over the rows whose gold lists functions (Python). BCY@8000 packs whole files.`,
  '',
];

/** Means of each metric over a group; a metric absent from every member is blank. */
function means(group) {
  const out = {};
  for (const m of COLUMNS) {
    const values = group.map((s) => s.metrics?.[m]).filter((v) => v !== undefined);
    out[m] = values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
  }
  return out;
}

const groupsOf = (rows) => {
  const groups = [['all', rows]];
  for (const half of ['held-in', 'held-out']) groups.push([half, rows.filter((r) => halfOf(r.repo) === half)]);
  const languages = [...new Set(rows.map((r) => samples.get(r.sample_id)?.metadata?.language ?? '?'))].sort();
  for (const lang of languages) {
    const byLang = rows.filter((r) => (samples.get(r.sample_id)?.metadata?.language ?? '?') === lang);
    groups.push([lang, byLang]);
    for (const half of ['held-in', 'held-out']) {
      const part = byLang.filter((r) => halfOf(r.repo) === half);
      if (part.length > 0 && part.length < byLang.length) groups.push([`${lang}, ${half}`, part]);
    }
  }
  return groups;
};

for (const [name, label] of METHODS) {
  const file = join(out, `${name}.scores.jsonl`);
  if (!existsSync(file)) continue;
  const rows = jsonl(file);
  lines.push(`## ${label}`, '', `| group | rows | ${COLUMNS.join(' | ')} |`, `| --- | ---: | ${COLUMNS.map(() => '---:').join(' | ')} |`);
  for (const [group, members] of groupsOf(rows)) {
    const m = means(members);
    lines.push(`| ${group} | ${members.length} | ${COLUMNS.map((c) => (m[c] === undefined ? '' : m[c].toFixed(3))).join(' | ')} |`);
  }
  lines.push('');
}
process.stdout.write(lines.join('\n'));
