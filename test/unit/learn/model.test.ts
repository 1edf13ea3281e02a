/**
 * The model file's evaluator: a hand-made model's scores worked out by hand, the checks
 * that refuse a model not made for these features, and the shipped model's
 * scores against the trainer's own on the vectors bench/learn wrote beside it (test/fixtures/learn).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FEATURE_NAMES,
  FEATURE_VERSION,
  MODEL_FORMAT,
  parseModel,
  predict,
  shippedModel,
  type RankerModel,
} from '../../../src/learn/index.js';
import { packageRoot } from '../../../src/package-root.js';

const LEXICAL = FEATURE_NAMES.indexOf('lexical_share');
const EXAMPLE = FEATURE_NAMES.indexOf('folder_example');

function model(overrides: Partial<RankerModel> = {}): RankerModel {
  return {
    format: MODEL_FORMAT,
    feature_version: FEATURE_VERSION,
    features: [...FEATURE_NAMES],
    pool: 100,
    base: 0.5,
    trees: [
      // lexical_share <= 0.25 ? -1 : (folder_example <= 0.5 ? 2 : -3)
      { feature: [LEXICAL, EXAMPLE], threshold: [0.25, 0.5], left: [-1, -2], right: [1, -3], leaf: [-1, 2, -3] },
      // a tree without a split adds its one leaf
      { feature: [], threshold: [], left: [], right: [], leaf: [0.25] },
    ],
    ...overrides,
  };
}

function vector(lexical: number, example: number): number[] {
  const x = FEATURE_NAMES.map(() => 0);
  x[LEXICAL] = lexical;
  x[EXAMPLE] = example;
  return x;
}

describe('predict', () => {
  it('walks each tree to its leaf, a split sending x <= threshold left, and adds the leaves to the base', () => {
    const m = parseModel(model(), 'hand-made');
    expect(predict(m, vector(0.1, 0))).toBe(0.5 - 1 + 0.25);
    expect(predict(m, vector(0.25, 1))).toBe(0.5 - 1 + 0.25); // equal to the threshold goes left
    expect(predict(m, vector(0.9, 0))).toBe(0.5 + 2 + 0.25);
    expect(predict(m, vector(0.9, 1))).toBe(0.5 - 3 + 0.25);
  });
});

describe('parseModel', () => {
  const refused = (m: unknown): string => {
    try {
      parseModel(m, 'm.json');
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('refuses a model of other features, another feature version or another format, naming the field', () => {
    expect(refused(model({ features: [...FEATURE_NAMES].reverse() }))).toMatch(
      /^repomap\/learn: m\.json: features do not match/,
    );
    expect(refused(model({ feature_version: FEATURE_VERSION + 1 }))).toMatch(
      /^repomap\/learn: m\.json: feature_version is \d+; this repomap computes feature version/,
    );
    expect(refused({ ...model(), format: 'xgboost' })).toMatch(
      /^repomap\/learn: m\.json: format must be "repomap-ranker"/,
    );
    expect(refused(model({ pool: 0 }))).toMatch(/pool must be a whole number/);
  });

  it('refuses trees whose walk could loop or leave the tree', () => {
    const loop = model({
      trees: [{ feature: [LEXICAL, EXAMPLE], threshold: [0.5, 0.5], left: [1, 0], right: [-1, -2], leaf: [1, 2, 3] }],
    });
    expect(refused(loop)).toMatch(/trees\[0\]\.children\[1\] point at 0/);
    const outside = model({ trees: [{ feature: [LEXICAL], threshold: [0.5], left: [-1], right: [-5], leaf: [1, 2] }] });
    expect(refused(outside)).toMatch(/trees\[0\]\.children\[0\] point at -5/);
    const badFeature = model({
      trees: [{ feature: [FEATURE_NAMES.length], threshold: [0.5], left: [-1], right: [-2], leaf: [1, 2] }],
    });
    expect(refused(badFeature)).toMatch(/trees\[0\]\.feature\[0\] is not a feature index/);
    const nan = model({
      trees: [{ feature: [LEXICAL], threshold: [Number.NaN], left: [-1], right: [-2], leaf: [1, 2] }],
    });
    expect(refused(nan)).toMatch(/trees\[0\]\.threshold must be an array of finite numbers/);
  });
});

const parity = join(packageRoot(), 'test', 'fixtures', 'learn', 'parity.json');
describe('the shipped model', () => {
  it("scores the trainer's parity vectors as the trainer did, to 1e-9", () => {
    const { vectors, scores } = JSON.parse(readFileSync(parity, 'utf8')) as { vectors: number[][]; scores: number[] };
    const m = shippedModel();
    expect(vectors.length).toBeGreaterThan(10);
    vectors.forEach((x, k) => expect(Math.abs(predict(m, x) - scores[k]!)).toBeLessThanOrEqual(1e-9));
  });
});
