/**
 * A command run by this build's daemon when one is serving (`repomap daemon start`):
 * the CLI's `main` (./main.ts) hands it the arguments first, and runs the command itself when told to
 * (no daemon, another command, REPOMAP_NO_DAEMON set to anything but 0, a socket that is
 * not safely this user's, or a daemon that refused or ended before saying anything). The daemon's output is this process' output,
 * its exit code this process' exit code.
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import { packageVersion } from '../unstable.js';
import {
  DAEMON_COMMANDS,
  DAEMON_MAX_LINE_BYTES,
  daemonBuild,
  daemonSocket,
  lineReader,
  unsafeSocket,
  type FromDaemon,
  type ToDaemon,
} from './daemon-protocol.js';

/** The process a command runs in: its streams, folder and environment. */
export interface ClientProcess {
  argv: string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdin: Readable;
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
}

/**
 * What became of a command offered to the daemon: run there (its exit code), or to run
 * here, with the standard input it already read for the daemon (`stdin`), if any.
 */
export type DaemonOutcome = { code: number } | { here: true; stdin?: string };

/** Runs the command on this build's daemon when one serves (see the module's comment). */
export async function runOnDaemon(proc: ClientProcess): Promise<DaemonOutcome> {
  const command = proc.argv[0];
  const noDaemon = proc.env.REPOMAP_NO_DAEMON;
  if (
    command === undefined ||
    !DAEMON_COMMANDS.includes(command) ||
    (noDaemon !== undefined && noDaemon !== '' && noDaemon !== '0')
  )
    return { here: true };
  const build = daemonBuild(packageVersion());
  const socket = daemonSocket(proc.env, build);
  if (!existsSync(socket) || unsafeSocket(socket) !== null) return { here: true };
  const env = Object.fromEntries(Object.entries(proc.env).filter((e): e is [string, string] => e[1] !== undefined));
  // a command that reads standard input (`--query-file -`, `--diff -`) sends it whole, read before it queues
  const stdin = proc.argv.some((a) => a === '-' || a.endsWith('=-')) ? await readAll(proc.stdin) : undefined;
  const run: ToDaemon = {
    type: 'run',
    build,
    argv: proc.argv,
    cwd: proc.cwd,
    env,
    stdoutTTY: proc.stdout.isTTY === true,
    stderrTTY: proc.stderr.isTTY === true,
    ...(stdin !== undefined ? { stdin } : {}),
  };
  const sent = JSON.stringify(run) + '\n';
  // a message past what a daemon reads (a large standard input) is not sent: the daemon would refuse it
  if (Buffer.byteLength(sent) > DAEMON_MAX_LINE_BYTES) return { here: true, ...(stdin !== undefined ? { stdin } : {}) };
  return new Promise((resolve) => {
    let answered = false;
    let done = false;
    const finish = (code: number | null): void => {
      if (done) return;
      done = true;
      connection.destroy();
      resolve(code !== null ? { code } : { here: true, ...(stdin !== undefined ? { stdin } : {}) });
    };
    const connection = connect(socket);
    connection.on('connect', () => connection.write(sent));
    connection.on(
      'data',
      lineReader((line) => {
        const message = JSON.parse(line) as FromDaemon;
        if (message.type === 'stdout' || message.type === 'stderr') {
          answered = true;
          proc[message.type].write(message.data);
        } else if (message.type === 'exit') {
          finish(message.code);
        } else if (message.type === 'refused') {
          finish(null);
        }
      }),
    );
    // no daemon behind the socket (it ended, or crashed and left its socket): the command runs here;
    // one that ended mid-answer cannot be taken back
    const lost = (): void => {
      if (done) return;
      if (!answered) return finish(null);
      proc.stderr.write('repomap: the daemon ended before the command did\n');
      finish(1);
    };
    connection.on('error', lost);
    connection.on('close', lost);
  });
}

async function readAll(stdin: Readable): Promise<string> {
  stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of stdin) text += chunk as string;
  return text;
}
