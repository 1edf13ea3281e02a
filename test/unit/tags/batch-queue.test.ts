/**
 * The parse pool's queue: one language per batch, largest first, every file exactly once,
 * and workers kept on the languages they have loaded while that keeps them both busy.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BatchQueue, type Batch } from '../../../src/tags/batch-queue.js';
import type { PoolFile } from '../../../src/tags/pool.js';
import type { LanguageId } from '../../../src/types.js';

const SETTINGS = { batchBytes: 1000, batchFiles: 4 };

function files(spec: Partial<Record<LanguageId, number[]>>): PoolFile[] {
  const out: PoolFile[] = [];
  for (const [language, sizes] of Object.entries(spec) as [LanguageId, number[]][]) {
    for (const size of sizes) out.push({ index: out.length, path: `f${out.length}`, language, text: '', size });
  }
  return out;
}

interface Lane {
  mine: Set<LanguageId>;
  busyUntil: number;
  batches: Batch[];
}

/**
 * Runs `workers` simulated workers in which a batch takes as long as `duration` says (by
 * default its bytes); returns each lane.
 */
function simulate(queue: BatchQueue, workers: number, duration: (batch: Batch) => number = (b) => b.bytes): Lane[] {
  const lanes: Lane[] = Array.from({ length: workers }, () => ({ mine: new Set(), busyUntil: 0, batches: [] }));
  for (;;) {
    // The lane that frees up first asks next (ties: the lower lane), as in the pool.
    const lane = lanes.reduce((a, b) => (b.busyUntil < a.busyUntil ? b : a));
    const others = new Set(lanes.filter((l) => l !== lane).flatMap((l) => [...l.mine]));
    const batch = queue.take(lane.mine, others);
    if (!batch) return lanes;
    lane.mine.add(batch.language);
    lane.batches.push(batch);
    lane.busyUntil += duration(batch);
  }
}

describe('BatchQueue', () => {
  it('gives every file once, in batches of one language, largest first within a language', () => {
    const input = files({ rust: [900, 50, 700, 300, 10, 10, 10, 10, 10], python: [400, 400, 400], go: [5] });
    const queue = new BatchQueue(input, SETTINGS);
    const taken: Batch[] = [];
    for (let b = queue.take(new Set(), new Set()); b; b = queue.take(new Set(['rust']), new Set())) taken.push(b);
    expect(queue.total).toBe(taken.length);
    expect(queue.empty).toBe(true);
    expect(taken.flatMap((b) => b.files.map((f) => f.index)).sort((a, b) => a - b)).toEqual(input.map((f) => f.index));
    for (const batch of taken) {
      expect(new Set(batch.files.map((f) => f.language))).toEqual(new Set([batch.language]));
      expect(batch.files.length).toBeLessThanOrEqual(SETTINGS.batchFiles);
      expect(batch.bytes).toBe(batch.files.reduce((n, f) => n + f.size, 0));
      expect(batch.files[0]!.size).toBe(Math.max(...batch.files.map((f) => f.size))); // the pool recycles on it
    }
    const rustSizes = taken.filter((b) => b.language === 'rust').flatMap((b) => b.files.map((f) => f.size));
    expect(rustSizes).toEqual([...rustSizes].sort((a, b) => b - a));
    // A batch closes at the byte budget: 900 + 700 ≥ 1000.
    expect(taken[0]!.files.map((f) => f.size)).toEqual([900, 700]);
  });

  it('starts each worker on a different language and keeps it there', () => {
    const queue = new BatchQueue(files({ rust: [600, 600, 600, 600], typescript: [600, 600, 600, 600] }), SETTINGS);
    const [a, b] = simulate(queue, 2);
    expect([...a!.mine]).toEqual(['rust']);
    expect([...b!.mine]).toEqual(['typescript']);
  });

  it('loads each language in one worker when the work splits evenly by language', () => {
    const queue = new BatchQueue(
      files({
        rust: Array(20).fill(250),
        typescript: Array(10).fill(250),
        python: Array(6).fill(250),
        javascript: Array(4).fill(250),
      }),
      SETTINGS,
    );
    const lanes = simulate(queue, 2);
    const loads = lanes.reduce((n, l) => n + l.mine.size, 0);
    expect(loads).toBe(4);
    expect(Math.abs(lanes[0]!.busyUntil - lanes[1]!.busyUntil)).toBeLessThanOrEqual(1000);
  });

  it('lets an idle worker take another worker’s language rather than wait', () => {
    // All of the work is one language: the second worker must share it.
    const queue = new BatchQueue(files({ rust: Array(40).fill(250), go: [100] }), SETTINGS);
    const [a, b] = simulate(queue, 2);
    expect(a!.mine.has('rust') && b!.mine.has('rust')).toBe(true);
    expect(Math.abs(a!.busyUntil - b!.busyUntil)).toBeLessThanOrEqual(1000);
  });

  it('loads at most one language more per worker than there are languages, whatever batches cost', () => {
    const languages: LanguageId[] = ['python', 'go', 'rust', 'typescript', 'tsx', 'javascript', 'java'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...languages), fc.integer({ min: 1, max: 3000 })), {
          minLength: 1,
          maxLength: 120,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 50 }),
        (spec, workers, costs) => {
          const input = spec.map(([language, size], index) => ({ index, path: `f${index}`, language, text: '', size }));
          const queue = new BatchQueue(input, SETTINGS);
          let n = 0;
          const lanes = simulate(queue, workers, () => costs[n++ % costs.length]!);
          const distinct = new Set(spec.map(([language]) => language)).size;
          expect(lanes.reduce((sum, l) => sum + l.batches.length, 0)).toBe(queue.total);
          expect(lanes.reduce((sum, l) => sum + l.mine.size, 0)).toBeLessThanOrEqual(distinct + workers);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is an empty queue for no files', () => {
    const queue = new BatchQueue([], SETTINGS);
    expect(queue.total).toBe(0);
    expect(queue.empty).toBe(true);
    expect(queue.take(new Set(), new Set())).toBeUndefined();
  });
});
