/**
 * IgnoreRules (src/corpus/ignore-rules.ts): the same verdicts as the `ignore` package on
 * whole rule files (plain names and `*suffix` names looked up in maps, `**` patterns
 * rewritten to match in linear time, the rest the package's own expressions), and what it
 * adds: a pathological `**` pattern finishes, a line too long or that cannot be compiled
 * is left out and reported by line instead of throwing.
 */
import fc from 'fast-check';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { linearGlobstars } from '../../../src/corpus/globstar-regex.js';
import { IGNORE_RULES_DEFAULTS, IgnoreRules } from '../../../src/corpus/ignore-rules.js';

const SEGMENTS = ['a', 'b', 'A', 'ab', 'x.log', 'Build', '.env', 'a b'];
const PATTERN_SEGMENTS = [
  'a',
  'b',
  'ab',
  'B',
  '*',
  '**',
  'a*',
  '*b',
  '?',
  '[ab]',
  '*.log',
  'x.LOG',
  'build',
  '.env',
  '\\*',
  'a\\ b',
];

const path = fc
  .tuple(fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 7 }), fc.boolean())
  .map(([segments, folder]) => segments.join('/') + (folder ? '/' : ''));

const pattern = fc
  .tuple(
    fc.constantFrom('', '!', '#', '/', '**/', '!/'),
    fc.array(fc.constantFrom(...PATTERN_SEGMENTS), { minLength: 1, maxLength: 5 }),
    fc.constantFrom('', '/', ' ', '/**', '/**/'),
  )
  .map(([head, segments, tail]) => head + segments.join('/') + tail);

/** Patterns heavy in `**`, on few names, so that pieces between globstars meet the path in many places. */
const globstarPattern = fc
  .tuple(
    fc.constantFrom('', '/', '**/'),
    fc.array(fc.constantFrom('a', 'b', '**', '**', 'a*', '?', '[ab]'), { minLength: 2, maxLength: 9 }),
    fc.constantFrom('', '/', '/**'),
  )
  .map(([head, segments, tail]) => head + segments.join('/') + tail);
const namesPath = fc
  .tuple(fc.array(fc.constantFrom('a', 'b', 'ab', 'A'), { minLength: 1, maxLength: 10 }), fc.boolean())
  .map(([segments, folder]) => segments.join('/') + (folder ? '/' : ''));

