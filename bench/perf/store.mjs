#!/usr/bin/env node
// Cost of the tags store's size bookkeeping (the `used` stamps of schema 3), and the time
// to prune a big store.
//
// 1. Warm runs: `repomap rank --repo REPO --commit HEAD` against a fresh cache, once cold,
//    then RUNS warm rounds, each round one run of every variant, in turn:
//      before       the --before checkout (a build without `used`)
//      after        this checkout, stamps of the current hour (the common case: nothing written)
//      after-stale  this checkout, every stamp aged an hour before the run (each row read
//                   gets its stamp rewritten: the first warm run of a new hour)
//    Wall time from spawn to exit; medians.
// 2. Prune: STORE (a schema-2 store file, never modified) is copied to a temp folder and
//    turned into a schema-3 store of this checkout, rows stamped over 30 days by key; then
//    `repomap cache prune --max-mb PRUNE_MB` is timed, with the sizes before and after.
//
//   node bench/perf/store.mjs --before DIR --repo DIR --store FILE [--runs N] [--prune-mb N] [--out FILE]
//
// Both checkouts must be built (dist/). Writes a Markdown table (default bench/perf/STORE.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const Database = createRequire(import.meta.url)(join(ROOT, 'node_modules/better-sqlite3'));

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    repo: { type: 'string' },
    runs: { type: 'string' },
    store: { type: 'string' },
    'prune-mb': { type: 'string' },
    out: { type: 'string' },
  },
});
if (args.before === undefined)
  throw new Error('bench/perf/store.mjs: --before DIR (a built checkout without the used stamps) is required');
const before = resolve(args.before);
const repo = args.repo ?? (process.env.REPOMAP_REPOS ? `${process.env.REPOMAP_REPOS}/vitejs+vite/repo` : null);
if (!repo) {
  console.error(
    'store.mjs: give the git directory of a repository with --repo DIR (or REPOMAP_REPOS, the folder of the mirrors, for its vitejs/vite)',
  );
  process.exit(2);
}
const runs = Number(args.runs ?? 5);
const storeFile = args.store;
if (!storeFile) {
  console.error('store.mjs: give a schema-2 tags store file to prune a copy of with --store FILE');
  process.exit(2);
}
const pruneMb = Number(args['prune-mb'] ?? 256);
const out = args.out ?? join(HERE, 'STORE.md');
const QUERY = 'server hot module replacement update propagates to importers';

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const mib = (b) => (b / 1024 ** 2).toFixed(1);

function rank(checkout, cache) {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      join(checkout, 'bin/repomap.js'),
      'rank',
      QUERY,
      '--repo',
      repo,
      '--commit',
      'HEAD',
      '--cache',
      cache,
      '--format',
      'json',
      '-q',
    ],
    { encoding: 'utf8' },
  );
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`rank failed in ${checkout}: ${r.stderr}`);
  return ms;
}

/** Ages every stamp of the store in `cache` by an hour (schema 3 and later). */
function age(cache) {
  const db = new Database(join(cache, 'tags.sqlite'));
  db.exec('UPDATE tags SET used = used - 1; UPDATE terms SET used = used - 1;');
  db.close();
}

const tmp = mkdtempSync(join(tmpdir(), 'repomap-store-bench-'));
const lines = [
  `# Tags store bookkeeping and pruning`,
  '',
  `Command: \`node bench/perf/store.mjs ${process.argv.slice(2).join(' ')}\``,
  '',
  `Commit: ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()} (after) against ${before} (before)`,
  '',
  `Machine: ${cpus().length} cores; load at start: \`${uptime()}\``,
  '',
];
try {
  const variants = [
    { name: 'before', checkout: before, cache: join(tmp, 'before') },
    { name: 'after', checkout: ROOT, cache: join(tmp, 'after') },
    { name: 'after-stale', checkout: ROOT, cache: join(tmp, 'after-stale'), prepare: age },
  ];
  const cold = {};
  for (const v of variants) cold[v.name] = rank(v.checkout, v.cache);
  const times = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = 0; round < runs; round++) {
    for (let i = 0; i < variants.length; i++) {
      const v = variants[(round + i) % variants.length];
      v.prepare?.(v.cache);
      times[v.name].push(rank(v.checkout, v.cache));
    }
  }
  lines.push(
    `## Warm \`rank\` on ${repo} at HEAD (${runs} rounds, wall ms per process)`,
    '',
    '| variant | cold | warm median | warm runs |',
    '| --- | ---: | ---: | --- |',
  );
  for (const v of variants)
    lines.push(
      `| ${v.name} | ${Math.round(cold[v.name])} | ${Math.round(median(times[v.name]))} | ${times[v.name].map(Math.round).join(', ')} |`,
    );
  const sizes = variants.map((v) => `${v.name} ${mib(statSync(join(v.cache, 'tags.sqlite')).size)} MiB`).join(', ');
  lines.push('', `Store files after the runs: ${sizes}.`, '');

  // 2. prune a big store: a copy, turned into a store of this checkout
  const dir = join(tmp, 'big');
  const copy = join(tmp, 'source.sqlite');
  copyFileSync(storeFile, copy);
  const { TagsStore, rowChecksum } = await import(join(ROOT, 'dist/src/unstable.js'));
  TagsStore.open(join(dir, 'tags.sqlite')).close();
  const db = new Database(join(dir, 'tags.sqlite'));
  // each row's checksum, as the store makes it (schema 4)
  db.function('row_checksum', { deterministic: true }, (key, value) => rowChecksum(key, value));
  const hour = Math.floor(Date.now() / 3_600_000);
  db.exec(`ATTACH '${copy}' AS old`);
  // stamps over 30 days by the key's last hex digit: 16 generations, 45 hours apart
  db.exec(
    `INSERT INTO tags (key, used, sum, value) SELECT key, ${hour} - 45 * instr('0123456789abcdef', substr(key, -1)), row_checksum(key, value), value FROM old.tags`,
  );
  db.exec('DETACH old');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  rmSync(copy);
  const fileBefore = statSync(join(dir, 'tags.sqlite')).size;
  lines.push(`## Prune a copy of ${storeFile} to ${pruneMb} MiB`, '', `Load before: \`${uptime()}\``, '');
  const started = performance.now();
  const pruned = spawnSync(
    process.execPath,
    [join(ROOT, 'bin/repomap.js'), 'cache', 'prune', '--cache', dir, '--max-mb', String(pruneMb), '--json'],
    { encoding: 'utf8' },
  );
  const ms = performance.now() - started;
  if (pruned.status !== 0) throw new Error(`prune failed: ${pruned.stderr}`);
  const report = JSON.parse(pruned.stdout);
  lines.push(
    '| file before | live before | rows removed | live after | file after | wall |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${mib(fileBefore)} MiB | ${mib(report.live_bytes.before)} MiB | ${report.removed.tags} tags, ${report.removed.terms} terms | ${mib(report.live_bytes.after)} MiB | ${mib(statSync(join(dir, 'tags.sqlite')).size)} MiB | ${(ms / 1000).toFixed(1)} s |`,
    '',
    `Load at end: \`${uptime()}\``,
    '',
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
writeFileSync(out, lines.join('\n'));
process.stdout.write(lines.join('\n'));
