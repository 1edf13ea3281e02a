/**
 * Repository lists: which repositories an evaluation or a scoring keeps. A
 * list is data, in a file (the dev set's held-in/held-out split lives in
 * `bench/split.json`; no repository is named in code), given as `FILE` or
 * `FILE#KEY`:
 *
 * - a JSON array of `owner/name` strings;
 * - a JSON object whose array under KEY is the list (`split.json#held-out`);
 *   its other keys are free (a description, other lists);
 * - any other text: one `owner/name` a line, `#` starts a comment.
 *
 * The KEY is what follows the last `#` of the argument; a JSON object needs one.
 */
import { readFile } from 'node:fs/promises';
import { RepoMapError } from '../errors.js';

/** A repository list read from a file. */
export interface RepoList {
  /** The argument it was read from (`FILE` or `FILE#KEY`). */
  source: string;
  /** `owner/name`, in file order, without duplicates. */
  repos: string[];
}

const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** Splits `FILE#KEY` into the file and the key (undefined without `#`). */
export function splitListArgument(argument: string): { file: string; key?: string } {
  const at = argument.lastIndexOf('#');
  if (at < 0) return { file: argument };
  return { file: argument.slice(0, at), key: argument.slice(at + 1) };
}

/**
 * Parses the text of a list file (see the module comment). `source` names it in
 * errors; `key` selects an array of a JSON object.
 */
export function parseRepoList(text: string, source: string, key?: string): string[] {
  const fail = (message: string): never => {
    throw new RepoMapError('bad-option', `repomap/eval: ${source}: ${message}`, source);
  };
  const trimmed = text.trimStart();
  let entries: unknown[];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      return fail(`not valid JSON (${(err as Error).message})`);
    }
    if (Array.isArray(json)) {
      if (key !== undefined) fail(`the file holds one list; "#${key}" selects nothing`);
      entries = json;
    } else {
      const object = json as Record<string, unknown>;
      const lists = Object.keys(object).filter((k) => Array.isArray(object[k]));
      if (key === undefined) return fail(`the file holds several lists: choose one with #KEY (${lists.join(', ')})`);
      if (!Array.isArray(object[key])) return fail(`no list "${key}" (lists: ${lists.join(', ')})`);
      entries = object[key] as unknown[];
    }
  } else {
    if (key !== undefined) fail(`"#${key}" selects a list of a JSON object; this file is a plain list`);
    entries = text
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== '');
  }
  const repos: string[] = [];
  entries.forEach((entry, i) => {
    if (typeof entry !== 'string' || !REPO.test(entry))
      fail(`entry ${i + 1} is not an owner/name repository: ${JSON.stringify(entry)}`);
    if (!repos.includes(entry as string)) repos.push(entry as string);
  });
  if (repos.length === 0) fail('the list is empty');
  return repos;
}

/** Reads a repository list given as `FILE` or `FILE#KEY`; `resolvePath` maps the file (e.g. against a working folder). */
export async function readRepoList(
  argument: string,
  resolvePath: (file: string) => string = (f) => f,
): Promise<RepoList> {
  const { file, key } = splitListArgument(argument);
  let text: string;
  try {
    text = await readFile(resolvePath(file), 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new RepoMapError('bad-option', `repomap/eval: ${file}: cannot read the repository list (${reason})`, file);
  }
  return { source: argument, repos: parseRepoList(text, file, key) };
}

/** What restricting samples to a list kept. */
export interface RepoRestriction<T> {
  kept: T[];
  /** Samples of repositories outside the list. */
  dropped: number;
  /** Listed repositories no sample belongs to. */
  unmatched: string[];
}

/** Keeps the samples whose repository is in `repos` (input order kept). */
export function restrictToRepos<T extends { repo: string }>(
  samples: readonly T[],
  repos: readonly string[],
): RepoRestriction<T> {
  const wanted = new Set(repos);
  const kept = samples.filter((s) => wanted.has(s.repo));
  const seen = new Set(kept.map((s) => s.repo));
  return { kept, dropped: samples.length - kept.length, unmatched: repos.filter((r) => !seen.has(r)) };
}
