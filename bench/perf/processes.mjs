// The fresh processes the perf benches measure: a child.mjs job (one JSON line back),
// universal-ctags over a folder, and any command under /usr/bin/time (wall, CPU, peak RSS).
// Shared by perf.mjs (the issue 6 table) and scale.mjs (the scale curve).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'child.mjs');
const TIME = '/usr/bin/time';

/**
 * A runner of child.mjs jobs, each in a fresh node process; `child(job, nodeFlags)` resolves
 * to the job's JSON result plus the process wall time. Job files are written to `tmp`
 * (200 queries exceed the size of one command-line argument); `log` gets one line per job.
 */
export function childRunner(tmp, log) {
  let jobCount = 0;
  return function child(job, nodeFlags = []) {
    return new Promise((resolvePromise, reject) => {
      const t = process.hrtime.bigint();
      const jobFile = join(tmp, `job-${process.pid}-${++jobCount}.json`);
      writeFileSync(jobFile, JSON.stringify(job));
      const p = spawn(process.execPath, [...nodeFlags, CHILD, jobFile], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (d) => (stdout += d));
      p.stderr.on('data', (d) => (stderr += d));
      p.on('close', (code) => {
        const processWallMs = Number(process.hrtime.bigint() - t) / 1e6;
        rmSync(jobFile, { force: true });
        if (code !== 0)
          return reject(new Error(`bench/perf: ${job.mode} child failed (${code}): ${stderr.slice(-2000)}`));
        const result = JSON.parse(stdout.trim().split('\n').at(-1));
        log(
          `   ${job.mode}${job.indexOptions && Object.keys(job.indexOptions).length ? ' ' + JSON.stringify(job.indexOptions) : ''}${job.source?.gitDir ? ' (git)' : ''}: ${(processWallMs / 1000).toFixed(2)} s`,
        );
        resolvePromise({ ...result, processWallMs });
      });
    });
  };
}

/** The ctags command line the benches time, run in the corpus folder (symlinks not followed). */
export const CTAGS_ARGS = ['-R', '--fields=+n', '--links=no', '-f', '/dev/null', '.'];

/** universal-ctags over `folder`: wall time, and peak RSS where /usr/bin/time exists (scratch file in `tmp`). */
export function runCtags(folder, tmp) {
  const r = timeCommand('ctags', CTAGS_ARGS, { cwd: folder, tmp });
  return { wallMs: r.wallMs, maxRssMb: r.maxRssMb, cpuMs: r.cpuMs, command: `ctags ${CTAGS_ARGS.join(' ')}` };
}

/** The first line of `ctags --version`, or null when universal-ctags is not on PATH. */
export function ctagsVersion() {
  try {
    return execFileSync('ctags', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch {
    return null;
  }
}

/**
 * Runs `command args` to its end and measures it: wall time from spawn to exit, and, through
 * /usr/bin/time where it exists, the CPU time (user + system, all threads) and the peak RSS
 * of the process (null without it), and its stdout. Throws with the command's stderr when it fails.
 */
export function timeCommand(command, args, { cwd, tmp, env } = {}) {
  const useTime = existsSync(TIME);
  const timeFile = join(tmp, `time-${process.pid}.txt`);
  const argv = useTime ? [TIME, ['-f', '%U %S %M', '-o', timeFile, command, ...args]] : [command, args];
  const t = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv[1], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const wallMs = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0)
    throw new Error(
      `bench/perf: ${command} ${args.join(' ')} exited ${r.status ?? r.signal}: ${String(r.stderr).slice(-2000)}`,
    );
  if (!useTime) return { wallMs, userMs: null, sysMs: null, cpuMs: null, maxRssMb: null, stdout: r.stdout };
  // the last line: /usr/bin/time writes "Command exited with non-zero status" lines before it
  const [user, sys, maxKb] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  rmSync(timeFile, { force: true });
  return {
    wallMs,
    userMs: user * 1000,
    sysMs: sys * 1000,
    cpuMs: (user + sys) * 1000,
    maxRssMb: maxKb / 1024,
    stdout: r.stdout,
  };
}
