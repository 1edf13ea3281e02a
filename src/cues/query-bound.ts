import type { Diagnostic, Query, QueryCut } from '../types.js';
import { isPlainObject } from '../options/resolve.js';
import { NOT_QUERY, QUERY_DEPTH, queryStrings } from './query.js';

/**
 * The query as the cue stage reads it: at most `maxChars` characters of text. A longer
 * query (a 10 MB log pasted as an issue took 29 s to rank) has its longest strings cut to
 * one length, the largest that keeps the total within `maxChars`, so short fields (a
 * title, a path) stay whole and a long one keeps its start. Nothing is cut from a query
 * within the cap, which is returned as it is; `cut` says how much there was and was kept.
 */
export function boundQuery(query: Query, maxChars: number): { query: Query; cut?: QueryCut } {
  const lengths = queryStrings(query).map((s) => s.value.length);
  const chars = lengths.reduce((a, b) => a + b, 0);
  if (chars <= maxChars) return { query };
  const level = cutLevel(lengths, maxChars);
  const cutString = (value: string): string => (value.length <= level ? value : head(value, level));
  const copy = (value: unknown, depth: number): unknown => {
    if (depth > QUERY_DEPTH) return value;
    if (typeof value === 'string') return cutString(value);
    if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1));
    if (isPlainObject(value))
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item, depth + 1)]));
    return value;
  };
  const bounded: Query =
    typeof query === 'string'
      ? cutString(query)
      : Object.fromEntries(
          Object.entries(query).map(([key, value]) => [key, NOT_QUERY.has(key) ? value : copy(value, 0)]),
        );
  const kept = queryStrings(bounded).reduce((n, s) => n + s.value.length, 0);
  return { query: bounded, cut: { chars, kept } };
}

/** The note a cut query gets among a ranking's diagnostics. */
export function queryCutDiagnostic(cut: QueryCut, maxChars: number): Diagnostic {
  return {
    code: 'query-cut',
    message: `the query has ${cut.chars} characters, over the ${maxChars} its cues are read from (cues.maxQueryChars): its longest text was cut to ${cut.kept} in all, each long field keeping its start`,
  };
}

/** The largest length L with Σ min(length, L) ≤ max. */
function cutLevel(lengths: readonly number[], max: number): number {
  const sorted = [...lengths].sort((a, b) => a - b);
  let left = max;
  for (let i = 0; i < sorted.length; i++) {
    const share = Math.floor(left / (sorted.length - i));
    if (sorted[i]! > share) return share;
    left -= sorted[i]!;
  }
  return Infinity;
}

/** The first `n` UTF-16 code units of `value`, one fewer when the cut would split a surrogate pair. */
function head(value: string, n: number): string {
  const code = value.charCodeAt(n - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}
