#!/usr/bin/env node
// Replays a commit-message signal on the issue rows a replay dump kept (bench/issues-replay.mjs
// dump): earlier commits' messages describe earlier bugs and features in the words an issue
// uses, and name the files they changed (BugLocator's "similar fixed reports"). For each row
// it reads the history before the row's commit as co-change does (at most 2,000 commits,
// merges and commits of more than 30 files skipped), with each commit's whole message, and
// scores the issue text against the messages with BM25 (IDF over the commits). A file then
// gets, over the commits that changed it: the sum of score / files changed (`spread`), the
// best score (`best`), or the BM25 of the issue against all its commits' messages joined as
// one document (`joined`). Each, over the row's best, multiplies the file's final score by
// (1 + w · share); the table prints Acc@1 / Acc@5 / MRR (rows) per language, with rows gained
// and lost at Acc@5 against the defaults.
//
//   node bench/issues-commits.mjs REPOS_DIR SAMPLES.jsonl DUMP.jsonl
//
// Needs the built package (dist/).
import { historyReplay } from './issues-history.mjs';
import { printVariants } from './issues-rows.mjs';

const { Bm25Index } = await import('../dist/src/unstable.js');
// rows of one snapshot share its history and its two indexes: made once per repository and commit
const { rows, samples, historyOf } = await historyReplay(import.meta.url, ['%B'], messageIndexes);

/** The BM25 indexes of a snapshot's history: over the commits' messages, and over each file's commits' messages joined. */
function messageIndexes(commits) {
  const messages = new Map();
  for (const c of commits) for (const f of c.files) messages.set(f, (messages.get(f) ?? '') + '\n' + c.fields[0]);
  return {
    commitOf: new Map(commits.map((c) => [c.hash, c])),
    byCommit: new Bm25Index(
      commits.map((c) => ({ path: c.hash, text: c.fields[0] })),
      { pathWeight: 0 },
    ),
    byFile: new Bm25Index(
      [...messages].map(([path, text]) => ({ path, text })),
      { pathWeight: 0 },
    ),
  };
}

/** Per file: [spread, best, joined] for the issue text `text`. */
function fileScores(snapshot, text) {
  const { byCommit, byFile } = snapshot;
  const raw = byCommit.scores(text);
  const out = new Map();
  byCommit.paths.forEach((hash, d) => {
    const s = raw[d];
    if (!(s > 0)) return;
    const c = snapshot.commitOf.get(hash);
    for (const f of c.files) {
      const x = out.get(f) ?? [0, 0, 0];
      x[0] += s / c.files.length;
      x[1] = Math.max(x[1], s);
      out.set(f, x);
    }
  });
  const joined = byFile.scores(text);
  byFile.paths.forEach((f, d) => {
    if (!(joined[d] > 0)) return;
    const x = out.get(f) ?? [0, 0, 0];
    x[2] = joined[d];
    out.set(f, x);
  });
  return out;
}

const extra = new Map();
for (const row of rows) {
  const s = samples.get(row.id);
  const text = typeof s.query === 'string' ? s.query : s.query.text;
  const scores = fileScores(historyOf(row), text);
  const kept = row.files.map(([p]) => scores.get(p) ?? [0, 0, 0]);
  const best = [0, 1, 2].map((k) => Math.max(1e-9, ...kept.map((x) => x[k])));
  extra.set(row.id, { kept, best });
}

const variants = [['defaults', null]];
for (const [k, name] of [
  [0, 'spread'],
  [1, 'best'],
  [2, 'joined'],
]) {
  for (const w of [0.1, 0.2, 0.4, 0.8, 1.6]) {
    variants.push([
      `${name}, × (1 + ${w} × share)`,
      (row) => row.files.map(([, sc], i) => sc * (1 + (w * extra.get(row.id).kept[i][k]) / extra.get(row.id).best[k])),
    ]);
  }
  variants.push([`${name} alone`, (row) => row.files.map((_, i) => extra.get(row.id).kept[i][k])]);
}
printVariants(rows, variants);