describe('IgnoreRules', () => {
  it('gives the verdicts of the ignore package on rule files and paths', () => {
    fc.assert(
      fc.property(
        fc.array(pattern, { minLength: 1, maxLength: 8 }),
        fc.array(path, { minLength: 1, maxLength: 12 }),
        (lines, paths) => {
          const text = lines.join('\n');
          const theirs = ignore().add(text);
          const ours = IgnoreRules.parse(text);
          for (const p of paths) expect(ours.test(p), `${JSON.stringify(text)} on ${p}`).toEqual(pick(theirs.test(p)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives the verdicts of the ignore package on a list of patterns, as --exclude and --include pass them', () => {
    fc.assert(
      fc.property(
        fc.array(pattern, { minLength: 1, maxLength: 5 }),
        fc.array(path, { minLength: 1, maxLength: 8 }),
        (lines, paths) => {
          const theirs = ignore().add(lines);
          const ours = IgnoreRules.of(lines);
          for (const p of paths) expect(ours.ignores(p), `${JSON.stringify(lines)} on ${p}`).toBe(theirs.ignores(p));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads line ends and a byte-order mark as git does', () => {
    const text = '\uFEFFa.log\r\n!b.log\r\r\nbuild/\r';
    for (const p of ['a.log', 'b.log', 'build/', 'build/x', 'b.log\r'])
      expect(IgnoreRules.parse(text).test(p)).toEqual(pick(ignore().add(text).test(p)));
  });

  it('matches a pattern of many ** on a deep path without backtracking, with the verdicts it had', () => {
    const line = `${'**/a/'.repeat(10)}**/b`;
    // the package's expression repeats a backtracking globstar ten times; the rewrite keeps one, before the last piece
    const source = regexOf(line)!.source;
    expect(backtrackingGlobstars(source)).toBe(10);
    const linear = linearGlobstars(source);
    expect(backtrackingGlobstars(linear)).toBe(1);
    expect(linear.endsWith(`${GLOBSTAR}\\/b(?=$|\\/$)`)).toBe(true);
    const rules = IgnoreRules.parse(line);
    const deep = 'a/'.repeat(40);
    // before the rewrite each of these took minutes (the timeout only guards a hang)
    expect(rules.ignores(`${deep}x.ts`)).toBe(false);
    expect(rules.ignores(`${deep}b`)).toBe(true);
    expect(rules.ignores(`${deep}b/c.ts`)).toBe(true);
    expect(rules.ignores(`${'a/'.repeat(9)}b`)).toBe(false);
    expect(rules.ignores(`${'a/x/'.repeat(10)}b`)).toBe(true);
  }, 20_000);

  it('rewrites a source of ignore to one with the same verdicts, consecutive ** collapsed', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          globstarPattern,
          pattern.filter((p) => !p.startsWith('#')),
        ),
        fc.array(fc.oneof(path, namesPath), { minLength: 1, maxLength: 10 }),
        (line, paths) => {
          const original = regexOf(line);
          if (original === undefined) return;
          const linear = new RegExp(linearGlobstars(original.source), original.flags);
          for (const p of paths) expect(linear.test(p), `${line} on ${p}: ${linear.source}`).toBe(original.test(p));
        },
      ),
      { numRuns: 4000 },
    );
    expect(linearGlobstars(regexOf('a/**/**/**/b')!.source)).toBe(regexOf('a/**/b')!.source);
  });

  it('leaves out a line too long, naming its line; the other lines still apply (a long comment is no rule)', () => {
    // 32,800 characters: past what V8 compiles as the package translates it (too large, or its parser's stack overflows)
    const long = 'a*'.repeat(16_400);
    expect(() => ignore().add(long).ignores('x')).toThrow(SyntaxError);
    const rules = IgnoreRules.parse(`x.log\n${long}\n# ${'note '.repeat(2_000)}\n${'ab'.repeat(1_000)}*\ny/`);
    expect(rules.problems).toEqual([
      {
        line: 2,
        pattern: expect.stringContaining('(32800 characters)'),
        reason: `it is longer than ${IGNORE_RULES_DEFAULTS.maxPatternChars} characters`,
      },
    ]);
    expect(rules.problems[0]!.pattern.length).toBeLessThan(100);
    expect(rules.ignores('x.log')).toBe(true);
    expect(rules.ignores('y/z.ts')).toBe(true);
    expect(rules.ignores(`${'ab'.repeat(1_000)}.py`)).toBe(true);
    expect(rules.ignores('src/app.ts')).toBe(false);
  });

  it('leaves out the patterns with wildcards past the cap in one report; plain names past it still apply', () => {
    const max = IGNORE_RULES_DEFAULTS.maxWildcardPatterns;
    const wildcards = Array.from({ length: max + 500 }, (_, i) => `w${i}-*.tmp`);
    const plain = Array.from({ length: 50_000 }, (_, i) => `file-${i}.txt`);
    const rules = IgnoreRules.parse([...wildcards, ...plain, '*.log', '!keep.log'].join('\n'));
    expect(rules.problems).toEqual([
      {
        line: max + 1,
        pattern: JSON.stringify(`w${max}-*.tmp`),
        reason: `the file has more than ${max} patterns with wildcards (and so are the 499 after it)`,
      },
    ]);
    expect(rules.ignores(`w${max - 1}-x.tmp`)).toBe(true);
    expect(rules.ignores(`w${max}-x.tmp`)).toBe(false);
    expect(rules.ignores('src/file-49999.txt')).toBe(true);
    expect(rules.ignores('src/file-50000.txt')).toBe(false);
    expect(rules.ignores('a.log')).toBe(true);
    expect(rules.ignores('keep.log')).toBe(false);
  });
});

/** The regular expression the package makes of one line. */
function regexOf(line: string): RegExp | undefined {
  return (ignore().add(line) as unknown as { _rules: { _rules: { regex: RegExp }[] } })._rules._rules[0]?.regex;
}

/** How the package writes a `**` between two slashes. */
const GLOBSTAR = '(?:\\/[^\\/]+)*';

/** How many globstars of a source repeat greedily, backtracking on a failure after them (the rewrite's lazy ones, in a lookahead read once, do not). */
function backtrackingGlobstars(source: string): number {
  return source
    .split(GLOBSTAR)
    .slice(1)
    .filter((after) => !after.startsWith('?')).length;
}

function pick(result: { ignored: boolean; unignored: boolean }): { ignored: boolean; unignored: boolean } {
  return { ignored: result.ignored, unignored: result.unignored };
}
