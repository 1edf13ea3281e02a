/**
 * The reuse record (src/build/reuse.ts): what one build leaves for the next. An update of
 * the graph in place takes it from every index that holds it, including the indexes of
 * builds that kept that graph as it was; a build given only the record (not its index)
 * reuses it and ranks as a fresh build does; a build from an index loaded from a snapshot
 * (which makes its record from the kept parts) ranks as a fresh build whether the changed
 * files are parsed on a worker or in the calling thread.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexOfSnapshot, snapshotOf } from '../../../src/persist/snapshot.js';
import { buildIndex, loadCorpus } from '../../../src/index.js';
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
      expect(() => stale.withOptions({ rank: {} })).toThrow(/previous/);
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
