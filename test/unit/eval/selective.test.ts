import { describe, expect, it } from 'vitest';
import {
  candidateThresholds,
  chooseThreshold,
  evaluateSelective,
  repoFold,
  selectiveRates,
  type SelectiveSample,
} from '../../../src/eval/selective.js';

// One repository per fold (FNV-1a of the name modulo 5).
const FOLD_REPOS = ['o/b', 'o/c', 'o/g', 'gin-gonic/gin', 'o/d'];

function item(repo: string, confidence: number, isNoGold: boolean, hitAt20 = !isNoGold): SelectiveSample {
  return { sampleId: `${repo}:${confidence}:${isNoGold}`, repo, confidence, isNoGold, hitAt20 };
}

describe('repoFold', () => {
  it('is FNV-1a 32 of the UTF-8 name', () => {
    expect(repoFold('a', 2 ** 32)).toBe(0xe40c292c);
    expect(repoFold('foobar', 2 ** 32)).toBe(0xbf9cf968);
    expect(FOLD_REPOS.map((r) => repoFold(r))).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('threshold choice', () => {
  it('candidates are 0, 1 and midpoints of distinct confidences', () => {
    expect(candidateThresholds([0.2, 0.8, 0.2, 0.4])).toEqual([0, 0.30000000000000004, 0.6000000000000001, 1]);
  });

  it('maximizes balanced accuracy, ties to the smallest threshold, 0 without both classes', () => {
    expect(chooseThreshold([item('o/b', 0.8, false), item('o/b', 0.2, true)])).toBe(0.5);
    // Candidates 0, 0.35, 0.6, 1. At 0.6: 1 of 2 positives answered, the no-gold one abstained:
    // (1/2 + 1)/2 = 0.75, the best; 0.35 gives (1/2 + 0)/2 and 0 gives (1 + 0)/2.
    expect(chooseThreshold([item('r/x', 0.2, false), item('r/x', 0.7, false), item('r/x', 0.5, true)])).toBe(0.6);
    expect(chooseThreshold([item('r/x', 0.9, false), item('r/x', 0.1, false)])).toBe(0);
    // All thresholds from 0 to 1 tie (balanced accuracy 0.5): the smallest wins.
    expect(chooseThreshold([item('r/x', 0.5, false), item('r/x', 0.5, true)])).toBe(0);
  });
});

describe('evaluateSelective', () => {
  it("chooses each fold's threshold on the other repositories and pools the held-out decisions", () => {
    const items = FOLD_REPOS.flatMap((repo) =>
      repo === 'o/d'
        ? [item(repo, 0.1, false), item(repo, 0.9, true)] // inverted confidences: wrong both ways when held out
        : [item(repo, 0.8, false), item(repo, 0.2, true)],
    );
    const report = evaluateSelective(items);
    expect(report.folds.map((f) => [f.fold, f.repos, f.samples, f.threshold])).toEqual([
      [0, ['o/b'], 2, 0.5],
      [1, ['o/c'], 2, 0.5],
      [2, ['o/g'], 2, 0.5],
      [3, ['gin-gonic/gin'], 2, 0.5],
      [4, ['o/d'], 2, 0.5],
    ]);
    expect(report).toMatchObject({
      samples: 10,
      positives: 5,
      noGold: 5,
      positivePassRate: 0.8,
      noGoldAbstentionRate: 0.8,
      selectiveSuccessAt20: 0.8,
      coverage: 0.5,
    });
    expect(report.balancedAccuracy).toBeCloseTo(0.8, 12);
    expect(report.baseline).toMatchObject({
      positivePassRate: 1,
      noGoldAbstentionRate: 0,
      balancedAccuracy: 0.5,
      selectiveSuccessAt20: 0.5,
      coverage: 1,
    });
  });

  it('a positive answered without a hit in the top 20 is not a success', () => {
    const r = selectiveRates(
      [item('r/x', 0.9, false, false), item('r/x', 0.9, false, true), item('r/x', 0.1, true)],
      0.5,
    );
    expect(r).toMatchObject({ positivePassRate: 1, noGoldAbstentionRate: 1, balancedAccuracy: 1, coverage: 2 / 3 });
    expect(r.selectiveSuccessAt20).toBe(2 / 3);
  });

  it('rates with an empty class are null', () => {
    const r = evaluateSelective([item('o/b', 0.9, false), item('o/c', 0.1, false)]);
    expect(r.noGoldAbstentionRate).toBeNull();
    expect(r.balancedAccuracy).toBeNull();
    expect(r.folds.every((f) => f.threshold === 0)).toBe(true);
    expect(r.coverage).toBe(1);
  });

  it('rejects bad options and confidences', () => {
    expect(() => evaluateSelective([], { folds: 1 })).toThrow(/folds must be an integer/);
    expect(() => evaluateSelective([item('o/b', Number.NaN, false)])).toThrow(/no finite confidence/);
  });
});
