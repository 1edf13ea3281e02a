#!/usr/bin/env node
// Runs every ablation configuration on the dev set in ONE pass: per repository
// one tags cache, per snapshot one index per distinct graph configuration, and
// every configuration that shares that graph ranks on it (`Index.withOptions`), so
// 23 configurations cost about two plain evaluations instead of 23.
// Per configuration it writes NAME.summary.json (whole dev set, BCY from full
// file texts) and NAME.held-in/held-out.summary.json (the halves of
// bench/split.json), the same summaries `repomap eval` and `repomap score` write,
// and NAME.samples.jsonl: each sample's scores (for per-language tables).
//
//   node bench/ablation.mjs REPOS_DIR SAMPLES CONFIG_DIR OUT_DIR [NAME ...]
//
// SAMPLES is the dev set's folder (its code2test, edit2ripple and trace2code files)
// or one samples file (.jsonl, e.g. the issue rows). REPOMAP_JOBS (default 2) child
// processes share the repositories (round robin in plan order); the parent merges
// their per-sample scores. REPOMAP_REPO_LIST (FILE#KEY, e.g. bench/split.json#held-in)
// keeps the samples of those repositories only; REPOMAP_CACHE (a folder) keeps
// parsed tags in a TagsStore there across runs (a configuration sweep re-parses nothing).
//
// bench/ablation.sh calls it; see bench/README.md. Needs the built package (dist/).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildIndex, loadCorpus } from '../dist/src/index.js';
import { layeredTagsCache, TagsStore, tagsStorePath, toDetailsRow, TASKS } from '../dist/src/unstable.js';
import {
  buildRunSummary,
  isNoGold,
  loadEvalConfig,
  locateRepository,
  planRepositories,
  readRepoList,
  readSamples,
  restrictToRepos,
  scoreSample,
} from '../dist/src/eval/index.js';

const [reposDir, devDir, configDir, outDir, ...only] = process.argv.slice(2);
if (!outDir) {
  process.stderr.write('usage: node bench/ablation.mjs REPOS_DIR SAMPLES CONFIG_DIR OUT_DIR [NAME ...]\n');
  process.exit(2);
}
const TOP = 100;
const SPLIT = JSON.parse(readFileSync(new URL('split.json', import.meta.url), 'utf8'));
const HALVES = ['held-in', 'held-out'];

const names = (
  only.length > 0
    ? only
    : readdirSync(configDir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => basename(f, '.json'))
).sort();
const configs = [];
for (const name of names) {
  const file = join(configDir, `${name}.json`);
  configs.push({ name, file, config: await loadEvalConfig(file) });
}
// Configurations that build the same graph share one index per snapshot.
const byGraph = new Map();
for (const c of configs) {
  const key = JSON.stringify(c.config.graph ?? {});
  if (!byGraph.has(key)) byGraph.set(key, { graph: c.config.graph ?? {}, members: [] });
  byGraph.get(key).members.push(c);
}

const sampleFiles = devDir.endsWith('.jsonl')
  ? [devDir]
  : ['code2test', 'edit2ripple', 'trace2code'].map((t) => join(devDir, `${t}.jsonl`));
let samples = (await readSamples(sampleFiles)).filter((s) => !isNoGold(s));
if (process.env.REPOMAP_REPO_LIST)
  samples = restrictToRepos(samples, (await readRepoList(process.env.REPOMAP_REPO_LIST)).repos).kept;
const scores = new Map(configs.map((c) => [c.name, new Array(samples.length)]));
const started = performance.now();
const plans = planRepositories(samples);
const shard = process.env.ABLATION_SHARD; // "i/n:FILE" in a child process
if (shard === undefined) {
  await runShards(Math.max(1, Number(process.env.REPOMAP_JOBS ?? 2)));
} else {
  const [, i, n, file] = /^(\d+)\/(\d+):(.+)$/.exec(shard);
  await evaluate(plans.filter((_, k) => k % Number(n) === Number(i)));
  writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        [...scores].map(([name, list]) => [name, list.map((v, k) => (v ? [k, v] : null)).filter(Boolean)]),
      ),
    ),
  );
  process.exit(0);
}

