import { RepoMapError } from '../errors.js';
import { compareByteOrder } from '../text/order.js';
import type { Query } from '../types.js';
import { isPlainObject } from '../options/resolve.js';

/** Top-level keys of a sample that are never query text (the scorer's and the miner's). */
export const NOT_QUERY: ReadonlySet<string> = new Set(['gold', 'metadata']);
/** Nesting below which a query object's values are not read. */
export const QUERY_DEPTH = 32;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

/** Throws `bad-query` unless the query is a string or a plain object. */
export function assertQuery(query: unknown): asserts query is Query {
  if (typeof query === 'string' || isPlainObject(query)) return;
  throw new RepoMapError(
    'bad-query',
    `repomap/cues: a query must be a string or a plain object, got ${describe(query)}`,
    describe(query),
  );
}

/** One string value of a query with the field it sits in (`pr_body`, `query.nested.key`). */
export interface QueryString {
  field: string;
  value: string;
}

/**
 * Every string value of the query with its field: a string query is field
 * `text`; objects are walked recursively in byte order of their keys, arrays
 * in order; `gold` and `metadata` are skipped. Non-string scalars are not text.
 */
export function queryStrings(query: Query): QueryString[] {
  assertQuery(query);
  if (typeof query === 'string') return query ? [{ field: 'text', value: query }] : [];
  const out: QueryString[] = [];
  const walk = (value: unknown, field: string, depth: number): void => {
    if (depth > QUERY_DEPTH) return;
    if (typeof value === 'string') {
      if (value) out.push({ field, value });
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, field, depth + 1);
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value).sort(compareByteOrder)) walk(value[key], `${field}.${key}`, depth + 1);
    }
  };
  for (const key of Object.keys(query).sort(compareByteOrder)) {
    if (!NOT_QUERY.has(key)) walk(query[key], key, 0);
  }
  return out;
}

/**
 * All query text joined with newlines: the string itself, or every string value
 * of the object (recursively, arrays too) in byte order of the keys.
 */
export function queryText(query: Query): string {
  return queryStrings(query)
    .map((s) => s.value)
    .join('\n');
}

/** A top-level field as a list of non-empty strings (a string or an array of strings); [] otherwise. */
export function stringList(query: Query, key: string): string[] {
  if (typeof query === 'string') return [];
  const value = query[key];
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) {
    return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  }
  return [];
}

/** True when the top-level field holds something (not undefined, null, '' or []). */
export function hasField(query: Query, key: string): boolean {
  if (typeof query === 'string') return false;
  const value = query[key];
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** A top-level positive integer field (`line`), accepting numeric strings; undefined otherwise. */
export function lineField(query: Query, key: string): number | undefined {
  if (typeof query === 'string') return undefined;
  const value = query[key];
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
