#!/usr/bin/env node
// Rank with the index held in memory, in this process: loads one index snapshot file with the
// built library (as a command loads it, its folder checked), then ranks each query file
// ROUNDS times as `repomap rank --top TOP --format json` does (prepare, then rank with spans
// and functions for the first TOP files), and prints each query's median and the p50 over all.
// A/B of the rank stage alone, without a process start or a load per query.
//
//   node bench/perf/held-rank.mjs SNAPSHOT_FILE FOLDER [--rounds N] [--top K | --all] QUERY_FILE...
//
// SNAPSHOT_FILE: a `.snap` file of a store's `snapshots/` folder that FOLDER's index was kept in
// (e.g. the newest after a `repomap rank --repo FOLDER --cache STORE`); QUERY_FILE: `--query-file`
// JSON (an ARB sample). `--all` ranks every file (no top), as the library's default does.
// Runs the built package (`npm run build` first).
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './summary.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { decodeText, loadSnapshot, parseQueryFile } = await import(join(ROOT, 'dist/src/unstable.js'));
/** A query file as `--query-file` reads it (UTF-16 with its byte-order mark, else UTF-8). */
const readQueryFile = async (file) => parseQueryFile(decodeText(await readFile(file)).text, file);

const args = process.argv.slice(2);
const take = (flag, fallback) => {
  const at = args.indexOf(flag);
  return at < 0 ? fallback : args.splice(at, 2)[1];
};
const rounds = Number(take('--rounds', '8'));
const allAt = args.indexOf('--all');
const all = allAt >= 0;
if (all) args.splice(allAt, 1);
const top = all ? undefined : Number(take('--top', '20'));
const [file, folder, ...queryFiles] = args;
if (!file || !folder || queryFiles.length === 0 || !(rounds >= 1)) {
  console.error(
    'usage: node bench/perf/held-rank.mjs SNAPSHOT_FILE FOLDER [--rounds N] [--top K | --all] QUERY_FILE...',
  );
  process.exit(2);
}
const started = performance.now();
const kept = await loadSnapshot(
  { folder: dirname(resolve(file)), key: basename(file, '.snap'), root: resolve(folder) },
  (m) => console.error(`note: ${m}`),
);
if (!kept?.current) {
  console.error(`${file}: not a current snapshot of ${folder}`);
  process.exit(1);
}
console.log(
  `loaded in ${(performance.now() - started).toFixed(0)} ms; ${kept.index.corpus.files.length} files; ${rounds} rounds, ${all ? 'every file ordered' : `top ${top}`}`,
);
const inputs = await Promise.all(queryFiles.map((f) => readQueryFile(f)));
const times = inputs.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, input] of inputs.entries()) {
    const t = performance.now();
    await kept.index.prepare(input.query, { task: input.task });
    kept.index.rank(input.query, { task: input.task, spans: true, ...(top !== undefined ? { top } : {}) });
    times[i].push(performance.now() - t);
  }
}
// the first round reads what a loaded index decodes at first use: the medians are of the rounds after it
inputs.forEach((input, i) =>
  console.log(
    `${basename(queryFiles[i])} (${input.task ?? 'inferred'}): first ${times[i][0].toFixed(0)} ms, then median ${median(times[i].slice(1)).toFixed(0)} ms`,
  ),
);
console.log(`p50 over every query after the first round: ${median(times.flatMap((t) => t.slice(1))).toFixed(0)} ms`);
