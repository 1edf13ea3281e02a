/**
 * A learned ranking model as shipped: additive regression trees over the feature vector
 * (features.ts), trained by bench/learn and saved as plain JSON. The score of a vector is
 * `base` plus, for each tree, the value of the leaf its splits lead to, a split sending
 * `x[feature] <= threshold` left (LightGBM's numerical split). Evaluation is a handful of
 * comparisons per tree, in doubles, with no native code: it equals the trainer's own
 * prediction to rounding.
 */
import { RepoMapError } from '../errors.js';
import { readPackageFile } from '../package-root.js';
import { FEATURE_NAMES, FEATURE_VERSION } from './features.js';

export const MODEL_FORMAT = 'repomap-ranker';

/**
 * One tree: internal node k splits on `feature[k]` at `threshold[k]`; a child index ≥ 0 is
 * an internal node, a negative one `c` is leaf `-c - 1`. A tree with no split is `leaf[0]`.
 */
export interface ModelTree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  leaf: number[];
}

export interface RankerModel {
  format: typeof MODEL_FORMAT;
  /** FEATURE_VERSION of the vectors the model reads. */
  feature_version: number;
  /** The feature names, in vector order: they must be FEATURE_NAMES. */
  features: string[];
  /** How many of the hand-tuned ranking's first files it reorders. */
  pool: number;
  base: number;
  trees: ModelTree[];
  /** How it was trained (free-form provenance: data, command, figures). */
  trained?: unknown;
}

/** The score of one feature vector. */
export function predict(model: RankerModel, x: readonly number[]): number {
  let sum = model.base;
  for (const tree of model.trees) {
    if (tree.feature.length === 0) {
      sum += tree.leaf[0]!;
      continue;
    }
    let node = 0;
    while (node >= 0) node = x[tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
    sum += tree.leaf[-node - 1]!;
  }
  return sum;
}

/** A parsed model file, checked: the format, the feature version and names, and every tree's shape. */
export function parseModel(json: unknown, source: string): RankerModel {
  const fail = (field: string, what: string): never => {
    throw new RepoMapError('bad-option', `repomap/learn: ${source}: ${field} ${what}`, field);
  };
  if (typeof json !== 'object' || json === null) return fail('model', 'is not a JSON object');
  const m = json as Record<string, unknown>;
  if (m.format !== MODEL_FORMAT) fail('format', `must be "${MODEL_FORMAT}", got ${JSON.stringify(m.format)}`);
  if (m.feature_version !== FEATURE_VERSION)
    fail(
      'feature_version',
      `is ${JSON.stringify(m.feature_version)}; this repomap computes feature version ${FEATURE_VERSION}`,
    );
  const names = m.features;
  if (!Array.isArray(names) || names.length !== FEATURE_NAMES.length || names.some((f, k) => f !== FEATURE_NAMES[k])) {
    fail('features', `do not match this repomap's ${FEATURE_NAMES.length} feature names`);
  }
  if (!Number.isInteger(m.pool) || (m.pool as number) < 1) fail('pool', 'must be a whole number ≥ 1');
  if (typeof m.base !== 'number' || !Number.isFinite(m.base)) fail('base', 'must be a finite number');
  if (!Array.isArray(m.trees)) return fail('trees', 'must be an array');
  (m.trees as unknown[]).forEach((t, k) => checkTree(t, `trees[${k}]`, fail));
  return json as RankerModel;
}

function checkTree(t: unknown, at: string, fail: (field: string, what: string) => never): void {
  if (typeof t !== 'object' || t === null) fail(at, 'is not an object');
  const tree = t as Record<string, unknown>;
  const arrays = ['feature', 'threshold', 'left', 'right', 'leaf'] as const;
  for (const key of arrays) {
    if (
      !Array.isArray(tree[key]) ||
      !(tree[key] as unknown[]).every((v) => typeof v === 'number' && Number.isFinite(v))
    )
      fail(`${at}.${key}`, 'must be an array of finite numbers');
  }
  const [feature, threshold, left, right, leaf] = arrays.map((key) => tree[key] as number[]) as [
    number[],
    number[],
    number[],
    number[],
    number[],
  ];
  const splits = feature.length;
  if (threshold.length !== splits || left.length !== splits || right.length !== splits)
    fail(at, 'has split arrays of different lengths');
  if (leaf.length !== splits + 1) fail(`${at}.leaf`, `must hold ${splits + 1} values (one more than the splits)`);
  for (let k = 0; k < splits; k++) {
    if (!Number.isInteger(feature[k]) || feature[k]! < 0 || feature[k]! >= FEATURE_NAMES.length)
      fail(`${at}.feature[${k}]`, 'is not a feature index');
    for (const child of [left[k]!, right[k]!]) {
      // children point forward (k < child) or at a leaf, so every walk ends
      const ok = Number.isInteger(child) && (child < 0 ? -child - 1 < leaf.length : child > k && child < splits);
      if (!ok) fail(`${at}.children[${k}]`, `point at ${child}, not a later split or a leaf`);
    }
  }
}

let shipped: RankerModel | undefined;

/** The model shipped in the package (models/issue2code-ranker.json), read on first use. */
export function shippedModel(): RankerModel {
  if (shipped) return shipped;
  const relative = 'models/issue2code-ranker.json';
  let read: { file: string; text: string };
  try {
    read = readPackageFile(relative);
  } catch (error) {
    throw new RepoMapError(
      'internal',
      `repomap/learn: the learned ranker's model ${relative} cannot be read (${(error as Error).message}); use the tuned ranker`,
      'ranker',
    );
  }
  shipped = parseModel(JSON.parse(read.text), read.file);
  return shipped;
}
