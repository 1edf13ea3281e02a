/**
 * Path and specifier helpers shared by the per-language resolvers.
 * Paths are repo-relative POSIX; the repo root folder is the empty string `''`.
 */
import { compareByteOrder } from '../../text/order.js';

/** Folder of a repo-relative path; `''` for a top-level file. */
export function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Last segment of a path. */
export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Joins `rel` onto folder `dir` and normalizes `.` and `..` segments.
 * Returns null when the result would climb above the repo root.
 */
export function joinPath(dir: string, rel: string): string | null {
  const out: string[] = dir === '' ? [] : dir.split('/');
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(seg);
    }
  }
  return out.join('/');
}

/** `dir/name`, or `name` when `dir` is the root. */
export function child(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** True when `path` is `dir` itself or lies under it (`dir` `''` holds everything). */
export function isUnder(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(dir + '/');
}

/**
 * Strips what the tags stage may leave around a specifier: whitespace, one pair of
 * quotes or backticks, a trailing `;`.
 */
export function cleanSpecifier(raw: string): string {
  let s = raw.trim();
  if (s.endsWith(';')) s = s.slice(0, -1).trim();
  if (s.length >= 2) {
    const q = s[0];
    if ((q === '"' || q === "'" || q === '`') && s[s.length - 1] === q) s = s.slice(1, -1).trim();
  }
  return s;
}

/** An imported name without its alias (`b as c` → `b`), or null for `*`, `{`…, empty. */
export function cleanName(raw: string): string | null {
  let s = raw.trim();
  const as = s.search(/\s+as\s+/);
  if (as >= 0) s = s.slice(0, as).trim();
  if (s === '' || s === '*' || s.includes('{')) return null;
  return s;
}

/**
 * Files of the corpus grouped by folder (direct children only), each list sorted.
 * Built once per corpus.
 */
export function filesByFolder(paths: readonly string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const p of paths) {
    const d = dirOf(p);
    let list = map.get(d);
    if (!list) map.set(d, (list = []));
    list.push(p);
  }
  for (const list of map.values()) list.sort(compareByteOrder);
  return map;
}

/** Sorted, de-duplicated copy without `exclude` (an import of a file by itself is not an edge). */
export function finish(found: Iterable<string>, exclude: string): string[] {
  const set = new Set(found);
  set.delete(exclude);
  return [...set].sort(compareByteOrder);
}

/**
 * The candidates with the highest score, in their order; none when more than `limit` tie
 * (a guess among many is no resolution).
 */
export function bestScoring(candidates: Iterable<string>, score: (path: string) => number, limit: number): string[] {
  let best = -1;
  let chosen: string[] = [];
  for (const p of candidates) {
    const s = score(p);
    if (s > best) {
      best = s;
      chosen = [p];
    } else if (s === best) {
      chosen.push(p);
    }
  }
  return chosen.length > limit ? [] : chosen;
}
