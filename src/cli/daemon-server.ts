/**
 * `repomap daemon serve`: one process that runs the index commands of other `repomap`
 * processes (./daemon-client.ts) over a Unix socket, keeping the indexes they open in
 * memory (./index-memory.ts). A command whose folder has not changed since the last one
 * answers from the index in memory (no snapshot to read); after a few changed files, the
 * index is updated in memory, with the parsers and their queries already compiled, and
 * its snapshot is written after the answer. Commands run one at a time, in the order
 * they came. The daemon ends after `idleMs` without a command, or when told to stop.
 * Every line is checked before it is acted on (./daemon-messages.ts), and its length
 * capped: a bad one is refused with the reason and its connection closed, and the daemon
 * goes on serving.
 */
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { describeError } from '../unstable.js';
import { readToDaemon } from './daemon-messages.js';
import {
  DAEMON_MAX_LINE_BYTES,
  lineReader,
  unsafeSocket,
  type DaemonStatus,
  type FromDaemon,
  type ToDaemon,
} from './daemon-protocol.js';
import { IndexMemory } from './index-memory.js';
import { CliExit, type CliIo } from './io.js';

/** Runs the CLI in-process, as ./run.ts's `runCli`. */
export type CliRunner = (argv: string[], io: CliIo) => Promise<number>;

export interface DaemonOptions {
  socket: string;
  /** This build (`daemonBuild`): a run from another is refused. */
  build: string;
  /** Ends after this long without a command. */
  idleMs: number;
  /** How many folders' indexes it keeps. */
  indexes: number;
  run: CliRunner;
  /** Where the daemon notes what it did (its log). */
  log: (line: string) => void;
  /** The environment git runs with in this process (default process.env): a command whose git environment differs is refused. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Called once it listens, with what stops it (as a `stop` message does). */
  onListening?: (stop: (why: string) => void) => void;
  /** The longest message it reads, in bytes (default `DAEMON_MAX_LINE_BYTES`): a longer one is refused and its connection closed. */
  maxLineBytes?: number;
}

