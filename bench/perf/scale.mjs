#!/usr/bin/env node
// Scale curve (issue 22): `repomap rank` on corpora of about 1k, 10k, 50k and 100k files,
// unions of whole repository trees at the sample sets' base commits (scale-corpora.mjs),
// each written to a plain folder. Per point, every measurement a fresh process:
//   - the I/O floor (child.mjs: walk the folder and read every file) and universal-ctags;
//   - cold: `repomap rank --repo FOLDER --cache STORE` with an empty store: wall, CPU
//     (user + system), peak RSS, and the store's size on disk after;
//   - warm: the same command again with other queries (WARM_RUNS runs, nothing changed):
//     wall, CPU, peak RSS per run and their medians;
//   - held: the same queries with the index held in memory (`repomap daemon` serving, a
//     daemon of the bench's own), HELD_ROUNDS rounds after one command that loads it: the
//     rank step the daemon reports (`timing_ms.rank`) and the client's wall.
// Writes OUT/SCALE.md, OUT/scale.svg and OUT/scale-results.json (OUT defaults to bench/perf).
//
//   node bench/perf/scale.mjs REPOS_DIR [--points 1000,10000,50000,100000] [--work DIR]
//        [--warm-runs N] [--reuse-folders] [--warm-only] [--dev DIR] [--issues DIR] [--out DIR]
//   node bench/perf/scale.mjs --report [RESULTS_JSON]     (rewrites SCALE.md and scale.svg beside it)
//
// REPOS_DIR (or $REPOMAP_REPOS) holds the git mirrors (owner+name/repo, as bench/setup.sh).
// --work (or $REPOMAP_SCALE_WORK; default $TMPDIR/repomap-scale): the folders and stores, kept
// after the run so a re-run is cheap: --reuse-folders skips writing a folder whose manifest
// matches, --warm-only skips the cold run of a point whose store exists and whose trees are the
// previous run's (its cold figures are carried over from the previous scale-results.json). --points runs a subset; the other points'
// rows are carried over too. Runs the built CLI of this checkout (npm run build first).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queriesFor } from './corpora.mjs';
import { childRunner, ctagsVersion, runCtags, timeCommand } from './processes.mjs';
import { distinctContents, materializeUnion, pickUnion, readSampleRows, scaleCandidates } from './scale-corpora.mjs';
import { writeScaleReport } from './scale-report.mjs';
import { median } from './summary.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const BIN = join(ROOT, 'bin', 'repomap.js');

/** What the bench runs unless told otherwise. */
const SCALE_DEFAULTS = {
  points: [1000, 10000, 50000, 100000],
  warmRuns: 5,
  /** Rounds of the warm queries with the index held in memory (the daemon's). */
  heldRounds: 3,
  /** Rounds of base commits per repository offered to the unions (newest, oldest, middle, …). */
  rounds: 4,
  top: 20,
};

const started = Date.now();
if (process.argv[2] === '--report') {
  // Rewrites SCALE.md and scale.svg beside a results file (after a change of their layout).
  const file = resolve(process.argv[3] ?? join(HERE, 'scale-results.json'));
  writeScaleReport(JSON.parse(readFileSync(file, 'utf8')), dirname(file));
  process.exit(0);
}
const args = parseArgs(process.argv.slice(2));
if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'run.js')))
  fail(`no build at ${join(ROOT, 'dist')}: run npm run build first`);
const ctags = ctagsVersion() ?? fail('universal-ctags is not installed (ctags on PATH)');
mkdirSync(args.work, { recursive: true });
const tmp = join(args.work, 'tmp');
mkdirSync(tmp, { recursive: true });
const child = childRunner(tmp, log);

const resultsFile = join(args.out, 'scale-results.json');
const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : null;
const rows = readSampleRows(args.dev, args.issues);
log(
  `candidates: base commits of ${new Set(rows.map((r) => r.repo)).size} repositories, ${SCALE_DEFAULTS.rounds} rounds`,
);
const candidates = scaleCandidates(rows, args.repos, SCALE_DEFAULTS.rounds);

