#!/usr/bin/env node
// Two builds of repomap on one folder, alternating in the same minutes: a cold `rank` (empty
// cache), a warm one (the snapshot of the run before, nothing changed) and one after a changed
// file (the snapshot updated), each a fresh `repomap rank` process: its wall time from spawn to
// exit, and its CPU time (user + system, its workers included; on Linux the waited-for
// children's times in /proc/self/stat), which a busy machine disturbs less than the wall. The
// builds take turns within each round and the first of a round alternates, so the machine's
// load falls on both alike; medians per build and their ratio (new / old). The ranked output
// of both builds is compared too (first lines of stdout, less the header).
//
//   node bench/perf/ab.mjs FOLDER --old DIR --new DIR [--rounds N] [--query Q] [--out FILE]
//                          [--new-arg ARG ...]
//
// DIR: a package root with `bin/repomap.js` built (`npm run build`), e.g. a worktree of an
// older commit. `--new-arg` passes an option to the new build's `rank` only, one the old build
// does not know (`--new-arg=--ranker --new-arg=tuned`). FOLDER is copied once per build into a
// temporary folder (the changed-file step appends a comment line to one source file of the
// copy, then restores it); its files' times are set an hour back, as a checkout's are.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    old: { type: 'string' },
    new: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    query: { type: 'string', default: 'panic in the scheduler when a task is woken after shutdown' },
    edit: { type: 'string', default: 'tokio/tokio/src/runtime/task/mod.rs' },
    out: { type: 'string' },
    'new-arg': { type: 'string', multiple: true, default: [] },
  },
});
if (positionals.length !== 1 || !values.old || !values.new) {
  process.stderr.write(
    'usage: node bench/perf/ab.mjs FOLDER --old DIR --new DIR [--rounds N] [--query Q] [--out FILE]\n',
  );
  process.exit(2);
}
const folder = resolve(positionals[0]);
const rounds = Number(values.rounds);
const work = mkdtempSync(join(tmpdir(), 'repomap-ab-'));
const builds = ['old', 'new'].map((name) => {
  const copy = join(work, `${name}-corpus`);
  cpSync(folder, copy, { recursive: true });
  // an hour old, as a checkout is: a file written within a build's stamp margin keeps its snapshot from being kept
  const hourAgo = `@${Math.floor(Date.now() / 1000) - 3600}`;
  spawnSync('find', [copy, '-exec', 'touch', '-h', '-d', hourAgo, '{}', '+']);
  return { name, root: resolve(values[name]), copy, cache: join(work, `${name}-cache`), times: {}, cpu: {} };
});
const edited = (build) => join(build.copy, values.edit);
for (const build of builds) readFileSync(edited(build)); // fails early, naming the file

/** CPU seconds (user + system) of this process's waited-for children so far; null off Linux. */
function childrenCpu() {
  let stat;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th fields
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** One `repomap rank` of `build`: its wall and CPU times in seconds and its ranking lines. */
function rank(build) {
  const cpuBefore = childrenCpu();
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [
      join(build.root, 'bin/repomap.js'),
      'rank',
      values.query,
      '--repo',
      build.copy,
      '--top',
      '10',
      '--cache',
      build.cache,
      ...(build.name === 'new' ? values['new-arg'] : []),
    ],
    { encoding: 'utf8', env: { ...process.env, REPOMAP_NO_DAEMON: '1' }, maxBuffer: 1 << 26 },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = childrenCpu();
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  if (run.status !== 0) throw new Error(`${build.name}: rank exited ${run.status}: ${run.stderr}`);
  const ranking = run.stdout
    .split('\n')
    .filter((line) => /^\s*\d+\.\s/.test(line))
    .map((line) => line.replace(/\s+$/, ''));
  return { seconds, cpu, ranking };
}

const record = (build, step, run) => {
  build.times[step] ??= [];
  build.times[step].push(run.seconds);
  if (run.cpu === null) return;
  build.cpu[step] ??= [];
  build.cpu[step].push(run.cpu);
};
const rankings = new Map();
const loads = [];
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  loads.push(loadavg()[0]);
  for (const build of order) {
    rmSync(build.cache, { recursive: true, force: true });
    const cold = rank(build);
    record(build, 'cold', cold);
    record(build, 'warm', rank(build));
    const file = edited(build);
    const text = readFileSync(file, 'utf8');
    appendFileSync(file, '\n// edited\n');
    const updated = rank(build);
    record(build, 'one file changed', updated);
    writeFileSync(file, text);
    rankings.set(build.name, cold.ranking.join('\n'));
  }
}
rmSync(work, { recursive: true, force: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const [old, now] = builds;
const lines = [
  `# Two builds alternating: \`node bench/perf/ab.mjs FOLDER --old ${values.old} --new ${values.new} --rounds ${rounds}${values['new-arg'].map((a) => ` --new-arg=${a}`).join('')}\``,
  '',
  `${new Date().toISOString()}, ${cpus().length} cores, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} at the rounds' starts; folder: ${positionals[0]}; query: "${values.query}"; changed file: ${values.edit}.`,
  '',
  '| step | time | old, median s (min–max) | new, median s (min–max) | new / old |',
  '| --- | --- | ---: | ---: | ---: |',
  ...Object.keys(old.times).flatMap((step) => {
    const cell = (xs) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
    const row = (kind, a, b) =>
      `| ${step} | ${kind} | ${cell(a)} | ${cell(b)} | ${(median(b) / median(a)).toFixed(2)} |`;
    const rows = [row('wall', old.times[step], now.times[step])];
    if (old.cpu[step] && now.cpu[step]) rows.push(row('CPU', old.cpu[step], now.cpu[step]));
    return rows;
  }),
  '',
  `Rankings (top 10, cold): ${rankings.get('old') === rankings.get('new') ? 'the same lines' : 'they differ'}.`,
];
const table = `${lines.join('\n')}\n`;
process.stdout.write(table);
if (values.out) writeFileSync(values.out, table);
