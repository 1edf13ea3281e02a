/** Streams and working folder the CLI runs against; tests pass fakes. */
export interface CliIo {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd: string;
  /** Environment variables the CLI reads (REPOMAP_CACHE, XDG_CACHE_HOME); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
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
