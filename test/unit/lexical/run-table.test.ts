/**
 * `RunTable`: the distinct word runs of BM25's term counter, found by a span of any
 * string without slicing it. A lookup must find exactly the run with those characters,
 * wherever the span sits and whatever the characters are, and numbers never change as
 * the table grows.
 */
import { describe, expect, it } from 'vitest';
import { RunTable } from '../../../src/lexical/bm25-terms.js';

describe('RunTable', () => {
  it('numbers runs in the order added and finds each by a span of another string', () => {
    const table = new RunTable();
    expect(table.find('parse_args(x)', 0, 10)).toBe(-1);
    expect(table.add('parse_args')).toBe(0);
    expect(table.add('HTTPServer')).toBe(1);
    expect(table.size).toBe(2);
    expect(table.find('def parse_args(x):', 4, 14)).toBe(0);
    expect(table.find('new HTTPServer()', 4, 14)).toBe(1);
    // a prefix, an extension and a same-length neighbour are other runs
    expect(table.find('parse_args', 0, 5)).toBe(-1);
    expect(table.find('parse_argsX', 0, 11)).toBe(-1);
    expect(table.find('parse_argz', 0, 10)).toBe(-1);
    expect(table.find('HTTPServeR', 0, 10)).toBe(-1);
  });

  it('compares UTF-16 code units: accents, CJK and astral characters', () => {
    const table = new RunTable();
    const runs = ['café', 'cafe', '日本語', 'naïve', '𝒳value', 'x'];
    runs.forEach((run, i) => expect(table.add(run)).toBe(i));
    const text = `« ${runs.join(' · ')} »`;
    let at = 2;
    runs.forEach((run, i) => {
      expect(table.find(text, at, at + run.length)).toBe(i);
      at += run.length + 3;
    });
    expect(table.find('cafè', 0, 4)).toBe(-1);
  });

  it('keeps every number as it grows past its first slots (thousands of runs)', () => {
    const table = new RunTable();
    const runs = Array.from({ length: 20_000 }, (_, i) => `run${(i * 7919) % 100_003}_${i % 13}`);
    runs.forEach((run, i) => expect(table.add(run)).toBe(i));
    expect(table.size).toBe(runs.length);
    const text = runs.join(' ');
    let at = 0;
    for (let i = 0; i < runs.length; i++) {
      expect(table.find(text, at, at + runs[i]!.length)).toBe(i);
      at += runs[i]!.length + 1;
    }
    expect(table.find('run_missing', 0, 11)).toBe(-1);
  });
});
