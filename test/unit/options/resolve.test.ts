import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus } from '../../../src/index.js';
import { RANK_DEFAULTS } from '../../../src/unstable.js';
import { resolveOptions } from '../../../src/options/resolve.js';
import { FIXTURES } from '../../fixture-index.js';
import { rejectionOf as errorOf } from '../../error-of.js';

const inventory = () => loadCorpus({ folder: join(FIXTURES, 'repos', 'python-inventory') });
const QUERY = {
  pr_title: 'Round discounts half to even',
  changed_files: ['src/inventory/pricing.py'],
  change_summary: ['apply_discount'],
};

describe('resolveOptions', () => {
  it('overrides key by key at every depth; arrays and values replace; defaults stay untouched', () => {
    const defaults = { a: 1, per: { x: 1, y: 2 }, deep: { t: { f: 1, b: 2 } }, list: [1, 2] };
    const merged = resolveOptions(defaults, { per: { y: 0 }, deep: { t: { b: 5 } }, list: [3] }, 'stage');
    expect(merged).toEqual({ a: 1, per: { x: 1, y: 0 }, deep: { t: { f: 1, b: 5 } }, list: [3] });
    expect(defaults).toEqual({ a: 1, per: { x: 1, y: 2 }, deep: { t: { f: 1, b: 2 } }, list: [1, 2] });
    expect(resolveOptions(defaults, undefined, 'stage')).toBe(defaults);
  });

  it('rejects an unknown key or a value of another type, naming its path', async () => {
    const defaults = { per: { x: 1 }, name: 'a', list: ['a'] };
    for (const [overrides, path] of [
      [{ pre: 1 }, 'stage.pre'],
      [{ per: { z: 1 } }, 'stage.per.z'],
      [{ per: 3 }, 'stage.per'],
      [{ per: { x: 'one' } }, 'stage.per.x'],
      [{ per: { x: Number.NaN } }, 'stage.per.x'],
      [{ name: 2 }, 'stage.name'],
      [{ list: [1] }, 'stage.list[0]'],
    ] as const) {
      const error = await errorOf(() => resolveOptions(defaults, overrides, 'stage'));
      expect(error.code).toBe('bad-option');
      expect(error.subject).toBe(path);
      expect(error.message).toContain(`"${path}"`);
    }
  });
});

describe('the options tree of buildIndex', () => {
  it("lets a library caller change one task's weight without losing the others", async () => {
    const corpus = await inventory();
    const plain = (await buildIndex(corpus)).rank(QUERY);
    const tweaked = (await buildIndex(corpus, { rank: { callerWeight: { edit2ripple: 0 } } })).rank(QUERY);
    // code2test's caller weight is untouched, so the code2test ranking is the same, with finite scores.
    expect(tweaked.files.map((f) => [f.path, f.score])).toEqual(plain.files.map((f) => [f.path, f.score]));
    expect(tweaked.files.every((f) => Number.isFinite(f.score))).toBe(true);
    expect(RANK_DEFAULTS.callerWeight.edit2ripple).toBeGreaterThan(0);
  });

  it('rejects a misspelt key of any stage with its path, before anything is built', async () => {
    const corpus = await inventory();
    for (const [options, path] of [
      [{ rank: { alpah: 0.5 } }, 'rank.alpah'],
      [{ graph: { sharedSymbol: { minNameLen: 2 } } }, 'graph.sharedSymbol.minNameLen'],
      [{ cues: { frameDeacy: 0.5 } }, 'cues.frameDeacy'],
      [{ spans: { maxSpans: 2 } }, 'spans.maxSpans'],
      [{ pack: { kindValue: { definitions: 1 } } }, 'pack.kindValue.definitions'],
    ] as const) {
      const error = await errorOf(() => buildIndex(corpus, options as never));
      expect([error.code, error.subject]).toEqual(['bad-option', path]);
    }
    const error = await errorOf(() => buildIndex(corpus, { cues: { frameDecay: -1 } }));
    expect(error.subject).toBe('cues.frameDecay');
    const misspeltLoad = await errorOf(() =>
      loadCorpus({ folder: join(FIXTURES, 'repos', 'python-inventory') }, { exlude: ['docs/**'] } as never),
    );
    expect([misspeltLoad.code, misspeltLoad.subject]).toEqual(['bad-option', 'corpus.exlude']);
  });

  it('reaches spans and packs: fewer spans per file, another pack valuation', async () => {
    const corpus = await inventory();
    const plain = await buildIndex(corpus);
    const one = await buildIndex(corpus, { spans: { maxSpansPerFile: 1 } });
    const spansOf = (files: { spans?: unknown[] }[]) => files.map((f) => f.spans?.length ?? 0);
    expect(Math.max(...spansOf(plain.rank(QUERY).files))).toBeGreaterThan(1);
    expect(Math.max(...spansOf(one.rank(QUERY).files))).toBe(1);
    const headsOnly = plain.withOptions({ pack: { wholeFileTokens: 0, wholeValue: 0, headLines: 2 } });
    const packed = await headsOnly.pack(QUERY, { budget: 4000, tokenizer: 'regex' });
    const usual = await plain.pack(QUERY, { budget: 4000, tokenizer: 'regex' });
    expect(packed.text).not.toBe(usual.text);
    expect(packed.files.every((f) => f.spans.every((s) => s.kind !== 'whole'))).toBe(true);
  });
});
