#!/usr/bin/env node
// Start-up time of the CLI: `node -e 1` (the floor), `repomap --version`, `repomap --help`,
// `repomap rank --help` and one small real `rank` on a fixture, each a fresh process,
// run in alternation (one of each per round, the order turned by one each round) so the
// machine's load falls on all alike. Wall time from spawn to exit; medians and p90
// (nearest rank), and each median less the floor's median of the same run.
//
//   node bench/perf/startup.mjs [--runs N] [--baseline DIR] [--out FILE]
//
// --runs: rounds (default 15). --baseline DIR: another built checkout (e.g. a worktree at
// an older commit) whose bin/repomap.js is timed in the same rounds, for a before/after.
// --out: the table (default bench/perf/STARTUP.md). Runs the built package (dist/: run
// `npm run build` first) and the fixture of this checkout.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, percentile } from './summary.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const FIXTURE = 'fixtures/repos/mixed-monorepo';

/** What the bench runs: the target's margin over the floor and the default number of rounds. */
const STARTUP_DEFAULTS = {
  runs: 15,
  /** `--help` and `--version` within this many seconds of `node -e 1` (medians of one run). */
  targetOverFloorSeconds: 0.15,
};

const args = parseArgs(process.argv.slice(2));
const checkouts = [
  { label: 'this checkout', root: ROOT },
  ...(args.baseline ? [{ label: 'baseline', root: resolve(args.baseline) }] : []),
];
for (const c of checkouts) {
  if (!existsSync(join(c.root, 'dist', 'src', 'cli', 'run.js')))
    fail(`no build at ${join(c.root, 'dist')}: run npm run build there first`);
  c.commit = git(c.root, ['rev-parse', 'HEAD']);
  c.dirty = git(c.root, ['status', '--porcelain', '--', 'src', 'bin']) !== '';
}

/** The commands timed, each a node argv run from the repository root. */
const commands = [{ name: '`node -e 1`', argv: ['-e', '1'], floor: true }];
for (const c of checkouts) {
  const bin = join(c.root, 'bin', 'repomap.js');
  const who = checkouts.length > 1 ? ` (${c.label} ${c.commit.slice(0, 7)})` : '';
  commands.push(
    { name: `\`repomap --version\`${who}`, argv: [bin, '--version'], target: true },
    { name: `\`repomap --help\`${who}`, argv: [bin, '--help'], target: true },
    { name: `\`repomap rank --help\`${who}`, argv: [bin, 'rank', '--help'] },
    {
      name: `\`repomap rank --repo ${FIXTURE} --no-cache -q "parse config loader"\`${who}`,
      argv: [bin, 'rank', '--repo', FIXTURE, '--no-cache', '-q', 'parse config loader'],
    },
  );
}

const loadAtStart = uptime();
const started = Date.now();
for (const c of commands) time(c); // one round untimed: the page cache warm for all alike
const samples = commands.map(() => []);
for (let round = 0; round < args.runs; round++) {
  for (let k = 0; k < commands.length; k++) {
    const i = (k + round) % commands.length;
    samples[i].push(time(commands[i]));
  }
}
const loadAtEnd = uptime();

const floor = median(samples[commands.findIndex((c) => c.floor)]);
const rows = commands.map((c, i) => ({
  ...c,
  median: median(samples[i]),
  p90: percentile(samples[i], 90),
  min: Math.min(...samples[i]),
}));
writeFileSync(args.out, table(rows, floor));
process.stderr.write(`wrote ${args.out}\n`);

/** Seconds from spawn to exit of one run; a failed run ends the bench. */
function time(command) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, command.argv, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) fail(`${command.name} exited ${r.status ?? r.signal}: ${r.stderr.trim()}`);
  return seconds;
}

function table(rows, floorSeconds) {
  const L = ['# Start-up time of the CLI', ''];
  L.push(
    `- Command: \`node bench/perf/startup.mjs${process.argv
      .slice(2)
      .map((a) => ` ${a}`)
      .join('')}\``,
  );
  for (const c of checkouts)
    L.push(
      `- ${checkouts.length > 1 ? `${c.label[0].toUpperCase()}${c.label.slice(1)}: commit` : 'Commit:'} \`${c.commit}\`${c.dirty ? ' (src/ or bin/ had uncommitted changes)' : ''}`,
    );
  L.push(
    `- Date ${new Date(started).toISOString()}; ${args.runs} rounds after one untimed, each command once per round in turn; run took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  L.push(
    `- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}; \`uptime\` at start: ${loadAtStart}; at end: ${loadAtEnd}`,
  );
  L.push(
    `- Target: \`--help\` and \`--version\` within ${STARTUP_DEFAULTS.targetOverFloorSeconds} s of \`node -e 1\` (medians of the same run).`,
  );
  L.push(
    '- Wall time from spawn to exit of a fresh process (stdout discarded); p90 by nearest rank. Shared machine: the differences to the floor of the same run are the steadier figures.',
    '',
  );
  L.push(
    '| command | runs | median | p90 | min | median − floor | target met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const r of rows) {
    const over = r.median - floorSeconds;
    const met = r.target ? (over <= STARTUP_DEFAULTS.targetOverFloorSeconds ? 'yes' : '**no**') : '–';
    L.push(
      `| ${r.name} | ${args.runs} | ${s(r.median)} | ${s(r.p90)} | ${s(r.min)} | ${r.floor ? '–' : `${over >= 0 ? '+' : '−'}${s(Math.abs(over))}`} | ${met} |`,
    );
  }
  return `${L.join('\n')}\n`;
}

function s(seconds) {
  return `${seconds.toFixed(3)} s`;
}

function uptime() {
  return `\`${execFileSync('uptime', { encoding: 'utf8' }).trim().replace(/\s+/g, ' ')}\``;
}

function git(cwd, argv) {
  return execFileSync('git', argv, { cwd, encoding: 'utf8' }).trim();
}

function parseArgs(argv) {
  const out = { runs: STARTUP_DEFAULTS.runs, baseline: undefined, out: join(HERE, 'STARTUP.md') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i] ?? fail(`${a} needs a value`);
    if (a === '--runs') {
      out.runs = Number(value());
      if (!Number.isInteger(out.runs) || out.runs < 1) fail(`--runs: expected a whole number ≥ 1, got ${argv[i]}`);
    } else if (a === '--baseline') out.baseline = value();
    else if (a === '--out') out.out = resolve(value());
    else fail(`unknown argument ${a} (usage: node bench/perf/startup.mjs [--runs N] [--baseline DIR] [--out FILE])`);
  }
  return out;
}

function fail(message) {
  process.stderr.write(`bench/perf/startup.mjs: ${message}\n`);
  process.exit(2);
}
