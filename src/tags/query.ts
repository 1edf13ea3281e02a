/**
 * Compiles tags queries and checks them against the capture vocabulary when they load:
 * a query that does not compile, or uses a capture name outside the vocabulary, is a
 * `query-error` naming the .scm file (and the position or the capture).
 */
import { readFileSync } from 'node:fs';
import { Query, type Language } from 'web-tree-sitter';
import { RepoMapError } from '../errors.js';
import type { LanguageId } from '../types.js';
import { loadGrammar, messageOf } from './grammar.js';
import { captureRole, vocabularyDescription } from './vocabulary.js';
import { tagsQueryPaths } from './grammar-files.js';

export { tagsQueryPaths } from './grammar-files.js';

/** Reads and compiles a language's tags query files, concatenated, against its grammar. */
export function loadTagsQuery(language: LanguageId, grammar: Language): Query {
  const parts = tagsQueryPaths(language).map((file) => {
    try {
      return { file, source: readFileSync(file, 'utf8') };
    } catch (cause) {
      throw new RepoMapError('query-error', `repomap/tags: cannot read ${file}: ${messageOf(cause)}`, file);
    }
  });
  return compileQueryParts(grammar, parts);
}

/**
 * Compiles query files concatenated, as one query; an error names the file it is in.
 * Internal: exported for tests.
 */
export function compileQueryParts(grammar: Language, parts: readonly { file: string; source: string }[]): Query {
  if (parts.length === 1) return compileQuery(grammar, parts[0]!.source, parts[0]!.file);
  try {
    return compileQuery(grammar, parts.map((p) => p.source).join('\n'), parts.map((p) => p.file).join(' + '));
  } catch (error) {
    // Only when the whole fails is each part compiled alone, so the error names the file
    // it is in (compiling every part up front doubled the cost: ~80 ms per JS/TS grammar).
    for (const { file, source } of parts) compileQuery(grammar, source, file).delete();
    throw error;
  }
}

/**
 * Compiles a tags query for a language (loading its grammar) and checks its capture names.
 * Internal: exported for tests, not from the stage index. The caller owns the returned Query.
 */
export async function compileTagsQuery(language: LanguageId, source: string, fileName: string): Promise<Query> {
  return compileQuery(await loadGrammar(language, fileName), source, fileName);
}

/** Compiles `source` against a loaded grammar; `fileName` names it in errors. */
export function compileQuery(grammar: Language, source: string, fileName: string): Query {
  let query: Query;
  try {
    query = new Query(grammar, source);
  } catch (cause) {
    throw compileError(cause, source, fileName);
  }
  const unknown = query.captureNames.find((name) => captureRole(name) === undefined);
  if (unknown !== undefined) {
    query.delete();
    const at = positionOfCapture(source, unknown);
    throw new RepoMapError(
      'query-error',
      `repomap/tags: ${fileName}${at}: unknown capture name @${unknown}; the vocabulary is ${vocabularyDescription()}`,
      fileName,
    );
  }
  return query;
}

/** Shape of web-tree-sitter's QueryError, which the package does not export. */
interface QueryErrorLike {
  message: string;
  index: number;
  length?: number;
}

function isQueryErrorLike(value: unknown): value is QueryErrorLike {
  return value instanceof Error && typeof (value as Partial<QueryErrorLike>).index === 'number';
}

function compileError(cause: unknown, source: string, fileName: string): RepoMapError {
  if (isQueryErrorLike(cause)) {
    const { line, column } = lineColumn(source, cause.index);
    return new RepoMapError(
      'query-error',
      `repomap/tags: ${fileName}:${line}:${column} (offset ${cause.index}): query does not compile: ${cause.message}`,
      fileName,
    );
  }
  return new RepoMapError(
    'query-error',
    `repomap/tags: ${fileName}: query does not compile: ${messageOf(cause)}`,
    fileName,
  );
}

/** 1-based line and column of a UTF-16 offset in `source`. */
function lineColumn(source: string, index: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(0, index));
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: index - lastBreak };
}

/** `:line:column` of the first use of `@capture` in the source, or '' when not found. */
function positionOfCapture(source: string, capture: string): string {
  const escaped = capture.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`@${escaped}(?![\\w.-])`, 'g');
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const lineStart = source.lastIndexOf('\n', match.index) + 1;
    if (source.slice(lineStart, match.index).includes(';')) continue; // inside a comment
    const { line, column } = lineColumn(source, match.index);
    return `:${line}:${column}`;
  }
  return '';
}