const run = {
  command: `node bench/perf/scale.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  commit: git(['rev-parse', 'HEAD']),
  dirty: git(['status', '--porcelain', '--', 'src', 'bin']) !== '',
  date: new Date(started).toISOString(),
  machine: {
    nproc: cpus().length,
    cpu: cpus()[0]?.model,
    node: process.version,
    totalMemGb: totalmem() / 2 ** 30,
    ctags,
    uptimeAtStart: uptime(),
    niceness: niceness(),
  },
  warmRuns: args.warmRuns,
};
const points = [];
for (const target of args.points) points.push(await measurePoint(target));
run.machine.uptimeAtEnd = uptime();
run.wallSeconds = (Date.now() - started) / 1000;

// Points not run this time keep their last measured rows (each row says its commit and date).
const merged = [...points];
for (const old of previous?.points ?? [])
  if (!merged.some((p) => p.target === old.target)) merged.push({ ...old, carried: true });
merged.sort((a, b) => a.target - b.target);
const results = {
  runs: [run, ...(previous?.runs ?? []).filter((r) => r.date !== run.date)].slice(0, 5),
  points: merged,
};
mkdirSync(args.out, { recursive: true });
writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
writeScaleReport(results, args.out);
log(`wrote ${resultsFile}, SCALE.md and scale.svg in ${run.wallSeconds.toFixed(0)} s`);

async function measurePoint(target) {
  const members = pickUnion(candidates, target);
  const name = `${target / 1000}k`;
  const folder = join(args.work, `corpus-${name}`);
  const store = join(args.work, `store-${name}`);
  log(
    `== ${name}: ${members.length} trees, ${members.reduce((n, m) => n + m.files, 0)} files; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const { reused, skipped } = materializeUnion(folder, members, args.repos, args.reuseFolders);
  log(
    `   folder ${folder} (${reused ? 'reused' : 'written'}${skipped.length ? `; ${skipped.length} file(s) whose blobs the mirrors lack left out` : ''})`,
  );
  const queries = queryFiles(members, name, args.warmRuns + 1);
  const point = {
    target,
    commit: run.commit,
    date: new Date().toISOString(),
    uptimeAtStart: uptime(),
    members: members.map(({ repo, commit, round, files, sub }) => ({ repo, commit, round, files, sub })),
    treeFiles: members.reduce((n, m) => n + m.files, 0),
    repositories: new Set(members.map((m) => m.repo)).size,
    distinctContents: distinctContents(members, args.repos),
    skippedMissingBlobs: skipped,
  };
  point.floor = await child({ mode: 'floor', folder });
  point.ctags = runCtags(folder, tmp);
  log(`   ctags: ${(point.ctags.wallMs / 1000).toFixed(2)} s`);

  const old = previous?.points?.find((p) => p.target === target);
  // cold figures carry over only for the same trees: a point whose union changed (the
  // mirrors offer other trees now) is measured cold again, its store made anew
  const sameTrees = old?.members !== undefined && JSON.stringify(old.members) === JSON.stringify(point.members);
  if (args.warmOnly && !sameTrees && old?.cold)
    log('   cold: not carried over, the trees changed since the run that measured it');
  if (args.warmOnly && sameTrees && existsSync(store) && old?.cold) {
    // with the floor and ctags of the run that measured it (its ratios are to those)
    point.cold = {
      floorMs: old.floor.totalMs,
      ctagsMs: old.ctags.wallMs,
      ...old.cold,
      carriedFrom: old.cold.carriedFrom ?? { commit: old.commit, date: old.date },
    };
    log(`   cold: skipped (--warm-only, store exists), carried over from ${old.commit.slice(0, 7)}`);
  } else {
    rmSync(store, { recursive: true, force: true });
    point.cold = {
      ...rank(folder, store, queries[0]),
      storeMb: sizeMb(store),
      floorMs: point.floor.totalMs,
      ctagsMs: point.ctags.wallMs,
    };
    log(
      `   cold: ${(point.cold.wallMs / 1000).toFixed(2)} s, ${point.cold.maxRssMb?.toFixed(0)} MB, store ${point.cold.storeMb.toFixed(1)} MB`,
    );
  }
  point.warm = [];
  for (const q of queries.slice(1)) {
    const r = rank(folder, store, q);
    point.warm.push(r);
    log(`   warm ${q.id}: ${(r.wallMs / 1000).toFixed(2)} s, ${r.maxRssMb?.toFixed(0)} MB`);
  }
  point.storeMbAfterWarm = sizeMb(store);
  point.held = held(folder, store, queries.slice(1), name);
  log(
    `   held in memory: rank step p50 ${median(point.held.map((h) => h.rankMs)).toFixed(0)} ms, client wall p50 ${median(point.held.map((h) => h.wallMs)).toFixed(0)} ms`,
  );
  point.uptimeAtEnd = uptime();
  return point;
}

/**
 * The queries with the index held in memory: a daemon of the bench's own (its socket in a
 * folder only this user may enter) loads the index at a first command, then serves
 * HELD_ROUNDS rounds of them; per command, the rank step the daemon reports and the wall of
 * the client process. The daemon is stopped after.
 */
