#!/usr/bin/env node
/**
 * The tags budget (src/tags/budget.ts) on real repositories: every file of each
 * repository's HEAD tree is parsed and queried in this thread, with the budget and,
 * when `--baseline DIST` names another build's dist/ folder, with that build too; the
 * script reports the files the budget left without tags, the time of each, and whether
 * every other file's tags are identical to the baseline's. Timings: the least of three
 * in-thread runs of each build after a warm-up run of each.
 *
 *   node bench/bad-inputs/tags-budget.mjs [--baseline /path/to/old/dist] REPO_GIT_DIR...
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { libraryOf } from '../library.mjs';

const args = process.argv.slice(2);
let baseline;
if (args[0] === '--baseline') {
  baseline = args[1];
  args.splice(0, 2);
}
if (args.length === 0) {
  console.error('usage: tags-budget.mjs [--baseline DIST] REPO_GIT_DIR...');
  process.exit(2);
}
const dist = join(fileURLToPath(import.meta.url), '../../../dist/src');
// a build's entries (bench/library.mjs); one from before the unstable entry, its stages' own modules
const load = async (root) => {
  if (existsSync(join(root, 'unstable.js'))) {
    const library = await libraryOf(root);
    return { corpus: library, tags: library };
  }
  return {
    corpus: await import(pathToFileURL(join(root, 'corpus/index.js')).href),
    tags: await import(pathToFileURL(join(root, 'tags/index.js')).href),
  };
};
const current = await load(dist);
const old = baseline ? await load(baseline) : undefined;

/** Repository name of a git dir (`…/owner+name/repo` names it by its parent). */
const nameOf = (gitDir) => (basename(gitDir) === 'repo' ? basename(join(gitDir, '..')) : basename(gitDir));
/** Least of `rounds` timings of `run`, alternating with the baseline's run, and the last result. */
async function timed(run, rounds) {
  let best = Infinity;
  let result;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    result = await run();
    best = Math.min(best, performance.now() - t);
  }
  return { result, ms: Math.round(best) };
}
const digest = (tags) => createHash('sha1').update(JSON.stringify(tags)).digest('hex');
console.log(
  '| repository | files parsed | too-complex | parse-failed | ms (budget) | ms (baseline) | other tags identical |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const gitDir of args) {
  const corpus = await current.corpus.loadCorpus({ gitDir, commit: 'HEAD' });
  const parseable = corpus.files.filter((f) => f.language !== null);
  // one warm-up of each build (grammars load, JIT), then the least of three runs each
  const rounds = 3;
  const mine = () => current.tags.extractTags(corpus.files, { jobs: 1 });
  const theirs = old ? () => old.tags.extractTags(corpus.files, { jobs: 1 }) : undefined;
  await mine();
  if (theirs) await theirs();
  const { result: ours, ms } = await timed(mine, rounds);
  const skipped = ours.diagnostics.filter((d) => d.code === 'too-complex' || d.code === 'parse-failed');
  for (const d of skipped) console.error(`${nameOf(gitDir)}: ${d.file}: ${d.code}: ${d.message}`);
  let baseMs = '';
  let identical = '';
  if (theirs) {
    const base = await timed(theirs, rounds);
    baseMs = String(base.ms);
    const out = new Set(skipped.map((d) => d.file));
    const a = ours.tags.filter((x) => !out.has(x.path));
    const b = base.result.tags.filter((x) => !out.has(x.path));
    identical = a.length === b.length && digest(a) === digest(b) ? 'yes' : 'NO';
  }
  const count = (code) => ours.diagnostics.filter((d) => d.code === code).length;
  console.log(
    `| ${nameOf(gitDir)} | ${parseable.length} | ${count('too-complex')} | ${count('parse-failed')} | ${ms} | ${baseMs} | ${identical} |`,
  );
}
