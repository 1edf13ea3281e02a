/**
 * Entries of a tree that are not plain files with plain names (issue 19, items 7, 8, 10
 * and 11): names holding a newline or bytes that are not UTF-8, FIFOs and sockets, UTF-16
 * sources, and checkouts of other repositories. Each is indexed or skipped by one rule,
 * counted and named, in folder and git mode alike.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, releaseTexts, whySkipped } from '../../../src/corpus/index.js';
import type { Corpus } from '../../../src/types.js';
import { commitAll, git, initRepo, makeTemp, removeTemp, writeFiles } from './helpers.js';

let temp: string;
beforeAll(() => {
  temp = makeTemp('repomap-odd-');
});
afterAll(() => removeTemp(temp));

const paths = (corpus: Corpus) => corpus.files.map((f) => f.path);
const codeOf = (corpus: Corpus, file: string) => corpus.diagnostics.filter((d) => d.file === file).map((d) => d.code);

/** A name that is not UTF-8: `caf` then a Latin-1 é. */
const LATIN1 = Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from('.py')]);

describe('file names', () => {
  it('indexes a name holding a newline, in folder and git mode', async () => {
    const repo = initRepo(temp, 'newline');
    writeFiles(repo, { 'new\nline.py': 'def newline_helper():\n    return 1\n', 'a.py': 'x = 1\n' });
    const commit = commitAll(repo, 'one');
    const folder = await loadCorpus({ folder: repo });
    const tree = await loadCorpus({ gitDir: repo, commit });
    expect(paths(folder)).toEqual(['a.py', 'new\nline.py']);
    expect(paths(tree)).toEqual(paths(folder));
    expect(folder.files[1]!.text).toContain('newline_helper');
  });

  it('skips a name that is not valid UTF-8 as unrepresentable-name, in folder and git mode', async () => {
    const repo = initRepo(temp, 'latin1');
    writeFiles(repo, { 'a.py': 'x = 1\n' });
    writeFileSync(Buffer.concat([Buffer.from(repo + '/'), LATIN1]), 'def latin_helper():\n    return 1\n');
    const commit = commitAll(repo, 'one');
    for (const corpus of [await loadCorpus({ folder: repo }), await loadCorpus({ gitDir: repo, commit })]) {
      expect(paths(corpus)).toEqual(['a.py']);
      expect(corpus.skipped['unrepresentable-name']).toBe(1);
      expect(codeOf(corpus, 'caf\uFFFD.py')).toEqual(['skipped-unrepresentable-name']);
    }
  });

  it('skips a folder whose name is not valid UTF-8 once, naming it', async () => {
    const dir = join(temp, 'latin1-folder');
    writeFiles(dir, { 'a.py': 'x = 1\n' });
    const folder = Buffer.concat([Buffer.from(dir + '/'), LATIN1.subarray(0, 4)]);
    mkdirSync(folder);
    writeFileSync(Buffer.concat([folder, Buffer.from('/in.py')]), 'y = 2\n');
    writeFileSync(Buffer.concat([folder, Buffer.from('/in2.py')]), 'z = 3\n');
    const corpus = await loadCorpus({ folder: dir });
    expect(paths(corpus)).toEqual(['a.py']);
    expect(corpus.skipped['unrepresentable-name']).toBe(1);
    expect(codeOf(corpus, 'caf\uFFFD')).toEqual(['skipped-unrepresentable-name']);
  });
});

