import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, RANK_DEFAULTS } from '../../src/index.js';
import { mergeDefaults } from '../../src/merge-defaults.js';

describe('mergeDefaults', () => {
  it('overrides key by key at every depth; arrays and values replace; defaults stay untouched', () => {
    const defaults = { a: 1, per: { x: 1, y: 2 }, deep: { t: { f: 1, b: 2 } }, list: [1, 2] };
    const merged = mergeDefaults(defaults, { per: { y: 0 }, deep: { t: { b: 5 } }, list: [3] });
    expect(merged).toEqual({ a: 1, per: { x: 1, y: 0 }, deep: { t: { f: 1, b: 5 } }, list: [3] });
    expect(defaults).toEqual({ a: 1, per: { x: 1, y: 2 }, deep: { t: { f: 1, b: 2 } }, list: [1, 2] });
    expect(mergeDefaults(defaults, undefined)).toBe(defaults);
  });

  it('lets a library caller change one task\'s weight without losing the others', async () => {
    const corpus = await loadCorpus({ folder: join(import.meta.dirname, '../../fixtures/repos/python-inventory') });
    const query = { pr_title: 'Round discounts half to even', changed_files: ['src/inventory/pricing.py'], change_summary: ['apply_discount'] };
    const plain = (await buildIndex(corpus)).rank(query);
    const tweaked = (await buildIndex(corpus, { rank: { callerWeight: { edit2ripple: 0 } } })).rank(query);
    // code2test's caller weight is untouched, so the code2test ranking is the same, with finite scores.
    expect(tweaked.files.map((f) => [f.path, f.score])).toEqual(plain.files.map((f) => [f.path, f.score]));
    expect(tweaked.files.every((f) => Number.isFinite(f.score))).toBe(true);
    expect(RANK_DEFAULTS.callerWeight.edit2ripple).toBeGreaterThan(0);
  });
});
