import { decodeText } from '../unstable.js';
import type { IndexMemory } from './index-memory.js';

/** Streams and working folder the CLI runs against; tests pass fakes. */
export interface CliIo {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  /** What `--query-file -` and `--diff -` read; none means those are usage errors. */
  stdin?: AsyncIterable<string | Buffer>;
  cwd: string;
  /** Environment variables the CLI reads (REPOMAP_CACHE, XDG_CACHE_HOME); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Clock in milliseconds for progress output and the time a command took to load its index; default performance.now (tests pass their own). */
  now?: () => number;
  /**
   * Called with the command's name once its arguments (and the repository's config) are
   * read, just before it runs; never for --help, --version or a usage error. Where the
   * process that runs the CLI sets what holds for the whole process (./main.ts sets
   * V8 flags there: ./process-flags.ts); in-process runs leave it out.
   */
  beforeCommand?: (command: string) => void | Promise<void>;
  /**
   * Called when a command is about to build an index (not when it loads a kept
   * snapshot instead), `update` when the build starts from a kept snapshot's index
   * (it parses the changed files only): ./process-flags.ts keeps the heap lean for a build
   * there, where a snapshot load, which allocates little that dies, would only pay for
   * more collections, and sets one-shot compilation for a full build and baseline
   * compilation for an update that parses a few files (`parses`, at most that many;
   * Infinity when not known, as after a changed folder: `BASELINE_COMPILATION_MAX_FILES`).
   */
  beforeBuild?: (build: { update: boolean; parses: number }) => void | Promise<void>;
  /**
   * Indexes a long-running process keeps between the commands it runs (`repomap
   * daemon`): a command that opens a folder's index takes it from here when it has it,
   * gives it back, and leaves its snapshot write for after the answer. None in a
   * one-shot process, which loads kept snapshots instead.
   */
  memory?: IndexMemory;
  /**
   * Takes work to do once the command has answered (a snapshot's write): `runCli` runs it
   * before it returns, so the answer is out first and the write finds what the command
   * built on the way (its task's CSR); a daemon runs it after the command, through its
   * `memory`.
   */
  defer?: (work: () => void | Promise<void>) => void;
}

/** Thrown by a command to end with a message and an exit code (2 = usage, 1 = failure). */
export class CliExit extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** All of standard input as text (UTF-16 when it starts with its byte-order mark, else UTF-8); a usage error naming `flag` when the run has none. */
export async function readStdin(io: CliIo, flag: string): Promise<string> {
  if (!io.stdin) throw new CliExit(2, `${flag} - reads standard input, which this run does not have`);
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return decodeText(Buffer.concat(chunks)).text;
}
