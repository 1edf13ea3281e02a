#!/usr/bin/env node
// Warm issue2code rank time: for each repository of SAMPLES, one index at its first
// sample's commit, then every sample of it ranked twice on that index; prints the mean
// time of the second pass and a hash of every result (less its stats), so two builds run
// alternately in the same minutes give a ratio and show whether they rank alike.
//
//   node bench/perf/issue-rank.mjs REPOS_DIR SAMPLES.jsonl [--build DIR]
//
// --build: the package root whose dist/ to load (default: this one), e.g. a worktree of
// another commit built with `npm run build`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--build');
const root = at >= 0 ? resolve(args[at + 1]) : join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [reposDir, samplesFile] = args.filter((a, k) => a !== '--build' && args[k - 1] !== '--build');
if (!samplesFile) {
  process.stderr.write('usage: node bench/perf/issue-rank.mjs REPOS_DIR SAMPLES.jsonl [--build DIR]\n');
  process.exit(2);
}
const { buildIndex, loadCorpus } = await import(join(root, 'dist/src/index.js'));
const { locateRepository } = await import(join(root, 'dist/src/eval/index.js'));
const samples = readFileSync(samplesFile, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const byRepo = new Map();
for (const s of samples) byRepo.set(s.repo, [...(byRepo.get(s.repo) ?? []), s]);
const hash = createHash('sha256');
let ms = 0;
let ranks = 0;
for (const [repo, list] of byRepo) {
  const index = await buildIndex(
    await loadCorpus({ gitDir: await locateRepository(reposDir, repo), commit: list[0].base_commit }),
  );
  for (let pass = 0; pass < 2; pass++) {
    for (const s of list) {
      const started = performance.now();
      const { stats: _stats, ...result } = index.rank(s.query, { task: 'issue2code' });
      if (pass === 1) {
        ms += performance.now() - started;
        ranks++;
      }
      hash.update(JSON.stringify(result));
    }
  }
}
console.log(
  `${root}: ${(ms / ranks).toFixed(1)} ms per warm rank (${ranks} ranks, ${byRepo.size} repositories); results ${hash.digest('hex').slice(0, 16)}`,
);
