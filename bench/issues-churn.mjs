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
import { historyReplay } from './issues-history.mjs';
import { printVariants } from './issues-rows.mjs';

const FIX = /\b(fix|fixe[sd]|bug|issue|error|crash|regression|wrong|incorrect|broken)\b|#\d+/i;
// rows of one snapshot share its history: read once per repository and commit
const { rows, historyOf } = await historyReplay(import.meta.url, ['%ct', '%s'], changeCounts);

/** Per file of the history (newest first): [commits, fix commits, Bugspots recency, commits among the newest 200]. */
function changeCounts(commits) {
  const history = commits.map(({ fields: [time, subject], files }) => ({
    time: Number(time),
    fix: FIX.test(subject),
    files,
  }));
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

const count = (row, path, k) => historyOf(row).get(path)?.[k] ?? 0;
const variants = [['defaults', null]];
for (const [k, name] of [
  [0, 'commits'],
  [1, 'fix commits'],
  [2, 'Bugspots recency'],
  [3, 'commits among the newest 200'],
]) {
  for (const w of [0.05, 0.1, 0.2, 0.4])
    variants.push([`${name}, w ${w}`, (row) => row.files.map(([p, s]) => s * (1 + w * Math.log1p(count(row, p, k))))]);
}
printVariants(rows, variants);
