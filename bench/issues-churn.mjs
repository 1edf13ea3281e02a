#!/usr/bin/env node
// Replays a change-history prior on the issue rows a replay dump kept (bench/issues-replay.mjs
// dump): files that earlier commits changed often are, in defect-prediction studies, the
// files the next fix changes. For each row it reads the history before the row's commit as
// co-change does (`readHistory`: at most 2,000 commits, merges and commits of more than 30
// files skipped) and counts per file: the commits that changed it, those whose subject
// reads as a fix, and a recency-weighted count (Bugspots: a commit at normalized time t in
// [0, 1] counts 1 / (1 + e^(12 − 12t))), and the commits among the newest 200. Each count c
// then multiplies the file's final score by (1 + w · ln(1 + c)); the table prints Acc@1 /
// Acc@5 / MRR (rows) per language, with rows gained and lost at Acc@5 against the defaults.
//
//   node bench/issues-churn.mjs REPOS_DIR SAMPLES.jsonl DUMP.jsonl
//
// Needs the built package (dist/).
import { execFileSync } from 'node:child_process';
import { readJsonl } from './issues-groups.mjs';
import { printVariants } from './issues-rows.mjs';

const [reposDir, samplesFile, dumpFile] = process.argv.slice(2);
if (!dumpFile) {
  process.stderr.write('usage: node bench/issues-churn.mjs REPOS_DIR SAMPLES.jsonl DUMP.jsonl\n');
  process.exit(2);
}
const { locateRepository } = await import('../dist/src/eval/index.js');
const { HISTORY_DEFAULTS } = await import('../dist/src/corpus/history.js');
const rows = readJsonl(dumpFile);
const commits = new Map(readJsonl(samplesFile).map((s) => [s.id, s.base_commit]));
const FIX = /\b(fix|fixe[sd]|bug|issue|error|crash|regression|wrong|incorrect|broken)\b|#\d+/i;
/** Per file of the history before `base`: [commits, fix commits, Bugspots recency, commits among the newest 200]. */
function changeCounts(gitDir, base) {
  const out = execFileSync('git', ['--git-dir', gitDir, 'log', '--no-merges', '--no-renames', '--name-only', '--format=%x00%H%x01%ct%x01%s', `-n${HISTORY_DEFAULTS.maxCommits + 1}`, base, '--'], { maxBuffer: 1 << 28 }).toString();
  const history = [];
  for (const entry of out.split('\0')) {
    const lines = entry.split('\n').filter(Boolean);
    if (lines.length === 0) continue;
    const [head, ...files] = lines;
    const [hash, time, subject] = head.split('\x01');
    if (hash === base || files.length === 0 || files.length > HISTORY_DEFAULTS.maxCommitFiles) continue;
    history.push({ time: Number(time), fix: FIX.test(subject), files });
  }
  const newest = history[0]?.time ?? 0;
  const oldest = history[history.length - 1]?.time ?? 0;
  const c = new Map();
  history.forEach((commit, k) => {
    const t = newest > oldest ? (commit.time - oldest) / (newest - oldest) : 1;
    for (const f of commit.files) {
      const x = c.get(f) ?? [0, 0, 0, 0];
      x[0]++;
      if (commit.fix) x[1]++;
      x[2] += 1 / (1 + Math.exp(12 - 12 * t));
      if (k < 200) x[3]++;
      c.set(f, x);
    }
  });
  return c;
}

// rows of one snapshot share its history: read once per repository and commit
const bySnapshot = new Map();
const counts = new Map();
for (const row of rows) {
  const base = commits.get(row.id);
  const key = `${row.repo}@${base}`;
  if (!bySnapshot.has(key)) bySnapshot.set(key, changeCounts(await locateRepository(reposDir, row.repo), base));
  counts.set(row.id, bySnapshot.get(key));
}
const count = (row, path, k) => counts.get(row.id).get(path)?.[k] ?? 0;
const variants = [['defaults', null]];
for (const [k, name] of [[0, 'commits'], [1, 'fix commits'], [2, 'Bugspots recency'], [3, 'commits among the newest 200']]) {
  for (const w of [0.05, 0.1, 0.2, 0.4]) variants.push([`${name}, w ${w}`, (row) => row.files.map(([p, s]) => s * (1 + w * Math.log1p(count(row, p, k))))]);
}
printVariants(rows, variants);
