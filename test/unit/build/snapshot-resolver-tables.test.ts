/**
 * An index snapshot keeps the import resolvers' tables that their resolvers let it keep
 * (`keepsTables`: those of Java, Kotlin, Scala, C#, PHP and Ruby), as built. A loaded index
 * resolves a qualified name an issue writes from them, without decoding every Java file's
 * definitions to find its package, and ranks as the built index does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexOfSnapshot, snapshotOf, type Snapshot } from '../../../src/persist/snapshot.js';
import type { ByteList } from '../../../src/persist/sections.js';
import { UNIQUE_RESOLVERS } from '../../../src/graph/resolve/registry.js';
import { javaResolver } from '../../../src/graph/resolve/java.js';
import { fixtureIndexes } from '../../fixture-index.js';
import { throughSnapshotFile } from '../../snapshot-file.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

const indexOf = fixtureIndexes();
let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-resolver-tables-');
});
afterAll(() => removeTemp(tmp));

/** The snapshot with its definitions' reads counted. */
function counted(snapshot: Snapshot): { snapshot: Snapshot; reads: () => number } {
  let reads = 0;
  const definitions = snapshot.tagDefinitions;
  const tagDefinitions: ByteList = { length: definitions.length, at: (k) => (reads++, definitions.at(k)) };
  return { snapshot: { ...snapshot, tagDefinitions }, reads: () => reads };
}

describe('resolver tables in an index snapshot', () => {
  const query =
    'Adding two amounts of `com.example.ledger.money.Money` in different currencies gives a wrong total instead of an error';
  const ranked = (index: Awaited<ReturnType<typeof indexOf>>) =>
    index.rank(query, { task: 'issue2code', spans: false }).files.map((f) => [f.path, f.score]);

  it("keeps the Java tables as built, and a load resolves from them without decoding the Java files' definitions", async () => {
    const built = await indexOf('java-ledger');
    const snapshot = throughSnapshotFile(snapshotOf(built), tmp, 'java-ledger');
    const java = snapshot.resolverTables.find(([at]) => UNIQUE_RESOLVERS[at] === javaResolver);
    expect(java?.[1]).toEqual(built.fileGraph.basis.resolve.tables.get(javaResolver));

    const kept = counted(snapshot);
    const rebuilt = counted({ ...snapshot, resolverTables: [] });
    const expected = ranked(built);
    expect(expected.length).toBeGreaterThan(0);
    expect(ranked(indexOfSnapshot(kept.snapshot))).toEqual(expected);
    expect(ranked(indexOfSnapshot(rebuilt.snapshot))).toEqual(expected);
    // building the Java tables again reads every Java file's definitions (for its package); the kept tables read none of them
    const javaFiles = built.tags.filter((t) => t.language === 'java').length;
    expect(rebuilt.reads() - kept.reads()).toBe(javaFiles);
  });

  it.each(['kotlin-cron', 'scala-csvkit', 'csharp-orders', 'php-cart', 'ruby-shipping'])(
    'keeps the tables of %s as built, and none a resolver does not let it keep',
    async (repo) => {
      const built = await indexOf(repo);
      const snapshot = throughSnapshotFile(snapshotOf(built), tmp, repo);
      const { tables } = built.fileGraph.basis.resolve;
      const kept = new Map(snapshot.resolverTables.map(([at, kept]) => [UNIQUE_RESOLVERS[at]!, kept]));
      expect([...kept.keys()].every((r) => r.keepsTables)).toBe(true);
      // a built index builds every resolver's tables: each one it may keep is kept
      expect(kept.size).toBe(UNIQUE_RESOLVERS.filter((r) => r.keepsTables).length);
      for (const [resolver, value] of kept) expect(value).toEqual(tables.get(resolver));
    },
  );
});
