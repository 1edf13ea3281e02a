import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, resolveCommit } from '../../../src/corpus/index.js';
import { RepoMapError } from '../../../src/errors.js';
import type { Corpus } from '../../../src/types.js';
import { commitAll, git, initRepo, makeTemp, removeTemp, writeFiles } from './helpers.js';

const paths = (corpus: Corpus) => corpus.files.map((f) => f.path);
const file = (corpus: Corpus, path: string) => corpus.files.find((f) => f.path === path);

/** A 300 KB text file: several pipe chunks of `git cat-file` output. */
const LARGE_TEXT = Array.from({ length: 10_000 }, (_, i) => `line ${i} ${'abcdefghij'.repeat(2)}`).join('\n');

let temp: string;
let repo: string;
let bare: string;
let first: string;
let second: string;

beforeAll(() => {
  temp = makeTemp();
  repo = initRepo(temp);
  writeFiles(repo, {
    '.gitignore': 'ignored-but-tracked.txt\n',
    'ignored-but-tracked.txt': 'tracked files are tracked\n',
    'src/app.py': 'print("v1")\n',
    'src/util.py': 'def f():\n    return 1\n',
    'README.md': '# demo\n',
    'empty.txt': '',
    'image.png': Buffer.from([0x89, 0x50, 0x00, 0x0a]),
    'huge.bin': Buffer.alloc(2 * 1024 * 1024, 0), // binary wins over too-large: the rules go in order
    'big.txt': 'a\n'.repeat(1024 * 1024),
    'large-ok.txt': LARGE_TEXT,
    'bundle.js': `x=${'1+'.repeat(3000)}1\n`,
    'node_modules/dep/index.js': 'module.exports = 1;\n',
    'bad.py': Buffer.from([0x23, 0xff, 0x0a]),
    'copy-of-util.py': 'def f():\n    return 1\n',
  });
  symlinkSync('src/app.py', join(repo, 'link.py'));
  git(repo, 'add', '-f', 'ignored-but-tracked.txt');
  first = commitAll(repo, 'first');
  writeFiles(repo, { 'src/app.py': 'print("v2")\n', 'src/later.py': 'x = 2\n' });
  second = commitAll(repo, 'second');
  git(temp, 'clone', '-q', '--bare', repo, 'bare.git');
  bare = join(temp, 'bare.git');
});

afterAll(() => {
  removeTemp(temp);
});

