#!/usr/bin/env node
// Where the gold functions of issue rows land in a run's ranked functions, and why the
// missed ones are missed, from a details file (`repomap eval --out`) and its samples.
//
//   node bench/functions-misses.mjs SAMPLES.jsonl DETAILS.jsonl [--half held-in|held-out] [--rows]
//
// Each gold function (`path::Qualified.name`) of a row falls in one bucket:
//   top 5 / top 10 / later  its rank among the row's `functions`;
//   file ranked, fn absent  its file is among the files that name functions (the
//                           first `functionFiles` ranked files, those whose path begins
//                           a ranked function) but the function is not named: no unit of
//                           that name, a score of 0, or below the per-file cut;
//   file low                its file is ranked, but after the files that name functions;
//   file unranked           its file is not in the row's `top_files`.
// A row succeeds at k (function-level Acc@k) when all its gold functions (at most k)
// are in the top k; the last table says, for rows missed at 10, which bucket holds the
// gold function ranked worst. `--rows` prints each missed row.
import { halfOf, readJsonl } from './issues-groups.mjs';

const args = process.argv.slice(2);
const [samplesFile, detailsFile] = args.filter((a) => !a.startsWith('--') && !/^held-/.test(a));
if (!samplesFile || !detailsFile) {
  process.stderr.write(
    'usage: node bench/functions-misses.mjs SAMPLES.jsonl DETAILS.jsonl [--half held-in|held-out] [--rows]\n',
  );
  process.exit(2);
}
const halfAt = args.indexOf('--half');
const half = halfAt >= 0 ? args[halfAt + 1] : undefined;
const showRows = args.includes('--rows');

const BUCKETS = ['top 5', 'top 10', 'later', 'file ranked, fn absent', 'file low', 'file unranked'];
const rows = new Map(readJsonl(detailsFile).map((r) => [r.sample_id, r]));
const counts = Object.fromEntries(BUCKETS.map((b) => [b, 0]));
const worst = Object.fromEntries(BUCKETS.map((b) => [b, 0]));
let scored = 0;
let hits5 = 0;
let hits10 = 0;
const fileRanks = [];

const bucketOf = (fn, row, namingFiles) => {
  const functions = row?.functions ?? [];
  const at = functions.indexOf(fn);
  if (at >= 0) return at < 5 ? 'top 5' : at < 10 ? 'top 10' : 'later';
  const path = fn.slice(0, fn.indexOf('::'));
  const fileAt = (row?.top_files ?? []).indexOf(path);
  if (fileAt < 0) return 'file unranked';
  return fileAt < namingFiles ? 'file ranked, fn absent' : 'file low';
};

for (const sample of readJsonl(samplesFile)) {
  const gold = sample.gold?.functions ?? [];
  if (gold.length === 0 || (half && halfOf(sample.repo) !== half)) continue;
  scored++;
  const row = rows.get(sample.id);
  const functions = row?.functions ?? [];
  // files that name functions: the ranked files up to the last one a ranked function is in
  const files = new Set(functions.map((f) => f.slice(0, f.indexOf('::'))));
  let namingFiles = 0;
  (row?.top_files ?? []).forEach((p, i) => {
    if (files.has(p)) namingFiles = i + 1;
  });
  const buckets = gold.map((fn) => bucketOf(fn, row, namingFiles));
  for (const b of buckets) counts[b]++;
  for (const fn of gold) fileRanks.push((row?.top_files ?? []).indexOf(fn.slice(0, fn.indexOf('::'))) + 1);
  const within = (k) => gold.filter((fn) => functions.slice(0, k).includes(fn)).length >= Math.min(gold.length, k);
  if (within(5)) hits5++;
  if (within(10)) hits10++;
  else {
    const b = buckets.reduce((a, c) => (BUCKETS.indexOf(c) > BUCKETS.indexOf(a) ? c : a));
    worst[b]++;
    if (showRows) {
      const detail = gold
        .map((fn, i) => `${fn} [${buckets[i]}${functions.includes(fn) ? ` #${functions.indexOf(fn) + 1}` : ''}]`)
        .join('; ');
      process.stdout.write(`${sample.id}: ${detail}\n    top: ${functions.slice(0, 5).join(', ')}\n`);
    }
  }
}

const total = BUCKETS.reduce((n, b) => n + counts[b], 0);
const pct = (n, of) => (of > 0 ? `${((100 * n) / of).toFixed(1)} %` : '');
const out = [
  `rows ${scored}${half ? ` (${half})` : ''}: Fn-Acc@5 ${(hits5 / scored).toFixed(3)}, Fn-Acc@10 ${(hits10 / scored).toFixed(3)}`,
  '',
  '| gold functions | count | share |',
  '| --- | ---: | ---: |',
  ...BUCKETS.map((b) => `| ${b} | ${counts[b]} | ${pct(counts[b], total)} |`),
  '',
  `their files' ranks: 1st ${fileRanks.filter((r) => r === 1).length}, 2nd-5th ${fileRanks.filter((r) => r > 1 && r <= 5).length}, 6th-20th ${fileRanks.filter((r) => r > 5 && r <= 20).length}, later ${fileRanks.filter((r) => r > 20).length}, unranked ${fileRanks.filter((r) => r === 0).length}`,
  '',
  '| rows missed at 10, worst gold function | rows |',
  '| --- | ---: |',
  ...BUCKETS.filter((b) => worst[b] > 0).map((b) => `| ${b} | ${worst[b]} |`),
];
process.stdout.write(out.join('\n') + '\n');
