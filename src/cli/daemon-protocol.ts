/**
 * What `repomap daemon` and the commands it runs for other processes say to each other:
 * one JSON message per line over a Unix socket. The socket's name carries this build of
 * repomap (`daemonBuild`), so a command only ever reaches a daemon of its own build; a
 * daemon refuses a run from another build all the same. Loaded by every `repomap` process
 * before anything else (bin/repomap.js): it imports nothing of the engine.
 */
import { createHash } from 'node:crypto';
import { lstatSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The commands a daemon runs for another process: those that open one folder's index and answer from it. */
export const DAEMON_COMMANDS: readonly string[] = ['rank', 'pack', 'explain', 'symbols', 'refs', 'impact', 'outline', 'status'];

/** Minutes without a command after which a daemon ends, unless told otherwise. */
export const DEFAULT_IDLE_MINUTES = 30;

/** From a command to the daemon. */
export type ToDaemon =
  | {
      type: 'run';
      build: string;
      argv: string[];
      cwd: string;
      env: Record<string, string>;
      stdoutTTY: boolean;
      stderrTTY: boolean;
      /** Standard input, read whole before the command is sent when its arguments name `-` (so a command waiting on it never holds the daemon's queue). */
      stdin?: string;
    }
  | { type: 'status' }
  | { type: 'stop' };

/** What the daemon says of itself (`repomap daemon status`). */
export interface DaemonStatus {
  pid: number;
  build: string;
  socket: string;
  startedAt: string;
  commands: number;
  idleMinutes: number;
  indexes: { root: string; files: number }[];
  rssMb: number;
}

/** From the daemon to a command. */
export type FromDaemon =
  | { type: 'stdout'; data: string }
  | { type: 'stderr'; data: string }
  | { type: 'exit'; code: number }
  | { type: 'refused'; why: string }
  | ({ type: 'status' } & DaemonStatus)
  | { type: 'stopping' };

/** This build of repomap: its version and the file this module was loaded from (size, modification time). */
export function daemonBuild(version: string): string {
  const self = statSync(fileURLToPath(import.meta.url), { throwIfNoEntry: false });
  return createHash('sha1')
    .update(JSON.stringify([version, self ? [self.size, self.mtimeMs] : null]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The socket of this build's daemon for this user: REPOMAP_DAEMON_SOCKET when set, else
 * `repomap-<uid>/<build>.sock` in the system's temporary folder (a folder only its user
 * may enter).
 */
export function daemonSocket(env: Readonly<Record<string, string | undefined>>, build: string): string {
  const set = env.REPOMAP_DAEMON_SOCKET;
  if (set) return set;
  return join(daemonFolder(), `${build}.sock`);
}

/**
 * Why a command may not talk over `socket`, or null when it may: the socket and its folder
 * must be this user's, and the folder closed to everybody else (mode 700: a socket
 * another user placed would hear the command's arguments and environment, and one they
 * could reach would take commands). No daemon on Windows.
 */
export function unsafeSocket(socket: string, exists = true): string | null {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return 'the daemon runs on Unix sockets, which this system does not have';
  const uid = process.getuid();
  const folder = lstatSync(dirname(socket), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) return `${dirname(socket)} is not a folder`;
  if (folder.uid !== uid || (folder.mode & 0o077) !== 0) return `${dirname(socket)} is another user's, or others may enter it (it must be mode 700)`;
  if (!exists) return null;
  const file = lstatSync(socket, { throwIfNoEntry: false });
  if (!file?.isSocket() || file.uid !== uid) return `${socket} is not a socket of this user's`;
  return null;
}

/** The folder of the default sockets and the daemons' logs. */
function daemonFolder(): string {
  return join(tmpdir(), `repomap-${userInfo().uid}`);
}

/** Splits a stream's chunks into lines, each handed to `onLine` without its newline. */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let rest = '';
  return (chunk) => {
    rest += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n')) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line.length > 0) onLine(line);
    }
  };
}