describe('loadCorpus on a git commit', () => {
  it('reads the tree at an older commit from the object store', async () => {
    const corpus = await loadCorpus({ gitDir: repo, commit: first });
    expect(corpus.source).toBe('git');
    expect(corpus.commit).toBe(first);
    expect(corpus.root).toBe(join(repo, '.git'));
    expect(paths(corpus)).toEqual([
      '.gitignore',
      'README.md',
      'bad.py',
      'copy-of-util.py',
      'empty.txt',
      'ignored-but-tracked.txt',
      'large-ok.txt',
      'src/app.py',
      'src/util.py',
    ]);
    expect(file(corpus, 'src/app.py')?.text).toBe('print("v1")\n');
    expect(file(corpus, 'src/later.py')).toBeUndefined();
    expect(file(corpus, 'large-ok.txt')?.text).toBe(LARGE_TEXT);
    expect(file(corpus, 'empty.txt')).toMatchObject({ size: 0, text: '', kind: 'doc' });
    expect(file(corpus, 'src/util.py')).toMatchObject({
      size: 22,
      language: 'python',
      kind: 'source',
      blobId: git(repo, 'rev-parse', `${first}:src/util.py`),
    });
    expect(file(corpus, 'copy-of-util.py')?.blobId).toBe(file(corpus, 'src/util.py')?.blobId);
  });

  it('applies the vendored, symlink, binary, size and minified rules, and reports invalid UTF-8', async () => {
    const corpus = await loadCorpus({ gitDir: repo, commit: first });
    expect(corpus.skipped).toEqual({
      binary: 2,
      'too-large': 1,
      minified: 1,
      vendored: 1,
      ignored: 0,
      symlink: 1,
      submodule: 0,
      unreadable: 0,
      special: 0,
      'unrepresentable-name': 0,
      'missing-object': 0,
      'not-fetched': 0,
      'lfs-pointer': 0,
    });
    expect(corpus.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['invalid-utf8', 'bad.py'],
      ['skipped-too-large', 'big.txt'],
      ['skipped-minified', 'bundle.js'],
      ['skipped-binary', 'huge.bin'],
      ['skipped-binary', 'image.png'],
      ['skipped-symlink', 'link.py'],
      ['skipped-vendored', undefined],
    ]);
    expect(corpus.diagnostics[1]!.message).toContain('2097152 bytes');
    expect(corpus.diagnostics[6]!.message).toContain('1 file under node_modules/');
  });

  it('reads the newer commit by branch name and by short sha', async () => {
    const byBranch = await loadCorpus({ gitDir: repo, commit: 'main' });
    expect(byBranch.commit).toBe(second);
    expect(file(byBranch, 'src/app.py')?.text).toBe('print("v2")\n');
    expect(paths(byBranch)).toContain('src/later.py');
    const byShortSha = await loadCorpus({ gitDir: repo, commit: second.slice(0, 8) });
    expect(byShortSha).toEqual(byBranch);
  });

  it('works on a bare clone and on the .git folder itself, with the same files', async () => {
    const working = await loadCorpus({ gitDir: repo, commit: first });
    const fromBare = await loadCorpus({ gitDir: bare, commit: first });
    const fromDotGit = await loadCorpus({ gitDir: join(repo, '.git'), commit: first });
    expect(fromBare.root).toBe(bare);
    expect(fromBare.files).toEqual(working.files);
    expect(fromDotGit).toEqual(working);
  });

  it('reports submodules as skipped', async () => {
    const parent = initRepo(temp, 'with-submodule');
    writeFiles(parent, { 'main.go': 'package main\n' });
    git(parent, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', bare, 'sub');
    const commit = commitAll(parent, 'add submodule');
    const corpus = await loadCorpus({ gitDir: parent, commit });
    expect(paths(corpus)).toEqual(['.gitmodules', 'main.go']);
    expect(corpus.skipped.submodule).toBe(1);
    expect(corpus.diagnostics).toEqual([expect.objectContaining({ code: 'skipped-submodule', file: 'sub' })]);
  });

  it('throws missing-commit naming the commit', async () => {
    for (const commit of ['0123456789abcdef0123456789abcdef01234567', 'no-such-branch', '--help', '']) {
      const error = await loadCorpus({ gitDir: repo, commit }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RepoMapError);
      expect(error).toMatchObject({
        code: 'missing-commit',
        message: expect.stringContaining(`commit ${commit} not found in`),
      });
    }
    // a tree id is not a commit
    const tree = git(repo, 'rev-parse', `${first}^{tree}`);
    await expect(resolveCommit(repo, tree)).rejects.toMatchObject({ code: 'missing-commit' });
  });

  it('throws not-a-git-repository for a plain folder or a missing path', async () => {
    const plain = join(temp, 'plain');
    writeFiles(plain, { 'a.txt': 'a' });
    await expect(loadCorpus({ gitDir: plain, commit: 'HEAD' })).rejects.toMatchObject({
      code: 'not-a-git-repository',
      message: expect.stringContaining(plain),
    });
    await expect(loadCorpus({ gitDir: join(temp, 'missing'), commit: 'HEAD' })).rejects.toMatchObject({
      code: 'not-a-git-repository',
    });
  });

  it('surfaces a git command that fails as a RepoMapError git-failed naming the command', async () => {
    // a commit whose root tree is gone from the object store: rev-parse finds the commit, ls-tree fails
    const broken = initRepo(temp, 'broken');
    writeFiles(broken, { 'a.py': 'x = 1\n' });
    const commit = commitAll(broken, 'one');
    const tree = git(broken, 'rev-parse', `${commit}^{tree}`);
    rmSync(join(broken, '.git', 'objects', tree.slice(0, 2), tree.slice(2)));
    const error = await loadCorpus({ gitDir: broken, commit }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RepoMapError);
    expect(error).toMatchObject({
      code: 'git-failed',
      subject: join(broken, '.git'),
      message: expect.stringMatching(
        /^repomap\/corpus: git --git-dir \S+ ls-tree -r -z --long --full-tree [0-9a-f]{40} failed: \S/,
      ),
    });
  });

  it('resolveCommit returns the full sha', async () => {
    expect(await resolveCommit(repo, 'HEAD~1')).toBe(first);
    expect(await resolveCommit(bare, first.slice(0, 10))).toBe(first);
  });

  it('reports progress over every blob read', async () => {
    const calls: [number, number][] = [];
    await loadCorpus({ gitDir: repo, commit: first }, { onProgress: (done, total) => calls.push([done, total]) });
    // 13 blobs: everything but the symlink and node_modules
    expect(calls[0]).toEqual([0, 13]);
    expect(calls[calls.length - 1]).toEqual([13, 13]);
  });

  it('gives the paths of every blob to read to onListed, before the first is read', async () => {
    const events: (string[] | number)[] = [];
    const corpus = await loadCorpus(
      { gitDir: repo, commit: first },
      { onListed: (paths) => events.push([...paths].sort()), onProgress: (done) => events.push(done) },
    );
    const listed = events[0] as string[];
    expect(listed).toHaveLength(13);
    expect(events[1]).toBe(0);
    // every corpus file was listed, and the listing holds nothing the tree did not
    for (const f of corpus.files) expect(listed).toContain(f.path);
    expect(listed.some((p) => p.startsWith('node_modules/'))).toBe(false);
  });
});