async function runShards(n) {
  const dir = mkdtempSync(join(tmpdir(), 'repomap-ablation-'));
  const runs = Array.from({ length: n }, (_, i) => {
    const file = join(dir, `${i}.json`);
    const child = spawn(process.execPath, [new URL(import.meta.url).pathname, ...process.argv.slice(2)], {
      env: { ...process.env, ABLATION_SHARD: `${i}/${n}:${file}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return new Promise((resolve, reject) =>
      child.on('exit', (code) =>
        code === 0 ? resolve(file) : reject(new Error(`shard ${i}/${n} exited with ${code}`)),
      ),
    );
  });
  for (const file of await Promise.all(runs)) {
    for (const [name, list] of Object.entries(JSON.parse(readFileSync(file, 'utf8'))))
      for (const [k, v] of list) scores.get(name)[k] = v;
  }
  rmSync(dir, { recursive: true });
}

async function evaluate(plans) {
  for (const plan of plans) {
    const gitDir = await locateRepository(reposDir, plan.repo);
    if (gitDir === null) throw new Error(`repository ${plan.repo} not found under ${reposDir}`);
    const store = process.env.REPOMAP_CACHE ? TagsStore.open(tagsStorePath(process.env.REPOMAP_CACHE)) : undefined;
    const tagsCache = store ? layeredTagsCache(new Map(), store) : new Map();
    for (const snapshot of plan.snapshots) {
      const corpus = await loadCorpus({ gitDir, commit: snapshot.commit });
      const texts = new Map(corpus.files.map((f) => [f.path, f.text]));
      const textOf = (path) => texts.get(path);
      for (const { graph, members } of byGraph.values()) {
        const index = await buildIndex(corpus, { graph, tagsCache });
        for (const { name, config } of members) {
          const view = index.withOptions({
            rank: config.rank ?? {},
            cues: config.cues ?? {},
            spans: config.spans ?? {},
            pack: config.pack ?? {},
          });
          for (const i of snapshot.samples) {
            const sample = samples[i];
            const task = TASKS.includes(sample.task_type) ? sample.task_type : undefined;
            const result = view.rank(sample.query, { ...(task ? { task } : {}), top: TOP });
            const row = {
              sample_id: sample.id,
              repo: sample.repo,
              base_commit: sample.base_commit,
              task_type: sample.task_type,
              ...pick(toDetailsRow(result, { top: TOP })),
            };
            const scored = scoreSample(sample, row, textOf);
            // the head of the ranking, for reading a sample's scores next to what was ranked
            scored.top = row.top_files.slice(0, 10);
            if (row.functions) scored.functions = row.functions.slice(0, 20);
            scores.get(name)[i] = scored;
          }
        }
      }
    }
    store?.close();
    process.stderr.write(
      `${plan.repo}: ${plan.snapshots.length} snapshots, ${Math.round((performance.now() - started) / 1000)} s\n`,
    );
  }
}

mkdirSync(outDir, { recursive: true });
const command = `node bench/ablation.mjs ${process.argv.slice(2).join(' ')}`;
for (const { name, file, config } of configs) {
  const all = scores.get(name);
  const facts = { name, config: { file, ...config } };
  const write = (suffix, kept, notes) =>
    writeFileSync(
      join(outDir, `${name}${suffix}.summary.json`),
      `${JSON.stringify(buildRunSummary({ command, method: 'repomap', scores: kept, rows: kept.length, errors: [], bcy: true, facts, notes }), null, 2)}\n`,
    );
  write('', all, []);
  writeFileSync(join(outDir, `${name}.samples.jsonl`), all.map((s) => JSON.stringify(s)).join('\n') + '\n');
  for (const half of HALVES) {
    const { kept } = restrictToRepos(samples, SPLIT[half]);
    const ids = new Set(kept.map((s) => s.id));
    write(
      `.${half}`,
      all.filter((s) => ids.has(s.sampleId)),
      [`repo_list: bench/split.json#${half}`],
    );
  }
}
process.stderr.write(
  `wrote ${configs.length} configurations to ${outDir} in ${Math.round((performance.now() - started) / 1000)} s\n`,
);

function pick(row) {
  return {
    top_files: row.top_files,
    scores: row.scores,
    confidence: row.confidence,
    abstain: false,
    ...(row.functions ? { functions: row.functions } : {}),
  };
}
