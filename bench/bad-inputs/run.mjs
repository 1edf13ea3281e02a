#!/usr/bin/env node
// The bad-input suite of the issue "Safe on a repository nobody vetted": each case
// (cases.mjs) builds a hostile input in a temporary folder of its own (never under the
// repository), runs the built CLI on it as a child process with a hard timeout, and
// checks the run against what a fixed build must do. Writes the table (case, finding,
// expectation, outcome, pass, time, peak RSS) with the commit and date it ran at, and
// prints a summary; exits 1 when a case fails.
//
//   npm run build && node bench/bad-inputs/run.mjs [--timeout 120] [--only 1a,5c] [--out FILE] [--keep]
//
// --timeout S        seconds a run may take before its process group is killed (default 120)
// --rss-bound-mb N   a run peaking at or past N MiB fails (default 1024)
// --max-rss-mb N     a run resident past N MiB is killed, to spare the shared machine (default 4096)
// --cli FILE         the CLI to run (default bin/repomap.js of this checkout: dist/ must be built)
// --only IDS         the cases to run, by id (the table is then printed, not written)
// --out FILE         where to write the table (default bench/bad-inputs/TABLE.md; - prints it)
// --keep             keep the temporary folder (its path is printed)
//
// Every run has REPOMAP_NO_DAEMON=1 (the daemon cases excepted: a daemon of their own on a
// socket in their folder), its caches in its case's folder, and git without the system's
// or the user's configuration (GIT_CONFIG_NOSYSTEM, an empty GIT_CONFIG_GLOBAL), so no
// user's daemon, cache or safe.directory takes part. The ownership cases (a repository
// chowned to nobody) run only as root. Peak RSS: see measure.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CASES, FINDINGS, requireFrom } from './cases.mjs';
import { fixtureGitEnv } from './fixture.mjs';
import { measure, rssMethod } from './measure.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');

