#!/usr/bin/env node
// A second `repomap rank` in a fresh process: with the index snapshot (nothing changed since
// the last run), with the tags cache alone (the snapshot removed before each run), after one
// changed file, and cold (an empty cache), against `node -e 1`, universal-ctags' full scan
// and an I/O floor (read every file of the corpus) in the same rounds; and the same `rank`
// nothing changed and after one changed file with `repomap daemon` serving (a daemon of the
// run's own, on a socket in its temporary folder; every other row runs with
// REPOMAP_NO_DAEMON=1). One of each per round, the order turned by one each round, so the
// machine's load falls on all alike. Wall time from spawn to exit; medians and p90 (nearest rank).
//
//   node bench/perf/warm.mjs REPOS_DIR [--runs N] [--cold-runs N] [--corpora mixed,union-10k] [--out FILE]
//
// REPOS_DIR holds the git repositories (owner+name/repo, …; or REPOMAP_REPOS). The corpora
// are written into a temporary folder with `git archive` (bench/perf/corpora.mjs). Runs the
// built package (`npm run build` first). Writes the table (default bench/perf/WARM.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles, materialize } from './corpora.mjs';
import { median, percentile } from './summary.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const BIN = join(ROOT, 'bin', 'repomap.js');
/** The corpora (fixed commits: those of bench/perf/TABLE.md's mixed and union-10k). */
const CORPORA = {
  mixed: [
    { repo: 'tokio-rs/tokio', commit: 'd4569bb550', sub: 'tokio' },
    { repo: 'pallets/click', commit: '150d1071d6', sub: 'click' },
    { repo: 'vitejs/vite', commit: 'b78e2f1bc1', sub: 'vite' },
  ],
  'union-10k': [
    { repo: 'fastapi/fastapi', commit: '628663f4f8', sub: 'fastapi' },
    { repo: 'vitejs/vite', commit: 'b78e2f1bc1', sub: 'vite' },
    { repo: 'eslint/eslint', commit: 'f5449f96c2', sub: 'eslint' },
    { repo: 'mockito/mockito', commit: '39b1aba6e6', sub: 'mockito' },
    { repo: 'tokio-rs/tokio', commit: 'd4569bb550', sub: 'tokio' },
    { repo: 'vuejs/core', commit: 'eb89e935a7', sub: 'core' },
  ],
};
const QUERY =
  'The runtime hangs on shutdown when a blocking task panics; the server does not close its connections and the CLI exits with an error';

