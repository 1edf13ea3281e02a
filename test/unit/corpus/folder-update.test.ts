/**
 * `rereadChangedFiles`: the corpus of a folder where only some files' contents changed,
 * made from the earlier corpus without listing the folder, equals a load of the folder;
 * where it could not (a changed path that is not a file of the corpus, a file that now
 * reads with a diagnostic or is skipped, other options, another folder) it gives null.
 * And `FolderFingerprint.changedPaths`, which tells the CLI which paths those are, and
 * `changedPathsAside`, the same checked on a worker thread.
 */
import { appendFileSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderFingerprint, loadCorpus, readFilesAhead, rereadChangedFiles } from '../../../src/corpus/index.js';
import { packageRoot } from '../../../src/package-root.js';
import type { Corpus } from '../../../src/types.js';
import { ageTree, makeTemp, removeTemp, writeFiles } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = makeTemp();
  writeFiles(dir, {
    '.gitignore': 'build/\n',
    'a.py': 'def a():\n    return 1\n',
    'b.py': 'def b():\n    return 2\n',
    'c.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), // invalid UTF-8: read with a diagnostic
    'd/e.ts': 'export const e = 1;\n',
    'build/out.py': 'x = 1\n',
    'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
  });
  ageTree(dir);
});
afterEach(() => removeTemp(dir));

const recordOf = (corpus: Corpus, path: string) => corpus.files.find((f) => f.path === path)!;

describe('rereadChangedFiles', () => {
  it('reads the changed files again and keeps every other record, skip and diagnostic: the corpus a load gives', async () => {
    const first = await loadCorpus({ folder: dir });
    writeFileSync(join(dir, 'b.py'), 'def b():\n    return 22\n');
    appendFileSync(join(dir, 'd/e.ts'), 'export const f = 2;\n');
    const reread = rereadChangedFiles(dir, first, ['b.py', 'd/e.ts'])!;
    expect(reread).not.toBeNull();
    expect(recordOf(reread, 'a.py')).toBe(recordOf(first, 'a.py'));
    expect(recordOf(reread, 'b.py').text).toBe('def b():\n    return 22\n');
    expect(recordOf(reread, 'd/e.ts').size).toBe(40);
    expect(reread.skipped).toEqual(first.skipped);
    expect(reread.skipped.binary).toBe(1);
    expect(reread.skipped.ignored).toBe(1);
    expect(reread).toEqual(await loadCorpus({ folder: dir }));
  });

  it('is a previous a later load reuses by stamp, and rereads again from', async () => {
    const first = await loadCorpus({ folder: dir });
    writeFileSync(join(dir, 'b.py'), 'def b():\n    return 22\n');
    const reread = rereadChangedFiles(dir, first, ['b.py'])!;
    const past = new Date(Date.now() - 10_000);
    utimesSync(join(dir, 'a.py'), past, past); // a touch: read again, the same text
    const next = await loadCorpus({ folder: dir }, { previous: reread });
    expect(recordOf(next, 'd/e.ts')).toBe(recordOf(first, 'd/e.ts'));
    expect(recordOf(next, 'b.py').text).toBe('def b():\n    return 22\n');
    writeFileSync(join(dir, 'a.py'), 'def a():\n    return 3\n');
    expect(rereadChangedFiles(dir, reread, ['a.py'])).toEqual(await loadCorpus({ folder: dir }));
  });

  it('gives null where the corpus would not be what a load gives', async () => {
    const first = await loadCorpus({ folder: dir });
    // not a file of the corpus (a folder, a skipped file, a new file), or an ignore file (which is one)
    for (const path of ['d', 'logo.png', 'build/out.py', 'new.py', '.gitignore'])
      expect(rereadChangedFiles(dir, first, [path]), path).toBeNull();
    // a file that had a diagnostic
    expect(rereadChangedFiles(dir, first, ['c.txt'])).toBeNull();
    // other options, another folder
    expect(rereadChangedFiles(dir, first, ['a.py'], { maxFileBytes: 4096 })).toBeNull();
    const other = makeTemp();
    try {
      expect(rereadChangedFiles(other, first, ['a.py'])).toBeNull();
    } finally {
      removeTemp(other);
    }
    // a changed file that is now binary, or gone
    writeFileSync(join(dir, 'a.py'), Buffer.from([0, 1, 2, 3]));
    expect(rereadChangedFiles(dir, first, ['a.py'])).toBeNull();
    rmSync(join(dir, 'b.py'));
    expect(rereadChangedFiles(dir, first, ['b.py'])).toBeNull();
    // and no files at all changed: the same records
    expect(rereadChangedFiles(dir, first, [])).toEqual(first);
  });
});

describe('readFilesAhead', () => {
  it('reads and examines the paths as a load does, leaving out what a load skips and what cannot be read', async () => {
    writeFileSync(join(dir, 'b.py'), 'def b():\n    return 22\n');
    const ahead = readFilesAhead(dir, ['b.py', 'logo.png', 'gone.py', 'd/e.ts', 'd']);
    const loaded = await loadCorpus({ folder: dir });
    expect(ahead.map((f) => f.path)).toEqual(['b.py', 'd/e.ts']);
    expect(ahead).toEqual([recordOf(loaded, 'b.py'), recordOf(loaded, 'd/e.ts')]);
    expect(ahead[0]!.language).toBe('python');
    expect(ahead[1]!.language).toBe('typescript');
  });

  it('examines under the options a load takes: a file they would exclude is still read, as the build decides what counts', () => {
    const ahead = readFilesAhead(dir, ['a.py'], { exclude: ['*.py'] });
    expect(ahead.map((f) => f.path)).toEqual(['a.py']);
  });
});

