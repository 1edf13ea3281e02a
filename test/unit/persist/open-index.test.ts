/**
 * The library's `openIndex` (src/persist/open-index.ts): with a cache folder, the first
 * call builds and keeps a snapshot, the next loads it while the folder is unchanged, and
 * after a file changed updates it; each ranks as a fresh build. Without a cache folder it
 * builds and keeps nothing. Its `timingsMs` is the call's own (a load's, by its `now` clock),
 * and an index of no file is never kept. A git source at commit after commit (the eval's
 * way) is built as an update of the index before, through the caller's tags cache, with
 * the caller's stage settings (a snapshot's key has them). Its index ranks any query without
 * a call first (the grammars of a query's code blocks are loaded). The folder is a copy of a fixture whose times are set an hour
 * back (a file written within the stamp margin of a build keeps that build from being kept).
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, openIndex, type Corpus, type Index, type TagsCacheEntry } from '../../../src/index.js';
import { ageTree, commitAll, initRepo, makeTemp, removeTemp } from '../corpus/helpers.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');
const QUERY = 'apply_discount rounds half a cent the wrong way';

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-open-index-');
});
afterAll(() => removeTemp(tmp));

/** A rank without its timings, to compare. */
const ranked = (index: Index) => {
  const { stats: _stats, ...rest } = index.rank(QUERY);
  return rest;
};