const args = parseArgs(process.argv.slice(2));
const tmp = mkdtempSync(join(tmpdir(), 'repomap-warm-'));
/** Every command but the daemon's rows runs in its own process; those reach the run's own daemon. */
const OWN_PROCESS_ENV = { ...process.env, REPOMAP_NO_DAEMON: '1' };
const DAEMON_ENV = { ...process.env, REPOMAP_NO_DAEMON: '', REPOMAP_DAEMON_SOCKET: join(tmp, 'daemon', 'd.sock') };
const load = [loadavg()];
const tables = [];
try {
  for (const name of args.corpora) tables.push(measure(name));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
load.push(loadavg());
const commit = git(['rev-parse', 'HEAD']);
const dirty = git(['status', '--porcelain', '--', 'src', 'bin']) !== '';
writeFileSync(
  args.out,
  [
    '# A second `repomap rank` in a fresh process (issue 22)',
    '',
    `- Command: \`node bench/perf/warm.mjs REPOS_DIR --runs ${args.runs} --cold-runs ${args.coldRuns} --corpora ${args.corpora.join(',')}\``,
    `- Commit: \`${commit}\`${dirty ? ' (with uncommitted changes in src/ or bin/)' : ''}; date ${new Date().toISOString()}`,
    `- Machine: ${cpus().length} cores, node ${process.version}; load average (1/5/15 min) at start ${fmtLoad(load[0])}, at end ${fmtLoad(load[1])}`,
    "- Each cell: wall time from spawn to exit of a fresh process, median (p90) of the rounds; × columns: the median over the same run's median of `node -e 1`, of the I/O floor and of ctags.",
    "- `rank, snapshot`: nothing changed since the last run, the index is loaded from its snapshot. `rank, tags cache`: the snapshot is removed before each run, so the index is built from the cached tags. `rank, 1 file changed`: one source file is rewritten before each run (its tags and the graph are made again). `cold`: an empty cache folder. `daemon serving`: the same `rank` with `repomap daemon` serving (the process that runs is the client; the index stays in the daemon's memory), nothing changed, or one file rewritten before each run.",
    '',
    ...tables.flat(),
  ].join('\n') + '\n',
);
console.error(`wrote ${args.out}`);

function measure(name) {
  const members = CORPORA[name];
  if (!members) fail(`unknown corpus ${name} (known: ${Object.keys(CORPORA).join(', ')})`);
  const folder = join(tmp, name);
  console.error(`== ${name}: materializing ${members.map((m) => `${m.repo}@${m.commit}`).join(' + ')}`);
  // a copy of its own for the runs after a changed file: a change anywhere in a folder is a change to all its snapshots
  const edited = join(tmp, `${name}-edited`);
  materialize(folder, members, args.repos);
  materialize(edited, members, args.repos);
  const files = listFiles(folder);
  // the files' times an hour back: a build right after the copy would be within the stamp margin and keep no snapshot
  for (const f of [folder, edited]) spawnSync('find', [f, '-exec', 'touch', '-h', '-d', '1 hour ago', '{}', '+']);
  const changed = join(
    edited,
    relative(
      folder,
      files.find((f) => /\.(rs|py|ts)$/.test(f) && !/test/.test(f)),
    ),
  );
  const list = join(tmp, `${name}-files.json`);
  writeFileSync(list, JSON.stringify(files));
  const caches = {
    snapshot: join(tmp, `${name}-snap`),
    tags: join(tmp, `${name}-tags`),
    changed: join(tmp, `${name}-changed`),
  };
  const daemonCaches = { snapshot: join(tmp, `${name}-daemon-snap`), changed: join(tmp, `${name}-daemon-changed`) };
  const rank = (cache, repo = folder) => [
    'node',
    BIN,
    'rank',
    '--repo',
    repo,
    '--cache',
    cache,
    '-q',
    '--query',
    QUERY,
    '--top',
    '20',
  ];
  // warm: tags cache and snapshot
  for (const cache of [caches.snapshot, caches.tags]) mustRun(rank(cache));
  mustRun(rank(caches.changed, edited));
  // the daemon's rows: warm in its memory
  mustRun(['node', BIN, 'daemon', 'start', '--idle-minutes', '30'], DAEMON_ENV);
  for (const cache of [daemonCaches.snapshot, daemonCaches.changed])
    mustRun(rank(cache, cache === daemonCaches.changed ? edited : folder), DAEMON_ENV);
  const commands = [
    { name: '`node -e 1`', argv: ['node', '-e', '1'], floor: true },
    {
      name: 'I/O floor (read every file)',
      argv: [
        'node',
        '-e',
        `const fs=require('fs');for(const f of JSON.parse(fs.readFileSync(process.argv[1],'utf8')))fs.readFileSync(f)`,
        list,
      ],
      io: true,
    },
    {
      name: 'universal-ctags, full scan',
      argv: ['ctags', '-R', '--fields=+n', '--links=no', '-f', '/dev/null', folder],
      ctags: true,
    },
    { name: 'rank, snapshot', argv: rank(caches.snapshot) },
    {
      name: 'rank, tags cache',
      argv: rank(caches.tags),
      before: () => rmSync(join(caches.tags, 'snapshots'), { recursive: true, force: true }),
    },
    { name: 'rank, 1 file changed', argv: rank(caches.changed, edited), before: () => appendFileSync(changed, '\n') },
    { name: 'rank, cold (empty cache)', argv: null, cold: true },
    { name: 'rank, daemon serving', argv: rank(daemonCaches.snapshot), env: DAEMON_ENV },
    {
      name: 'rank, daemon serving, 1 file changed',
      argv: rank(daemonCaches.changed, edited),
      env: DAEMON_ENV,
      before: () => appendFileSync(changed, '\n'),
    },
  ];
  const times = new Map(commands.map((c) => [c.name, []]));
  for (let round = 0; round < args.runs; round++) {
    const order = commands.map((_, i) => commands[(i + round) % commands.length]);
    for (const c of order) {
      if (c.cold && round >= args.coldRuns) continue;
      const argv = c.cold ? rank(join(tmp, `${name}-cold-${round}`)) : c.argv;
      c.before?.();
      const t = process.hrtime.bigint();
      mustRun(argv, c.env);
      times.get(c.name).push(Number(process.hrtime.bigint() - t) / 1e9);
    }
    console.error(`   round ${round + 1}/${args.runs}`);
  }
  mustRun(['node', BIN, 'daemon', 'stop'], DAEMON_ENV);
  const med = (name) => median(times.get(name));
  const floor = med('`node -e 1`');
  const io = med('I/O floor (read every file)');
  const ctags = med('universal-ctags, full scan');
  const rows = commands.map((c) => {
    const list = times.get(c.name);
    const m = median(list);
    return `| ${c.name} | ${list.length} | ${m.toFixed(3)} s (${percentile(list, 90).toFixed(3)}) | ${(m / floor).toFixed(1)}× | ${(m / io).toFixed(1)}× | ${(m / ctags).toFixed(2)}× |`;
  });
  return [
    `## ${name}: ${files.length} files (${members.map((m) => `${m.repo}@${m.commit}`).join(' + ')})`,
    '',
    '| command | runs | median (p90) | × node -e 1 | × I/O floor | × ctags |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ];
}

function mustRun(argv, env = OWN_PROCESS_ENV) {
  const r = spawnSync(argv[0] === 'node' ? process.execPath : argv[0], argv.slice(1), {
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
    env,
  });
  if (r.status !== 0) fail(`${argv.slice(0, 4).join(' ')} … failed (${r.status}): ${String(r.stderr).slice(-1000)}`);
}

function fmtLoad(l) {
  return l.map((x) => x.toFixed(1)).join(' / ');
}

function git(argv) {
  return execFileSync('git', argv, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function parseArgs(argv) {
  const out = {
    repos: process.env.REPOMAP_REPOS,
    runs: 9,
    coldRuns: 3,
    corpora: ['mixed'],
    out: join(HERE, 'WARM.md'),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') out.runs = Number(argv[++i]);
    else if (a === '--cold-runs') out.coldRuns = Number(argv[++i]);
    else if (a === '--corpora') out.corpora = argv[++i].split(',');
    else if (a === '--out') out.out = resolve(argv[++i]);
    else if (!a.startsWith('--')) out.repos = a;
    else fail(`unknown option ${a}`);
  }
  if (!out.repos || !existsSync(out.repos))
    fail(
      'usage: node bench/perf/warm.mjs REPOS_DIR [--runs N] [--cold-runs N] [--corpora mixed,union-10k] [--out FILE]',
    );
  if (!(out.runs >= 1 && out.coldRuns >= 0)) fail('--runs must be ≥ 1 and --cold-runs ≥ 0');
  return out;
}

function fail(message) {
  console.error(`bench/perf/warm: ${message}`);
  process.exit(2);
}