describe('FolderFingerprint.changedPaths', () => {
  it('names the paths whose stamps changed, in the order watched, up to a limit', async () => {
    const corpus = await loadCorpus({ folder: dir });
    const paths = corpus.files.map((f) => f.path);
    const fingerprint = await FolderFingerprint.take(dir, paths, Date.now());
    const saved = FolderFingerprint.restore(dir, fingerprint.saved()!);
    expect(saved.changedPaths()).toEqual([]);
    appendFileSync(join(dir, 'b.py'), '# more\n');
    appendFileSync(join(dir, 'a.py'), '# more\n');
    expect(saved.changedPaths()).toEqual(['a.py', 'b.py']);
    expect(saved.changedPaths(1)).toEqual(['a.py']);
    expect(saved.changes()).toBe(2);
    writeFileSync(join(dir, '.gitignore'), 'build/\nd/\n');
    mkdirSync(join(dir, 'd/f'));
    // folders first, then the corpus files (the ignore file is one)
    expect(saved.changedPaths()).toEqual(['d', '.gitignore', 'a.py', 'b.py']);
  });

  it('restamped: the changed paths stated again, the rest as checked; unsettled when one was written as the read began', async () => {
    const corpus = await loadCorpus({ folder: dir });
    const saved = FolderFingerprint.restore(
      dir,
      (
        await FolderFingerprint.take(
          dir,
          corpus.files.map((f) => f.path),
          Date.now(),
        )
      ).saved()!,
    );
    appendFileSync(join(dir, 'a.py'), '# more\n');
    expect(saved.restamped(['a.py'], Date.now()).saved(), 'written just now').toBeNull();
    const past = new Date(Date.now() - 10_000);
    utimesSync(join(dir, 'a.py'), past, past);
    const restamped = saved.restamped(['a.py'], Date.now());
    expect(restamped.changedPaths()).toEqual([]);
    expect(saved.changedPaths()).toEqual(['a.py']);
    // equal to a fingerprint taken by walking the folder again
    expect(restamped.saved()).toEqual(
      (
        await FolderFingerprint.take(
          dir,
          corpus.files.map((f) => f.path),
          Date.now(),
        )
      ).saved(),
    );
    expect(saved.restamped(['gone.py'], Date.now()).saved(), 'a path it does not watch').toBeNull();
  });

  it('is null for a fingerprint taken while a file was being written', async () => {
    writeFileSync(join(dir, 'a.py'), 'def a():\n    return 5\n');
    const fingerprint = await FolderFingerprint.take(dir, ['a.py', 'b.py'], Date.now());
    expect(fingerprint.saved()).toBeNull();
    expect(fingerprint.changedPaths()).toBeNull();
    expect(fingerprint.changes(3)).toBe(3);
    expect(await fingerprint.changedPathsAside(Infinity, { minPaths: 0 })).toBeNull();
  });
});

describe('FolderFingerprint.changedPathsAside', () => {
  it('gives what changedPaths gives, checked on the stamp worker (forced here: minPaths 0), half on each thread, or, below minPaths, on this thread', async () => {
    const corpus = await loadCorpus({ folder: dir });
    const saved = FolderFingerprint.restore(
      dir,
      (
        await FolderFingerprint.take(
          dir,
          corpus.files.map((f) => f.path),
          Date.now(),
        )
      ).saved()!,
    );
    for (const share of ['all', 'half'] as const)
      expect(await saved.changedPathsAside(Infinity, { minPaths: 0, share })).toEqual([]);
    appendFileSync(join(dir, 'b.py'), '# more\n');
    rmSync(join(dir, 'a.py'));
    mkdirSync(join(dir, 'd/f'));
    const expected = ['.', 'd', 'a.py', 'b.py'];
    expect(saved.changedPaths()).toEqual(expected);
    for (const share of ['all', 'half'] as const) {
      expect(await saved.changedPathsAside(Infinity, { minPaths: 0, share }), share).toEqual(expected);
      // the first changed paths in the order watched, whichever thread stated them
      for (let limit = 1; limit <= expected.length; limit++)
        expect(await saved.changedPathsAside(limit, { minPaths: 0, share }), `${share} ${limit}`).toEqual(
          expected.slice(0, limit),
        );
    }
    expect(await saved.changedPathsAside(Infinity, { minPaths: 1_000 })).toEqual(expected);
  });

  it('the stamp worker module answers with the changed positions (the build wrote it beside the library)', async () => {
    const corpus = await loadCorpus({ folder: dir });
    const saved = (
      await FolderFingerprint.take(
        dir,
        corpus.files.map((f) => f.path),
        Date.now(),
      )
    ).saved()!;
    appendFileSync(join(dir, 'b.py'), '# more\n');
    const worker = new Worker(join(packageRoot(), 'dist', 'src', 'corpus', 'stamp-worker.js'), {
      workerData: { root: dir, ...saved, limit: Infinity },
    });
    const answer = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(answer).toEqual([saved.paths.indexOf('b.py')]);
  });
});
