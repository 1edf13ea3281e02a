/**
 * What `repomap daemon` and the commands it runs for other processes say to each other:
 * one JSON message per line over a Unix socket. The socket's name carries this build of
 * repomap (`daemonBuild`), so a command only ever reaches a daemon of its own build; a
 * daemon refuses a run from another build all the same. Loaded by every `repomap` process
 * before anything else (./main.ts): it imports nothing of the engine.
 */
import { createHash } from 'node:crypto';
import { lstatSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMANDS } from './commands.js';

/** The commands a daemon runs for another process: those that open one folder's index and answer from it (./commands.ts). */
export const DAEMON_COMMANDS: readonly string[] = Object.entries(COMMANDS).flatMap(([name, traits]) =>
  traits.daemonServed ? [name] : [],
);

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
  if (process.platform === 'win32' || typeof process.getuid !== 'function')
    return 'the daemon runs on Unix sockets, which this system does not have';
  const uid = process.getuid();
  const folder = lstatSync(dirname(socket), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) return `${dirname(socket)} is not a folder`;
  if (folder.uid !== uid || (folder.mode & 0o077) !== 0)
    return `${dirname(socket)} is another user's, or others may enter it (it must be mode 700)`;
  if (!exists) return null;
  const file = lstatSync(socket, { throwIfNoEntry: false });
  if (!file?.isSocket() || file.uid !== uid) return `${socket} is not a socket of this user's`;
  return null;
}

/** The folder of the default sockets and the daemons' logs. */
function daemonFolder(): string {
  return join(tmpdir(), `repomap-${userInfo().uid}`);
}

/**
 * The longest line a daemon reads (a command's message: its arguments, environment and
 * standard input); past it the daemon refuses the message and closes the connection, and
 * a command whose message would be longer runs in its own process.
 */
export const DAEMON_MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface LineReaderOptions {
  /** The longest line, in bytes; past it `onOverlong` is called once and nothing more is read. Default: no limit. */
  maxBytes?: number;
  onOverlong?: () => void;
}

/**
 * Splits a stream's chunks into lines, each handed to `onLine` without its newline (empty
 * lines are skipped). Lines are cut on bytes and decoded whole, so a character split across
 * two chunks reads right; each chunk is searched once, so a line sent in many chunks costs
 * its length, not its length times the chunks.
 */
export function lineReader(
  onLine: (line: string) => void,
  options: LineReaderOptions = {},
): (chunk: Buffer | string) => void {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  // the line so far: chunks without a newline, and their length
  let held: Buffer[] = [];
  let heldBytes = 0;
  let over = false;
  const overlong = (): void => {
    over = true;
    held = [];
    options.onOverlong?.();
  };
  return (chunk) => {
    if (over) return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (let end = bytes.indexOf(10); end >= 0; end = bytes.indexOf(10, start)) {
      if (heldBytes + end - start > maxBytes) return overlong();
      const line =
        heldBytes === 0
          ? bytes.toString('utf8', start, end)
          : Buffer.concat([...held, bytes.subarray(start, end)]).toString('utf8');
      held = [];
      heldBytes = 0;
      start = end + 1;
      if (line.length > 0) onLine(line);
    }
    if (start === bytes.length) return;
    heldBytes += bytes.length - start;
    if (heldBytes > maxBytes) return overlong();
    held.push(bytes.subarray(start));
  };
}
