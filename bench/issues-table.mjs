#!/usr/bin/env node
// The Markdown table of a bench/issues.sh run (on stdout): per method, the whole issue
// set, each half of bench/split.json and each language (a row's language is its
// sample's metadata.language), from the per-sample scores the run wrote.
//
//   node bench/issues-table.mjs OUT_DIR SAMPLES.jsonl "bench/issues.sh ARGS" > OUT_DIR/TABLE.md
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cell, columnMeans, ISSUE_COLUMNS, issueGroups, readJsonl } from './issues-groups.mjs';

const [out, samplesFile, invocation = 'bench/issues.sh'] = process.argv.slice(2);
if (!out || !samplesFile) {
  process.stderr.write('usage: node bench/issues-table.mjs OUT_DIR SAMPLES.jsonl [INVOCATION]\n');
  process.exit(2);
}
const METHODS = [
  ['repomap', 'repomap (default rankers: learned for issue2code)'],
  ['repomap-tuned', 'repomap, tuned ranker (--ranker tuned)'],
  ['bm25', 'BM25'],
  ['bm25f', 'BM25F (repomap\u2019s lexical channel alone)'],
  ['rrf', 'RRF(repomap + BM25)'],
];
const samples = new Map(readJsonl(samplesFile).map((s) => [s.id, s]));
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const lines = [
  '# Issue localization (issue2code)',
  '',
  `Command: \`${invocation}\` at ${git('rev-parse', '--short', 'HEAD')}. Rows: ${samples.size} issues of ../shared/bench/issues; a row's group is its language (sample metadata) and its half of bench/split.json (held-in: defaults were chosen there). Acc@k: all gold files (capped at k) in the top k. Function-level Acc@k (Fn-) is over the rows whose gold lists functions (Python). BCY@8000 packs whole files.`,
  '',
];
for (const [name, label] of METHODS) {
  const file = join(out, `${name}.scores.jsonl`);
  if (!existsSync(file)) continue;
  lines.push(
    `## ${label}`,
    '',
    `| group | rows | ${ISSUE_COLUMNS.join(' | ')} |`,
    `| --- | ---: | ${ISSUE_COLUMNS.map(() => '---:').join(' | ')} |`,
  );
  for (const [group, members] of issueGroups(readJsonl(file), samples)) {
    const m = columnMeans(members);
    lines.push(`| ${group} | ${members.length} | ${ISSUE_COLUMNS.map((c) => cell(m[c])).join(' | ')} |`);
  }
  lines.push('');
}
process.stdout.write(lines.join('\n'));
