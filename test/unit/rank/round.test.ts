import { describe, expect, it } from 'vitest';
import { roundScore } from '../../../src/rank/round.js';

describe('roundScore', () => {
  it.each([
    [0.123456789, 0.123457],
    [123456.789, 123457],
    [1e-7 / 3, 3.33333e-8],
    [-0.000123456789, -0.000123457],
    [1, 1],
    [0, 0],
  ])('%f: %f (6 significant digits)', (x, rounded) => {
    expect(roundScore(x)).toBe(rounded);
  });

  it('-0 is 0, so JSON and text say 0', () => {
    expect(Object.is(roundScore(-0), 0)).toBe(true);
  });
});
