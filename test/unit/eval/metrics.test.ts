import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DetailsRow } from '../../../src/eval/details.js';
import {
  accuracyAtK,
  budgetedContextYield,
  headerTokens,
  markdownTable,
  ndcgAtK,
  recallAtK,
  reciprocalRank,
  scoreSample,
  summarize,
  truncateCodePoints,
  type SampleScores,
} from '../../../src/eval/metrics.js';
import type { Sample } from '../../../src/eval/samples.js';

const COMMIT = 'b'.repeat(40);

function sample(id: string, gold: Record<string, unknown>, extra: Record<string, unknown> = {}): Sample {
  return { id, repo: 'o/r', base_commit: COMMIT, task_type: 'code2test', query: {}, gold, ...extra };
}

function row(id: string, top: string[], extra: Record<string, unknown> = {}): DetailsRow {
  return { sample_id: id, top_files: top, ...extra };
}

const textsOf = (texts: Record<string, string>) => (p: string) => texts[p];

describe('rank metrics by hand', () => {
  // Gold g1, g2, g3 at ranks 2, 5 and 12 of a 20-file list.
  const ranked = Array.from({ length: 20 }, (_, i) => `f${i + 1}`);
  ranked[1] = 'g1';
  ranked[4] = 'g2';
  ranked[11] = 'g3';
  const s = sample('s', { related_tests: ['g1', 'g2', 'g3'] });
  const scores = scoreSample(s, row('s', ranked));

  it('Recall@k = |gold ∩ top k| / |gold|', () => {
    expect(scores.metrics?.['Recall@5']).toBe(2 / 3);
    expect(scores.metrics?.['Recall@10']).toBe(2 / 3);
    expect(scores.metrics?.['Recall@20']).toBe(1);
  });

  it('MRR = 1 / rank of the first gold file', () => {
    expect(scores.metrics?.MRR).toBe(1 / 2);
    expect(scores.firstGoldRank).toBe(2);
    expect(reciprocalRank(['a', 'b'], ['c'])).toBe(0);
  });

  it('Any@k', () => {
    expect(scores.metrics?.['Any@5']).toBe(1);
    const late = scoreSample(s, row('s', ['a', 'b', 'c', 'd', 'e', 'f', 'g3']));
    expect([late.metrics?.['Any@5'], late.metrics?.['Any@10'], late.metrics?.['Any@20']]).toEqual([0, 1, 1]);
  });

  it('Acc@k: all gold files, capped at k, in the top k', () => {
    // g1 at 2, g2 at 5, g3 at 12: one gold file needed at k=1, three at k=3, 5 and 10
    expect([1, 3, 5, 10].map((k) => scores.metrics?.[`Acc@${k}` as 'Acc@1'])).toEqual([0, 0, 0, 0]);
    expect(accuracyAtK(['g1', 'x', 'g2'], ['g1', 'g2', 'g3'], 1)).toBe(1);
    expect(accuracyAtK(['g1', 'x', 'g2'], ['g1', 'g2', 'g3'], 3)).toBe(0);
    expect(accuracyAtK(['g1', 'g2', 'x'], ['g1', 'g2'], 3)).toBe(1);
    // many gold files: k of them in the top k is enough
    expect(accuracyAtK(['g1', 'g2'], ['g1', 'g2', 'g3', 'g4'], 2)).toBe(1);
    expect(accuracyAtK(['a'], [], 1)).toBe(0);
    // with one gold file Acc@k equals Recall@k
    const one = scoreSample(sample('o', { files: ['g'] }), row('o', ['a', 'b', 'g']));
    expect([one.metrics?.['Acc@1'], one.metrics?.['Acc@3'], one.metrics?.['Recall@5']]).toEqual([0, 1, 1]);
  });

  it('function-level Acc@k only for samples whose gold lists functions, averaged over those alone', () => {
    const fn = sample('f', { files: ['a.py'], functions: ['a.py::C.m', 'a.py::g'] }, { task_type: 'issue2code' });
    const hit = scoreSample(fn, row('f', ['a.py'], { functions: ['a.py::x', 'a.py::g', 'a.py::C.m'] }));
    expect([hit.metrics?.['Fn-Acc@5'], hit.metrics?.['Fn-Acc@10']]).toEqual([1, 1]);
    const far = scoreSample(
      fn,
      row('f', ['a.py'], {
        functions: ['a.py::C.m', ...Array.from({ length: 8 }, (_, i) => `a.py::h${i}`), 'a.py::g'],
      }),
    );
    expect([far.metrics?.['Fn-Acc@5'], far.metrics?.['Fn-Acc@10']]).toEqual([0, 1]);
    // no ranked functions: 0; no gold functions: no function metric at all
    expect(scoreSample(fn, row('f', ['a.py'])).metrics?.['Fn-Acc@5']).toBe(0);
    const plain = scoreSample(sample('p', { files: ['a.py'] }, { task_type: 'issue2code' }), row('p', ['a.py']));
    expect(plain.metrics?.['Fn-Acc@5']).toBeUndefined();
    const summary = summarize([hit, far, plain]);
    expect(summary.overall.scored).toBe(3);
    expect(summary.overall.functionScored).toBe(2);
    expect(summary.overall.metrics['Fn-Acc@5']).toBe(0.5);
    expect(summary.overall.metrics['Acc@1']).toBe(1);
    expect(markdownTable(summary)).toContain('Fn-Acc@10');
  });

  it('nDCG@20: binary gains, log2 discount, ideal = all gold first', () => {
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(6) + 1 / Math.log2(13);
    const ideal = 1 + 1 / Math.log2(3) + 1 / 2;
    expect(scores.metrics?.['nDCG@20']).toBeCloseTo(dcg / ideal, 12);
    // Ideal capped at 20 terms: 25 gold files, the 20 first ranked are all gold → 1.
    const many = Array.from({ length: 25 }, (_, i) => `g${i}`);
    expect(ndcgAtK(many.slice(0, 20), many, 20)).toBeCloseTo(1, 12);
    expect(ndcgAtK(['x', 'g'], ['g'], 20)).toBeCloseTo(1 / Math.log2(3), 12);
  });

  it('scores a missing row as zeros, and no-gold samples not at all', () => {
    const missing = scoreSample(s, undefined);
    expect(missing.missingRow).toBe(true);
    expect(missing.metrics?.['Recall@20']).toBe(0);
    const none = scoreSample(
      sample('n', { no_gold: true }, { task_type: 'abstention' }),
      row('n', ['a'], { confidence: 0.1 }),
    );
    expect(none.positive).toBe(false);
    expect(none.metrics).toBeNull();
    expect(none.confidence).toBe(0.1);
  });

  it('a given file occupies a rank but is never a hit', () => {
    const e2r = sample(
      'e',
      { files: ['anchor.py', 'b.py'] },
      { task_type: 'edit2ripple', query: { anchor_file: 'anchor.py' } },
    );
    const sc = scoreSample(e2r, row('e', ['anchor.py', 'b.py']));
    expect(sc.goldCount).toBe(1);
    expect(sc.metrics?.MRR).toBe(1 / 2);
    expect(sc.metrics?.['Recall@5']).toBe(1);
    const onlyGiven = scoreSample(e2r, row('e', ['anchor.py']));
    expect(onlyGiven.metrics?.['Recall@20']).toBe(0);
  });

  it('property: Recall@k never drops as k grows', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 30 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (rankedIds, goldIds, k1, k2) => {
          const ranked = rankedIds.map((i) => `f${i}`);
          const gold = goldIds.map((i) => `f${i}`);
          const [lo, hi] = k1 <= k2 ? [k1, k2] : [k2, k1];
          expect(recallAtK(ranked, gold, lo)).toBeLessThanOrEqual(recallAtK(ranked, gold, hi));
        },
      ),
    );
  });
});