describe('special files', () => {
  it('counts and names FIFOs and sockets (folder mode)', async () => {
    const dir = join(temp, 'special');
    writeFiles(dir, { 'a.py': 'x = 1\n' });
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'sock'), resolve));
    try {
      const corpus = await loadCorpus({ folder: dir });
      expect(paths(corpus)).toEqual(['a.py']);
      expect(corpus.skipped.special).toBe(2);
      expect(corpus.diagnostics.map((d) => [d.code, d.file])).toEqual([
        ['skipped-special', 'pipe'],
        ['skipped-special', 'sock'],
      ]);
      expect(corpus.diagnostics[0]!.message).toContain('FIFO pipe');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('UTF-16 sources', () => {
  const source = 'def utf16_helper():\n    return "é"\n';
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]);
  const be = Buffer.from(le.subarray(2)).swap16();
  const files = {
    'le.py': le,
    'be.py': Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
    'utf32.py': Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]),
  };

  it('decodes a UTF-16 file by its byte-order mark and reports it, in folder and git mode', async () => {
    const repo = initRepo(temp, 'utf16');
    writeFiles(repo, files);
    const commit = commitAll(repo, 'one');
    for (const corpus of [await loadCorpus({ folder: repo }), await loadCorpus({ gitDir: repo, commit })]) {
      expect(paths(corpus)).toEqual(['be.py', 'le.py']);
      for (const f of corpus.files) expect(f.text).toBe(source);
      expect(codeOf(corpus, 'le.py')).toEqual(['decoded-utf16']);
      expect(corpus.diagnostics.find((d) => d.file === 'be.py')!.message).toContain('UTF-16BE');
      // UTF-32's mark is not UTF-16's: that file stays binary
      expect(codeOf(corpus, 'utf32.py')).toEqual(['skipped-binary']);
    }
    // a released text is read again and decoded the same way
    const folder = await loadCorpus({ folder: repo });
    expect(releaseTexts(folder)).toBe(2);
    for (const f of folder.files) expect(f.text).toBe(source);
  });
});

describe('Git LFS pointers', () => {
  const pointer =
    'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';

  it('skips a pointer file as lfs-pointer, counted and named, in folder and git mode; a file that only quotes the line is kept', async () => {
    const repo = initRepo(temp, 'lfs');
    writeFiles(repo, {
      '.gitattributes': 'models/*.py filter=lfs diff=lfs merge=lfs -text\n',
      'models/weights.py': pointer,
      'docs/lfs.md': 'version https://git-lfs.github.com/spec/v1 is the first line of a pointer\n',
      'src/app.py': 'def main():\n    return 1\n',
    });
    // committed as the pointer itself: no LFS filter runs here (none is configured)
    const commit = commitAll(repo, 'one');
    for (const corpus of [await loadCorpus({ folder: repo }), await loadCorpus({ gitDir: repo, commit })]) {
      expect(paths(corpus)).toEqual(['.gitattributes', 'docs/lfs.md', 'src/app.py']);
      expect(corpus.skipped['lfs-pointer']).toBe(1);
      expect(corpus.diagnostics.filter((d) => d.file === 'models/weights.py')).toEqual([
        {
          code: 'skipped-lfs-pointer',
          file: 'models/weights.py',
          message:
            'skipped models/weights.py: a Git LFS pointer (its content is in LFS storage, which repomap does not fetch)',
        },
      ]);
    }
  });
});

describe('submodules', () => {
  it('skips a checked-out submodule in folder mode as git mode does: once, by its folder', async () => {
    const inner = initRepo(temp, 'inner');
    writeFiles(inner, { 'lib.py': 'def lib():\n    return 1\n', 'more/x.py': 'y = 1\n' });
    commitAll(inner, 'inner');
    const parent = initRepo(temp, 'outer');
    writeFiles(parent, { 'main.py': 'x = 1\n' });
    git(parent, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', inner, 'sub');
    const commit = commitAll(parent, 'add submodule');
    const folder = await loadCorpus({ folder: parent });
    const tree = await loadCorpus({ gitDir: parent, commit });
    expect(paths(folder)).toEqual(['.gitmodules', 'main.py']);
    expect(paths(tree)).toEqual(paths(folder));
    for (const corpus of [folder, tree]) {
      expect(corpus.skipped.submodule).toBe(1);
      expect(codeOf(corpus, 'sub')).toEqual(['skipped-submodule']);
      // explain on a file inside it says why it is not there
      expect(whySkipped(corpus, 'sub/more/x.py')).toMatch(/^skipped submodule sub \(/);
    }
  });
});
