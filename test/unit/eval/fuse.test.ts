import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DetailsRow } from '../../../src/eval/details.js';
import { fuseDetails, rrfFuse } from '../../../src/eval/fuse.js';

describe('rrfFuse', () => {
  it('scores Σ 1/(60 + rank), ties in path order', () => {
    const fused = rrfFuse([['a', 'b', 'c'], { files: ['b', 'a', 'd'] }]);
    expect(fused.map((f) => f.path)).toEqual(['a', 'b', 'c', 'd']);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(fused[0]?.score).toBe(fused[1]?.score);
    expect(fused[2]?.score).toBe(1 / 63);
    expect(fused[3]?.score).toBe(1 / 63);
  });

  it('applies k and weights; a repeated path counts at its first rank', () => {
    const fused = rrfFuse(
      [
        ['a', 'b'],
        ['b', 'a', 'b'],
      ],
      { k: 0, weights: [2, 1] },
    );
    expect(fused).toEqual([
      { path: 'a', score: 2 / 1 + 1 / 2 },
      { path: 'b', score: 1 / 1 + 2 / 2 },
    ]);
  });

  it('rejects bad options', () => {
    expect(() => rrfFuse([['a']], { weights: [1, 2] })).toThrow(/1 weights|2 weights/);
    expect(() => rrfFuse([['a']], { k: -1 })).toThrow(/k must be/);
  });

  const lists = fc.array(fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 7 }), {
    minLength: 1,
    maxLength: 5,
  });

  it('property: ignores the order of its inputs', () => {
    fc.assert(
      fc.property(lists, fc.infiniteStream(fc.nat()), (ls, seeds) => {
        const shuffled = ls
          .map((l, i) => ({ l, key: seeds.next().value * 10 + i }))
          .sort((x, y) => x.key - y.key)
          .map((x) => x.l);
        expect(rrfFuse(shuffled)).toEqual(rrfFuse(ls));
      }),
    );
  });

  it('property: a file ranked first by every input is first', () => {
    fc.assert(
      fc.property(lists, (ls) => {
        const withHead = ls.map((l) => ['z', ...l]);
        expect(rrfFuse(withHead)[0]?.path).toBe('z');
      }),
    );
  });
});

describe('fuseDetails', () => {
  const r = (id: string, top: string[], extra: Partial<DetailsRow> = {}): DetailsRow => ({
    sample_id: id,
    repo: 'o/r',
    top_files: top,
    ...extra,
  });

  it('matches rows by sample_id; a sample missing from an input is fused from the others', () => {
    const fused = fuseDetails(
      [
        [r('s1', ['a', 'b']), r('s2', ['x'])],
        [r('s3', ['q']), r('s1', ['b', 'c'], { task_type: 'code2test' })],
      ],
      { top: 2 },
    );
    expect(fused.map((f) => f.sample_id)).toEqual(['s1', 's2', 's3']);
    expect(fused[0]).toEqual({
      sample_id: 's1',
      repo: 'o/r',
      task_type: 'code2test',
      top_files: ['b', 'a'],
      scores: [1 / 61 + 1 / 62, 1 / 61],
    });
    expect(fused[1]).toEqual({ sample_id: 's2', repo: 'o/r', top_files: ['x'], scores: [1 / 61] });
  });

  it('rejects inputs that disagree or repeat a sample', () => {
    expect(() => fuseDetails([[r('s', ['a'])], [r('s', ['a'], { repo: 'o/other' })]])).toThrow(
      'repomap/eval: the fused inputs disagree: sample "s" has repo "o/r" in input 0 and "o/other" in input 1',
    );
    expect(() => fuseDetails([[r('s', ['a']), r('s', ['b'])]])).toThrow(/repeats sample_id "s"/);
  });
});