function held(folder, store, queries, name) {
  const dir = join(tmp, `daemon-${name}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const env = { ...process.env, REPOMAP_NO_DAEMON: '', REPOMAP_DAEMON_SOCKET: join(dir, 'd.sock') };
  execFileSync(process.execPath, [BIN, 'daemon', 'start', '--idle-minutes', '30'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    rank(folder, store, queries[0], env);
    const out = [];
    for (let round = 0; round < SCALE_DEFAULTS.heldRounds; round++) {
      for (const q of queries) {
        const r = rank(folder, store, q, env);
        out.push({ query: q.id, task: q.task, round, wallMs: r.wallMs, rankMs: r.cliTimingMs?.rank ?? null });
      }
    }
    return out;
  } finally {
    execFileSync(process.execPath, [BIN, 'daemon', 'stop'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

/** One `repomap rank` in a fresh process, measured; the CLI's own index/rank timings from its JSON. */
function rank(folder, store, q, env = { ...process.env, REPOMAP_NO_DAEMON: '1' }) {
  const argv = [
    BIN,
    'rank',
    '--repo',
    folder,
    '--cache',
    store,
    '--query-file',
    q.file,
    '--top',
    String(SCALE_DEFAULTS.top),
    '--format',
    'json',
    '-q',
  ];
  const r = timeCommand(process.execPath, argv, { cwd: ROOT, tmp, env });
  let timing = null;
  try {
    timing = JSON.parse(r.stdout).timing_ms ?? null;
  } catch {
    // an older build's output without timings: the process figures stand alone
  }
  return {
    query: q.id,
    task: q.task,
    wallMs: r.wallMs,
    userMs: r.userMs,
    sysMs: r.sysMs,
    cpuMs: r.cpuMs,
    maxRssMb: r.maxRssMb,
    cliTimingMs: timing,
  };
}

/**
 * `count` query files for a union: the sample rows of its newest trees' repositories (their
 * file lists given the sub-folder prefix), one task after another in turn so that every task
 * of the union is timed. Written to the work folder; returns [{ id, task, file }].
 */
function queryFiles(members, name, count) {
  const newest = members.filter((m) => m.round === 0);
  const byTask = new Map();
  for (const row of rows) if (!byTask.has(row.task_type)) byTask.set(row.task_type, []);
  for (const [task, list] of byTask)
    list.push(
      ...queriesFor(
        rows.filter((r) => r.task_type === task),
        newest,
        count,
      ),
    );
  const lists = [...byTask.values()].filter((l) => l.length > 0);
  const out = [];
  for (let i = 0; out.length < count && lists.length > 0; i++) {
    const q = lists[i % lists.length][Math.floor(i / lists.length) % lists[i % lists.length].length];
    const file = join(tmp, `query-${name}-${out.length}.json`);
    writeFileSync(file, JSON.stringify({ id: q.id, task_type: q.task, query: q.query }));
    out.push({ id: q.id, task: q.task, file });
  }
  return out;
}

function sizeMb(dir) {
  if (!existsSync(dir)) return 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) bytes += statSync(join(e.parentPath ?? e.path, e.name)).size;
  return bytes / 2 ** 20;
}

function parseArgs(argv) {
  const out = {
    repos: process.env.REPOMAP_REPOS ? resolve(process.env.REPOMAP_REPOS) : null,
    points: SCALE_DEFAULTS.points,
    work: resolve(process.env.REPOMAP_SCALE_WORK ?? join(tmpdir(), 'repomap-scale')),
    warmRuns: SCALE_DEFAULTS.warmRuns,
    reuseFolders: false,
    warmOnly: false,
    dev: resolve(process.env.REPOMAP_DEV ?? join(ROOT, '../shared/bench/dev')),
    issues: resolve(process.env.REPOMAP_ISSUES ?? join(ROOT, '../shared/bench/issues')),
    out: HERE,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i] ?? fail(`${a} needs a value`);
    if (a === '--points') {
      out.points = value().split(',').map(Number);
      if (out.points.some((p) => !Number.isInteger(p) || p < 1))
        fail(`--points: expected file counts like 1000,10000, got ${argv[i]}`);
    } else if (a === '--work') out.work = resolve(value());
    else if (a === '--warm-runs') out.warmRuns = Number(value());
    else if (a === '--reuse-folders') out.reuseFolders = true;
    else if (a === '--warm-only') out.warmOnly = true;
    else if (a === '--dev') out.dev = resolve(value());
    else if (a === '--issues') out.issues = resolve(value());
    else if (a === '--out') out.out = resolve(value());
    else if (!a.startsWith('-') && i === 0) out.repos = resolve(a);
    else fail(`unknown argument ${a}`);
  }
  if (!out.repos)
    fail(
      'usage: node bench/perf/scale.mjs REPOS_DIR [--points 1000,10000] [--work DIR] [--warm-runs N] [--reuse-folders] [--warm-only] (or set REPOMAP_REPOS)',
    );
  if (out.work === ROOT || out.work.startsWith(`${ROOT}/`))
    fail(`--work ${out.work} is inside the repository: give a folder outside it`);
  if (!Number.isInteger(out.warmRuns) || out.warmRuns < 1) fail('--warm-runs: expected a whole number ≥ 1');
  return out;
}

function git(argv) {
  return execFileSync('git', ['-C', ROOT, ...argv], { encoding: 'utf8' }).trim();
}

function uptime() {
  return execFileSync('uptime', { encoding: 'utf8' }).trim().replace(/\s+/g, ' ');
}

function niceness() {
  try {
    return Number(execFileSync('ps', ['-o', 'ni=', '-p', String(process.pid)], { encoding: 'utf8' }).trim());
  } catch {
    return null;
  }
}

function log(message) {
  process.stderr.write(`[scale ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`bench/perf/scale.mjs: ${message}\n`);
  process.exit(2);
}
