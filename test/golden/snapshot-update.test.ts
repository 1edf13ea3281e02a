import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexOfSnapshot, snapshotOf } from '../../src/persist/snapshot.js';
import { buildIndex, loadCorpus, type Index } from '../../src/index.js';
import { parseAhead } from '../../src/unstable.js';
import { positionsOf, readyForUpdate } from '../../src/graph/index.js';
import { EarlierCsrs } from '../../src/build/earlier-csrs.js';
import { buildCsr, type Csr } from '../../src/rank/csr.js';
import { TASKS } from '../../src/types.js';
import { FIXTURES } from '../fixture-index.js';
import { throughSnapshotFile } from '../snapshot-file.js';
import { ageTree, makeTemp, removeTemp } from '../unit/corpus/helpers.js';
import { canonical, caseOutputs, casesOf, REPOS } from './cases.js';

/**
 * A build that starts from an index loaded from its persisted snapshot (what the CLI does
 * after a few files of a folder changed: `buildIndex(corpus, { previous })`) equals a fresh
 * build of the changed folder on every fixture case: one source file edited and a copy of
 * it added under another name (new definitions, a new path). The unchanged files are taken
 * from the snapshot's corpus by stamp, not read again.
 */
let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-snapshot-update-');
});
afterAll(() => removeTemp(tmp));

const edges = (index: Index) =>
  index.fileGraph.graph.mapEdges((_k, a, s, t) => `${a.type} ${s} ${t} ${a.weight} ${a.label}`).sort();

describe.each(REPOS)(
  'the graph of %s read back from its snapshot, readied for an update that does not come',
  (repo) => {
    it("keeps its symbol table's parts and ranks, explains and packs every case as before", async () => {
      const folder = join(tmp, `${repo}-readied`);
      cpSync(join(FIXTURES, 'repos', repo), folder, { recursive: true });
      const built = await buildIndex(await loadCorpus({ folder }));
      const file = join(tmp, 'snapshots-readied');
      const read = () => indexOfSnapshot(throughSnapshotFile(snapshotOf(built), file, repo));
      const loaded = read();
      const graph = loaded.previous.graph;
      const ids = positionsOf(graph.paths);
      const parts = graph.symbols.toParts(ids);
      const languages = new Set(loaded.corpus.files.flatMap((f) => (f.language ? [f.language] : [])));
      expect(languages.size).toBeGreaterThan(0);
      readyForUpdate(graph, languages);
      expect(graph.symbols.toParts(ids)).toEqual(parts);
      const cases = casesOf(repo);
      expect(canonical(await caseOutputs(loaded, cases), folder)).toBe(
        canonical(await caseOutputs(read(), cases), folder),
      );
    });
  },
);