describe('openIndex', () => {
  it('builds and keeps a snapshot, loads it while the folder is unchanged, updates it after an edit: each ranks as a build', async () => {
    const repo = join(tmp, 'repo');
    const cache = join(tmp, 'cache');
    cpSync(FIXTURE, repo, { recursive: true });
    ageTree(repo);
    const notes: string[] = [];
    const options = {
      cache,
      onNote: (m: string) => void notes.push(m),
      onWarning: (m: string) => void notes.push(`warning: ${m}`),
    };
    const fresh = async () => ranked(await buildIndex(await loadCorpus({ folder: repo })));

    const first = await openIndex({ folder: repo }, options);
    expect(first.snapshot).toBeUndefined();
    expect(first.cacheFile).toBe(join(cache, 'tags.sqlite'));
    expect(readdirSync(join(cache, 'snapshots')).filter((f) => f.endsWith('.snap'))).toHaveLength(1);
    expect(ranked(first.index)).toEqual(await fresh());

    const second = await openIndex({ folder: repo }, options);
    expect(second.snapshot).toMatchObject({ updated: false });
    expect(ranked(second.index)).toEqual(await fresh());

    const changed = 'src/inventory/checkout.py';
    appendFileSync(join(repo, changed), '\n\ndef rounding_note():\n    return apply_discount(1)\n');
    const third = await openIndex({ folder: repo }, options);
    expect(third.snapshot).toMatchObject({ updated: true });
    expect(third.index.tagsOf(changed)?.definitions.map((d) => d.name)).toContain('rounding_note');
    expect(ranked(third.index)).toEqual(await fresh());
    expect(notes).toEqual([]);
  });

  it('gives an index that ranks a query with code as it comes, built, loaded or updated: no call to make first', async () => {
    const repo = join(tmp, 'code-query');
    const cache = join(tmp, 'code-query-cache');
    cpSync(FIXTURE, repo, { recursive: true });
    ageTree(repo);
    const query = 'the total is off by a cent\n```python\ntotal = apply_discount(item.total(), percent)\n```\n';
    const withCode = async (index: Index) => {
      const { stats: _stats, ...rest } = index.rank(query);
      return rest;
    };
    const fresh = async () => withCode(await buildIndex(await loadCorpus({ folder: repo })));
    const built = await openIndex({ folder: repo }, { cache });
    expect(await withCode(built.index)).toEqual(await fresh());
    const loaded = await openIndex({ folder: repo }, { cache });
    expect(loaded.snapshot).toMatchObject({ updated: false });
    expect(await withCode(loaded.index)).toEqual(await fresh());
    expect(loaded.index.explain(query, 'src/inventory/pricing.py').rank).toBeGreaterThan(0);
    appendFileSync(join(repo, 'src/inventory/checkout.py'), '\n\ndef rounding_note():\n    return 1\n');
    const updated = await openIndex({ folder: repo }, { cache });
    expect(updated.snapshot).toMatchObject({ updated: true });
    expect(await withCode(updated.index)).toEqual(await fresh());
  });

  it("times a loaded index by the call's own clock, not by the build that made it", async () => {
    const repo = join(tmp, 'timed');
    const cache = join(tmp, 'timed-cache');
    cpSync(FIXTURE, repo, { recursive: true });
    ageTree(repo);
    await openIndex({ folder: repo }, { cache });
    // a clock that stands still: the load took no time by it, whatever its build took
    const loaded = await openIndex({ folder: repo }, { cache, now: () => 1_000 });
    expect(loaded.snapshot).toMatchObject({ updated: false });
    expect(loaded.timingsMs).toEqual({ corpus: 0, tags: 0, graph: 0 });
  });

  it('keeps no snapshot of an index of no file', async () => {
    const repo = join(tmp, 'binary-only');
    const cache = join(tmp, 'empty-cache');
    mkdirSync(repo);
    writeFileSync(join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    ageTree(repo);
    const opened = await openIndex({ folder: repo }, { cache });
    expect(opened.index.corpus.files).toEqual([]);
    expect(opened.snapshot).toBeUndefined();
    const snapshots = join(cache, 'snapshots');
    expect(existsSync(snapshots) ? readdirSync(snapshots).filter((f) => f.endsWith('.snap')) : []).toEqual([]);
  });

  it('without a cache folder builds, and keeps nothing', async () => {
    const repo = join(tmp, 'plain');
    cpSync(FIXTURE, repo, { recursive: true });
    const opened = await openIndex({ folder: repo });
    expect(opened.snapshot).toBeUndefined();
    expect(opened.cacheFile).toBeUndefined();
    expect(existsSync(join(repo, 'snapshots'))).toBe(false);
    expect(ranked(opened.index)).toEqual(ranked(await buildIndex(await loadCorpus({ folder: repo }))));
  });

  it("updates a previous index of a git source at another commit, through the caller's tags cache, as a fresh build", async () => {
    const repo = initRepo(tmp, 'git-chain');
    cpSync(FIXTURE, repo, { recursive: true });
    const one = commitAll(repo, 'one');
    appendFileSync(join(repo, 'src/inventory/checkout.py'), '\n\ndef rounding_note():\n    return apply_discount(1)\n');
    const two = commitAll(repo, 'two');
    const tagsCache = new Map<string, TagsCacheEntry>();
    const read: Corpus[] = [];
    const options = {
      tagsCache,
      releaseTexts: false,
      deferCodeGrammars: false,
      onCorpus: (corpus: Corpus) => void read.push(corpus),
    };
    const first = await openIndex({ gitDir: repo, commit: one }, options);
    expect(tagsCache.size).toBeGreaterThan(0);
    const second = await openIndex({ gitDir: repo, commit: two }, { ...options, previous: first.index });
    expect(second.snapshot).toBeUndefined();
    expect(read.map((c) => c.files.length)).toEqual([
      first.index.corpus.files.length,
      second.index.corpus.files.length,
    ]);
    // only a content changed: the update took the first index's graph over
    expect(() => first.index.rank(QUERY)).toThrow(expect.objectContaining({ code: 'superseded-index' }));
    const fresh = await buildIndex(await loadCorpus({ gitDir: repo, commit: two }));
    expect(ranked(second.index)).toEqual(ranked(fresh));
    // the texts kept and every grammar loaded with the build: a query with code ranks without `prepare`
    expect(second.index.corpus.files.every((f) => typeof f.text === 'string')).toBe(true);
    const withCode = `${QUERY}\n\n\`\`\`python\napply_discount(order, 0.5)\n\`\`\`\n`;
    expect(second.index.rank(withCode).files.length).toBeGreaterThan(0);
  });

  it("keeps a snapshot per stage settings: another index's settings are never loaded", async () => {
    const repo = join(tmp, 'settings');
    const cache = join(tmp, 'settings-cache');
    cpSync(FIXTURE, repo, { recursive: true });
    ageTree(repo);
    const settings = { graph: { importWeight: 0 } };
    await openIndex({ folder: repo }, { cache });
    const other = await openIndex({ folder: repo }, { cache, settings });
    expect(other.snapshot, 'built, not the default snapshot').toBeUndefined();
    expect(other.index.settings.graph.importWeight).toBe(0);
    const again = await openIndex({ folder: repo }, { cache, settings });
    expect(again.snapshot).toMatchObject({ updated: false });
    expect(again.index.settings.graph.importWeight).toBe(0);
    expect(ranked(again.index)).toEqual(ranked(await buildIndex(await loadCorpus({ folder: repo }), settings)));
  });

  it('refuses a cache folder and a tags cache together, naming the option', async () => {
    const repo = join(tmp, 'both');
    cpSync(FIXTURE, repo, { recursive: true });
    await expect(openIndex({ folder: repo }, { cache: join(tmp, 'both-cache'), tagsCache: new Map() })).rejects.toThrow(
      expect.objectContaining({ code: 'bad-option', subject: 'tagsCache' }),
    );
  });
});
