/**
 * Determinism: the same corpus and query give the same ranking byte for byte,
 * whichever index answers, in whatever order queries arrive. Wall-clock
 * timings (timing_ms, stats.timingsMs, rankMs) are the only fields allowed to
 * differ, so they are zeroed before comparing.
 */
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index, type Query, type RepoMapResult, type Task } from '../../src/index.js';
import { toDetailsRow, TASKS } from '../../src/unstable.js';
import type { TagsCacheEntry } from '../../src/index.js';
import { commitAll, initRepo, makeTemp, removeTemp } from '../unit/corpus/helpers.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const REPOS = readdirSync(join(FIXTURES, 'cases'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

interface FixtureCase {
  id: string;
  task: Task;
  query: Query;
}
const casesOf = (repo: string): FixtureCase[] =>
  JSON.parse(readFileSync(join(FIXTURES, 'cases', `${repo}.json`), 'utf8')) as FixtureCase[];

async function freshIndex(repo: string, options: Parameters<typeof buildIndex>[1] = {}): Promise<Index> {
  return buildIndex(await loadCorpus({ folder: join(FIXTURES, 'repos', repo) }), options);
}

/** The contract details row, serialised, with its wall-clock timings zeroed. */
function detailsJson(result: RepoMapResult): string {
  const row = toDetailsRow(result, { top: 20 });
  return JSON.stringify({ ...row, timing_ms: { index: 0, rank: 0 } });
}

/** The whole result, serialised, with its wall-clock timings zeroed. */
function resultJson(result: RepoMapResult): string {
  return JSON.stringify({
    ...result,
    stats: { ...result.stats, timingsMs: { corpus: 0, tags: 0, graph: 0 }, rankMs: 0 },
  });
}

describe('byte-identical details rows', () => {
  it.each(REPOS)('%s: two indexes built from scratch answer every case identically', async (repo) => {
    const a = await freshIndex(repo);
    const b = await freshIndex(repo);
    expect(a).not.toBe(b);
    for (const c of casesOf(repo)) {
      const ra = a.rank(c.query, { task: c.task });
      const rb = b.rank(c.query, { task: c.task });
      expect(detailsJson(rb), c.id).toBe(detailsJson(ra));
      expect(resultJson(rb), c.id).toBe(resultJson(ra));
    }
  });

  it.each(REPOS)('%s: the order of queries on one index changes nothing (per-task caches included)', async (repo) => {
    const cases = casesOf(repo);
    // ask each case twice on a fresh index: forwards then backwards, inferred task and explicit task interleaved
    const forward = await freshIndex(repo);
    const backward = await freshIndex(repo);
    const fwd = new Map<string, string>();
    for (const c of cases) fwd.set(c.id, detailsJson(forward.rank(c.query, { task: c.task })));
    for (const c of cases) fwd.set(`${c.id}/inferred`, detailsJson(forward.rank(c.query)));
    const bwd = new Map<string, string>();
    for (const c of [...cases].reverse()) {
      bwd.set(`${c.id}/inferred`, detailsJson(backward.rank(c.query)));
      bwd.set(c.id, detailsJson(backward.rank(c.query, { task: c.task })));
    }
    for (const [id, json] of fwd) expect(bwd.get(id), id).toBe(json);
    // and asking the first case again on the used index gives its first answer
    expect(detailsJson(forward.rank(cases[0]!.query, { task: cases[0]!.task }))).toBe(fwd.get(cases[0]!.id));
  });

  it('an index built through a warm tags cache answers like one built cold', async () => {
    const cache = new Map<string, TagsCacheEntry>();
    const cold = await freshIndex('mixed-monorepo');
    await freshIndex('mixed-monorepo', { tagsCache: cache });
    expect(cache.size).toBeGreaterThan(0);
    const warm = await freshIndex('mixed-monorepo', { tagsCache: cache });
    for (const c of casesOf('mixed-monorepo')) {
      expect(detailsJson(warm.rank(c.query, { task: c.task })), c.id).toBe(
        detailsJson(cold.rank(c.query, { task: c.task })),
      );
    }
  });

  describe('a folder and the git tree of the same files', () => {
    let tmp: string;
    let repo: string;
    let commit: string;
    beforeAll(() => {
      tmp = makeTemp('repomap-determinism-');
      repo = initRepo(tmp, 'python-inventory');
      cpSync(join(FIXTURES, 'repos', 'python-inventory'), repo, { recursive: true });
      commit = commitAll(repo, 'fixture');
    });
    afterAll(() => removeTemp(tmp));

    it('rank identically', async () => {
      const folder = await buildIndex(await loadCorpus({ folder: repo }));
      const git = await buildIndex(await loadCorpus({ gitDir: repo, commit }));
      expect(git.corpus.files.map((f) => f.path)).toEqual(folder.corpus.files.map((f) => f.path));
      for (const c of casesOf('python-inventory')) {
        expect(detailsJson(git.rank(c.query, { task: c.task })), c.id).toBe(
          detailsJson(folder.rank(c.query, { task: c.task })),
        );
      }
    });
  });
});

describe('property: rankings of random identifier queries', () => {
  for (const repo of ['python-inventory', 'go-ratelimit', 'mixed-monorepo']) {
    it(`${repo}: the same words give the same ranking twice, on one index and on another, and rank every file once`, async () => {
      const one = await freshIndex(repo);
      const other = await freshIndex(repo);
      const identifiers = [...new Set(one.tags.flatMap((t) => t.definitions.map((d) => d.name)))].sort();
      expect(identifiers.length).toBeGreaterThan(10);
      const allPaths = one.corpus.files.map((f) => f.path).sort();
      fc.assert(
        fc.property(
          fc.shuffledSubarray(identifiers, { minLength: 1, maxLength: 6 }),
          fc.option(fc.constantFrom(...TASKS), { nil: undefined }),
          fc.option(fc.integer({ min: 1, max: allPaths.length }), { nil: undefined }),
          (words, task, top) => {
            const query = words.join(' ');
            const options = { ...(task ? { task } : {}) };
            const first = one.rank(query, options);
            const second = one.rank(query, options);
            const elsewhere = other.rank(query, options);
            expect(resultJson(second)).toBe(resultJson(first));
            expect(resultJson(elsewhere)).toBe(resultJson(first));
            // a permutation of all corpus files: none lost, none twice
            const paths = first.files.map((f) => f.path);
            expect(new Set(paths).size).toBe(paths.length);
            expect([...paths].sort()).toEqual(allPaths);
            // `top` is a prefix of the same ranking
            if (top !== undefined)
              expect(one.rank(query, { ...options, top }).files).toEqual(first.files.slice(0, top));
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});
