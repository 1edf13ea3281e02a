#!/usr/bin/env node
// The first issue query after an edit, in one process (as the daemon and the MCP server
// answer it): build an index of a repository snapshot, then per round rank an issue of
// the repository, append blank lines to one file, build again from the index before
// (`buildIndex(…, { previous })`), and time the same query on the new index, then once
// more. Each build given as `--dist` (a checkout with `npm run build` done) runs in a
// process of its own, the builds alternated `--runs` times, so the machine's load falls
// on all alike. Medians over the rounds of each run.
//
//   node bench/perf/update-query.mjs REPOS_DIR SAMPLES.jsonl --repo OWNER/NAME --dist DIR[,DIR…] [--rounds N] [--runs N] [--edit PATH]
//
// SAMPLES.jsonl: issue rows (../shared/bench/issues/issue2code.jsonl); the snapshot is the
// base commit of the repository's last row, the queries its last `--rounds` rows. The
// edited file (`--edit`, a path in the snapshot) defaults to the smallest file of the
// snapshot's most common extension that none of the queried rows' gold files is.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listFiles, materialize } from './corpora.mjs';
import { median } from './summary.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};

if (args[0] === '--child') {
  await child(JSON.parse(args[1]));
} else {
  await main();
}

async function main() {
  const repo = flag('--repo');
  const dists = (flag('--dist') ?? '')
    .split(',')
    .filter(Boolean)
    .map((d) => resolve(d));
  const rounds = Number(flag('--rounds', '15'));
  const runs = Number(flag('--runs', '2'));
  const edit = flag('--edit');
  const [reposDir, samplesFile] = args;
  if (!reposDir || !samplesFile || !repo || dists.length === 0) {
    process.stderr.write(
      'usage: node bench/perf/update-query.mjs REPOS_DIR SAMPLES.jsonl --repo OWNER/NAME --dist DIR[,DIR…] [--rounds N] [--runs N] [--edit PATH]\n',
    );
    process.exit(2);
  }
  const rows = readFileSync(samplesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.repo === repo);
  if (rows.length === 0) throw new Error(`bench/perf: no rows of ${repo} in ${samplesFile}`);
  const commit = rows[rows.length - 1].base_commit;
  const asked = rows.slice(-rounds);
  const folder = mkdtempSync(join(tmpdir(), 'repomap-update-query-'));
  try {
    materialize(folder, [{ repo, commit }], reposDir);
    const edited = edit ?? defaultEdit(folder, new Set(asked.flatMap((r) => r.gold.files)));
    const commitOf = (dist) =>
      execFileSync('git', ['-C', dist, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    process.stdout.write(
      `${repo}@${commit.slice(0, 10)}, ${asked.length} queries, ${edited} edited, load ${loadavg()[0].toFixed(1)}\n\n`,
    );
    process.stdout.write(
      '| build | run | first query after the edit (median ms) | the same query again (median ms) |\n| --- | --- | ---: | ---: |\n',
    );
    for (let run = 1; run <= runs; run++) {
      for (const dist of dists) {
        const out = spawnSync(
          process.execPath,
          [
            import.meta.filename,
            '--child',
            JSON.stringify({ dist, folder, edited, queries: asked.map((r) => r.query) }),
          ],
          { encoding: 'utf8' },
        );
        if (out.status !== 0) throw new Error(`bench/perf: the run of ${dist} failed: ${out.stderr}`);
        const { first, again } = JSON.parse(out.stdout);
        process.stdout.write(
          `| ${commitOf(dist)} | ${run} | ${median(first).toFixed(1)} | ${median(again).toFixed(1)} |\n`,
        );
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The smallest file of the snapshot's most common extension that is not a gold file. */
function defaultEdit(folder, gold) {
  const files = listFiles(folder).map((f) => relative(folder, f));
  const counts = new Map();
  for (const f of files) counts.set(extname(f), (counts.get(extname(f)) ?? 0) + 1);
  const common = [...counts].filter(([ext]) => ext !== '').sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  const candidates = files
    .filter((f) => extname(f) === common && !gold.has(f))
    .map((f) => ({ f, size: statSync(join(folder, f)).size }));
  candidates.sort((a, b) => a.size - b.size || (a.f < b.f ? -1 : 1));
  return candidates.find((c) => c.size > 0).f;
}

async function child({ dist, folder, edited, queries }) {
  const { buildIndex, loadCorpus } = await import(pathToFileURL(join(dist, 'dist', 'src', 'index.js')).href);
  const path = join(folder, edited);
  const text = readFileSync(path, 'utf8');
  let index = await buildIndex(await loadCorpus({ folder }));
  const first = [];
  const again = [];
  try {
    for (const [i, query] of queries.entries()) {
      index.rank(query, { task: 'issue2code' });
      writeFileSync(path, `${text}${'\n'.repeat(i + 1)}`);
      index = await buildIndex(await loadCorpus({ folder }), { previous: index });
      let t = performance.now();
      index.rank(query, { task: 'issue2code' });
      first.push(performance.now() - t);
      t = performance.now();
      index.rank(query, { task: 'issue2code' });
      again.push(performance.now() - t);
    }
  } finally {
    writeFileSync(path, text);
  }
  process.stdout.write(JSON.stringify({ first, again }));
}
