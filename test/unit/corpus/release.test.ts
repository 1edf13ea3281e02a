/**
 * `releaseTexts` (issue 6, memory): a folder corpus' records give their texts back and
 * read them again from their files when asked; a file changed or removed since the load
 * is an error naming it, never a silently different text. `buildIndex({ releaseTexts })`
 * ranks exactly as a build that keeps the texts, spans included.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isReleased, loadCorpus, releaseTexts } from '../../../src/corpus/index.js';
import { buildIndex } from '../../../src/index.js';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from './helpers.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');

/** A ranking without its timings. */
const ranked = (r: { task: string; files: unknown; confidence: number }) =>
  JSON.stringify([r.task, r.files, r.confidence]);

let dir: string;
beforeEach(() => {
  dir = makeTemp();
});
afterEach(() => removeTemp(dir));

describe('releaseTexts', () => {
  it('reads every released text again, byte for byte as the load decoded it', async () => {
    writeFiles(dir, {
      'a.py': 'def a():\n    return "café 日本 🎉"\n',
      'bom.ts': '\ufeffexport const x = 1;\n',
      'bad.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), // invalid UTF-8
      'package.json': '{ "name": "kept" }\n',
    });
    const corpus = await loadCorpus({ folder: dir });
    const before = corpus.files.map((f) => f.text);
    expect(releaseTexts(corpus, (f) => f.path === 'package.json')).toBe(3);
    expect(corpus.files.map((f) => [f.path, isReleased(f)])).toEqual([
      ['a.py', true],
      ['bad.txt', true],
      ['bom.ts', true],
      ['package.json', false],
    ]);
    expect(corpus.files.map((f) => f.text)).toEqual(before);
    expect(corpus.files.find((f) => f.path === 'bad.txt')!.text).toBe('caf\ufffd\n');
    // a second call finds nothing more to release
    expect(releaseTexts(corpus)).toBe(1);
  });

  it('throws file-changed naming a file modified or removed since the load; assigning text stores it again', async () => {
    writeFiles(dir, { 'a.py': 'x = 1\n', 'b.py': 'y = 2\n' });
    const corpus = await loadCorpus({ folder: dir });
    releaseTexts(corpus);
    const [a, b] = corpus.files;
    writeFileSync(join(dir, 'a.py'), 'x = 100\n');
    rmSync(join(dir, 'b.py'));
    expect(() => a!.text).toThrow(expect.objectContaining({ code: 'file-changed', subject: 'a.py' }));
    expect(() => b!.text).toThrow(expect.objectContaining({ code: 'file-changed', subject: 'b.py' }));
    a!.text = 'x = 1\n';
    expect(isReleased(a!)).toBe(false);
    expect(a!.text).toBe('x = 1\n');
  });

  it('leaves git corpora as they are', async () => {
    const repo = initRepo(dir);
    writeFiles(repo, { 'a.py': 'x = 1\n' });
    const commit = commitAll(repo, 'one');
    const corpus = await loadCorpus({ gitDir: repo, commit });
    expect(releaseTexts(corpus)).toBe(0);
    expect(isReleased(corpus.files[0]!)).toBe(false);
  });
});

describe('buildIndex({ releaseTexts })', () => {
  const queries = [
    'FAILED tests/test_pricing.py::TestApplyDiscount::test_rounds_half_cent_to_even - AssertionError',
    { pr_title: 'Restock thresholds', changed_files: ['src/inventory/models.py'] },
  ];

  it('ranks as a build that keeps the texts, spans included, and answers textOf from the files', async () => {
    cpSync(FIXTURE, dir, { recursive: true });
    const kept = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 1 });
    const corpus = await loadCorpus({ folder: dir });
    const released = await buildIndex(corpus, { parseJobs: 1, releaseTexts: true });
    expect(corpus.files.filter((f) => !isReleased(f)).map((f) => f.path)).toEqual([]);
    for (const q of queries) expect(ranked(released.rank(q))).toBe(ranked(kept.rank(q)));
    for (const f of kept.corpus.files) expect(released.textOf(f.path)).toBe(f.text);
    writeFileSync(join(dir, 'src/inventory/pricing.py'), '# changed\n');
    expect(released.textOf('src/inventory/pricing.py')).toBeUndefined();
    expect(released.textOf('README.md')).toBe(kept.textOf('README.md'));
  });

  it('updates from a released index as from a kept one', async () => {
    cpSync(FIXTURE, dir, { recursive: true });
    const first = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 1, releaseTexts: true });
    const path = 'src/inventory/pricing.py';
    writeFileSync(
      join(dir, path),
      `${first.textOf(path)}\ndef restock_discount(item):\n    return apply_discount(item, 5)\n`,
    );
    const corpus = await loadCorpus({ folder: dir }, { previous: first.corpus });
    const updated = await buildIndex(corpus, { parseJobs: 1, releaseTexts: true, previous: first });
    const fresh = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 1 });
    for (const q of [...queries, 'restock_discount apply_discount'])
      expect(ranked(updated.rank(q))).toBe(ranked(fresh.rank(q)));
    expect(updated.textOf(path)).toBe(fresh.textOf(path));
  });
});