/** Serves until idle or stopped; rejects when the socket is taken by a live daemon or cannot be listened on. */
export async function serveDaemon(options: DaemonOptions): Promise<void> {
  const { socket, build, log } = options;
  const maxBytes = options.maxLineBytes ?? DAEMON_MAX_LINE_BYTES;
  if (await answers(socket)) throw new CliExit(1, `a daemon already serves ${socket}`);
  mkdirSync(dirname(socket), { recursive: true, mode: 0o700 });
  const unsafe = unsafeSocket(socket, false);
  if (unsafe) throw new CliExit(1, `daemon: will not serve ${socket}: ${unsafe}`);
  // a socket left by a daemon that did not end cleanly
  rmSync(socket, { force: true });
  const memory = new IndexMemory(options.indexes);
  const startedAt = new Date().toISOString();
  let commands = 0;
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  let idle: NodeJS.Timeout | undefined;
  let stopped!: () => void;
  const ended = new Promise<void>((resolve) => (stopped = resolve));

  const server = createServer((connection) => {
    connection.on('error', () => undefined);
    // what comes over the socket is checked before anything is done with it: a bad line is refused, the daemon goes on
    let refused = false;
    const refuse = (why: string): void => {
      refused = true;
      log(`refused a message: ${why}`);
      answer(connection, { type: 'refused', why }, true);
      // nothing more is read from it: it goes once the refusal is written
      connection.once('finish', () => connection.destroy());
    };
    connection.on(
      'data',
      lineReader(
        (line) => {
          if (refused) return;
          const read = readToDaemon(line);
          if ('why' in read) return refuse(read.why);
          try {
            take(connection, read.message);
          } catch (error) {
            refuse(`it could not be taken: ${describeError(error)}`);
          }
        },
        { maxBytes, onOverlong: () => refuse(`a message longer than ${maxBytes} bytes`) },
      ),
    );
  });

  function take(connection: Socket, message: ToDaemon): void {
    if (message.type === 'status') {
      const status: DaemonStatus = {
        pid: process.pid,
        build,
        socket,
        startedAt,
        commands,
        idleMinutes: options.idleMs / 60_000,
        indexes: memory.list(),
        rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
      };
      return answer(connection, { type: 'status', ...status }, true);
    }
    if (message.type === 'stop') {
      answer(connection, { type: 'stopping' }, true);
      return stop('told to stop');
    }
    if (message.build !== build)
      return answer(connection, { type: 'refused', why: `this daemon is another build of repomap (${build})` }, true);
    const differs = gitEnvironmentDiffers(message.env, options.env ?? process.env);
    if (differs) {
      log(
        `refused a ${message.argv[0]} from ${message.cwd}: its ${differs} is not the daemon's (git would run otherwise)`,
      );
      return answer(connection, { type: 'refused', why: `its ${differs} is not the daemon's` }, true);
    }
    waiting++;
    if (idle) clearTimeout(idle);
    queue = queue.then(async () => {
      try {
        await runOne(connection, message);
        await memory.settle((error) => log(`deferred work failed: ${describeError(error)}`));
      } catch (error) {
        // never reached by a command's own failure (runOne answers it); the queue goes on whatever happens
        log(`a command's run failed: ${describeError(error)}`);
      }
      waiting--;
      if (waiting === 0 && !stopping)
        idle = setTimeout(() => stop(`idle for ${options.idleMs / 60_000} minutes`), options.idleMs);
    });
  }

  async function runOne(connection: Socket, message: Extract<ToDaemon, { type: 'run' }>): Promise<void> {
    // a command whose process went away while it waited (killed, timed out) is not run
    if (connection.destroyed || !connection.writable)
      return log(`${message.argv[0]} in ${message.cwd}: its process went away before it ran`);
    commands++;
    const started = performance.now();
    let finished = false;
    // what a command writes once it has answered (a deferred snapshot's warning) goes to the log
    const stream = (type: 'stdout' | 'stderr', tty: boolean): CliIo['stdout'] => ({
      write: (data: string) =>
        finished ? log(`${type} after the answer: ${data.trimEnd()}`) : answer(connection, { type, data }),
      isTTY: tty,
    });
    // standard input comes with the command when it reads it (`-`); none otherwise, as `readStdin` then says
    const stdin = message.stdin === undefined ? {} : { stdin: Readable.from([message.stdin]) };
    const io: CliIo = {
      stdout: stream('stdout', message.stdoutTTY),
      stderr: stream('stderr', message.stderrTTY),
      ...stdin,
      cwd: message.cwd,
      env: message.env,
      memory,
      defer: (work) => memory.defer(work),
    };
    let code: number;
    try {
      code = await options.run(message.argv, io);
    } catch (error) {
      io.stderr.write(`repomap: the daemon could not run the command: ${describeError(error)}\n`);
      code = 1;
    }
    finished = true;
    answer(connection, { type: 'exit', code }, true);
    log(`${message.argv[0]} in ${message.cwd}: exit ${code}, ${Math.round(performance.now() - started)} ms`);
  }

  let stopping = false;
  function stop(why: string): void {
    if (stopping) return;
    stopping = true;
    if (idle) clearTimeout(idle);
    server.close();
    // the commands already queued still run; the socket goes at once, so no new one comes
    rmSync(socket, { force: true });
    void queue.then(() => {
      log(`stopped: ${why}`);
      stopped();
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socket, 0o600);
  server.on('error', (error) => log(`socket error: ${describeError(error)}`));
  idle = setTimeout(() => stop(`idle for ${options.idleMs / 60_000} minutes`), options.idleMs);
  log(`serving ${socket} (pid ${process.pid}, build ${build})`);
  options.onListening?.(stop);
  await ended;
}

/**
 * The variables git reads (`PATH` to find it, `HOME` and `XDG_CONFIG_HOME` for its
 * configuration, every `GIT_*`) that differ between a command's environment and the
 * daemon's, named; null when none does. Git runs with the daemon's own environment
 * (corpus/git-process.ts), so such a command runs in its own process instead.
 */
export function gitEnvironmentDiffers(
  command: Readonly<Record<string, string | undefined>>,
  daemon: Readonly<Record<string, string | undefined>>,
): string | null {
  const names = new Set([
    'PATH',
    'HOME',
    'XDG_CONFIG_HOME',
    ...[...Object.keys(command), ...Object.keys(daemon)].filter((k) => k.startsWith('GIT_')),
  ]);
  const differing = [...names].filter((name) => (command[name] ?? '') !== (daemon[name] ?? '')).sort();
  return differing.length === 0 ? null : differing.join(', ');
}

/** Whether a daemon answers on the socket. */
export function answers(socket: string): Promise<boolean> {
  if (!existsSync(socket)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = connect(socket);
    probe.on('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

function answer(connection: Socket, message: FromDaemon, last = false): void {
  if (connection.destroyed || !connection.writable) return;
  const line = JSON.stringify(message) + '\n';
  if (last) connection.end(line);
  else connection.write(line);
}
