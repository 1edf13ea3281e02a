/** What `repomap daemon start|stop|status|serve` do once their arguments are parsed (./daemon.ts defines them). */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { packageRoot, packageVersion } from '../unstable.js';
import {
  DEFAULT_IDLE_MINUTES,
  daemonBuild,
  daemonSocket,
  lineReader,
  unsafeSocket,
  type DaemonStatus,
  type FromDaemon,
  type ToDaemon,
} from './daemon-protocol.js';
import { serveDaemon, type CliRunner } from './daemon-server.js';
import { DEFAULT_KEPT_INDEXES } from './index-memory.js';
import { CliExit, type CliIo } from './io.js';

export interface DaemonFlags {
  idleMinutes?: number;
  indexes?: number;
}

/** How long `start` waits for the daemon to listen, and `stop` for it to end. */
const WAIT_MS = 20_000;

function socketOf(io: CliIo): { socket: string; build: string } {
  const build = daemonBuild(packageVersion());
  return { socket: daemonSocket(io.env ?? process.env, build), build };
}

/** The daemon's log: beside its socket. */
function logOf(socket: string): string {
  return socket.replace(/\.sock$/, '') + '.log';
}

export async function daemonServeAction(io: CliIo, flags: DaemonFlags, run: CliRunner): Promise<void> {
  const { socket, build } = socketOf(io);
  await serveDaemon({
    socket,
    build,
    idleMs: (flags.idleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000,
    indexes: flags.indexes ?? DEFAULT_KEPT_INDEXES,
    run,
    log: (line) => io.stderr.write(`repomap daemon: ${new Date().toISOString()} ${line}\n`),
    // a signal ends it as `stop` does: the commands taken finish, and the socket goes
    onListening: (stop) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(`stopped by ${signal}`));
    },
  });
}

export async function daemonStartAction(io: CliIo, flags: DaemonFlags): Promise<void> {
  const { socket } = socketOf(io);
  const running = await ask(socket, { type: 'status' });
  if (running?.type === 'status') {
    io.stdout.write(`repomap daemon: already serving ${socket} (pid ${running.pid})\n`);
    return;
  }
  mkdirSync(dirname(socket), { recursive: true, mode: 0o700 });
  const unsafe = unsafeSocket(socket, false);
  if (unsafe) throw new CliExit(1, `daemon: will not serve ${socket}: ${unsafe}`);
  const log = logOf(socket);
  const args = [join(packageRoot(), 'bin/repomap.js'), 'daemon', 'serve'];
  if (flags.idleMinutes !== undefined) args.push('--idle-minutes', String(flags.idleMinutes));
  if (flags.indexes !== undefined) args.push('--indexes', String(flags.indexes));
  const out = openSync(log, 'a');
  let exited: number | null = null;
  let failed: string | null = null;
  try {
    const child = spawn(process.execPath, args, {
      cwd: io.cwd,
      env: { ...(io.env ?? process.env) },
      detached: true,
      stdio: ['ignore', out, out],
    });
    child.on('exit', (code) => (exited = code ?? 1));
    // a process that could not be started: no 'exit' follows, and unheard the error would end this one
    child.on('error', (error) => (failed = error.message));
    child.unref();
  } finally {
    closeSync(out);
  }
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const status = await ask(socket, { type: 'status' });
    if (status?.type === 'status') {
      io.stdout.write(`repomap daemon: serving ${socket} (pid ${status.pid}; log ${log})\n`);
      return;
    }
    if (exited !== null || failed !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tail = existsSync(log) ? readFileSync(log, 'utf8').trimEnd().split('\n').slice(-5).join('\n') : '';
  const why =
    failed !== null
      ? ` (it could not be started: ${failed})`
      : exited !== null
        ? ` (it exited with ${exited})`
        : ` within ${WAIT_MS / 1000} s`;
  throw new CliExit(1, `daemon: did not start serving ${socket}${why}; its log ${log}${tail ? ` ends:\n${tail}` : ''}`);
}

export async function daemonStopAction(io: CliIo): Promise<void> {
  const { socket } = socketOf(io);
  const said = await ask(socket, { type: 'stop' });
  if (said?.type !== 'stopping') {
    io.stdout.write(`repomap daemon: none serves ${socket}\n`);
    return;
  }
  const deadline = Date.now() + WAIT_MS;
  while (existsSync(socket) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  io.stdout.write(`repomap daemon: stopped (${socket})\n`);
}

export async function daemonStatusAction(io: CliIo, flags: { json?: boolean }): Promise<void> {
  const { socket } = socketOf(io);
  const status = await ask(socket, { type: 'status' });
  if (status?.type !== 'status') {
    if (flags.json) io.stdout.write(JSON.stringify({ serving: false, socket }) + '\n');
    throw new CliExit(1, `daemon: none serves ${socket}`);
  }
  const { type: _type, ...fields } = status;
  const s: DaemonStatus = fields;
  if (flags.json) {
    io.stdout.write(JSON.stringify({ serving: true, ...s }) + '\n');
    return;
  }
  io.stdout.write(
    [
      `socket    ${s.socket}`,
      `process   ${s.pid}, since ${s.startedAt}, ${s.rssMb} MiB resident`,
      `commands  ${s.commands} run; ends after ${s.idleMinutes} minutes without one`,
      `indexes   ${s.indexes.length === 0 ? 'none yet' : s.indexes.map((i) => `${i.root} (${i.files} files)`).join(', ')}`,
    ].join('\n') + '\n',
  );
}

/** Sends one message to the daemon and returns its one answer; null when none answers. */
function ask(socket: string, message: ToDaemon): Promise<FromDaemon | null> {
  if (!existsSync(socket)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const connection = connect(socket);
    let answer: FromDaemon | null = null;
    connection.on('connect', () => connection.write(JSON.stringify(message) + '\n'));
    connection.on(
      'data',
      lineReader((line) => (answer ??= JSON.parse(line) as FromDaemon)),
    );
    connection.on('error', () => resolve(null));
    connection.on('close', () => resolve(answer));
  });
}
