/**
 * The learned function ranker: a hand-made model's scores worked out by hand, the checks
 * that refuse a model not made for the unit features, the shipped model's scores against
 * the trainer's own (test/fixtures/learn/parity-functions.json), and on a real parse the
 * unit vectors (what the function stage knows of each unit) and the order the model gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index } from '../../../src/index.js';
import { extractCues } from '../../../src/unstable.js';
import {
  FUNCTION_MODEL,
  FUNCTION_MODEL_FORMAT,
  MODEL_FORMAT,
  UNIT_FEATURE_NAMES,
  UNIT_FEATURE_VERSION,
  learnedFunctions,
  parseModel,
  predict,
  shippedFunctionModel,
  type RankerModel,
} from '../../../src/learn/index.js';
import { FUNCTION_DEFAULTS, FunctionFinder, type FunctionSource } from '../../../src/rank/functions.js';
import type { RankContext } from '../../../src/rank/context.js';
import { packageRoot } from '../../../src/package-root.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

const NAMED = UNIT_FEATURE_NAMES.indexOf('cue_identifier');
const IMPORTS = UNIT_FEATURE_NAMES.indexOf('is_imports');

// cue_identifier <= 0.5 ? (is_imports <= 0.5 ? -1 : 0.5) : 3, plus a base of 0.25
const HAND: RankerModel = {
  format: FUNCTION_MODEL_FORMAT,
  feature_version: UNIT_FEATURE_VERSION,
  features: [...UNIT_FEATURE_NAMES],
  base: 0.25,
  trees: [{ feature: [NAMED, IMPORTS], threshold: [0.5, 0.5], left: [1, -1], right: [-3, -2], leaf: [-1, 0.5, 3] }],
};

function vector(named: number, imports: number): number[] {
  const x = UNIT_FEATURE_NAMES.map(() => 0);
  x[NAMED] = named;
  x[IMPORTS] = imports;
  return x;
}

describe('a function model', () => {
  it('scores a known vector as worked out by hand', () => {
    const m = parseModel(HAND, 'hand-made', FUNCTION_MODEL);
    expect(predict(m, vector(1, 0))).toBe(0.25 + 3);
    expect(predict(m, vector(0.5, 1))).toBe(0.25 + 0.5); // equal to the threshold goes left
    expect(predict(m, vector(0, 0))).toBe(0.25 - 1);
  });

  it('is refused when made for other features, naming the field', () => {
    const refused = (m: unknown): string => {
      try {
        parseModel(m, 'm.json', FUNCTION_MODEL);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refused({ ...HAND, format: MODEL_FORMAT })).toMatch(/m\.json: format must be "repomap-function-ranker"/);
    expect(refused({ ...HAND, feature_version: UNIT_FEATURE_VERSION + 1 })).toMatch(/feature_version/);
    expect(refused({ ...HAND, features: [...UNIT_FEATURE_NAMES].reverse() })).toMatch(/features do not match/);
    expect(refused({ ...HAND, trees: [{ ...HAND.trees[0]!, feature: [UNIT_FEATURE_NAMES.length, IMPORTS] }] })).toMatch(
      /not a feature index/,
    );
  });
});

describe('the shipped function model', () => {
  it("scores the trainer's parity vectors as the trainer did, to 1e-9", () => {
    const file = join(packageRoot(), 'test', 'fixtures', 'learn', 'parity-functions.json');
    const { vectors, scores } = JSON.parse(readFileSync(file, 'utf8')) as { vectors: number[][]; scores: number[] };
    const m = shippedFunctionModel();
    expect(vectors.length).toBeGreaterThan(10);
    vectors.forEach((x, k) => expect(Math.abs(predict(m, x) - scores[k]!)).toBeLessThanOrEqual(1e-9));
  });
});

describe('unit vectors and the learned order on a real parse', () => {
  let dir: string;
  let index: Index;
  const issue =
    'evict raises KeyError\n\nCalling `evict` twice on the cache store raises KeyError instead of ignoring the missing key.\n';
  beforeAll(async () => {
    dir = makeTemp('repomap-fn-learned-');
    writeFiles(dir, {
      'src/cache/store.py':
        'class Store:\n    def __init__(self):\n        self.items = {}\n\n    def put(self, key, value):\n        self.items[key] = value\n\n    def evict(self, key):\n        """Drop one entry."""\n        del self.items[key]\n',
      'src/cache/policy.py':
        'import os\nfrom .store import Store\n\ndef lru(store: Store):\n    return store.evict(store.oldest())\n\ndef size():\n    return int(os.environ.get("SIZE", "8"))\n',
      'tests/test_store.py': 'from cache.store import Store\n\ndef test_put():\n    Store().put("k", 1)\n',
    });
    index = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 1 });
  });
  afterAll(() => removeTemp(dir));

  it('gives every unit of the files with functions one finite vector, the same bytes each time', () => {
    const tuned = index.withOptions({ rank: { ranker: { issue2code: 'tuned' } } });
    const r = tuned.rank(issue, { task: 'issue2code', unitFeatures: true });
    const u = r.unitFeatures!;
    expect(u.version).toBe(UNIT_FEATURE_VERSION);
    expect(u.names).toEqual(UNIT_FEATURE_NAMES);
    expect(u.ids).toContain('src/cache/store.py::Store.evict');
    expect(u.ids).toContain('src/cache/policy.py::imports');
    for (const x of u.values) {
      expect(x).toHaveLength(UNIT_FEATURE_NAMES.length);
      for (const v of x) expect(Number.isFinite(v)).toBe(true);
    }
    const at = (id: string, name: string): number => u.values[u.ids.indexOf(id)]![UNIT_FEATURE_NAMES.indexOf(name)]!;
    // the issue names `evict` (a backticked identifier): the method's cue, not its class's
    expect(at('src/cache/store.py::Store.evict', 'cue_identifier')).toBeGreaterThan(0);
    expect(at('src/cache/store.py::Store.put', 'cue_identifier')).toBe(0);
    expect(at('src/cache/store.py::Store.evict', 'kind_method')).toBe(1);
    expect(at('src/cache/store.py::Store.evict', 'name_in_title')).toBe(1);
    expect(at('src/cache/store.py::Store.evict', 'unit_depth')).toBe(1);
    expect(at('src/cache/store.py::Store', 'kind_class')).toBe(1);
    expect(at('src/cache/policy.py::imports', 'is_imports')).toBe(1);
    expect(at('src/cache/policy.py::imports', 'kind_function')).toBe(0);
    // the tuned function ranking's first unit is the named method
    expect(at('src/cache/store.py::Store.evict', 'tuned_log_global_rank')).toBe(0);
    expect(JSON.stringify(tuned.rank(issue, { task: 'issue2code', unitFeatures: true }).unitFeatures)).toBe(
      JSON.stringify(u),
    );
  });

  it('orders the units by the model across files, ties in the tuned order, at most maxPerFile a file', () => {
    const cues = extractCues(issue, { task: 'issue2code' });
    const source: FunctionSource = {
      // what the function stage reads of the rank context: no path cues here, every word as specific
      ctx: {
        pathIndex: { match: () => [] },
        indexOf: () => 0,
        lineCount: () => Infinity,
        specificity: () => 1,
      } as unknown as RankContext,
      tagsOf: (p) => index.tagsOf(p),
      textOf: (p) => index.textOf(p),
    };
    const files = [
      { path: 'src/cache/policy.py', score: 1 },
      { path: 'src/cache/store.py', score: 0.5 },
    ];
    const o = { ...FUNCTION_DEFAULTS, maxPerFile: 3 };
    const out = learnedFunctions(files, cues, 2, new FunctionFinder(cues, source, o), HAND, o);
    // named (3.25) first, then the one imports (0.75), then the rest (-0.75) in the tuned order
    expect(out.ids[0]).toBe('src/cache/store.py::Store.evict');
    expect(out.ids[1]).toBe('src/cache/policy.py::imports');
    expect(out.files[1]!.functions!.map((f) => f.name)[0]).toBe('Store.evict');
    expect(out.files[1]!.functions![0]!.score).toBeCloseTo(1 / (1 + Math.exp(-3.25)), 5);
    for (const f of out.files) expect(f.functions!.length).toBeLessThanOrEqual(3);
    expect(out.ids).toHaveLength(out.files.reduce((n, f) => n + f.functions!.length, 0));
  });

  it('is what rank returns with the learned ranker: the shipped model orders the functions', () => {
    const learned = index.withOptions({ rank: { ranker: { issue2code: 'learned' }, functions: { learned: true } } });
    const r = learned.rank(issue, { task: 'issue2code', unitFeatures: true });
    const m = shippedFunctionModel();
    const u = r.unitFeatures!;
    const best = Math.max(...u.values.map((x) => predict(m, x)));
    expect(predict(m, u.values[u.ids.indexOf(r.functions![0]!)]!)).toBe(best);
    expect(JSON.stringify(learned.rank(issue, { task: 'issue2code' }).functions)).toBe(JSON.stringify(r.functions));
  });
});
