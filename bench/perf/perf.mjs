#!/usr/bin/env node
// Performance bench (issue 6): cold index, I/O floor and universal-ctags on the same
// files, re-index with a tags cache, warm rank latency and memory, on dev-set
// repositories read from git mirrors. Every cold measurement runs in a fresh child
// process (child.mjs); the OS page cache is warm for all of them alike.
//
//   node bench/perf/perf.mjs REPOS_DIR [--quick] [--profile] [--dev DIR] [--out DIR] [--keep]
//   node bench/perf/perf.mjs --table bench/perf/results.json     (rewrites TABLE.md beside it)
//
// Writes OUT/results.json and OUT/TABLE.md (OUT defaults to bench/perf). Imports the
// built package (dist/: run `npm run build` first; bench/perf/run.sh does).
import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseCommits, gitDirOf, materialize, queriesFor, readDevRows, treeFileCount } from './corpora.mjs';
import { cliHasCacheFlag, parseJobsOption, storeExport, tagsDefaultJobs } from './features.mjs';
import { childRunner, ctagsVersion, runCtags } from './processes.mjs';
import { libraryOf } from '../library.mjs';
import { summarizeProfile } from './profile.mjs';
import { evaluateTargets } from './summary.mjs';
import { writeTable } from './table.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const DIST = join(ROOT, 'dist', 'src');

/** Sizes of a run; --quick is a smoke run of a few minutes less. */
const PLANS = {
  full: {
    runs: 3,
    unionRuns: 1,
    warmQueries: 200,
    repeat: 1000,
    repeatCheckpoints: [500, 1000],
    snapshots: 30,
    snapshotCheckpoints: [1, 10, 20, 30],
    reindexRepeats: 5,
    changeCounts: [1, 10],
    unions: [5000, 10000],
  },
  quick: {
    runs: 1,
    unionRuns: 1,
    warmQueries: 50,
    repeat: 200,
    repeatCheckpoints: [100, 200],
    snapshots: 5,
    snapshotCheckpoints: [1, 3, 5],
    reindexRepeats: 2,
    changeCounts: [1, 10],
    unions: [],
  },
};

const args = parseArgs(process.argv.slice(2));
if (args.table) {
  // Rewrites TABLE.md from a results file (after a change of the table's layout).
  const saved = JSON.parse(readFileSync(args.table, 'utf8'));
  saved.targets = evaluateTargets(saved);
  writeFileSync(join(dirname(args.table), 'TABLE.md'), writeTable(saved));
  process.exit(0);
}
const plan = PLANS[args.quick ? 'quick' : 'full'];
const started = Date.now();
const rows = readDevRows(args.dev);
const devRepos = [...new Set(rows.map((r) => r.repo))];
const newest = (repo) => baseCommits(rows, args.repos, repo).at(-1);

if (!existsSync(join(DIST, 'index.js'))) fail(`no build at ${DIST}: run npm run build first`);
const features = {
  parseJobsOption: parseJobsOption(DIST),
  storeExport: await storeExport(DIST),
  cliCacheFlag: cliHasCacheFlag(DIST),
  tagsDefaultJobs: await tagsDefaultJobs(DIST),
  oneShotExport: typeof (await libraryOf(DIST)).useOneShotCompilation === 'function',
  prestartExport: typeof (await libraryOf(DIST)).prestartWhenListed === 'function',
  leanHeapExport: typeof (await libraryOf(DIST)).useLeanHeap === 'function',
  releaseTextsExport: typeof (await libraryOf(DIST)).releaseTexts === 'function',
};
log(`features: ${JSON.stringify(features)}`);
const jobVariants = features.parseJobsOption
  ? [1, 2].map((n) => ({
      label: `${features.parseJobsOption}=${n}`,
      indexOptions: { [features.parseJobsOption]: n },
      nodeFlags: [],
    }))
  : [
      {
        label: features.tagsDefaultJobs ? `default (TAGS_DEFAULTS.jobs=${features.tagsDefaultJobs})` : 'default',
        indexOptions: {},
        nodeFlags: [],
      },
    ];
// What the one-shot CLI commands (rank, pack, explain) run with (bin/repomap.js): useOneShotCompilation
// where the build has it (runtime ahead with TurboFan, grammars Liftoff-only; grammars compiled and
// parse workers started while the corpus is read, where exported), else no WebAssembly tier-up.
const cliLabel = features.prestartExport
  ? 'CLI one-shot: useOneShotCompilation, workers started during the read'
  : 'useOneShotCompilation (CLI one-shot)';
