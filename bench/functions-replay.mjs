#!/usr/bin/env node
// Reruns the function stage (repomap/unstable's, from dist/: `npm run build` first) over a
// dump of bench/functions-dump.mjs under variants of RANK_DEFAULTS.functions, and prints
// Fn-Acc@5 / Fn-Acc@10 of each (rows gained and lost against the first variant). The
// first variant should be the defaults: its lists are checked against the dumped ones
// (the eval's), so a replay that drifts from the eval is seen.
//
//   node bench/functions-replay.mjs DUMP.jsonl VARIANTS.json [--rows]
//
// VARIANTS.json: [{"name": "defaults", "functions": {}}, {"name": "x", "functions": {"k": v}}, …]
import { readFileSync } from 'node:fs';
import { attachFunctions, FUNCTION_DEFAULTS, rankedFunctionIds } from '../dist/src/unstable.js';
import { accuracyAtK, dedupeRanking } from '../dist/src/eval/index.js';

const args = process.argv.slice(2);
const showRows = args.includes('--rows');
const [dumpFile, variantsFile] = args.filter((a) => !a.startsWith('--'));
if (!variantsFile) {
  process.stderr.write('usage: node bench/functions-replay.mjs DUMP.jsonl VARIANTS.json [--rows]\n');
  process.exit(2);
}
const rows = readFileSync(dumpFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
const variants = JSON.parse(readFileSync(variantsFile, 'utf8'));

function sourceOf(row) {
  const missing = new Set();
  return {
    ctx: {
      pathIndex: { match: (v) => row.pathMatches[v] ?? [] },
      // the dump keeps the matches rank kept (a line past a file's end already left out)
      indexOf: () => 0,
      lineCount: () => Infinity,
      specificity: (w) => {
        if (!(w in row.specificity)) missing.add(w);
        return row.specificity[w] ?? 0;
      },
    },
    tagsOf: (p) => (row.tags[p] ? { path: p, language: 'python', errorNodes: 0, ...row.tags[p] } : undefined),
    textOf: (p) => row.texts[p],
    missing,
  };
}

const base = [];
const print = (s) => process.stdout.write(s + '\n');
print('| variant | Fn-Acc@5 | Fn-Acc@10 | @5 +/- | @10 +/- |');
print('| --- | --- | --- | --- | --- |');
variants.forEach((v, vi) => {
  const o = { ...FUNCTION_DEFAULTS, ...v.functions };
  let a5 = 0;
  let a10 = 0;
  const moves = { g5: 0, l5: 0, g10: 0, l10: 0 };
  rows.forEach((row, ri) => {
    const source = sourceOf(row);
    const files = attachFunctions(row.files, row.cues, row.files.length, source, o);
    const ids = files.some((f) => f.functions && f.functions.length > 0)
      ? rankedFunctionIds(files, o.fileExponent)
      : [];
    const ranked = dedupeRanking(ids);
    const r5 = accuracyAtK(ranked, row.gold, 5);
    const r10 = accuracyAtK(ranked, row.gold, 10);
    a5 += r5;
    a10 += r10;
    if (vi === 0) {
      base[ri] = { r5, r10 };
      if (JSON.stringify(ids) !== JSON.stringify(row.functions))
        process.stderr.write(`replay differs from the eval: ${row.id}\n`);
      if (source.missing.size > 0)
        process.stderr.write(`${row.id}: no specificity for ${[...source.missing].slice(0, 5).join(', ')}\n`);
    } else {
      moves.g5 += r5 > base[ri].r5;
      moves.l5 += r5 < base[ri].r5;
      moves.g10 += r10 > base[ri].r10;
      moves.l10 += r10 < base[ri].r10;
      if (showRows && (r10 !== base[ri].r10 || r5 !== base[ri].r5)) {
        process.stderr.write(`  ${v.name}: ${row.id} @5 ${base[ri].r5}→${r5} @10 ${base[ri].r10}→${r10}\n`);
      }
    }
  });
  const n = rows.length;
  const f = (x) => (x / n).toFixed(3);
  print(
    `| ${v.name} | ${f(a5)} | ${f(a10)} | ${vi ? `+${moves.g5} −${moves.l5}` : ''} | ${vi ? `+${moves.g10} −${moves.l10}` : ''} |`,
  );
});
