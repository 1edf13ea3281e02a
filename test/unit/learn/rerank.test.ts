/**
 * The learned ranker as a stage: the pool is reordered by the model's scores (ties keep
 * the tuned order), the files after it keep the tuned order below the pool's lowest
 * score; and on a real parse, `rank.ranker` = learned ranks every file once, scores
 * falling, the same bytes each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index, type RankedFile } from '../../../src/index.js';
import { FEATURE_NAMES, FEATURE_VERSION, MODEL_FORMAT, rerank, type RankerModel } from '../../../src/learn/index.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

const LEXICAL = FEATURE_NAMES.indexOf('lexical_share');
// the score is lexical_share itself, in three steps
const MODEL: RankerModel = {
  format: MODEL_FORMAT,
  feature_version: FEATURE_VERSION,
  features: [...FEATURE_NAMES],
  pool: 3,
  base: 0,
  trees: [{ feature: [LEXICAL, LEXICAL], threshold: [0.3, 0.6], left: [-1, -2], right: [1, -3], leaf: [0, 1, 2] }],
};

function file(path: string, score: number): RankedFile {
  return { path, score, reasons: [`tuned ${path}`] };
}

function vector(lexical: number): number[] {
  const x = FEATURE_NAMES.map(() => 0);
  x[LEXICAL] = lexical;
  return x;
}

describe('rerank', () => {
  it('orders the pool by the model, ties in the tuned order, and keeps the rest after it in the tuned order', () => {
    const files = [file('a', 0.9), file('b', 0.8), file('c', 0.7), file('d', 0.6), file('e', 0.3)];
    const out = rerank(files, { paths: ['a', 'b', 'c'], values: [vector(0.1), vector(0.9), vector(0.2)] }, MODEL);
    expect(out.map((f) => f.path)).toEqual(['b', 'a', 'c', 'd', 'e']);
    // reasons travel with their file
    expect(out[0]!.reasons).toEqual(['tuned b']);
    // scores fall as ranks rise: the tail is scaled below the pool's lowest
    for (let k = 1; k < out.length; k++) expect(out[k]!.score).toBeLessThanOrEqual(out[k - 1]!.score);
    expect(out[3]!.score).toBeLessThan(out[2]!.score);
    expect(out[3]!.score).toBeGreaterThan(out[4]!.score);
  });
});

describe('rank with the learned ranker', () => {
  let dir: string;
  let index: Index;
  beforeAll(async () => {
    dir = makeTemp('repomap-learned-');
    writeFiles(dir, {
      'src/cache/store.py':
        'class Store:\n    def evict(self, key):\n        """Drop one entry."""\n        del self.items[key]\n',
      'src/cache/policy.py':
        'from .store import Store\n\ndef lru(store: Store):\n    return store.evict(store.oldest())\n',
      'examples/evict_demo.py': 'from cache.store import Store\n\nStore().evict("k")\n',
      'tests/test_store.py': 'from cache.store import Store\n\ndef test_evict():\n    Store().evict("k")\n',
      'README.md': '# cache\n\nAn LRU cache whose Store can evict entries.\n',
    });
    index = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 1 });
  });
  afterAll(() => removeTemp(dir));

  it('ranks every file once, scores falling, the same bytes on every call', () => {
    const issue =
      'Store.evict raises KeyError\n\nEvicting a key twice from the cache `Store` raises KeyError instead of ignoring it.\n';
    const learned = index.withOptions({ rank: { ranker: { issue2code: 'learned' } } });
    const r = learned.rank(issue);
    const tuned = index.rank(issue);
    expect(r.files.map((f) => f.path).sort()).toEqual(tuned.files.map((f) => f.path).sort());
    for (let k = 1; k < r.files.length; k++) expect(r.files[k]!.score).toBeLessThanOrEqual(r.files[k - 1]!.score);
    expect(JSON.stringify(learned.rank(issue).files)).toBe(JSON.stringify(r.files));
    expect(r.files[0]!.reasons.length).toBeGreaterThan(0);
  });

  it('is what explain reports: the learned place and score, beside the tuned ones', () => {
    const issue =
      'Store.evict raises KeyError\n\nEvicting a key twice from the cache `Store` raises KeyError instead of ignoring it.\n';
    const learned = index.withOptions({ rank: { ranker: { issue2code: 'learned' } } });
    const files = learned.rank(issue).files;
    const tunedFiles = index.withOptions({ rank: { ranker: { issue2code: 'tuned' } } }).rank(issue).files;
    files.forEach((f, k) => {
      const e = learned.explain(issue, f.path);
      expect(e.rank).toBe(k + 1);
      expect(e.score).toBe(f.score);
      expect(e.learned!.tunedRank).toBe(tunedFiles.findIndex((t) => t.path === f.path) + 1);
      expect(e.learned!.model).not.toBeNull();
      expect(Object.keys(e.learned!.features!)).toHaveLength(65);
    });
    expect(
      index.withOptions({ rank: { ranker: { issue2code: 'tuned' } } }).explain(issue, files[0]!.path).learned,
    ).toBeUndefined();
  });

  it('refuses a ranker it does not know, naming the option', () => {
    expect(() =>
      index.withOptions({ rank: { ranker: { issue2code: 'neural' as 'tuned' } } }).rank('Store.evict fails'),
    ).toThrow(/rank\.ranker\.issue2code must be one of tuned, learned, got "neural"/);
  });
});
