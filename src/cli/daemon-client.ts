/**
 * A command run by this build's daemon when one is serving (`repomap daemon start`):
 * bin/repomap.js hands it the arguments first, and runs the command itself when this
 * returns null (no daemon, another command, REPOMAP_NO_DAEMON set, a socket that is not
 * safely this user's, or a daemon that refused or ended before saying anything). The daemon's output is this process' output,
 * its exit code this process' exit code.
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import { packageVersion } from '../package-root.js';
import { DAEMON_COMMANDS, daemonBuild, daemonSocket, lineReader, unsafeSocket, type FromDaemon, type ToDaemon } from './daemon-protocol.js';

/** The process a command runs in: its streams, folder and environment. */
export interface ClientProcess {
  argv: string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdin: Readable;
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
}

/** Runs the command on this build's daemon; its exit code, or null when the command is to run here. */
export async function runOnDaemon(proc: ClientProcess): Promise<number | null> {
  const command = proc.argv[0];
  if (command === undefined || !DAEMON_COMMANDS.includes(command) || proc.env.REPOMAP_NO_DAEMON) return null;
  const build = daemonBuild(packageVersion());
  const socket = daemonSocket(proc.env, build);
  if (!existsSync(socket) || unsafeSocket(socket) !== null) return null;
  const env = Object.fromEntries(Object.entries(proc.env).filter((e): e is [string, string] => e[1] !== undefined));
  const run: ToDaemon = { type: 'run', build, argv: proc.argv, cwd: proc.cwd, env, stdoutTTY: proc.stdout.isTTY === true, stderrTTY: proc.stderr.isTTY === true };
  return new Promise((resolve) => {
    let answered = false;
    let done = false;
    const finish = (code: number | null): void => {
      if (done) return;
      done = true;
      connection.destroy();
      resolve(code);
    };
    const connection = connect(socket);
    const send = (message: ToDaemon): void => void connection.write(JSON.stringify(message) + '\n');
    connection.on('connect', () => send(run));
    connection.on(
      'data',
      lineReader((line) => {
        const message = JSON.parse(line) as FromDaemon;
        if (message.type === 'stdout' || message.type === 'stderr') {
          answered = true;
          proc[message.type].write(message.data);
        } else if (message.type === 'read-stdin') {
          void forwardStdin(proc.stdin, send);
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

async function forwardStdin(stdin: Readable, send: (message: ToDaemon) => void): Promise<void> {
  stdin.setEncoding('utf8');
  for await (const chunk of stdin) send({ type: 'stdin', data: chunk as string });
  send({ type: 'stdin-end' });
}
