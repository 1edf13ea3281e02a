#!/usr/bin/env node
// Dumps, per issue row with gold functions, what function ranking reads (the query's
// cues, the first ranked files and their scores, their tags and texts, the corpus
// specificity of every word in them, the path matches of the frame and path cues), so
// that bench/functions-replay.mjs can rerun the function stage (attachFunctions, repomap/unstable)
// under variants in seconds instead of a `repomap eval` per variant. Run `npm run build` first.
//
//   node bench/functions-dump.mjs REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in|held-out] [--cache DIR]
//
// Rows are appended to OUT.jsonl as they are made; the samples already in it are skipped
// (an interrupted dump resumes). A sample whose repository or base commit is missing is
// reported and left out. bench/learn/unit-vectors.mjs turns a dump into unit feature vectors.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { buildIndex, loadCorpus } from '../dist/src/index.js';
import {
  forEachIdentifierWord,
  layeredTagsCache,
  pathTargets,
  TagsStore,
  tagsStorePath,
} from '../dist/src/unstable.js';
import { locateRepository, resolveIndexOptions } from '../dist/src/eval/index.js';
import { halfOf, readJsonl } from './issues-groups.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const half = flag('--half');
const cacheDir = flag('--cache') ?? process.env.REPOMAP_CACHE;
const [reposDir, samplesFile, outFile] = args;
if (!outFile) {
  process.stderr.write(
    'usage: node bench/functions-dump.mjs REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in|held-out] [--cache DIR]\n',
  );
  process.exit(2);
}

const samples = readJsonl(samplesFile).filter(
  (s) => (s.gold?.functions ?? []).length > 0 && (!half || halfOf(s.repo) === half),
);
const groupBy = (xs, key) => {
  const m = new Map();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
};
const store = cacheDir ? TagsStore.open(tagsStorePath(cacheDir)) : undefined;
const done = new Set(
  existsSync(outFile)
    ? readFileSync(outFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .flatMap((l) => {
          try {
            return [JSON.parse(l).id];
          } catch {
            return [];
          }
        })
    : [],
);
let written = 0;
const byRepo = groupBy(samples, (s) => s.repo);
for (const [repo, all] of byRepo) {
  const rows = all.filter((s) => !done.has(s.id));
  if (rows.length === 0) continue;
  const gitDir = await locateRepository(reposDir, repo);
  if (!gitDir) {
    process.stderr.write(`${repo}: not in ${reposDir}; ${rows.length} samples left out\n`);
    continue;
  }
  const cache = store ? layeredTagsCache(new Map(), store) : new Map();
  for (const [commit, group] of groupBy(rows, (s) => s.base_commit)) {
    let corpus;
    try {
      corpus = await loadCorpus({ gitDir, commit });
    } catch (error) {
      process.stderr.write(`${repo}@${commit}: ${error.message}; ${group.length} samples left out\n`);
      continue;
    }
    // the tuned function ranking: what the replays and the learned function ranker start from
    const index = (await buildIndex(corpus, { ...resolveIndexOptions(undefined), tagsCache: cache })).withOptions({
      rank: {
        functions: { learned: false },
      },
    });
    const ctx = index.context;
    const count = index.settings.rank.functionFiles.issue2code;
    for (const sample of group) {
      const result = index.rank(sample.query, { task: 'issue2code', top: 100 });
      const cues = index.cuesOf(sample.query, 'issue2code');
      const files = result.files.slice(0, count).map((f) => ({ path: f.path, score: f.score }));
      const tags = {};
      const texts = {};
      const words = new Set();
      forEachIdentifierWord(cues.text, (w) => words.add(w));
      for (const { path } of files) {
        const t = index.tagsOf(path);
        if (t)
          tags[path] = {
            language: t.language,
            definitions: t.definitions,
            imports: t.imports,
            messages: t.messages,
            references: t.references,
          };
        const text = index.textOf(path);
        if (text !== undefined) {
          texts[path] = text;
          forEachIdentifierWord(text, (w) => words.add(w));
        }
      }
      const specificity = Object.fromEntries([...words].map((w) => [w, ctx.specificity(w)]));
      const pathMatches = {};
      for (const c of cues.cues)
        if (c.kind === 'frame' || c.kind === 'path') pathMatches[c.value] = pathTargets(c, ctx).paths;
      const row = {
        id: sample.id,
        repo,
        gold: sample.gold.functions,
        functions: result.functions ?? [],
        cues,
        files,
        tags,
        texts,
        specificity,
        pathMatches,
      };
      appendFileSync(outFile, JSON.stringify(row) + '\n');
      written++;
      process.stderr.write(`${sample.id}\n`);
    }
  }
}
store?.close();
process.stderr.write(`wrote ${written} rows to ${outFile} (${done.size} there before)\n`);
