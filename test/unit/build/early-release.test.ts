/**
 * Texts let go during the tags stage (src/build/early-release.ts): once BM25 is built,
 * every text but those still to be parsed and those kept, then each as its parse is in;
 * a text let go reads again from its file, and a build that lets them go so ranks as one
 * that keeps them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { earlyRelease } from '../../../src/build/early-release.js';
import { isReleased, loadCorpus } from '../../../src/corpus/index.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

let dir: string;
beforeEach(() => {
  dir = makeTemp();
});
afterEach(() => removeTemp(dir));

describe('earlyRelease', () => {
  it('lets no text go before BM25 is built, then all but the ones a parse waits for or that are kept, then each as it is parsed', async () => {
    writeFiles(dir, {
      'a.py': 'def a():\n    return 1\n',
      'b.py': 'def b():\n    return 2\n',
      'README.md': '# notes\n',
      'pyproject.toml': '[project]\nname = "x"\n',
    });
    const corpus = await loadCorpus({ folder: dir });
    const texts = new Map(corpus.files.map((f) => [f.path, f.text]));
    const released = () =>
      corpus.files
        .filter(isReleased)
        .map((f) => f.path)
        .sort();
    const early = earlyRelease(
      corpus,
      new Map(corpus.files.map((f, i) => [f.path, i])),
      (path) => path === 'pyproject.toml',
      () => false,
    )!;
    early.onParsing(['a.py', 'b.py']);
    early.onParsed('a.py');
    expect(released()).toEqual([]);
    early.lexicalBuilt();
    expect(released()).toEqual(['README.md', 'a.py']);
    early.onParsed('b.py');
    expect(released()).toEqual(['README.md', 'a.py', 'b.py']);
    // read again from the files, as they were loaded
    for (const f of corpus.files) expect(f.text).toBe(texts.get(f.path));
  });

  it('is not made for a corpus that was not loaded from a folder', () => {
    const corpus = { root: dir, source: 'git' as const, files: [], skipped: {}, diagnostics: [] };
    expect(
      earlyRelease(
        corpus as never,
        new Map(),
        () => false,
        () => false,
      ),
    ).toBeUndefined();
  });
});

describe('buildIndex({ releaseTexts }) with parse workers', () => {
  it('ranks as a build that keeps the texts, and keeps only the texts the graph build reads', async () => {
    // past the pool's thresholds (300 files, 4 MB), so that BM25 is built while workers parse
    const files: Record<string, string> = { 'go.mod': 'module example.com/shop\n\ngo 1.22\n' };
    const body = (k: number) =>
      Array.from(
        { length: 150 },
        (_, j) =>
          `def price_${k}_${j}(amount, rate=${j}):\n    """Price ${j} of shelf ${k}."""\n    return round(amount * rate / 100, 2)\n\n`,
      ).join('');
    for (let k = 0; k < 310; k++)
      files[`shop/shelf_${k}.py`] = `from shop.shelf_${(k + 1) % 310} import price_${(k + 1) % 310}_0\n\n${body(k)}`;
    writeFiles(dir, files);
    const { buildIndex } = await import('../../../src/index.js');
    const kept = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 2 });
    const corpus = await loadCorpus({ folder: dir });
    let releasedByLastParse = -1;
    const onProgress = (_stage: string, done: number, total: number) => {
      if (done === total && total > 0) releasedByLastParse = corpus.files.filter(isReleased).length;
    };
    const released = await buildIndex(corpus, { parseJobs: 2, releaseTexts: true, onProgress });
    // BM25 (~5 MB of text) is built long before two workers have parsed it all: texts went during the parse
    expect(releasedByLastParse).toBeGreaterThan(0);
    // a manifest the import resolvers read (go.mod) stays
    expect(corpus.files.filter((f) => !isReleased(f)).map((f) => f.path)).toEqual(['go.mod']);
    for (const q of ['price_7_3 rounds the amount wrong', 'shop/shelf_12.py price of shelf 12']) {
      expect(JSON.stringify(released.rank(q).files)).toBe(JSON.stringify(kept.rank(q).files));
    }
    expect(released.textOf('shop/shelf_5.py')).toBe(kept.textOf('shop/shelf_5.py'));
  }, 60_000);
});
