import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/corpus/index.js';
import { RepoMapError } from '../../../src/errors.js';
import type { Corpus } from '../../../src/types.js';
import { makeTemp, removeTemp, writeFiles } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = makeTemp();
});
afterEach(() => {
  removeTemp(dir);
});

const paths = (corpus: Corpus) => corpus.files.map((f) => f.path);
const file = (corpus: Corpus, path: string) => corpus.files.find((f) => f.path === path);

describe('loadCorpus on a folder', () => {
  it('honours the root and nested .gitignore files, each relative to its folder', async () => {
    writeFiles(dir, {
      '.gitignore': '*.log\n/build-out/\nsecret.txt\n',
      'app.log': 'x',
      'src/a.ts': 'export const a = 1;\n',
      'src/debug.log': 'x',
      'build-out/x.js': 'x',
      'secret.txt': 'x',
      'pkg/.gitignore': 'generated/\n!keep.log\n/local.ts\n',
      'pkg/keep.log': 'kept by the nested negation\n',
      'pkg/local.ts': 'x',
      'pkg/sub/local.ts': 'not anchored here: kept\n',
      'pkg/generated/g.ts': 'x',
      'other/generated/g.ts': 'only pkg/ ignores generated/\n',
    });
    const corpus = await loadCorpus({ folder: dir });
    expect(paths(corpus)).toEqual([
      '.gitignore',
      'other/generated/g.ts',
      'pkg/.gitignore',
      'pkg/keep.log',
      'pkg/sub/local.ts',
      'src/a.ts',
    ]);
    // app.log, src/debug.log, build-out/x.js, secret.txt, pkg/local.ts, pkg/generated/g.ts
    expect(corpus.skipped.ignored).toBe(6);
    expect(corpus.diagnostics).toEqual([]);
    expect(corpus.source).toBe('folder');
    expect(corpus.root).toBe(dir);
  });

  it('skips vendored folders with one summary diagnostic per folder', async () => {
    writeFiles(dir, {
      'index.js': 'require("x");\n',
      'node_modules/x/index.js': 'x',
      'node_modules/x/package.json': '{}',
      'node_modules/y/lib/y.js': 'y',
      'packages/a/node_modules/z/z.js': 'z',
      'vendor/github.com/q/q.go': 'package q\n',
      'src/vendor.ts': 'a file named like a vendored folder is kept\n',
    });
    const corpus = await loadCorpus({ folder: dir });
    expect(paths(corpus)).toEqual(['index.js', 'src/vendor.ts']);
    expect(corpus.skipped.vendored).toBe(5);
    const vendored = corpus.diagnostics.filter((d) => d.code === 'skipped-vendored');
    expect(vendored).toHaveLength(3);
    expect(vendored[0]!.message).toContain('3 files under node_modules/');
    expect(vendored[1]!.message).toContain('1 file under packages/a/node_modules/');
    expect(vendored[2]!.message).toContain('1 file under vendor/');
  });

  it('counts vendored before gitignored', async () => {
    writeFiles(dir, { '.gitignore': 'node_modules/\n', 'node_modules/x.js': 'x', 'a.js': 'a' });
    const corpus = await loadCorpus({ folder: dir });
    expect(corpus.skipped).toMatchObject({ vendored: 1, ignored: 0 });
  });

  it('skips a binary file with a diagnostic', async () => {
    writeFiles(dir, {
      'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
      'a.py': 'x = 1\n',
      'huge.bin': Buffer.alloc(2 * 1024 * 1024, 0), // binary wins over too-large: the rules go in order
    });
    const corpus = await loadCorpus({ folder: dir });
    expect(paths(corpus)).toEqual(['a.py']);
    expect(corpus.skipped).toMatchObject({ binary: 2, 'too-large': 0 });
    expect(corpus.diagnostics).toEqual([
      expect.objectContaining({ code: 'skipped-binary', file: 'huge.bin' }),
      expect.objectContaining({
        code: 'skipped-binary',
        file: 'logo.png',
        message: expect.stringContaining('logo.png'),
      }),
    ]);
  });

  it('skips a 2 MiB file as too-large, naming its size', async () => {
    writeFiles(dir, { 'big.txt': 'a\n'.repeat(1024 * 1024), 'small.txt': 'a\n' });
    const corpus = await loadCorpus({ folder: dir });
    expect(paths(corpus)).toEqual(['small.txt']);
    expect(corpus.skipped['too-large']).toBe(1);
    const [diagnostic] = corpus.diagnostics;
    expect(diagnostic).toMatchObject({ code: 'skipped-too-large', file: 'big.txt' });
    expect(diagnostic!.message).toContain('2097152 bytes');
  });

  it('skips minified files by content and by name', async () => {
    const minified = `var a=${'1+'.repeat(3000)}1;\n`;
    writeFiles(dir, {
      'dist-like/app.js': minified,
      'lib/jquery.min.js': 'var x=1;\n',
      'lib/long-string.js': `const s = "${'x'.repeat(2000)}";\n${'const y = 1;\n'.repeat(200)}`,
      'notes.md': `${'word '.repeat(400)}\n`,
    });
    const corpus = await loadCorpus({ folder: dir });
    // one long line among many short ones is not minified; prose is never judged by line length
    expect(paths(corpus)).toEqual(['lib/long-string.js', 'notes.md']);
    expect(corpus.skipped.minified).toBe(2);
    expect(corpus.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['skipped-minified', 'dist-like/app.js'],
      ['skipped-minified', 'lib/jquery.min.js'],
    ]);
  });

  it('keeps invalid UTF-8 decoded with replacement characters, plus a diagnostic', async () => {
    writeFiles(dir, { 'latin1.py': Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a]) });
    const corpus = await loadCorpus({ folder: dir });
    expect(file(corpus, 'latin1.py')?.text).toBe('# \uFFFDt\uFFFD\n');
    expect(corpus.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-utf8', file: 'latin1.py' })]);
  });

  it('keeps empty files and unknown extensions, with language and kind', async () => {
    writeFiles(dir, { 'empty.py': '', 'data.xyz': 'hello', 'src/main.go': 'package main\n' });
    const corpus = await loadCorpus({ folder: dir });
    expect(corpus.files).toEqual([
      { path: 'data.xyz', size: 5, text: 'hello', language: null, kind: 'other' },
      { path: 'empty.py', size: 0, text: '', language: 'python', kind: 'source' },
      { path: 'src/main.go', size: 13, text: 'package main\n', language: 'go', kind: 'source' },
    ]);
    expect(corpus.files[0]!.blobId).toBeUndefined();
  });

  it('skips symlinks without following them', async () => {
    writeFiles(dir, { 'real/a.ts': 'export {};\n' });
    symlinkSync(join(dir, 'real/a.ts'), join(dir, 'link.ts'));
    symlinkSync(join(dir, 'real'), join(dir, 'linked-dir'));
    const corpus = await loadCorpus({ folder: dir });
    expect(paths(corpus)).toEqual(['real/a.ts']);
    expect(corpus.skipped.symlink).toBe(2);
    expect(corpus.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['skipped-symlink', 'link.ts'],
      ['skipped-symlink', 'linked-dir'],
    ]);
  });

  it('excludes .git and includes dot files', async () => {
    writeFiles(dir, { '.git/HEAD': 'ref: refs/heads/main\n', '.env.example': 'A=1\n', '.github/ci.yml': 'on: push\n' });
    const corpus = await loadCorpus({ folder: dir });
    expect(paths(corpus)).toEqual(['.env.example', '.github/ci.yml']);
    expect(corpus.skipped.vendored).toBe(0);
  });

  it('throws missing-folder naming the path for a missing folder or a file', async () => {
    const missing = join(dir, 'nope');
    await expect(loadCorpus({ folder: missing })).rejects.toMatchObject({
      code: 'missing-folder',
      message: expect.stringContaining(missing),
    });
    writeFiles(dir, { 'f.txt': 'x' });
    const error = await loadCorpus({ folder: join(dir, 'f.txt') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RepoMapError);
    expect(error).toMatchObject({ code: 'missing-folder', message: expect.stringContaining(join(dir, 'f.txt')) });
  });

  it('sorts files in byte order, the same on every run', async () => {
    const names = [
      'b.ts',
      'B.ts',
      'a/b.ts',
      'a-b.ts',
      'a.b.ts',
      'ä.ts',
      'z.ts',
      '_x.ts',
      '😀.ts',
      '\uFF5E.ts',
      'a0.ts',
    ];
    writeFiles(dir, Object.fromEntries(names.map((n) => [n, n])));
    const expected = [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    const first = await loadCorpus({ folder: dir });
    const second = await loadCorpus({ folder: dir });
    expect(paths(first)).toEqual(expected);
    expect(second).toEqual(first);
  });

  it('reports progress up to the number of candidate files', async () => {
    writeFiles(dir, { 'a.ts': 'a', 'b.ts': 'b', 'node_modules/c.js': 'c' });
    const calls: [number, number][] = [];
    await loadCorpus({ folder: dir }, { onProgress: (done, total) => calls.push([done, total]) });
    expect(calls[0]).toEqual([0, 2]);
    expect(calls[calls.length - 1]).toEqual([2, 2]);
  });

  it('gives the candidate paths to onListed once, before any file is read', async () => {
    writeFiles(dir, { 'a.ts': 'a', 'b/c.py': 'c', 'node_modules/d.js': 'd', 'e.bin': '\0\0\0' });
    const events: string[] = [];
    await loadCorpus(
      { folder: dir },
      {
        onListed: (paths) => events.push(`listed ${[...paths].sort().join(' ')}`),
        onProgress: (done) => events.push(`read ${done}`),
      },
    );
    // the binary file is a candidate (a content rule skips it once read); node_modules is not
    expect(events[0]).toBe('listed a.ts b/c.py e.bin');
    expect(events.slice(1)).toEqual(['read 0', 'read 1', 'read 2', 'read 3']);
    await expect(loadCorpus({ folder: dir }, { onListed: 'no' as never })).rejects.toMatchObject({
      code: 'bad-option',
      subject: 'onListed',
    });
  });

  it('applies custom thresholds and rejects bad ones', async () => {
    writeFiles(dir, { 'a.txt': 'x'.repeat(100) });
    const corpus = await loadCorpus({ folder: dir }, { maxFileBytes: 50 });
    expect(corpus.skipped['too-large']).toBe(1);
    await expect(loadCorpus({ folder: dir }, { maxFileBytes: -1 })).rejects.toMatchObject({
      code: 'bad-option',
      subject: 'maxFileBytes',
    });
  });
});
