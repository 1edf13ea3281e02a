#!/usr/bin/env node
// Measures a comments-and-docstrings field on the issue rows of a half of bench/split.json:
// a bug report is prose, and the prose of a repository is in its comments and docstrings.
// Each file's comment text (Python `#` lines and triple-quoted strings; `//` lines and
// `/* */` blocks in the C-family languages; found by patterns, not parsed: a string
// holding `//` or `#` counts too) becomes one BM25 document, with the IDF of the
// snapshot's files. `dump` ranks each row once at the defaults and keeps, for the 100 best
// files, the 50 best by comment score and the gold files, the final score, the kind prior
// and the comment score; `table` re-sorts them under each way of adding the comment score
// and prints Acc@1 / Acc@5 / MRR (rows) per language, with rows gained and lost at Acc@5
// against the defaults.
//
//   node bench/issues-comments.mjs dump REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in]
//   node bench/issues-comments.mjs table OUT.jsonl
//
// REPOMAP_CACHE (a folder) reuses parsed tags. Needs the built package (dist/).
import { readJsonl } from './issues-groups.mjs';
import {
  dumpOrTable,
  dumpRows,
  extraScoreRow,
  extraScoreVariants,
  printFileVariants,
  rowScales,
} from './issues-rows.mjs';

const HASH = /\.(py|pyi|rb|sh)$/;
const SLASH = /\.(rs|go|java|kt|scala|swift|c|h|cc|cpp|hpp|cs|js|jsx|mjs|cjs|ts|tsx|mts|cts|php)$/;

await dumpOrTable(import.meta.url, dump, table);

async function dump(args) {
  const score = await import('../dist/src/unstable.js');
  const { Bm25Index } = score;
  await dumpRows(args, (index, s, snapshot) => {
    snapshot.comments ??= new Bm25Index(
      index.context.paths.map((path) => ({ path, text: commentsOf(path, index.textOf(path) ?? '') })),
      { pathWeight: 0 },
    );
    const comments = snapshot.comments;
    return extraScoreRow(
      index,
      s,
      (cues) => {
        const raw = comments.scores(cues.text);
        return new Map(comments.paths.map((p, d) => [p, raw[d]]));
      },
      score,
    );
  });
}

/** The comment and docstring text of a file, one comment per line. */
function commentsOf(path, text) {
  const out = [];
  if (HASH.test(path)) {
    for (const m of text.matchAll(/"""[\s\S]*?"""|'''[\s\S]*?'''|#[^\n]*/g)) out.push(m[0]);
  } else if (SLASH.test(path)) {
    for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)) out.push(m[0]);
  }
  return out.join('\n');
}

function table(file) {
  // files: [path, score, kindPrior, commentScore]
  const variants = extraScoreVariants('comment');
  for (const w of [0.05, 0.1, 0.2])
    variants.push([`× (1 + ${w} × comment/max)`, (f, row) => f[1] * (1 + (w * f[3]) / rowScales(row).bestExtra)]);
  printFileVariants(readJsonl(file), variants);
}