const { values: flags } = parseArgs({
  options: {
    timeout: { type: 'string', default: '120' },
    'rss-bound-mb': { type: 'string', default: '1024' },
    'max-rss-mb': { type: 'string', default: '4096' },
    cli: { type: 'string', default: join(ROOT, 'bin', 'repomap.js') },
    only: { type: 'string' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const number = (name) => {
  const value = Number(flags[name]);
  if (!(value > 0)) usage(`--${name} takes a positive number, not "${flags[name]}"`);
  return value;
};
const timeoutMs = number('timeout') * 1000;
const rssBoundMb = number('rss-bound-mb');
const maxRssMb = number('max-rss-mb');
const cli = resolve(flags.cli);
if (!existsSync(cli)) usage(`no CLI at ${cli}`);
if (cli === join(ROOT, 'bin', 'repomap.js') && !existsSync(join(ROOT, 'dist', 'cli', 'run.js')))
  usage('dist/ is not built: run `npm run build` first');
const only = flags.only?.split(',').map((id) => id.trim());
const unknown = only?.filter((id) => !CASES.some((c) => c.id === id)) ?? [];
if (unknown.length > 0) usage(`no case ${unknown.join(', ')} (cases: ${CASES.map((c) => c.id).join(', ')})`);
const out = flags.out ?? (only ? '-' : join(HERE, 'TABLE.md'));

function usage(message) {
  console.error(`bench/bad-inputs: ${message}`);
  process.exit(2);
}

const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'repomap-bad-inputs-')));
if (!relative(realpathSync(ROOT), tmp).startsWith('..'))
  usage(`the temporary folder ${tmp} is inside the repository; set TMPDIR elsewhere`);
const globalConfig = join(tmp, 'gitconfig');
writeFileSync(globalConfig, '');
const method = rssMethod(tmp);
const isRoot = process.getuid?.() === 0;
const started = new Date();
const loadAtStart = loadavg()[0];

/** The environment of a CLI run in `dir`: `extra` on top, an undefined value removing the variable. */
function envFor(dir, extra = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('REPOMAP_') && !name.startsWith('GIT_')),
  );
  Object.assign(env, {
    REPOMAP_NO_DAEMON: '1',
    REPOMAP_CACHE: join(dir, 'default-cache'),
    XDG_CACHE_HOME: join(dir, 'xdg-cache'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: globalConfig,
  });
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** What a case may use: its folder, a CLI runner for its set-up, the fixtures' git environment. */
function helpers(dir) {
  const run = (args, options = {}) =>
    measure(cli, args, {
      cwd: options.cwd ?? dir,
      env: options.env ?? envFor(dir),
      input: options.input,
      timeoutMs,
      maxRssMb,
      method,
      scratch: tmp,
    });
  return {
    dir,
    isRoot,
    gitEnv: fixtureGitEnv(globalConfig),
    env: (extra) => envFor(dir, extra),
    require: requireFrom(ROOT),
    run,
    /** A set-up run that must succeed. */
    async must(args, options) {
      const r = await run(args, options);
      if (r.code !== 0)
        throw new Error(
          `set-up \`repomap ${args.slice(0, 2).join(' ')}\` ended with ${r.code ?? r.signal}: ${firstLine(r.stderr)}`,
        );
      return r;
    },
  };
}

const firstLine = (text) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';
const shorten = (text, max) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Temporary paths as `$T` (the suite's folder), so the table does not change with them. */
const untmp = (text) => text.replaceAll(tmp, '$T');

function shellWord(arg) {
  return /^[\w@%+=:,./$-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

/**
 * What a run's stderr says first: its first line, or, for an uncaught error (node prints
 * the source location and line before it), the error's own line.
 */
function saidFirst(stderr) {
  const first = firstLine(stderr);
  if (!first.startsWith('file://') && !first.startsWith('node:')) return first;
  const thrown = stderr.split('\n').find((line) => /^[A-Z]\w*(Error|Exception)\b/.test(line));
  return thrown ? `uncaught ${thrown.trim()}` : first;
}

function outcomeOf(r) {
  const how = r.timedOut
    ? `timeout (killed at ${timeoutMs / 1000} s)`
    : r.rssCapped
      ? `killed past ${maxRssMb} MiB`
      : r.code !== null
        ? `exit ${r.code}`
        : `${r.signal}`;
  const said = untmp(saidFirst(r.stderr));
  return said ? `${how} · ${shorten(said, 110)}` : how;
}

/** The checks every case shares. */
function sharedFailures(r) {
  const failures = [];
  if (r.timedOut) failures.push(`no end within ${timeoutMs / 1000} s`);
  else if (r.rssCapped) failures.push(`resident past ${maxRssMb} MiB`);
  else if (r.code === null) failures.push(`killed by ${r.signal}`);
  if (r.peakMb !== null && r.peakMb >= rssBoundMb)
    failures.push(`peak RSS ${Math.round(r.peakMb)} MiB ≥ ${rssBoundMb}`);
  return failures;
}

const rows = [];
for (const c of CASES.filter((c) => !only || only.includes(c.id))) {
  const dir = join(tmp, c.id);
  mkdirSync(dir);
  const row = { id: c.id, finding: c.finding, expect: c.expect, command: '', note: '' };
  rows.push(row);
  if (c.root && !isRoot) {
    Object.assign(row, { outcome: 'not run (needs root, to chown a repository to nobody)', pass: 'skipped' });
    report(row);
    continue;
  }
  const h = helpers(dir);
  let prepared;
  try {
    prepared = await c.prepare(h);
    const shown = prepared.args.map((arg, i) => prepared.show?.[i] ?? shellWord(arg));
    row.command = untmp(`${prepared.cwd ? `cd ${prepared.cwd} && ` : ''}repomap ${shown.join(' ')}`);
    const r = await h.run(prepared.args, prepared);
    try {
      await c.finish?.(r, prepared, h);
    } finally {
      prepared.finished = true;
    }
    const failures = [...sharedFailures(r), ...c.check(r, prepared)];
    Object.assign(row, {
      outcome: outcomeOf(r),
      pass: failures.length === 0 ? 'yes' : `**no**: ${failures.join('; ')}`,
      time: r.timedOut ? `>${timeoutMs / 1000}` : (r.ms / 1000).toFixed(2),
      rss: `${r.peakMb === null ? '?' : Math.round(r.peakMb)}${r.peakOf ? ` (${r.peakOf})` : ''}`,
      note: untmp(c.note?.(prepared) ?? ''),
    });
  } catch (error) {
    Object.assign(row, {
      outcome: `set-up failed: ${untmp(firstLine(String(error.message ?? error)))}`,
      pass: '**error**',
    });
    if (prepared && !prepared.finished) await c.finish?.({}, prepared, h).catch(() => {});
  }
  report(row);
}

function report(row) {
  const pass = row.pass.replace(/\*\*/g, '');
  console.log(
    `${row.id.padEnd(4)} ${pass.split(':')[0].padEnd(7)} ${(row.time ?? '-').padStart(7)} s ${String(row.rss ?? '-').padStart(6)} MiB  ${row.outcome}${pass.includes(':') ? `\n${' '.repeat(13)}${pass}` : ''}`,
  );
}

const count = (what) => rows.filter((r) => r.pass.replace(/\*\*/g, '').startsWith(what)).length;
const summary = `${count('yes')} of ${rows.length} cases pass, ${count('no')} fail${count('error') ? `, ${count('error')} could not be set up` : ''}${count('skipped') ? `, ${count('skipped')} not run (need root)` : ''}.`;
console.log(summary);

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
/** What a process said, in a cell: its backticks literal. */
const quoted = (text) => cell(text).replaceAll('`', '\\`');
const commit = (() => {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !==
      '';
    return `${sha}${dirty ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'an unknown commit';
  }
})();
const gitVersion = execFileSync('git', ['--version'], { encoding: 'utf8' })
  .trim()
  .replace(/^git version /, '');
const rssHow =
  method === 'time'
    ? '`/usr/bin/time -f %M`: the largest peak among the CLI process and the processes it waited for (git, workers)'
    : "`process.resourceUsage().maxRSS` of the CLI's own process (no /usr/bin/time here; git's processes not counted)";
const table = [
  '# Bad inputs: the suite over the findings of "Safe on a repository nobody vetted"',
  '',
  `At ${commit}, ${started.toISOString().replace(/\.\d+Z$/, 'Z')}: \`${['node bench/bad-inputs/run.mjs', ...process.argv.slice(2).map(shellWord)].join(' ')}\` (timeout ${timeoutMs / 1000} s), Node ${process.version}, git ${gitVersion}, ${isRoot ? 'as root' : `as uid ${process.getuid?.()}`}, load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (${cpus().length} cores).`,
  '',
  `Each case builds its input in a temporary folder and runs the built CLI once on it. Pass: the run ends by itself within the timeout, is killed by no signal, peaks under ${rssBoundMb} MiB, and does what the expectation says. Peak RSS by ${rssHow}; a daemon case reports the daemon's peak (VmHWM). MB here are MiB.`,
  '',
  '| case | finding | expectation | outcome | pass | time s | peak RSS MB |',
  '| --- | ---: | --- | --- | --- | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.id} | ${r.finding} | ${cell(r.expect)} | ${quoted(r.outcome)} | ${quoted(r.pass)} | ${r.time ?? '-'} | ${r.rss ?? '-'} |`,
  ),
  '',
  summary,
  '',
  '## Findings',
  '',
  ...Object.entries(FINDINGS).map(([n, what]) => `${n}. ${what}`),
  '',
  '## Commands',
  '',
  "`$T` is the suite's temporary folder, `$T/<case>/repo` the case's repository.",
  '',
  ...rows
    .filter((r) => r.command)
    .map(
      (r) =>
        `- ${r.id}: \`${r.command.length > 300 ? `${r.command.slice(0, 299)}…` : r.command}\`${r.note ? ` (${r.note})` : ''}`,
    ),
  '',
].join('\n');
if (out === '-') console.log(`\n${table}`);
else {
  writeFileSync(out, table);
  console.log(`table: ${relative(process.cwd(), out) || out}`);
}

if (flags.keep) console.log(`kept ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
process.exitCode = count('yes') + count('skipped') === rows.length ? 0 : 1;
