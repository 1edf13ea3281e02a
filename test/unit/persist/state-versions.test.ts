/**
 * Each stage that keeps state in a snapshot versions it (`<stage>/codec.ts`), and the
 * snapshot records every stage's version (src/persist/snapshot.ts): a snapshot whose
 * stages were written by another version is refused, never misread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  indexOfSnapshot,
  isCurrentVersion,
  snapshotOf,
  SNAPSHOT_VERSION,
  STATE_VERSIONS,
} from '../../../src/persist/snapshot.js';
import { fixtureIndexes } from '../../fixture-index.js';
import { throughSnapshotFile } from '../../snapshot-file.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

const indexOf = fixtureIndexes();
let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-state-versions-');
});
afterAll(() => removeTemp(tmp));

describe('stage state versions', () => {
  it('are kept in a snapshot, one per stage that keeps state, and another stage version is refused', async () => {
    const built = await indexOf('python-inventory');
    const snapshot = throughSnapshotFile(snapshotOf(built), tmp, 'python-inventory');
    expect(Object.keys(snapshot.stages).sort()).toEqual(['corpus', 'graph', 'lexical', 'rank', 'tags']);
    expect(snapshot.stages).toEqual(STATE_VERSIONS);
    expect(isCurrentVersion(snapshot)).toBe(true);
    const query = 'apply_discount rounds half a cent the wrong way';
    expect(
      indexOfSnapshot(snapshot)
        .rank(query)
        .files.map((f) => f.path),
    ).toEqual(built.rank(query).files.map((f) => f.path));
    for (const stage of Object.keys(STATE_VERSIONS) as (keyof typeof STATE_VERSIONS)[]) {
      const other = { ...snapshot, stages: { ...STATE_VERSIONS, [stage]: STATE_VERSIONS[stage] + 1 } };
      expect(isCurrentVersion(other)).toBe(false);
      expect(() => indexOfSnapshot(other)).toThrow(/snapshot version/);
    }
    expect(() => indexOfSnapshot({ ...snapshot, version: SNAPSHOT_VERSION - 1 })).toThrow(/snapshot version/);
  });
});