jobVariants.push(
  features.oneShotExport
    ? {
        ...jobVariants.at(-1),
        label: `${jobVariants.at(-1).label}, ${cliLabel}${features.leanHeapExport ? ', lean heap' : ''}${features.releaseTextsExport ? ', texts released' : ''}`,
        indexOptions: {
          ...jobVariants.at(-1).indexOptions,
          ...(features.releaseTextsExport ? { releaseTexts: true } : {}),
        },
        oneShot: true,
        leanHeap: features.leanHeapExport,
      }
    : {
        ...jobVariants.at(-1),
        label: `${jobVariants.at(-1).label}, --liftoff-only (CLI one-shot)`,
        nodeFlags: ['--liftoff-only'],
      },
);
// Warm queries are ranked in the first run of the library's default (two parse threads, tier-up on).
const warmVariant = jobVariants.at(-2);
// Memory (cold index, warm and repeated queries) is measured in a process of its own, as the CLI's
// long-lived command, `repomap mcp`, runs: two parse threads, the lean heap every CLI command sets and,
// where the build exports it, one-shot compilation (no workers started during the read: the server
// reads the corpus before it builds).
const memoryVariant = features.oneShotExport ? jobVariants.at(-1) : warmVariant;
const memoryLabel = `${warmVariant.label}, ${features.oneShotExport ? 'one-shot compilation' : 'tier-up'}${features.leanHeapExport ? ', lean heap' : ''}${memoryVariant.indexOptions.releaseTexts ? ', texts released' : ''} (as repomap mcp runs)`;

