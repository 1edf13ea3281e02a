import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { RepoMapError } from '../index.js';
import { decodeText, messageWithoutModule, parseQueryFile, queryText, type QueryInput } from '../unstable.js';
import { CliExit, readStdin, type CliIo } from './io.js';

/**
 * Reads `--query-file`: a plain text file, an ARB query object (JSON), or a whole
 * ARB sample row (JSON with a `query` object; its `gold` is never read). UTF-16 when it
 * starts with a UTF-16 byte-order mark (as an editor on Windows saves it), else UTF-8.
 */
async function readQueryFile(file: string): Promise<QueryInput> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new CliExit(1, `cannot read --query-file ${file}: ${(err as Error).message}`);
  }
  return parseQueryText(decodeText(bytes).text, file);
}

/** A query file's text (`file` names it in errors): plain text, an ARB query object, or an ARB sample row. */
function parseQueryText(text: string, file: string): QueryInput {
  try {
    return parseQueryFile(text, file);
  } catch (err) {
    if (err instanceof RepoMapError && err.code === 'bad-query')
      throw new CliExit(1, `--query-file ${messageWithoutModule(err)}`);
    throw err;
  }
}

/**
 * The query of a command: its positional QUERY (one argument, or several words, joined by
 * spaces as `rank why does checkout fail` means), `--query TEXT` or `--query-file FILE`
 * (`-` reads standard input). Exactly one of them, and not empty or blank: a usage
 * error otherwise.
 */
export async function queryFromFlags(
  flags: { query?: string; queryFile?: string },
  io: CliIo,
  command: string,
  words: readonly string[] = [],
): Promise<QueryInput> {
  const positional = words.length > 0 ? words.join(' ') : undefined;
  const given = [
    positional !== undefined && 'QUERY',
    flags.query !== undefined && '--query',
    flags.queryFile !== undefined && '--query-file',
  ].filter((g) => g !== false);
  if (given.length > 1) throw new CliExit(2, `give the query once: ${given.join(' and ')} were both given`);
  // a lone `-` as QUERY is standard input, as `--query-file -` (`git diff | repomap rank -`)
  const fromStdin = flags.queryFile === '-' || positional === '-';
  const input =
    (positional !== undefined && positional !== '-') || flags.query !== undefined
      ? { query: (positional ?? flags.query)! }
      : fromStdin
        ? parseQueryText(await readStdin(io, '--query-file'), 'standard input')
        : flags.queryFile !== undefined
          ? await readQueryFile(resolve(io.cwd, flags.queryFile))
          : null;
  if (input === null)
    throw new CliExit(
      2,
      `${command} needs a query: ${command} "TEXT", --query TEXT or --query-file FILE (- for standard input)`,
    );
  if (typeof input.query === 'string' && input.query.trim() === '')
    throw new CliExit(2, `${command}: the query is empty`);
  // a query object is read for its text (`gold` and `metadata` are not): with none, nothing says what to rank
  if (typeof input.query !== 'string' && queryText(input.query).trim() === '')
    throw new CliExit(2, `${command}: the query is empty: its JSON object holds no text`);
  return input;
}
