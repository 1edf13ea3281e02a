import { describe, expect, it } from 'vitest';
import { assignShards, shardSamples } from '../../../src/eval/index.js';

/** `count` samples of each repository, interleaved. */
function samples(sizes: Record<string, number>): { id: string; repo: string }[] {
  const out: { id: string; repo: string }[] = [];
  const left = new Map(Object.entries(sizes));
  for (let round = 0; [...left.values()].some((n) => n > 0); round++) {
    for (const [repo, n] of left) {
      if (n === 0) continue;
      out.push({ id: `${repo}#${round}`, repo });
      left.set(repo, n - 1);
    }
  }
  return out;
}

describe('assignShards', () => {
  it('takes repositories by sample count, most first, each into the lightest shard (ties: lowest shard)', () => {
    const shards = assignShards(samples({ 'a/small': 1, 'a/big': 10, 'a/mid': 6, 'a/mid2': 5, 'a/tiny': 1 }), 2);
    // big → 1 (10); mid → 2 (6); mid2 → 2 (11); small → 1 (11); tiny → 1 (12)
    expect(Object.fromEntries(shards)).toEqual({ 'a/big': 1, 'a/mid': 2, 'a/mid2': 2, 'a/small': 1, 'a/tiny': 1 });
  });

  it('breaks ties between repositories of one size by name, whatever the input order', () => {
    const forward = samples({ 'z/one': 2, 'b/two': 2, 'm/three': 2 });
    const expected = { 'b/two': 1, 'm/three': 2, 'z/one': 3 };
    expect(Object.fromEntries(assignShards(forward, 3))).toEqual(expected);
    expect(Object.fromEntries(assignShards([...forward].reverse(), 3))).toEqual(expected);
  });

  it('partitions the samples: every sample in exactly one shard, input order kept', () => {
    const all = samples({ 'a/x': 7, 'b/y': 3, 'c/z': 3, 'd/w': 2, 'e/v': 1 });
    const shards = [1, 2, 3].map((index) => shardSamples(all, { index, count: 3 }));
    expect(shards.map((s) => s.samples.length)).toEqual([7, 5, 4]);
    expect(shards.flatMap((s) => s.samples.map((x) => x.id)).sort()).toEqual(all.map((x) => x.id).sort());
    for (const s of shards) expect(s.samples).toEqual(all.filter((x) => s.samples.includes(x)));
    expect(shards.map((s) => s.repositories)).toEqual([1, 2, 2]);
  });

  it('leaves shards beyond the repositories empty, and refuses a shard out of range', () => {
    expect(shardSamples(samples({ 'a/x': 1 }), { index: 2, count: 2 })).toEqual({ samples: [], repositories: 0 });
    expect(() => shardSamples([], { index: 3, count: 2 })).toThrow(
      /shard is i\/n with whole numbers 1 ≤ i ≤ n, got 3\/2/,
    );
    expect(() => assignShards([], 0)).toThrow(/shard count must be a whole number ≥ 1, got 0/);
  });
});