describe('BCY by hand', () => {
  // Header "### x.py" is #, #, #, x, ., py = 6 tokens.
  const texts = { 'x.py': 'one two three', 'g.py': 'alpha beta' };
  const textOf = textsOf(texts);

  it('counts header tokens', () => {
    expect(headerTokens('x.py')).toBe(6);
    expect(headerTokens('src/a_b/c.test.ts')).toBe(3 + 9);
  });

  it('a gold file whose first content token is the last one that fits counts; a header alone does not', () => {
    // x.py costs 6 + 3 = 9; g.py's header 6 more = 15; its first content token is the 16th.
    expect(budgetedContextYield(['x.py', 'g.py'], ['g.py'], textOf, 16)).toBe(1);
    expect(budgetedContextYield(['x.py', 'g.py'], ['g.py'], textOf, 15)).toBe(0);
    expect(budgetedContextYield(['x.py', 'g.py'], ['g.py'], textOf, 17)).toBe(1);
    // A file that does not fit stops packing, even when later files are small.
    expect(budgetedContextYield(['x.py', 'g.py'], ['g.py'], textOf, 8)).toBe(0);
    expect(
      budgetedContextYield(['x.py', 'g.py', 'h.py'], ['g.py', 'h.py'], textsOf({ ...texts, 'h.py': 'z' }), 16),
    ).toBe(1 / 2);
  });

  it('a path without text costs its header; an empty gold file never counts', () => {
    // missing.py: header 6, no content; x.py 9; g.py first token at 6 + 9 + 6 + 1 = 22.
    expect(budgetedContextYield(['missing.py', 'x.py', 'g.py'], ['g.py'], textOf, 22)).toBe(1);
    expect(budgetedContextYield(['missing.py', 'x.py', 'g.py'], ['g.py'], textOf, 21)).toBe(0);
    expect(budgetedContextYield(['e.py'], ['e.py'], textsOf({ 'e.py': '' }), 100)).toBe(0);
  });

  it('the trunc8k variant cuts each text to 8,000 characters', () => {
    // big.py: one 7,990-char token, a space, then "a " × 5000 (10,000 chars).
    // Full: 1 + 5000 tokens (cost 5007) does not fit 4000. Cut: the first 8,000 chars hold
    // the long token and "a a a a a" (5 tokens): cost 6 + 6 = 12, then g.py (6 + 2) fits.
    const big = `${'x'.repeat(7990)} ${'a '.repeat(5000)}`;
    const s = sample('t', { related_tests: ['g.py'] });
    const sc = scoreSample(s, row('t', ['big.py', 'g.py']), textsOf({ 'big.py': big, 'g.py': 'alpha beta' }));
    expect(sc.metrics?.['BCY@4000']).toBe(0);
    expect(sc.metrics?.['BCY@4000-trunc8k']).toBe(1);
    expect(sc.metrics?.['BCY@8000']).toBe(1);
    expect(
      budgetedContextYield(['big.py', 'g.py'], ['g.py'], textsOf({ 'big.py': big, 'g.py': 'a' }), 12, {
        truncateChars: 8000,
      }),
    ).toBe(0);
    expect(
      budgetedContextYield(['big.py', 'g.py'], ['g.py'], textsOf({ 'big.py': big, 'g.py': 'a' }), 19, {
        truncateChars: 8000,
      }),
    ).toBe(1);
  });

  it('truncates by code points', () => {
    expect(truncateCodePoints('😀'.repeat(3), 2)).toBe('😀😀');
    expect(truncateCodePoints('ab', 5)).toBe('ab');
  });

  it('a given file costs budget but never counts', () => {
    const e2r = sample('e', { files: ['g.py', 'x.py'] }, { task_type: 'edit2ripple', query: { anchor_file: 'x.py' } });
    const sc = scoreSample(e2r, row('e', ['x.py', 'g.py']), textOf);
    expect(sc.goldCount).toBe(1);
    expect(sc.metrics?.['BCY@4000']).toBe(1);
    expect(budgetedContextYield(['x.py', 'g.py'], ['g.py'], textOf, 15)).toBe(0);
  });

  it('no BCY without texts', () => {
    const sc = scoreSample(sample('s', { related_tests: ['g.py'] }), row('s', ['g.py']));
    expect(sc.metrics?.['BCY@8000']).toBeUndefined();
  });
});

