/**
 * Errors the library throws; each names the file, field or value at fault. Imports nothing
 * from `src/`. Every message starts with `repomap/<module>: `, the folder (stage) of `src/`
 * that threw it (`repomap/corpus: `, `repomap/eval: `) or, for a file at the top of `src/`,
 * its name (`repomap/heap: `); `messageWithoutModule` drops that prefix for people and agents.
 */

export const ERROR_CODES = [
  'missing-folder',
  'not-a-git-repository',
  'missing-commit',
  'git-failed',
  /** A repository owned by another user, which git's own `safe.directory` does not allow. */
  'unsafe-repository',
  'grammar-load-failed',
  'query-error',
  'bad-query',
  'bad-option',
  'bad-sample',
  'bad-details',
  'superseded-index',
  'file-changed',
  /** A repository file read outside the corpus (a config, an ignore file) that is not a regular file, is too large or cannot be read. */
  'unreadable-file',
  'cache-unavailable',
  /** The parser returned no tree for a text (a file's `parse-failed` diagnostic when indexing). */
  'parse-failed',
  /** A broken invariant of repomap itself (a bug, or a damaged installation), never bad input. */
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class RepoMapError extends Error {
  readonly code: ErrorCode;
  /** File, field or value the error is about. */
  readonly subject?: string;

  constructor(code: ErrorCode, message: string, subject?: string) {
    super(message);
    this.name = 'RepoMapError';
    this.code = code;
    this.subject = subject;
  }
}

/**
 * True for a RepoMapError about the input or the environment, which a caller may report
 * and go on from; false for any other error and for an `internal` one (a bug), which
 * should stop the run with its stack.
 */
export function isReportable(error: unknown): error is RepoMapError {
  return error instanceof RepoMapError && error.code !== 'internal';
}

/**
 * A thrown value in words for a message: `permission denied (EACCES)` for a system error
 * (Node's `EACCES: permission denied, open '/x'` without the path, which the message
 * names itself), `attempt to write a readonly database (SQLITE_READONLY)` for a coded
 * one, else its message.
 */
export function describeError(cause: unknown): string {
  const e = cause as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && typeof e.message === 'string') {
    const words = /^[A-Z]+: ([^,]+)/.exec(e.message)?.[1];
    return `${words ?? e.message} (${e.code})`;
  }
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * An error's message for a person or an agent: without the `repomap/<module>: ` prefix
 * that tells a developer where it came from (the CLI puts `repomap: ` in front instead).
 */
export function messageWithoutModule(error: Error): string {
  return error.message.replace(/^repomap\/[\w-]+: /, '');
}
