import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { TASKS, type Query, type Task } from '../types.js';
import { CliExit, type CliIo } from './io.js';

export interface QueryInput {
  query: Query;
  /** From a whole ARB sample row: its task_type, id, repo and base commit. */
  task?: Task;
  sampleId?: string;
  repo?: string;
  baseCommit?: string;
}

/**
 * Reads `--query-file`: a plain text file, an ARB query object (JSON), or a whole
 * ARB sample row (JSON with a `query` object; its `gold` is never read).
 */
export async function readQueryFile(file: string): Promise<QueryInput> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliExit(1, `cannot read --query-file ${file}: ${(err as Error).message}`);
  }
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { query: text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch (err) {
    throw new CliExit(1, `--query-file ${file} starts with "{" but is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliExit(1, `--query-file ${file}: expected a JSON object`);
  }
  const obj = parsed as Record<string, unknown>;
  if (typeof obj.query === 'object' && obj.query !== null && !Array.isArray(obj.query)) {
    const task = typeof obj.task_type === 'string' && (TASKS as readonly string[]).includes(obj.task_type) ? (obj.task_type as Task) : undefined;
    return {
      query: obj.query as Record<string, unknown>,
      task,
      sampleId: typeof obj.id === 'string' ? obj.id : undefined,
      repo: typeof obj.repo === 'string' ? obj.repo : undefined,
      baseCommit: typeof obj.base_commit === 'string' ? obj.base_commit : undefined,
    };
  }
  return { query: obj };
}

/** The query of a command's `--query TEXT` or `--query-file FILE` (exactly one of them; a usage error otherwise). */
export async function queryFromFlags(flags: { query?: string; queryFile?: string }, io: CliIo, command: string): Promise<QueryInput> {
  if (flags.query !== undefined && flags.queryFile !== undefined) throw new CliExit(2, 'give --query or --query-file, not both');
  if (flags.query !== undefined) return { query: flags.query };
  if (flags.queryFile !== undefined) return readQueryFile(resolve(io.cwd, flags.queryFile));
  throw new CliExit(2, `${command} needs --query TEXT or --query-file FILE`);
}