describe.each(REPOS)('a build of %s from its snapshot after an edit alone', (repo) => {
  const arrays = (csr: Csr) => [[...csr.starts], [...csr.neighbors], [...csr.weights], [...csr.dangling]];
  it("makes its CSRs from the snapshot's, the changed rows made again: those built from its graph, and ranks every case as a fresh build", async () => {
    const folder = join(tmp, `${repo}-edit`);
    cpSync(join(FIXTURES, 'repos', repo), folder, { recursive: true });
    ageTree(folder);
    const built = await buildIndex(await loadCorpus({ folder }));
    const read = () => indexOfSnapshot(throughSnapshotFile(snapshotOf(built), join(tmp, 'snapshots-edit'), repo));
    const loaded = read();
    // a source file with shared-symbol edges out (the update makes them again)
    const out = built.fileGraph.graph;
    const sharing = (path: string) => out.someOutEdge(path, (_k, a) => a.type === 'shared-symbol');
    const edited = loaded.corpus.files.find((f) => f.kind === 'source' && f.language !== null && sharing(f.path))!;
    expect(edited, 'a source file with shared-symbol edges out').toBeDefined();
    appendFileSync(join(folder, edited.path), '\n');
    const corpus = await loadCorpus({ folder }, { previous: loaded.corpus });
    const updated = await buildIndex(corpus, { previous: loaded });
    const graph = updated.fileGraph;
    expect(graph.rowsChanged?.has(edited.path), 'the edited file is among the changed rows').toBe(true);
    expect(graph.rowsChanged!.size, 'not every row').toBeLessThan(graph.paths.length);
    for (const task of TASKS)
      expect(arrays(updated.csrFor(task)), task).toEqual(
        arrays(buildCsr(graph.edges, updated.settings.rank.flow[task], [...graph.paths])),
      );
    const fresh = await buildIndex(await loadCorpus({ folder }));
    const cases = casesOf(repo);
    expect(canonical(await caseOutputs(updated, cases), folder)).toBe(
      canonical(await caseOutputs(fresh, cases), folder),
    );

    // the earlier index is held until each flow was asked for once, or until let go
    const again = read();
    const flows = [
      ...new Map(
        TASKS.map((t) => [JSON.stringify(updated.settings.rank.flow[t]), updated.settings.rank.flow[t]]),
      ).values(),
    ];
    const earlier = new EarlierCsrs(again, graph, updated.settings.rank);
    for (const flow of flows) expect(earlier.csr(flow)).toBeDefined();
    expect(earlier.csr(flows[0]!)).toBeUndefined();
    const forgotten = new EarlierCsrs(again, graph, updated.settings.rank);
    forgotten.forget();
    expect(forgotten.csr(flows[0]!)).toBeUndefined();
  });
});

describe.each(REPOS)('a build of %s from its snapshot after a file changed and one was added', (repo) => {
  // as the CLI does: the changed files parsed on a worker started ahead, BM25 updated while it parses
  it.each([false, true])(
    'ranks, explains and packs every case as a fresh build, with the same graph (files parsed ahead: %s)',
    async (ahead) => {
      const folder = join(tmp, ahead ? `${repo}-ahead` : repo);
      cpSync(join(FIXTURES, 'repos', repo), folder, { recursive: true });
      ageTree(folder);
      const built = await buildIndex(await loadCorpus({ folder }));
      const snapshot = snapshotOf(built);
      expect(snapshot).not.toBeNull();
      const loaded = indexOfSnapshot(throughSnapshotFile(snapshot, join(tmp, 'snapshots'), repo));
      const edited = loaded.corpus.files.find((f) => f.kind === 'source' && f.language !== null)!;
      expect(edited, 'a source file with a grammar').toBeDefined();
      const at = join(folder, edited.path);
      const text = readFileSync(at, 'utf8');
      appendFileSync(at, '\n');
      const base = edited.path.slice(edited.path.lastIndexOf('/') + 1);
      const copy = join(dirname(edited.path), `copied_${base}`);
      writeFileSync(join(folder, copy), text);

      const corpus = await loadCorpus({ folder }, { previous: loaded.corpus });
      const kept = corpus.files.find((f) => f.path !== edited.path && f.path !== copy)!;
      expect(kept, 'an unchanged file is the snapshot corpus record, not read again').toBe(
        loaded.corpus.files.find((f) => f.path === kept.path),
      );
      const parsedAhead = ahead
        ? parseAhead(corpus.files.filter((f) => f.path === edited.path || f.path === copy))
        : undefined;
      const updated = await buildIndex(corpus, { previous: loaded, ...(parsedAhead ? { parsedAhead } : {}) });
      expect(
        updated.previous.lexical.bm25 !== undefined,
        'BM25 is updated in the build when files were parsed ahead, else at the first rank',
      ).toBe(ahead);
      expect(loaded.previous.claim.taken, "the snapshot's graph was updated in place, not built again").toBe(true);
      const fresh = await buildIndex(await loadCorpus({ folder }));
      expect(updated.corpus.files.map((f) => f.path)).toContain(copy);
      const cases = casesOf(repo);
      expect(canonical(await caseOutputs(updated, cases), folder)).toBe(
        canonical(await caseOutputs(fresh, cases), folder),
      );
      expect(edges(updated)).toEqual(edges(fresh));
    },
  );
});
