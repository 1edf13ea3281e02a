import { describe, expect, it } from 'vitest';
import { BatchParser, type GitBlob } from '../../../src/corpus/cat-file.js';
import { GitignoreMatcher } from '../../../src/corpus/gitignore.js';
import { parseTree } from '../../../src/corpus/git-tree.js';
import { vendoredFolderOf } from '../../../src/corpus/vendored.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);

/** A cat-file --batch stream: `<oid> blob <size>\n<content>\n`, or `<oid> missing\n`. */
function batchOutput(objects: [string, Buffer | null][]): Buffer {
  return Buffer.concat(
    objects.map(([oid, content]) =>
      content === null
        ? Buffer.from(`${oid} missing\n`)
        : Buffer.concat([Buffer.from(`${oid} blob ${content.length}\n`), content, Buffer.from('\n')]),
    ),
  );
}

function parseInChunks(output: Buffer, chunkSize: number, limits = { maxWholeBytes: 100, headBytes: 8 }): GitBlob[] {
  const blobs: GitBlob[] = [];
  const parser = new BatchParser([A, B, C], limits, (i, blob) => {
    blobs[i] = blob && { size: blob.size, bytes: Buffer.from(blob.bytes) };
  });
  for (let pos = 0; pos < output.length; pos += chunkSize) parser.push(output.subarray(pos, pos + chunkSize));
  expect(parser.complete()).toBe(true);
  return blobs;
}

describe('BatchParser', () => {
  const small = Buffer.from('hello\nworld\n');
  const large = Buffer.concat([Buffer.from('HEADHEAD'), Buffer.alloc(500, 0x41)]);
  const output = batchOutput([
    [A, small],
    [B, null],
    [C, large],
  ]);

  it.each([1, 2, 7, 64, output.length])('parses the stream cut into %i-byte chunks', (chunkSize) => {
    const blobs = parseInChunks(output, chunkSize);
    expect(blobs[0]).toEqual({ size: small.length, bytes: small });
    expect(blobs[1]).toBeNull();
    // over maxWholeBytes: full size, only the head kept
    expect(blobs[2]).toEqual({ size: 508, bytes: Buffer.from('HEADHEAD') });
  });

  it('handles empty blobs', () => {
    const blobs: GitBlob[] = [];
    const parser = new BatchParser([A], { maxWholeBytes: 10, headBytes: 4 }, (i, blob) => (blobs[i] = blob));
    parser.push(batchOutput([[A, Buffer.alloc(0)]]));
    expect(blobs).toEqual([{ size: 0, bytes: Buffer.alloc(0) }]);
    expect(parser.complete()).toBe(true);
  });

  it('rejects an answer for another object', () => {
    const parser = new BatchParser([A], { maxWholeBytes: 10, headBytes: 4 }, () => {});
    expect(() => parser.push(batchOutput([[B, Buffer.from('x')]]))).toThrow(
      expect.objectContaining({
        name: 'RepoMapError',
        code: 'git-failed',
        message: `repomap/corpus: git cat-file answered "${B} blob 1" where ${A} was expected`,
      }),
    );
  });

  it('rejects a malformed header as git-failed', () => {
    const parser = new BatchParser([A], { maxWholeBytes: 10, headBytes: 4 }, () => {});
    expect(() => parser.push(Buffer.from(`${A} blob ten\n`))).toThrow(
      expect.objectContaining({
        code: 'git-failed',
        message: expect.stringContaining(`malformed git cat-file header "${A} blob ten"`),
      }),
    );
  });
});

describe('parseTree', () => {
  it('parses ls-tree -z --long entries, including odd paths and absent sizes', () => {
    const output = Buffer.from(
      [
        `100644 blob ${A}      12\tsrc/a b.ts`,
        `120000 blob ${B}       5\tlink`,
        `160000 commit ${C}       -\tsub`,
        `100644 blob ${A}     BAD\tdir/ü\tx.txt`,
      ].join('\0') + '\0',
    );
    expect(parseTree(output)).toEqual([
      { mode: '100644', type: 'blob', oid: A, size: 12, path: 'src/a b.ts' },
      { mode: '120000', type: 'blob', oid: B, size: 5, path: 'link' },
      { mode: '160000', type: 'commit', oid: C, size: null, path: 'sub' },
      { mode: '100644', type: 'blob', oid: A, size: null, path: 'dir/ü\tx.txt' },
    ]);
  });

  it("rejects output that is not ls-tree's as git-failed", () => {
    expect(() => parseTree(Buffer.from('no tab here\0'))).toThrow(
      expect.objectContaining({
        code: 'git-failed',
        message: 'repomap/corpus: unexpected git ls-tree output at byte 0',
      }),
    );
    expect(() => parseTree(Buffer.from('100644 blob\tx\0'))).toThrow(
      expect.objectContaining({
        code: 'git-failed',
        message: 'repomap/corpus: unexpected git ls-tree entry "100644 blob"',
      }),
    );
  });
});

describe('GitignoreMatcher', () => {
  const matcher = (files: Record<string, string>) =>
    new GitignoreMatcher(new Set(Object.keys(files)), (folder) => files[folder]!);

  it('applies each .gitignore relative to its folder, deepest verdict first', () => {
    const m = matcher({ '': '*.log\n/top.txt\n', pkg: '!keep.log\n/top.txt\n' });
    expect(m.ignores('a.log')).toBe(true);
    expect(m.ignores('pkg/x.log')).toBe(true);
    expect(m.ignores('pkg/keep.log')).toBe(false);
    expect(m.ignores('top.txt')).toBe(true);
    expect(m.ignores('sub/top.txt')).toBe(false);
    expect(m.ignores('pkg/top.txt')).toBe(true);
  });

  it('never re-includes a file inside an ignored folder', () => {
    const m = matcher({ '': 'out/\n', 'out/x': '!*\n' });
    expect(m.ignores('out/x/a.ts')).toBe(true);
    expect(m.ignores('src/out.ts')).toBe(false);
  });

  it('ignores nothing without .gitignore files', () => {
    expect(matcher({}).ignores('a/b.ts')).toBe(false);
  });

  it("renewed for a later load, gives a fresh matcher's verdicts on paths seen before and new ones, reading no rule file again", () => {
    const files = { '': '*.log\nout/\n', pkg: '!keep.log\n' };
    const reads: string[] = [];
    const first = new GitignoreMatcher(
      new Set(Object.keys(files)),
      (folder) => (reads.push(folder), files[folder as keyof typeof files]),
    );
    const paths = ['a.log', 'pkg/keep.log', 'pkg/x.ts', 'out/y.ts'];
    const fresh = matcher(files);
    for (const p of paths) expect(first.ignores(p)).toBe(fresh.ignores(p));
    const readsBefore = reads.length;
    const later = first.renewed();
    for (const p of [...paths, 'b.log', 'pkg/other.log', 'out/z.ts', 'src/c.ts'])
      expect(later.ignores(p), p).toBe(fresh.ignores(p));
    expect(reads.length).toBe(readsBefore);
  });
});

describe('vendoredFolderOf', () => {
  const folders = new Set(['node_modules', 'vendor']);
  it('finds the first vendored folder segment, never the file name', () => {
    expect(vendoredFolderOf('a/node_modules/b/node_modules/c.js', folders)).toBe('a/node_modules');
    expect(vendoredFolderOf('vendor/x.go', folders)).toBe('vendor');
    expect(vendoredFolderOf('src/vendor', folders)).toBeNull();
    expect(vendoredFolderOf('src/vendors/x.go', folders)).toBeNull();
  });
});
