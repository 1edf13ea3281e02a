import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexOfSnapshot, snapshotOf } from '../../src/persist/snapshot.js';
import { fixtureIndexes } from '../fixture-index.js';
import { throughSnapshotFile } from '../snapshot-file.js';
import { makeTemp, removeTemp } from '../unit/corpus/helpers.js';
import { canonical, caseOutputs, casesOf, REPOS } from './cases.js';

/**
 * An index loaded from its persisted snapshot (src/persist/snapshot.ts, written to a
 * snapshot file and read back from it section by section, as the CLI keeps it) ranks, explains and packs every fixture
 * case byte for byte as the built index: the very identity files of identity.test.ts.
 * The graph is then made from the snapshot's edge table, symbol parts and import records
 * and compared with the built one: edge for edge, and the basis an update starts from.
 */
const indexOf = fixtureIndexes();
let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-snapshot-identity-');
});
afterAll(() => removeTemp(tmp));

describe.each(REPOS)('an index of %s loaded from its snapshot', (repo) => {
  it('ranks, explains and packs every case as the built index, and makes the same graph', async () => {
    const built = await indexOf(repo);
    const snapshot = snapshotOf(built);
    expect(snapshot).not.toBeNull();
    const loaded = indexOfSnapshot(throughSnapshotFile(snapshot, tmp, repo));
    await expect(canonical(await caseOutputs(loaded, casesOf(repo)), loaded.corpus.root)).toMatchFileSnapshot(
      join('identity', `${repo}.json`),
    );
    const edges = (index: typeof built) =>
      index.fileGraph.graph.mapEdges((_k, a, s, t) => `${a.type} ${s} ${t} ${a.weight} ${a.label}`).sort();
    expect(edges(loaded)).toEqual(edges(built));
    expect(loaded.tags).toEqual(built.tags);
    // made from the kept edge table, symbol parts and import records, not resolved again: the same basis an update starts from
    const [kept, made] = [loaded.fileGraph, built.fileGraph];
    expect(kept.edgeCounts).toEqual(made.edgeCounts);
    expect(kept.imports).toEqual(made.imports);
    expect(kept.basis.otherEdges).toEqual(made.basis.otherEdges);
    expect(kept.basis.importRecords).toEqual(made.basis.importRecords);
    expect(kept.basis.options).toEqual(made.basis.options);
    const ids = new Map(built.corpus.files.map((f, i) => [f.path, i]));
    expect(kept.symbols.toParts(ids)).toEqual(made.symbols.toParts(ids));
  });
});

describe('an error string quoted in a query, on an index loaded from its snapshot', () => {
  it('finds the file that raises it through the kept message index, as the built index does', async () => {
    const built = await indexOf('python-inventory');
    const loaded = indexOfSnapshot(throughSnapshotFile(snapshotOf(built), tmp, 'python-inventory-messages'));
    const query = 'Withdrawing fails with ValueError: negative quantity for TEA-01: -1 and the stock is left as it was';
    const ranked = (index: typeof built) => index.rank(query).files.map((f) => [f.path, f.score, f.reasons]);
    const fromSnapshot = ranked(loaded);
    expect(fromSnapshot).toEqual(ranked(built));
    const raiser = fromSnapshot.find(([path]) => path === 'src/inventory/models.py');
    expect(JSON.stringify(raiser?.[2])).toContain('raises or logs \\"negative quantity for {self.sku}: {count}\\"');
  });
});
