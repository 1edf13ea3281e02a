/**
 * What a query file holds (the CLI's `--query-file`, the benchmarks' query files): plain
 * text, an ARB query object, or a whole ARB sample row whose `query` is the object.
 */
import { RepoMapError } from '../errors.js';
import { TASKS, type Query, type Task } from '../types.js';

export interface QueryInput {
  query: Query;
  /** From a whole ARB sample row: its task_type, id, repo and base commit. */
  task?: Task;
  sampleId?: string;
  repo?: string;
  baseCommit?: string;
}

/**
 * A query file's text (`file` names it in errors): plain text unless it starts with `{`,
 * else an ARB query object, or an ARB sample row (JSON with a `query` object; its `gold`
 * is never read). Text that starts with `{` but is not a JSON object is `bad-query`.
 */
export function parseQueryFile(text: string, file: string): QueryInput {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { query: text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch (err) {
    throw new RepoMapError(
      'bad-query',
      `repomap/cues: ${file} starts with "{" but is not valid JSON: ${(err as Error).message}`,
      file,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RepoMapError('bad-query', `repomap/cues: ${file}: expected a JSON object`, file);
  }
  const obj = parsed as Record<string, unknown>;
  if (typeof obj.query === 'object' && obj.query !== null && !Array.isArray(obj.query)) {
    const task =
      typeof obj.task_type === 'string' && (TASKS as readonly string[]).includes(obj.task_type)
        ? (obj.task_type as Task)
        : undefined;
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
