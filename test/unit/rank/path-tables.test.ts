/**
 * Path tables: the words of each path, kept as sorted arrays so that an index snapshot
 * reads them back without splitting a path again, and a suffix index made only when a
 * query writes a path.
 */
import { describe, expect, it } from 'vitest';
import { PathWords, pathTablesOf, savedPathTables } from '../../../src/rank/path-tables.js';
import type { FileRecord } from '../../../src/types.js';

const file = (path: string, kind: FileRecord['kind'] = 'source'): FileRecord =>
  ({ path, text: '', size: 0, language: 'python', kind }) as FileRecord;

const FILES = [
  'docs/index.md',
  'src/click/core.py',
  'src/click/testing.py',
  'src/click/types.py',
  'tests/test_core.py',
].map((p) => file(p, p.startsWith('tests/') ? 'test' : 'source'));

describe('path tables', () => {
  it('find the files whose folders or split stem have a word, ascending', () => {
    const tables = pathTablesOf(FILES);
    expect(tables.pathWords.get('click')).toEqual([1, 2, 3]);
    expect(tables.pathWords.get('core')).toEqual([1, 4]);
    expect(tables.pathWords.get('test')).toEqual([4]);
    expect(tables.pathWords.get('py')).toBeUndefined();
    expect(tables.pathWords.get('')).toBeUndefined();
  });

  it('read back from their parts answer every word the same', () => {
    const built = pathTablesOf(FILES);
    const parts = structuredClone(built.pathWords.toParts());
    const saved = savedPathTables(FILES, parts);
    const words = parts.words.split('\0');
    const inOrder = Array.from(parts.sorted, (k) => words[k]!);
    expect(inOrder).toEqual([...words].sort());
    for (const w of [...words, 'missing', 'zzz', 'a']) expect(saved.pathWords.get(w)).toEqual(built.pathWords.get(w));
    expect(saved.ids.get('src/click/types.py')).toBe(3);
    expect(saved.kinds).toEqual(built.kinds);
  });

  it('refuse parts that do not fit, naming them', () => {
    const parts = pathTablesOf(FILES).pathWords.toParts();
    expect(() => new PathWords({ ...parts, starts: parts.starts.subarray(1) })).toThrow(/path word parts do not fit/);
  });

  it('make the suffix index on first use, and the next tables take its segments only then', () => {
    const tables = pathTablesOf(FILES);
    expect(tables.hasPathIndex()).toBe(false);
    expect(tables.pathIndex.match('/home/x/click/src/click/core.py:12')).toEqual(['src/click/core.py']);
    expect(tables.hasPathIndex()).toBe(true);
    const next = pathTablesOf([...FILES, file('src/click/utils.py')], tables);
    expect(next === tables).toBe(false); // (not toBe: its message compares deeply, reading the getter)
    expect(next.hasPathIndex()).toBe(false);
    expect(next.pathIndex.match('utils.py')).toEqual(['src/click/utils.py']);
    expect(next.pathWords.get('click')).toEqual([1, 2, 3, 5]);
    // the same paths and kinds: the same tables
    expect(pathTablesOf([...FILES], tables)).toBe(tables);
  });
});
