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
import { UNIT_FEATURE_NAMES, UNIT_FEATURE_VERSION } from './unit-features.js';

export const MODEL_FORMAT = 'repomap-ranker';
export const FUNCTION_MODEL_FORMAT = 'repomap-function-ranker';

/** What a model file must say to be read: its format, feature version and names, and whether it names a pool. */
export interface ModelSpec {
  format: string;
  version: number;
  names: readonly string[];
  /** Whether the model names the pool of files it reorders (the file ranker does). */
  pool: boolean;
  /** The shipped model's path in the package. */
  shipped: string;
}

/** The file ranker's model (features.ts). */
export const FILE_MODEL: ModelSpec = {
  format: MODEL_FORMAT,
  version: FEATURE_VERSION,
  names: FEATURE_NAMES,
  pool: true,
  shipped: 'models/issue2code-ranker.json',
};
/** The function ranker's model (unit-features.ts). */
export const FUNCTION_MODEL: ModelSpec = {
  format: FUNCTION_MODEL_FORMAT,
  version: UNIT_FEATURE_VERSION,
  names: UNIT_FEATURE_NAMES,
  pool: false,
  shipped: 'models/issue2code-functions.json',
};

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
  format: string;
  /** FEATURE_VERSION of the vectors the model reads. */
  feature_version: number;
  /** The feature names, in vector order: they must be FEATURE_NAMES. */
  features: string[];
  /** How many of the hand-tuned ranking's first files it reorders (the file ranker's). */
  pool?: number;
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

/** A parsed model file, checked against `spec` (the file ranker's by default): the format, the feature version and names, and every tree's shape. */
export function parseModel(json: unknown, source: string, spec: ModelSpec = FILE_MODEL): RankerModel {
  const fail = (field: string, what: string): never => {
    throw new RepoMapError('bad-option', `repomap/learn: ${source}: ${field} ${what}`, field);
  };
  if (typeof json !== 'object' || json === null) return fail('model', 'is not a JSON object');
  const m = json as Record<string, unknown>;
  if (m.format !== spec.format) fail('format', `must be "${spec.format}", got ${JSON.stringify(m.format)}`);
  if (m.feature_version !== spec.version)
    fail(
      'feature_version',
      `is ${JSON.stringify(m.feature_version)}; this repomap computes feature version ${spec.version}`,
    );
  const names = m.features;
  if (!Array.isArray(names) || names.length !== spec.names.length || names.some((f, k) => f !== spec.names[k])) {
    fail('features', `do not match this repomap's ${spec.names.length} feature names`);
  }
  if (spec.pool && (!Number.isInteger(m.pool) || (m.pool as number) < 1)) fail('pool', 'must be a whole number ≥ 1');
  if (typeof m.base !== 'number' || !Number.isFinite(m.base)) fail('base', 'must be a finite number');
  if (!Array.isArray(m.trees)) return fail('trees', 'must be an array');
  (m.trees as unknown[]).forEach((t, k) => checkTree(t, `trees[${k}]`, spec.names.length, fail));
  return json as RankerModel;
}

function checkTree(t: unknown, at: string, features: number, fail: (field: string, what: string) => never): void {
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
    if (!Number.isInteger(feature[k]) || feature[k]! < 0 || feature[k]! >= features)
      fail(`${at}.feature[${k}]`, 'is not a feature index');
    for (const child of [left[k]!, right[k]!]) {
      // children point forward (k < child) or at a leaf, so every walk ends
      const ok = Number.isInteger(child) && (child < 0 ? -child - 1 < leaf.length : child > k && child < splits);
      if (!ok) fail(`${at}.children[${k}]`, `point at ${child}, not a later split or a leaf`);
    }
  }
}

const shipped = new Map<ModelSpec, RankerModel>();

/** The model shipped in the package (models/issue2code-ranker.json), read on first use. */
export function shippedModel(): RankerModel {
  return shippedModelOf(FILE_MODEL);
}

/** The function ranker's model shipped in the package (models/issue2code-functions.json), read on first use. */
export function shippedFunctionModel(): RankerModel {
  return shippedModelOf(FUNCTION_MODEL);
}

function shippedModelOf(spec: ModelSpec): RankerModel {
  const kept = shipped.get(spec);
  if (kept) return kept;
  let read: { file: string; text: string };
  try {
    read = readPackageFile(spec.shipped);
  } catch (error) {
    throw new RepoMapError(
      'internal',
      `repomap/learn: the learned ranker's model ${spec.shipped} cannot be read (${(error as Error).message}); use the tuned ranker`,
      'ranker',
    );
  }
  const model = parseModel(JSON.parse(read.text), read.file, spec);
  shipped.set(spec, model);
  return model;
}
