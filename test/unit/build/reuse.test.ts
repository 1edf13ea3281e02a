/**
 * The reuse record (src/build/reuse.ts): what one build leaves for the next. An update of
 * the graph in place takes it from every index that holds it, including the indexes of
 * builds that kept that graph as it was; a build given only the record (not its index)
 * reuses it and ranks as a fresh build does; a build from an index loaded from a snapshot
 * (which makes its record from the kept parts) ranks as a fresh build whether the changed
 * files are parsed on a worker or in the calling thread. `index.update(corpus)`, the
 * library's way to reuse a build, keeps the index's settings and ranks as a fresh build.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexOfSnapshot, snapshotOf } from '../../../src/persist/snapshot.js';
import { buildIndex, loadCorpus, type Index } from '../../../src/index.js';
import { FIXTURES } from '../../fixture-index.js';
import { throughSnapshotFile } from '../../snapshot-file.js';
import { ageTree } from '../corpus/helpers.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOfInventory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'repomap-reuse-'));
  made.push(dir);
  cpSync(join(FIXTURES, 'repos', 'python-inventory'), dir, { recursive: true });
  return dir;
}

const QUERY = 'apply_discount rounds the total';

describe('the reuse record', () => {
  it('is taken from every index sharing the graph an update changed in place', async () => {
    const dir = copyOfInventory();
    const first = await buildIndex(await loadCorpus({ folder: dir }));
    appendFileSync(join(dir, 'README.md'), '\nMore words about the inventory.\n');
    const second = await buildIndex(await loadCorpus({ folder: dir }), { previous: first });
    // a file without tags changed: the graph is kept as it was, shared by both indexes
    expect(second).not.toBe(first);
    expect(second.fileGraph).toBe(first.fileGraph);
    expect(first.rank(QUERY).files.length).toBeGreaterThan(0);
    appendFileSync(
      join(dir, 'src/inventory/pricing.py'),
      '\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n',
    );
    const third = await buildIndex(await loadCorpus({ folder: dir }), { previous: second });
    expect(third.fileGraph).not.toBe(second.fileGraph);
    for (const stale of [first, second]) {
      expect(() => stale.rank(QUERY)).toThrow(expect.objectContaining({ code: 'superseded-index' }));
      expect(() => stale.withOptions({ rank: {} })).toThrow(/superseded/);
    }
    expect(third.rank('loyalty_bonus_cents').files[0]!.path).toBe('src/inventory/pricing.py');
  });

  it('given alone, rebuilds nothing that is unchanged and ranks as a fresh build', async () => {
    const dir = copyOfInventory();
    const corpus = await loadCorpus({ folder: dir });
    const first = await buildIndex(corpus, { tagsCache: new Map() });
    const again = await buildIndex(await loadCorpus({ folder: dir }), {
      previous: first.previous,
      tagsCache: new Map(),
    });
    expect(again).not.toBe(first);
    // every tag came from the record: none parsed, none read from the (empty) cache
    expect(again.stats.cache).toEqual({ hits: first.stats.parsed, misses: 0 });
    const fresh = await buildIndex(await loadCorpus({ folder: dir }));
    const { stats: _a, ...fromRecord } = again.rank(QUERY);
    const { stats: _b, ...fromScratch } = fresh.rank(QUERY);
    expect(fromRecord).toEqual(fromScratch);
  });

  it('updates past a removed file that has no tags, and ranks as a fresh build', async () => {
    const dir = copyOfInventory();
    const first = await buildIndex(await loadCorpus({ folder: dir }));
    unlinkSync(join(dir, 'README.md'));
    appendFileSync(
      join(dir, 'src/inventory/pricing.py'),
      '\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n',
    );
    const updated = await buildIndex(await loadCorpus({ folder: dir }), { previous: first });
    expect(updated.fileGraph).not.toBe(first.fileGraph);
    expect(updated.corpus.files.map((f) => f.path)).not.toContain('README.md');
    const fresh = await buildIndex(await loadCorpus({ folder: dir }));
    const { stats: _a, ...fromUpdate } = updated.rank(QUERY);
    const { stats: _b, ...fromScratch } = fresh.rank(QUERY);
    expect(fromUpdate).toEqual(fromScratch);
    expect(updated.rank('loyalty_bonus_cents').files[0]!.path).toBe('src/inventory/pricing.py');
  });

  it.each([1, 2])(
    'made from a snapshot after a file changed (parseJobs %i), ranks as a fresh build',
    async (parseJobs) => {
      const dir = copyOfInventory();
      ageTree(dir);
      const snapshot = snapshotOf(await buildIndex(await loadCorpus({ folder: dir })));
      const snapshots = mkdtempSync(join(tmpdir(), 'repomap-reuse-snapshots-'));
      made.push(snapshots);
      const loaded = indexOfSnapshot(throughSnapshotFile(snapshot, snapshots, 'inventory'));
      appendFileSync(
        join(dir, 'src/inventory/pricing.py'),
        '\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n',
      );
      const updated = await buildIndex(await loadCorpus({ folder: dir }, { previous: loaded.corpus }), {
        previous: loaded,
        parseJobs,
      });
      expect(loaded.previous.claim.taken, "the snapshot's graph was updated in place").toBe(true);
      const fresh = await buildIndex(await loadCorpus({ folder: dir }));
      for (const query of [QUERY, 'loyalty_bonus_cents']) {
        const { stats: _a, ...fromSnapshot } = updated.rank(query);
        const { stats: _b, ...fromScratch } = fresh.rank(query);
        expect(fromSnapshot).toEqual(fromScratch);
      }
      expect(updated.rank('loyalty_bonus_cents').files[0]!.path).toBe('src/inventory/pricing.py');
    },
  );
});

describe('index.update', () => {
  const PRICING_EDIT = '\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n';
  const ranked = (index: Index, query: string) => {
    const { stats: _s, ...result } = index.rank(query);
    return result;
  };

  it('is the index itself when nothing changed; after an edit, ranks and explains as a fresh build with its settings', async () => {
    const dir = copyOfInventory();
    // settings of its own, which the update keeps: a fresh build needs them given again
    const options = { history: false, graph: { importWeight: 2 }, rank: { alpha: 0.7 } } as const;
    const first = await buildIndex(await loadCorpus({ folder: dir }), options);
    expect(await first.update(await loadCorpus({ folder: dir }))).toBe(first);
    appendFileSync(join(dir, 'src/inventory/pricing.py'), PRICING_EDIT);
    const tagsCache = new Map();
    const updated = await first.update(await loadCorpus({ folder: dir }), { tagsCache });
    expect(updated).not.toBe(first);
    expect(updated.settings).toEqual(first.settings);
    // it parsed the one changed file (through the call's cache), the rest kept their tags
    expect(updated.stats.cache).toEqual({ hits: first.stats.parsed - 1, misses: 1 });
    const fresh = await buildIndex(await loadCorpus({ folder: dir }), options);
    for (const query of [QUERY, 'loyalty_bonus_cents']) expect(ranked(updated, query)).toEqual(ranked(fresh, query));
    expect(updated.explain(QUERY, 'src/inventory/pricing.py')).toEqual(
      fresh.explain(QUERY, 'src/inventory/pricing.py'),
    );
    expect(updated.rank('loyalty_bonus_cents').files[0]!.path).toBe('src/inventory/pricing.py');
  });

  it('supersedes the index (and its views) whose graph it took over: each method throws saying what to use', async () => {
    const dir = copyOfInventory();
    const first = await buildIndex(await loadCorpus({ folder: dir }));
    const view = first.withOptions({ rank: { alpha: 0.7 } });
    appendFileSync(join(dir, 'src/inventory/pricing.py'), PRICING_EDIT);
    const corpus = await loadCorpus({ folder: dir });
    const updated = await first.update(corpus);
    expect(updated.fileGraph).not.toBe(first.fileGraph);
    const superseded = expect.objectContaining({
      code: 'superseded-index',
      message: expect.stringMatching(
        /superseded: an update from it \(index\.update\) took its graph over; use the index that update returned/,
      ),
    });
    for (const stale of [first, view]) {
      expect(() => stale.rank(QUERY)).toThrow(superseded);
      expect(() => stale.explain(QUERY, 'src/inventory/pricing.py')).toThrow(superseded);
      expect(() => stale.symbols('apply_discount')).toThrow(superseded);
      expect(() => stale.refs('apply_discount')).toThrow(superseded);
      expect(() => stale.impact({ file: 'src/inventory/pricing.py' })).toThrow(superseded);
      expect(() => stale.outline('src/inventory/pricing.py')).toThrow(superseded);
      expect(() => stale.pack(QUERY, { budget: 100 })).toThrow(superseded);
      expect(() => stale.withOptions({})).toThrow(superseded);
      await expect(stale.update(corpus)).rejects.toThrow(superseded);
    }
    expect(updated.rank('loyalty_bonus_cents').files[0]!.path).toBe('src/inventory/pricing.py');
  });

  it("takes only the call's own options: a stage setting is an error saying what to use", async () => {
    const dir = copyOfInventory();
    const first = await buildIndex(await loadCorpus({ folder: dir }));
    const corpus = await loadCorpus({ folder: dir });
    await expect(first.update(corpus, { rank: { alpha: 0.5 } } as never)).rejects.toMatchObject({
      code: 'bad-option',
      subject: 'rank',
      message: expect.stringMatching(/update takes tagsCache, onProgress, parseJobs, releaseTexts, not "rank"/),
    });
    // and nothing was taken over
    expect(first.rank(QUERY).files.length).toBeGreaterThan(0);
  });

  it('of an index loaded from a snapshot, ranks as a fresh build', async () => {
    const dir = copyOfInventory();
    ageTree(dir);
    const snapshot = snapshotOf(await buildIndex(await loadCorpus({ folder: dir })));
    const snapshots = mkdtempSync(join(tmpdir(), 'repomap-update-snapshots-'));
    made.push(snapshots);
    const loaded = indexOfSnapshot(throughSnapshotFile(snapshot, snapshots, 'inventory'));
    appendFileSync(join(dir, 'src/inventory/pricing.py'), PRICING_EDIT);
    const updated = await loaded.update(await loadCorpus({ folder: dir }), { parseJobs: 1 });
    const fresh = await buildIndex(await loadCorpus({ folder: dir }));
    for (const query of [QUERY, 'loyalty_bonus_cents']) expect(ranked(updated, query)).toEqual(ranked(fresh, query));
    expect(() => loaded.rank(QUERY)).toThrow(expect.objectContaining({ code: 'superseded-index' }));
  });
});