const tmp = mkdtempSync(join(tmpdir(), 'repomap-perf-'));
const child = childRunner(tmp, log);
const results = {
  command: process.env.REPOMAP_PERF_COMMAND ?? `node bench/perf/perf.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  commit: gitHead(),
  dirty: gitDirty(),
  date: new Date().toISOString(),
  machine: {
    nproc: Number(execFileSync('nproc', { encoding: 'utf8' }).trim()),
    cpu: cpus()[0]?.model,
    node: process.version,
    totalMemGb: totalmem() / 2 ** 30,
    freeMemGbAtStart: freemem() / 2 ** 30,
    loadAverageAtStart: loadavg(),
    ctags: ctagsVersion() ?? fail('universal-ctags is not installed (ctags on PATH)'),
  },
  note: 'Shared machine (2 cores also used by other jobs): absolute times are noisy; the floor and ctags run in the same session on the same files, so the ratios are the steadier figures. The OS page cache is warm for every measurement alike (nothing is dropped); "cold" means a fresh process: no module, grammar or tags cache.',
  plan: { name: args.quick ? 'quick' : 'full', ...plan },
  features,
  corpora: [],
};

try {
  for (const def of corpusDefs()) results.corpora.push(await measureCorpus(def));
  results.snapshots = await measureSnapshots(null, 'in a row');
  if (features.storeExport) {
    results.snapshotsStore = await measureSnapshots(features.storeExport, 'in a row');
    results.snapshotsSpread = await measureSnapshots(features.storeExport, 'dev base commits');
  }
  if (args.profile)
    results.profile = await profileCold(results.corpora.find((c) => c.name === 'mixed') ?? results.corpora[0]);
} finally {
  if (!args.keep) rmSync(tmp, { recursive: true, force: true });
  else log(`kept ${tmp}`);
}
results.machine.loadAverageAtEnd = loadavg();
results.wallSeconds = (Date.now() - started) / 1000;
results.targets = evaluateTargets(results);
mkdirSync(args.out, { recursive: true });
writeFileSync(join(args.out, 'results.json'), JSON.stringify(results, null, 2) + '\n');
writeFileSync(join(args.out, 'TABLE.md'), writeTable(results));
log(`wrote ${join(args.out, 'results.json')} and TABLE.md in ${results.wallSeconds.toFixed(0)} s`);

/** The corpora: small, medium, large (most files), heavy (most code), mixed, and unions reaching the memory/latency sizes. */
function corpusDefs() {
  const one = (name, repo, role) => ({ name, role, members: [{ repo, commit: newest(repo), sub: '' }], single: true });
  const counts = devRepos.map((repo) => ({
    repo,
    commit: newest(repo),
    files: treeFileCount(gitDirOf(args.repos, repo), newest(repo)),
  }));
  counts.sort((a, b) => b.files - a.files || (a.repo < b.repo ? -1 : 1));
  log(`tree files at the newest dev base commit: ${counts.map((c) => `${c.repo} ${c.files}`).join(', ')}`);
  const largest = counts.find((c) => c.repo !== 'vitejs/vite').repo;
  const defs = [one('small', 'gin-gonic/gin', 'small'), one('medium', 'vitejs/vite', 'medium')];
  if (!args.quick) {
    defs.push(one('large', largest, `most files of the dev set (${largest})`));
    if (largest !== 'eslint/eslint') defs.push(one('eslint', 'eslint/eslint', 'most source bytes to parse'));
  }
  const mixed = ['tokio-rs/tokio', 'pallets/click', 'vitejs/vite'];
  defs.push({
    name: 'mixed',
    role: 'issue 6 mixed corpus (tokio + click + vite)',
    members: mixed.map((repo) => ({ repo, commit: newest(repo), sub: repo.split('/')[1] })),
  });
  for (const target of plan.unions) {
    const members = [];
    let files = 0;
    // Tree counts exceed corpus counts (skipped files): aim 5% over the target.
    for (const c of counts) {
      if (files >= target * 1.05) break;
      members.push({ repo: c.repo, commit: c.commit, sub: c.repo.replace('/', '+') });
      files += c.files;
    }
    defs.push({
      name: `union-${target / 1000}k`,
      role: `${target}-file union of the largest dev repositories`,
      members,
      union: true,
    });
  }
  return defs;
}

async function measureCorpus(def) {
  log(`== ${def.name}: ${def.members.map((m) => `${m.repo}@${m.commit.slice(0, 10)}`).join(' + ')}`);
  const folder = join(tmp, def.name);
  materialize(folder, def.members, args.repos);
  const queries = queriesFor(rows, def.members, plan.warmQueries);
  const firstQuery = queries[0];
  const runs = def.union ? plan.unionRuns : plan.runs;
  const out = {
    name: def.name,
    role: def.role,
    members: def.members.map(({ repo, commit, sub }) => ({ repo, commit, sub })),
    queries: queries.length,
  };

  out.floor = [];
  for (let i = 0; i < runs; i++) out.floor.push(await child({ mode: 'floor', folder }));
  out.ctags = [];
  for (let i = 0; i < runs; i++) out.ctags.push(runCtags(folder, tmp));

  out.cold = [];
  const memoryHere = def.name === (plan.unions.length ? `union-${plan.unions.at(-1) / 1000}k` : 'mixed');
  for (const variant of jobVariants) {
    const measured = [];
    for (let i = 0; i < runs; i++) {
      const first = variant === warmVariant && i === 0;
      const job = {
        mode: 'cold',
        distDir: DIST,
        source: { folder },
        indexOptions: variant.indexOptions,
        firstQuery,
        oneShot: variant.oneShot === true,
        leanHeap: variant.leanHeap === true,
      };
      if (first) job.queries = queries;
      measured.push(await child(job, variant.nodeFlags));
    }
    out.cold.push({ variant: variant.label, runs: measured });
  }
  if (memoryHere) {
    const job = {
      mode: 'cold',
      distDir: DIST,
      source: { folder },
      indexOptions: memoryVariant.indexOptions,
      firstQuery,
      queries,
      repeat: plan.repeat,
      checkpoints: plan.repeatCheckpoints,
      leanHeap: features.leanHeapExport,
      oneShot: memoryVariant.oneShot === true,
      prestart: false,
    };
    out.memoryRun = { variant: memoryLabel, ...(await child(job, ['--expose-gc', ...memoryVariant.nodeFlags])) };
  }
  out.stats = out.cold[0].runs[0].stats;

  if (def.single) {
    const m = def.members[0];
    const measured = [];
    for (let i = 0; i < runs; i++)
      measured.push(
        await child({
          mode: 'cold',
          distDir: DIST,
          source: { gitDir: gitDirOf(args.repos, m.repo), commit: m.commit },
          indexOptions: jobVariants.at(-2).indexOptions,
          firstQuery,
        }),
      );
    out.coldGit = { variant: jobVariants.at(-2).label, runs: measured };
  }
  if (!def.union) {
    out.reindex = await child({
      mode: 'reindex',
      distDir: DIST,
      source: { folder },
      indexOptions: jobVariants.at(-2).indexOptions,
      firstQuery,
      repeats: plan.reindexRepeats,
      changeCounts: plan.changeCounts,
    });
    if (features.storeExport) out.store = await measureStore(folder, firstQuery);
  }
  rmSync(folder, { recursive: true, force: true });
  return out;
}

/** Persistent tags cache: fill it (cold), then a fresh process with nothing changed and one with one changed file. */
async function measureStore(folder, firstQuery) {
  const storeFile = join(tmp, 'tags-cache.sqlite');
  rmSync(storeFile, { force: true });
  const base = {
    mode: 'store',
    distDir: DIST,
    source: { folder },
    indexOptions: jobVariants.at(-2).indexOptions,
    firstQuery,
    storeExport: features.storeExport,
    storeFile,
  };
  try {
    const fill = await child(base);
    const unchanged = await child(base);
    const file = firstParseable(folder);
    const original = readFileSync(file);
    writeFileSync(file, Buffer.concat([original, Buffer.from('\n')]));
    let oneChanged;
    try {
      oneChanged = await child(base);
    } finally {
      writeFileSync(file, original);
    }
    return { export: features.storeExport, fill, unchanged, oneChanged };
  } catch (error) {
    return { export: features.storeExport, error: String(error.message ?? error) };
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
  }
}

/**
 * Indexing snapshots of one repository in one process with one shared tags cache: a Map,
 * or the persistent store `storeExport` (on disk). `series` picks the commits:
 * 'in a row' is the issue's case, consecutive first-parent commits ending at the newest
 * dev base commit (an agent or an eval stepping through history); 'dev base commits' is the
 * dev set's own commits, oldest first, which span years in which the repository grows.
 */
async function measureSnapshots(storeExport, series) {
  const repo = 'vitejs/vite';
  const gitDir = gitDirOf(args.repos, repo);
  const dev = baseCommits(rows, args.repos, repo);
  let commits;
  if (series === 'in a row') {
    commits = execFileSync(
      'git',
      ['--git-dir', gitDir, 'rev-list', '--first-parent', `-n${plan.snapshots}`, dev.at(-1)],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean)
      .reverse();
  } else {
    commits = dev;
    if (commits.length < plan.snapshots) {
      const extra = execFileSync(
        'git',
        ['--git-dir', gitDir, 'rev-list', '--first-parent', `-n${plan.snapshots * 3}`, commits.at(-1)],
        { encoding: 'utf8' },
      )
        .split('\n')
        .filter(Boolean);
      commits = [...new Set([...extra.reverse(), ...commits])];
    }
    commits = commits.slice(-plan.snapshots);
  }
  log(`== snapshots (${series}): ${commits.length} commits of ${repo}, ${storeExport ?? 'Map'} tags cache`);
  const firstQuery = queriesFor(rows, [{ repo, sub: '' }], 1)[0];
  const storeFile = join(tmp, 'snapshots-cache.sqlite');
  // as `repomap eval` runs: tier-up, the lean heap every CLI command sets
  const job = {
    mode: 'snapshots',
    distDir: DIST,
    gitDir,
    commits,
    checkpoints: plan.snapshotCheckpoints,
    firstQuery,
    leanHeap: features.leanHeapExport,
  };
  if (storeExport) Object.assign(job, { storeExport, storeFile });
  try {
    return { repo, series, leanHeap: job.leanHeap, ...(await child(job, ['--expose-gc'])) };
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
  }
}

async function profileCold(corpus) {
  log(`== profile: cold index of ${corpus.name}`);
  const def = corpusDefs().find((d) => d.name === corpus.name);
  const folder = join(tmp, `profile-${def.name}`);
  materialize(folder, def.members, args.repos);
  const dir = join(tmp, 'cpuprof');
  const firstQuery = queriesFor(rows, def.members, 1)[0];
  await child(
    { mode: 'cold', distDir: DIST, source: { folder }, indexOptions: jobVariants[0].indexOptions, firstQuery },
    ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  );
  // One profile per thread: the main thread and each parse worker.
  const profiles = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  rmSync(folder, { recursive: true, force: true });
  return { corpus: def.name, variant: jobVariants[0].label, ...summarizeProfile(profiles, ROOT) };
}

function firstParseable(folder) {
  const exts = ['.ts', '.rs', '.py', '.go', '.js', '.java'];
  const stack = [folder];
  while (stack.length) {
    const dir = stack.shift();
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    const hit = entries.find((e) => e.isFile() && exts.some((x) => e.name.endsWith(x)));
    if (hit) return join(dir, hit.name);
    stack.push(...entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name)));
  }
  fail(`no source file in ${folder}`);
}

function parseArgs(argv) {
  const out = {
    quick: false,
    profile: false,
    keep: false,
    dev: resolve(ROOT, '../shared/bench/dev'),
    out: HERE,
    repos: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') out.quick = true;
    else if (a === '--profile') out.profile = true;
    else if (a === '--keep') out.keep = true;
    else if (a === '--dev') out.dev = resolve(argv[++i]);
    else if (a === '--out') out.out = resolve(argv[++i]);
    else if (a === '--table') out.table = resolve(argv[++i]);
    else if (!a.startsWith('-') && !out.repos) out.repos = resolve(a);
    else fail(`unknown argument ${a}`);
  }
  if (!out.repos && !out.table)
    fail(
      'usage: node bench/perf/perf.mjs REPOS_DIR [--quick] [--profile] [--dev DIR] [--out DIR] [--keep] | --table RESULTS_JSON',
    );
  return out;
}

function gitHead() {
  return execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
}

function gitDirty() {
  return (
    execFileSync('git', ['-C', ROOT, 'status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim().length > 0
  );
}

function log(message) {
  process.stderr.write(`[perf ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`bench/perf: ${message}\n`);
  process.exit(2);
}