describe('summarize', () => {
  const mk = (id: string, task: string, top: string[] | undefined, gold: string[]): SampleScores =>
    scoreSample(
      sample(id, gold.length ? { files: gold } : { no_gold: true }, { task_type: task }),
      top ? row(id, top) : undefined,
    );

  const scored = [
    mk('a', 'code2test', ['g'], ['g']), // MRR 1
    mk('b', 'code2test', ['x', 'g'], ['g']), // MRR 1/2
    mk('c', 'edit2ripple', ['x', 'y', 'z', 'g'], ['g']), // MRR 1/4
    mk('d', 'edit2ripple', undefined, ['g']), // missing row: 0
    mk('e', 'abstention', ['x'], []), // no gold
  ];

  it('per task, overall (sample-weighted) and macro (mean of task rows)', () => {
    const sum = summarize(scored);
    expect(Object.keys(sum.tasks)).toEqual(['abstention', 'code2test', 'edit2ripple']);
    expect(sum.tasks.code2test?.metrics.MRR).toBe(3 / 4);
    expect(sum.tasks.edit2ripple?.metrics.MRR).toBe(1 / 8);
    expect(sum.tasks.abstention).toMatchObject({ samples: 1, positives: 0, noGold: 1, scored: 0, metrics: {} });
    expect(sum.overall).toMatchObject({ samples: 5, positives: 4, noGold: 1, missingRows: 1, scored: 4 });
    expect(sum.overall.metrics.MRR).toBe((1 + 1 / 2 + 1 / 4 + 0) / 4);
    expect(sum.macro.tasks).toEqual(['code2test', 'edit2ripple']);
    expect(sum.macro.metrics.MRR).toBe((3 / 4 + 1 / 8) / 2);
  });

  it('can leave samples without a row out of the means', () => {
    const sum = summarize(scored, { missingRows: 'exclude' });
    expect(sum.tasks.edit2ripple?.metrics.MRR).toBe(1 / 4);
    expect(sum.overall.scored).toBe(3);
    expect(sum.overall.missingRows).toBe(1);
  });

  it('renders a markdown table', () => {
    const table = markdownTable(summarize(scored), { metrics: ['MRR', 'Recall@20'], digits: 3 });
    expect(table).toBe(
      [
        '| task | samples | positives | no-gold | missing | MRR | Recall@20 |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
        '| abstention | 1 | 0 | 1 | 0 |  |  |',
        '| code2test | 2 | 2 | 0 | 0 | 0.750 | 1.000 |',
        '| edit2ripple | 2 | 2 | 0 | 1 | 0.125 | 0.500 |',
        '| overall | 5 | 4 | 1 | 1 | 0.438 | 0.750 |',
        '| macro |  |  |  |  | 0.438 | 0.750 |',
        '',
      ].join('\n'),
    );
  });
});
