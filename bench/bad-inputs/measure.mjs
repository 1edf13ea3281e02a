// One measured run of the CLI for the bad-input suite (run.mjs): a child process in a
// process group of its own, killed whole at a hard timeout or when its resident memory
// passes a cap (the machine is shared), with its exit, output, wall time and peak RSS.
//
// Peak RSS: GNU time's %M (`/usr/bin/time -f %M`) where it exists: the largest peak of
// the CLI's process and of every process it waited for (git, workers; Linux keeps the
// largest of the reaped children's peaks), read from wait4's rusage. Without it, a
// wrapper runs the CLI in its own node process and writes `process.resourceUsage().maxRSS`
// when it exits: that process alone. Either way a run that is killed writes nothing, and
// its peak is the largest VmHWM seen by a sampler of /proc (every 200 ms, the whole
// process group), which may miss a short peak.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const TIME = '/usr/bin/time';
/** Output kept of each stream; the rest is counted only. */
const KEEP_BYTES = 16 << 20;
const SAMPLE_MS = 200;

/** In-process wrapper: `node -e WRAPPER <rss file> <cli> <args...>`. */
const WRAPPER = `
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [file, cli, ...args] = process.argv.slice(1);
process.argv = [process.argv[0], cli, ...args];
process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
await import(pathToFileURL(cli).href);
`;

/** How peak RSS is measured on this machine: 'time' (GNU time's %M) or 'wrapper'. */
export function rssMethod(scratch) {
  if (!existsSync(TIME)) return 'wrapper';
  const file = join(scratch, 'time-probe.txt');
  const probe = spawnSync(TIME, ['-o', file, '-f', '%M', process.execPath, '-e', '0'], { stdio: 'ignore' });
  const ok = probe.status === 0 && existsSync(file) && /^\d+$/.test(readFileSync(file, 'utf8').trim());
  rmSync(file, { force: true });
  return ok ? 'time' : 'wrapper';
}

/**
 * Runs `node <cli> <args>` and resolves, never rejects, to
 * `{ code, signal, timedOut, rssCapped, ms, peakMb, stdout, stderr, stdoutBytes, stderrBytes }`.
 * `input`: bytes written to its stdin (else stdin is /dev/null).
 */
export function measure(cli, args, { cwd, env, input, timeoutMs, maxRssMb, method, scratch }) {
  const rssFile = join(scratch, `rss-${process.pid}-${Date.now()}.txt`);
  const [command, argv] =
    method === 'time'
      ? [TIME, ['-o', rssFile, '-f', '%M', process.execPath, cli, ...args]]
      : [process.execPath, ['--input-type=module', '-e', WRAPPER, rssFile, cli, ...args]];
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, argv, {
      cwd,
      env,
      detached: true,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out = collector(child.stdout);
    const err = collector(child.stderr);
    if (input !== undefined) {
      child.stdin.on('error', () => {}); // a CLI that does not read its input
      child.stdin.end(input);
    }
    let timedOut = false;
    let rssCapped = false;
    let sampledKb = 0;
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const sampler = setInterval(() => {
      const { peakKb, rssKb } = groupMemory(child.pid);
      sampledKb = Math.max(sampledKb, peakKb);
      if (rssKb > maxRssMb * 1024) {
        rssCapped = true;
        killGroup();
      }
    }, SAMPLE_MS);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (error) => err.push(Buffer.from(`bench: cannot start ${command}: ${error.message}\n`)));
    child.on('close', (exitCode, exitSignal) => {
      const ms = performance.now() - started;
      clearInterval(sampler);
      clearTimeout(timer);
      // what a timeout left behind in the group (a git it started), if anything
      killGroup();
      const { kb, signal } = readRss(rssFile, method);
      rmSync(rssFile, { force: true });
      // GNU time exits 128 + the signal number when its command was killed
      const code = signal !== null || exitSignal !== null ? null : exitCode;
      resolve({
        code,
        signal: signal ?? exitSignal,
        timedOut,
        rssCapped,
        ms,
        peakMb: (kb ?? sampledKb) / 1024 || null,
        stdout: out.text(),
        stderr: err.text(),
        stdoutBytes: out.bytes(),
        stderrBytes: err.bytes(),
      });
    });
  });
}

function collector(stream) {
  const chunks = [];
  let kept = 0;
  let total = 0;
  const push = (chunk) => {
    total += chunk.length;
    if (kept < KEEP_BYTES) {
      chunks.push(chunk);
      kept += chunk.length;
    }
  };
  stream.on('data', push);
  return { push, text: () => Buffer.concat(chunks).toString('utf8'), bytes: () => total };
}

/** The peak (KiB) and signal GNU time or the wrapper wrote; nulls when the run was killed before. */
function readRss(file, method) {
  if (!existsSync(file)) return { kb: null, signal: null };
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const last = Number(lines.at(-1));
  const killed = method === 'time' ? /terminated by signal (\d+)/.exec(lines.join('\n')) : null;
  return { kb: Number.isFinite(last) && last > 0 ? last : null, signal: killed ? signalName(Number(killed[1])) : null };
}

function signalName(number) {
  const names = { 1: 'SIGHUP', 2: 'SIGINT', 6: 'SIGABRT', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 15: 'SIGTERM' };
  return names[number] ?? `signal ${number}`;
}

/** The processes of the group `pgid`: the largest peak among them and the sum of their resident sizes (KiB). */
export function groupMemory(pgid) {
  let peakKb = 0;
  let rssKb = 0;
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return { peakKb, rssKb }; // no /proc: no sampling
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, kbOf(status, 'VmHWM'));
      rssKb += kbOf(status, 'VmRSS');
    } catch {
      // the process ended meanwhile
    }
  }
  return { peakKb, rssKb };
}

/** The peak resident size (VmHWM, MiB) of one process; null when it is gone. */
export function processPeakMb(pid) {
  try {
    return kbOf(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmHWM') / 1024 || null;
  } catch {
    return null;
  }
}

function kbOf(status, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}
