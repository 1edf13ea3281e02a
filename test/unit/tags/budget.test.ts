/**
 * The tags stage's per-file budget (issue 19, item 2): deeply nested code is left without
 * tags as `too-complex`, named in the diagnostics, instead of stalling the stage for tens
 * of seconds (or silently losing references past 32,767 levels); ordinary files keep
 * exactly their tags.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TagsStore } from '../../../src/cache/index.js';
import { loadCorpus } from '../../../src/corpus/index.js';
import { buildIndex } from '../../../src/index.js';
import { TAGS_BUDGET } from '../../../src/tags/budget.js';
import { extractTags } from '../../../src/tags/extract.js';
import { snippetReader } from '../../../src/tags/snippet.js';
import type { FileRecord, LanguageId } from '../../../src/types.js';
import { chainedJavaCalls, nestedPythonCalls, nestedTsObjects } from '../../bad-inputs/sources.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { FIXTURE_REPOS } from './helpers.js';

function record(path: string, language: LanguageId, text: string): FileRecord {
  return { path, size: Buffer.byteLength(text), text, language, kind: 'source' };
}

const ORDINARY = record('ok.py', 'python', 'def helper():\n    return other()\n');

describe('tags budget', () => {
  it.each([
    ['40,000 chained Java calls', record('Chain.java', 'java', chainedJavaCalls(40_000))],
    ['50,000 nested Python calls', record('deep.py', 'python', nestedPythonCalls(50_000))],
    ['50,000 nested TypeScript objects', record('deep.ts', 'typescript', nestedTsObjects(50_000))],
  ])('%s: too-complex (deeper than the budget), named, the next file tagged as usual', async (_what, deep) => {
    const result = await extractTags([deep, ORDINARY], { jobs: 1 });
    expect(result.diagnostics).toEqual([
      {
        code: 'too-complex',
        file: deep.path,
        message: `not indexed: its syntax tree is over ${TAGS_BUDGET.maxTreeDepth} levels deep`,
      },
    ]);
    expect(result.tags.map((t) => t.path)).toEqual(['ok.py']);
    expect(result.tags[0]!.references).toEqual([{ name: 'other', kind: 'call', line: 2 }]);
  });

  it('a chain shallow enough but needing too many matches at once is too-complex by the match limit', async () => {
    const long = record('Long.java', 'java', chainedJavaCalls(2_000));
    const short = record('Short.java', 'java', chainedJavaCalls(500));
    const result = await extractTags([long, short], { jobs: 1 });
    expect(result.diagnostics).toEqual([
      {
        code: 'too-complex',
        file: 'Long.java',
        message: `not indexed: its tags query needs over ${TAGS_BUDGET.matchLimit} partial matches at once (deeply nested code)`,
      },
    ]);
    // 500 links stay within the limit: tagged, a call per line
    expect(result.tags.map((t) => t.path)).toEqual(['Short.java']);
    expect(result.tags[0]!.references).toHaveLength(20);
    // so does the long chain when the depth guard alone is loosened: the match limit decided
    const deeper = await extractTags([long], { jobs: 1, budget: { maxTreeDepth: 1e9 } });
    expect(deeper.diagnostics.map((d) => d.code)).toEqual(['too-complex']);
  });

  it('a file past the time budget is parse-failed (tried again later), and the parser goes on with the next file', async () => {
    const big = record(
      'big.py',
      'python',
      Array.from({ length: 4000 }, (_, i) => `def f${i}(a, b):\n    return g${i}(a) + h(b)\n`).join(''),
    );
    const result = await extractTags([big, ORDINARY], { jobs: 1, budget: { timeMs: 1 } });
    expect(result.diagnostics).toEqual([
      {
        code: 'parse-failed',
        file: 'big.py',
        message: 'not indexed: parse and tags query took over 1 ms (the per-file budget)',
      },
    ]);
    // the cancelled parse did not leave the parser half-way: the next file is parsed from its start
    expect(result.tags).toEqual((await extractTags([ORDINARY], { jobs: 1 })).tags);
  });

  it('on worker threads: the same outcomes as in this thread', async () => {
    const files = [
      record('Chain.java', 'java', chainedJavaCalls(40_000)),
      record('Short.java', 'java', chainedJavaCalls(2_000)),
      ORDINARY,
    ];
    const inThread = await extractTags(files, { jobs: 1 });
    let pooled = false;
    const onWorkers = await extractTags(files, {
      jobs: 2,
      pool: { minFiles: 0, minBytes: 0, batchFiles: 1 },
      onWorkers: () => (pooled = true),
    });
    expect(pooled).toBe(true);
    expect(onWorkers).toEqual(inThread);
    expect(inThread.diagnostics.map((d) => d.code)).toEqual(['too-complex', 'too-complex']);
  });

  it('leaves every fixture file its tags: nothing past the budget, and the same tags without depth or time bounds', async () => {
    const files: FileRecord[] = [];
    for (const repo of readdirSync(FIXTURE_REPOS).sort()) {
      for (const f of (await loadCorpus({ folder: join(FIXTURE_REPOS, repo) })).files)
        files.push({ ...f, path: `${repo}/${f.path}` });
    }
    const bounded = await extractTags(files, { jobs: 1 });
    const unbounded = await extractTags(files, { jobs: 1, budget: { maxTreeDepth: 1e9, timeMs: 1e9 } });
    expect(bounded.tags.length).toBeGreaterThan(50);
    expect(bounded.diagnostics.filter((d) => d.code !== 'parse-error')).toEqual([]);
    expect(JSON.stringify(bounded)).toBe(JSON.stringify(unbounded));
  });

  it('rejects a budget that is not a whole number ≥ 1, naming the field', async () => {
    await expect(extractTags([ORDINARY], { budget: { timeMs: 0 } })).rejects.toMatchObject({
      code: 'bad-option',
      subject: 'budget.timeMs',
    });
    await expect(extractTags([ORDINARY], { budget: { maxTreeDepth: 1.5 } })).rejects.toMatchObject({
      code: 'bad-option',
      subject: 'budget.maxTreeDepth',
    });
    // the match limit is fixed (see TAGS_BUDGET)
    await expect(extractTags([ORDINARY], { budget: { matchLimit: 8192 } as never })).rejects.toMatchObject({
      code: 'bad-option',
      subject: 'budget.matchLimit',
    });
  });

  it('through an index: the file stays a node without tags, counted in stats.tooComplex; a tags cache keeps the verdict', async () => {
    const dir = makeTemp('repomap-budget-');
    try {
      writeFiles(join(dir, 'repo'), {
        'src/Chain.java': chainedJavaCalls(40_000),
        'src/Main.java': 'class Main { void run() { new Chain().m(); } }\n',
      });
      const corpus = await loadCorpus({ folder: join(dir, 'repo') });
      const plain = await buildIndex(corpus);
      expect(plain.stats).toMatchObject({ files: 2, parsed: 1, tooComplex: 1 });
      expect(plain.diagnostics).toEqual([expect.objectContaining({ code: 'too-complex', file: 'src/Chain.java' })]);
      expect(
        plain
          .rank('Chain.m')
          .files.map((f) => f.path)
          .sort(),
      ).toEqual(['src/Chain.java', 'src/Main.java']);
      for (let run = 0; run < 2; run++) {
        const store = TagsStore.open(join(dir, 'tags.sqlite'));
        const cached = await buildIndex(corpus, { tagsCache: store });
        store.close();
        expect(cached.stats.cache).toEqual(run === 0 ? { hits: 0, misses: 2 } : { hits: 2, misses: 0 });
        expect({ ...cached.stats, timingsMs: 0, cache: undefined }).toEqual({ ...plain.stats, timingsMs: 0 });
        expect(cached.diagnostics).toEqual(plain.diagnostics);
        expect(cached.tags).toEqual(plain.tags);
      }
    } finally {
      removeTemp(dir);
    }
  });

  it('a code snippet in a query keeps to the same budget: a deep one is not read, an ordinary one is', async () => {
    const reader = await snippetReader(['java']);
    const deep = chainedJavaCalls(10_000);
    expect(deep.length).toBeLessThan(50_000); // within the snippet size limit: only the budget stops it
    expect(reader.read('java', deep)).toBeUndefined();
    expect(reader.read('java', 'class A { void m() { b.c(); } }')?.references).toEqual([
      { name: 'c', kind: 'call', line: 1 },
    ]);
  });
});
