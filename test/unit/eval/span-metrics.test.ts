/**
 * Span and pack metrics on hand-made samples and details rows: every value is
 * worked out by hand in the comments, so a change in a convention (overlaps,
 * given files, empty packs, exclusions) fails here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { runCli } from '../../../src/cli/run.js';
import type { DetailsRow } from '../../../src/eval/details.js';
import { parseSamples, type Sample } from '../../../src/eval/samples.js';
import {
  goldLineRanges,
  mergeRanges,
  readPackedRanges,
  rangeLines,
  scorePack,
  scoreSampleSpans,
  sharedLines,
  spanMarkdownTable,
  spanSummaryOf,
  summarizeSpans,
} from '../../../src/eval/span-metrics.js';

const COMMIT = 'c'.repeat(40);

function sample(id: string, task: string, gold: Record<string, unknown>): Sample {
  return { id, repo: 'o/r', base_commit: COMMIT, task_type: task, query: {}, gold } as Sample;
}

const span = (path: string, start: number, end: number) => ({ path, start_line: start, end_line: end });

// A (code2test): gold t1.py, t2.py. t1.py's spans 10-19 and 15-24 overlap: lines 10..24 (15 lines);
// t2.py line 5 (1 line); the span on other.py is not a gold file's and is ignored. Gold lines: 16.
const A = sample('A', 'code2test', {
  related_tests: ['t1.py', 't2.py'],
  gold_spans: [span('t1.py', 10, 19), span('t1.py', 15, 24), span('t2.py', 5, 5), span('other.py', 1, 100)],
});
// B (edit2ripple): gold b.py (lines 3-4); a.py is given, so its span is ignored. Gold lines: 2.
const B = sample('B', 'edit2ripple', {
  files: ['b.py'],
  given_files: ['a.py'],
  gold_spans: [span('a.py', 1, 10), span('b.py', 3, 4)],
});
// C (trace2code): a gold file, no spans: PackBCY only.
const C = sample('C', 'trace2code', { root_cause_files: ['c.py'] });
// D: no gold; E: a row without packs; F: no row.
const D = sample('D', 'abstention', { no_gold: true });
const E = sample('E', 'code2test', { related_tests: ['e.py'], gold_spans: [span('e.py', 1, 2)] });
const F = sample('F', 'code2test', { related_tests: ['f.py'], gold_spans: [span('f.py', 1, 2)] });

const rows: DetailsRow[] = [
  {
    sample_id: 'A',
    top_files: ['t1.py', 'x.py', 't2.py'],
    // 4000: t1.py 1-12 and 11-20 merge to 1..20 (20 lines), 11 of them gold (10..20); x.py 30 lines. Packed 50.
    // 8000: t1.py 1..100 (100 lines, 15 gold), t2.py 5 (1, gold), x.py 30. Packed 131, shared 16.
    pack: {
      '8000': { 't1.py': [[1, 100]], 't2.py': [[5, 5]], 'x.py': [[1, 30]] },
      '4000': {
        't1.py': [
          [1, 12],
          [11, 20],
        ],
        'x.py': [[1, 30]],
      },
    },
    // An empty pack: nothing packed.
    pack_whole: { '4000': {} },
  },
  // B: a.py (given, 10 lines) and b.py 4..8 (5 lines, line 4 is gold). Packed 15, shared 1.
  { sample_id: 'B', top_files: ['a.py', 'b.py'], pack: { '4000': { 'a.py': [[1, 10]], 'b.py': [[4, 8]] } } },
  { sample_id: 'C', top_files: ['c.py'], pack: { '4000': { 'c.py': [[1, 1]] } } },
  { sample_id: 'D', top_files: ['d.py'], pack: { '4000': { 'd.py': [[1, 9]] } } },
  { sample_id: 'E', top_files: ['e.py'] },
];
const byId = new Map(rows.map((r) => [r.sample_id, r]));
const f1 = (r: number, p: number): number => (2 * r * p) / (r + p);

describe('line ranges', () => {
  it('merges overlapping and touching ranges, in line order', () => {
    expect(
      mergeRanges([
        [20, 25],
        [1, 3],
        [4, 5],
        [2, 2],
        [10, 12],
        [11, 30],
      ]),
    ).toEqual([
      [1, 5],
      [10, 30],
    ]);
    expect(mergeRanges([])).toEqual([]);
  });

  it('counts lines and shared lines of merged lists', () => {
    expect(
      rangeLines([
        [1, 5],
        [10, 30],
      ]),
    ).toBe(26);
    expect(
      sharedLines(
        [
          [1, 5],
          [10, 30],
        ],
        [
          [5, 12],
          [29, 40],
        ],
      ),
    ).toBe(1 + 3 + 2);
    expect(sharedLines([[1, 5]], [[6, 9]])).toBe(0);
    expect(sharedLines([], [[1, 9]])).toBe(0);
  });

  it('keeps the gold spans of gold files only (not given files, not other paths), merged', () => {
    expect([...goldLineRanges(A)]).toEqual([
      ['t1.py', [[10, 24]]],
      ['t2.py', [[5, 5]]],
    ]);
    expect([...goldLineRanges(B)]).toEqual([['b.py', [[3, 4]]]]);
    expect(goldLineRanges(C).size).toBe(0);
  });
});

describe('per-sample pack scores', () => {
  it('A at 4000: overlapping packed ranges count once, a non-gold file costs precision', () => {
    const s = scoreSampleSpans(A, byId.get('A'));
    expect(s.goldLines).toBe(16);
    expect(s.packs.pack?.['4000']).toEqual({
      PackBCY: 1 / 2,
      LineRecall: 11 / 16,
      LinePrecision: 11 / 50,
      LineF1: f1(11 / 16, 11 / 50),
    });
    expect(s.packs.pack?.['8000']).toEqual({
      PackBCY: 1,
      LineRecall: 1,
      LinePrecision: 16 / 131,
      LineF1: f1(1, 16 / 131),
    });
  });

  it('an empty pack scores 0 everywhere (precision 0, not NaN)', () => {
    expect(scoreSampleSpans(A, byId.get('A')).packs.pack_whole).toEqual({
      '4000': { PackBCY: 0, LineRecall: 0, LinePrecision: 0, LineF1: 0 },
    });
  });

  it('B: packed lines of the given file count as packed, never as gold', () => {
    expect(scoreSampleSpans(B, byId.get('B')).packs.pack?.['4000']).toEqual({
      PackBCY: 1,
      LineRecall: 1 / 2,
      LinePrecision: 1 / 15,
      LineF1: f1(1 / 2, 1 / 15),
    });
  });

  it('C: no gold spans gives PackBCY only; D: no gold gives nothing; E, F: no pack', () => {
    expect(scoreSampleSpans(C, byId.get('C')).packs.pack?.['4000']).toEqual({ PackBCY: 1 });
    expect(scoreSampleSpans(D, byId.get('D')).packs).toEqual({});
    expect(scoreSampleSpans(E, byId.get('E')).packs).toEqual({});
    const f = scoreSampleSpans(F, undefined);
    expect([f.missingRow, f.packs]).toEqual([true, {}]);
  });

  it('a pack naming only files outside the gold set has recall and PackBCY 0', () => {
    expect(scorePack(new Set(['g.py']), new Map([['g.py', [[1, 4]]]]), { 'h.py': [[1, 4]] })).toEqual({
      PackBCY: 0,
      LineRecall: 0,
      LinePrecision: 0,
      LineF1: 0,
    });
  });
});

describe('summary', () => {
  const summary = summarizeSpans([A, B, C, D, E, F].map((s) => scoreSampleSpans(s, byId.get(s.id))));

  it('finds the fields and budgets the rows carry', () => {
    expect(summary.fields).toEqual(['pack', 'pack_whole']);
    expect(summary.budgets).toEqual([4000, 8000]);
  });

  it('overall: means over the samples that have the pack; line metrics over those with spans too', () => {
    const o = summary.overall;
    expect([o.samples, o.positives, o.withSpans, o.withoutSpans, o.goldFilesWithoutSpans]).toEqual([6, 5, 4, 1, 1]);
    const p4 = o.packs.pack?.['4000'];
    expect([p4?.packed, p4?.missing, p4?.lineScored]).toEqual([3, 2, 2]);
    expect(p4?.metrics.PackBCY).toBeCloseTo((1 / 2 + 1 + 1) / 3, 12);
    expect(p4?.metrics.LineRecall).toBeCloseTo((11 / 16 + 1 / 2) / 2, 12);
    expect(p4?.metrics.LinePrecision).toBeCloseTo((11 / 50 + 1 / 15) / 2, 12);
    expect(p4?.metrics.LineF1).toBeCloseTo((f1(11 / 16, 11 / 50) + f1(1 / 2, 1 / 15)) / 2, 12);
    const p8 = o.packs.pack?.['8000'];
    expect([p8?.packed, p8?.missing, p8?.metrics.LineRecall]).toEqual([1, 4, 1]);
    expect(o.packs.pack_whole?.['8000']).toEqual({ packed: 0, missing: 5, lineScored: 0, metrics: {} });
  });

  it('per task, and macro = mean of the task means that exist', () => {
    expect(Object.keys(summary.tasks)).toEqual(['abstention', 'code2test', 'edit2ripple', 'trace2code']);
    expect(summary.tasks.code2test?.packs.pack?.['4000']?.missing).toBe(2);
    expect(summary.macro.pack?.['4000']?.PackBCY).toBeCloseTo((1 / 2 + 1 + 1) / 3, 12);
    // trace2code has no line metrics: the macro is over code2test and edit2ripple.
    expect(summary.macro.pack?.['4000']?.LineRecall).toBeCloseTo((11 / 16 + 1 / 2) / 2, 12);
    expect(summary.macro.pack_whole?.['8000']).toEqual({});
  });

  it('prints one table row per task, pack and budget', () => {
    const table = spanMarkdownTable(summary);
    expect(table).toContain('| overall | pack | 4000 | 5 | 4 | 3 | 2 | 0.8333 | 0.5938 | 0.1433 |');
    expect(table.trim().split('\n')).toHaveLength(2 + 5 * 4 + 4);
  });

  it('is undefined when no row carries a pack', () => {
    expect(spanSummaryOf([A, E], [{ sample_id: 'A', top_files: [] }, undefined])).toBeUndefined();
    expect(spanSummaryOf([A], byId)?.overall.packs.pack?.['4000']?.packed).toBe(1);
  });
});

describe('validation', () => {
  it('rejects a malformed pack field, naming the sample and the field', () => {
    const bad = (pack: unknown) => () => readPackedRanges({ sample_id: 'X', top_files: [], pack }, 'pack');
    expect(bad([1])).toThrow(/sample "X": field "pack" must be an object of budgets/);
    expect(bad({ '4k': {} })).toThrow(/field "pack\.4k" is not a budget/);
    expect(bad({ '4000': [] })).toThrow(/field "pack\.4000" must be an object of paths/);
    expect(bad({ '4000': { 'a.py': [[5, 4]] } })).toThrow(
      /field "pack\.4000\["a\.py"\]\[0\]" must be \[start, end\] with integers 1 ≤ start ≤ end, got \[5,4\]/,
    );
    expect(bad({ '4000': { 'a.py': [[0, 4]] } })).toThrow(/\[0\]" must be/);
    expect(readPackedRanges({ sample_id: 'X', top_files: [] }, 'pack')).toBeUndefined();
  });

  it('reads gold_spans and rejects bad ones, naming the row, sample and field', () => {
    const line = (spans: unknown) =>
      JSON.stringify({
        id: 'S',
        repo: 'o/r',
        base_commit: COMMIT,
        task_type: 'code2test',
        query: {},
        gold: { related_tests: ['a'], gold_spans: spans },
      });
    expect(parseSamples(line([span('a', 2, 3)]), 'f.jsonl')[0]?.gold?.gold_spans).toEqual([span('a', 2, 3)]);
    expect(() => parseSamples(line({}), 'f.jsonl')).toThrow(
      /f\.jsonl:1: field "gold\.gold_spans" must be an array \(sample "S"\)/,
    );
    expect(() => parseSamples(line([span('a', 1, 1), 'x']), 'f.jsonl')).toThrow(
      /field "gold\.gold_spans\[1\]" must be an object/,
    );
    expect(() => parseSamples(line([span('', 1, 1)]), 'f.jsonl')).toThrow(
      /field "gold\.gold_spans\[0\]\.path" must be a non-empty string/,
    );
    expect(() => parseSamples(line([span('a', 0, 1)]), 'f.jsonl')).toThrow(
      /field "gold\.gold_spans\[0\]\.start_line" must be an integer ≥ 1, got 0/,
    );
    expect(() => parseSamples(line([span('a', 3, 2)]), 'f.jsonl')).toThrow(
      /field "gold\.gold_spans\[0\]\.end_line" must be an integer ≥ start_line \(3\), got 2/,
    );
  });
});

describe('repomap score with packs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'repomap-spans-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'samples.jsonl'), [A, B, C, D, E, F].map((s) => JSON.stringify(s) + '\n').join(''));
  writeFileSync(join(dir, 'details.jsonl'), rows.map((r) => JSON.stringify(r) + '\n').join(''));
  const cli = async (args: string[]) => {
    let out = '';
    let err = '';
    const io: CliIo = {
      cwd: dir,
      stdout: { write: (s: string) => (out += s), isTTY: false },
      stderr: { write: (s: string) => (err += s), isTTY: false },
    };
    return { code: await runCli(args, io), out, err };
  };

  it('adds the span summary to the summary JSON and prints its table', async () => {
    const r = await cli(['score', '--samples', 'samples.jsonl', '--details', 'details.jsonl', '--summary', 'out.json']);
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'));
    expect(s.spans.overall.packs.pack['4000'].metrics.LineRecall).toBeCloseTo((11 / 16 + 1 / 2) / 2, 12);
    expect(s.spans.budgets).toEqual([4000, 8000]);
    expect(r.out).toContain('Packs (span metrics):');
    expect(r.out).toContain('| overall | pack | 4000 | 5 | 4 | 3 | 2 | 0.8333 | 0.5938 | 0.1433 |');
  });

  it('fails with exit code 1 on a malformed pack, naming the sample and field', async () => {
    writeFileSync(
      join(dir, 'bad.jsonl'),
      JSON.stringify({ sample_id: 'A', top_files: [], pack: { '4000': { 'a.py': [[3]] } } }) + '\n',
    );
    const r = await cli(['score', '--samples', 'samples.jsonl', '--details', 'bad.jsonl']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/sample "A": field "pack\.4000\["a\.py"\]\[0\]"/);
  });
});
