#!/usr/bin/env node
// Measures a lexical signal at the grain of functions on the issue rows of a half of
// bench/split.json: each file's best BM25 score over its units (functions, methods,
// classes with their methods cut out, and the file's lines outside every unit), with the
// IDF of the snapshot's units. `dump` ranks each row once at the defaults and keeps, for
// the 100 best files, the 50 best by unit score and the gold files, the final score, the
// kind prior and the unit score; `table` re-sorts them under each way of adding the unit
// score and prints Acc@1 / Acc@5 / MRR (rows) per language, with rows gained and lost at
// Acc@5 against the defaults.
//
//   node bench/issues-chunks.mjs dump REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in]
//   node bench/issues-chunks.mjs table OUT.jsonl
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

await dumpOrTable(import.meta.url, dump, table);

async function dump(args) {
  const score = await import('../dist/src/unstable.js');
  const { unitsOf, Bm25Index } = score;
  await dumpRows(args, (index, s, snapshot) => {
    if (!snapshot.units) {
      const { chunks, ownerOf } = unitChunks(index, index.context.paths, unitsOf);
      const units = new Bm25Index(chunks);
      snapshot.units = { index: units, owner: units.paths.map((p) => ownerOf.get(p)) };
    }
    const { index: unitIndex, owner } = snapshot.units;
    return extraScoreRow(
      index,
      s,
      (cues) => {
        const unit = new Map();
        const scores = unitIndex.scores(cues.text);
        for (let c = 0; c < scores.length; c++)
          if (scores[c] > (unit.get(owner[c]) ?? 0)) unit.set(owner[c], scores[c]);
        return unit;
      },
      score,
    );
  });
}

/** One BM25 document per unit of every file with tags, and one for the file's lines outside its units; `ownerOf` maps a chunk's name to its file. */
function unitChunks(index, paths, unitsOf) {
  const chunks = [];
  const owner = [];
  for (const path of paths) {
    const tags = index.tagsOf(path);
    const text = tags && index.textOf(path);
    if (!text) continue;
    const lines = text.split('\n');
    const covered = new Uint8Array(lines.length + 2);
    for (const u of unitsOf(tags.definitions)) {
      const parts = [];
      for (const [a, b] of u.ranges) {
        parts.push(lines.slice(a - 1, b).join('\n'));
        covered.fill(1, a, b + 1);
      }
      // the unit's name counts as a word of it, as a path word counts for a file
      chunks.push({ path: `${path}#${chunks.length}`, text: `${u.name}\n${parts.join('\n')}` });
      owner.push(path);
    }
    const restLines = lines.filter((_, k) => !covered[k + 1]);
    if (restLines.some((l) => l.trim() !== '')) {
      chunks.push({ path: `${path}#${chunks.length}`, text: restLines.join('\n') });
      owner.push(path);
    }
  }
  return { chunks, ownerOf: new Map(chunks.map((c, k) => [c.path, owner[k]])) };
}

function table(file) {
  // files: [path, score, kindPrior, unitScore]
  const variants = extraScoreVariants('unit');
  for (const w of [0.05, 0.1, 0.2, 0.3, 0.5])
    variants.push([
      `+ ${w} × best × unit/max`,
      (f, row) => f[1] + (w * rowScales(row).best * f[3]) / rowScales(row).bestExtra,
    ]);
  for (const w of [0.25, 0.5, 1]) variants.push([`RRF(repomap, unit × kind prior) weight ${w}`, rrf(w)]);
  printFileVariants(readJsonl(file), variants);
}

/** Reciprocal-rank fusion (k 60) of the default order and the order by unit score × kind prior, the latter weighted. */
function rrf(w) {
  const memo = new WeakMap();
  return (f, row) => {
    if (!memo.has(row)) {
      const place = (key) =>
        new Map([...row.files].sort((a, b) => key(b) - key(a) || (a[0] < b[0] ? -1 : 1)).map((x, k) => [x[0], k]));
      memo.set(row, { a: place((x) => x[1]), b: place((x) => x[3] * x[2]) });
    }
    const { a, b } = memo.get(row);
    return 1 / (60 + a.get(f[0])) + (f[3] > 0 ? w / (60 + b.get(f[0])) : 0);
  };
}
