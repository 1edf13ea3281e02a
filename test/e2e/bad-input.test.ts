/**
 * Hostile inputs end to end through repoMap: files the corpus must skip or
 * repair, a file that does not parse, and sources and queries that are wrong.
 * Nothing here may throw except the three documented RepoMapErrors.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoMap, RepoMapError, type Query, type RepoMapResult } from '../../src/index.js';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from '../unit/corpus/helpers.js';

/** One long line of 400 small functions: what a bundler writes. */
const MINIFIED = 'var a=1;' + Array.from({ length: 400 }, (_, i) => `function f${i}(x){return x+${i}}`).join(';');

const FILES: Record<string, string | Buffer> = {
  // a PNG header: NUL bytes in the first 8 KiB
  'assets/logo.png': Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
  ]),
  'src/empty.py': '',
  // 2 MiB of text: over the 1 MiB default limit
  'data/huge.txt': 'x'.repeat(2 * 1024 * 1024),
  // a Latin-1 é (0xE9) alone is not UTF-8
  'src/latin1.py': Buffer.concat([
    Buffer.from('# caf'),
    Buffer.from([0xe9]),
    Buffer.from('\ndef latin_helper():\n    return 1\n'),
  ]),
  // the first def parses, the second is broken (tree-sitter recovers what comes before the error)
  'src/broken_parser.py': 'def recovered_helper():\n    return 1\n\n\ndef broken_function(:\n    return [1, 2\n',
  'notes/design.xyz': 'a format no grammar knows\n',
  'static/bundle.js': MINIFIED,
  'src/main.py': 'from .broken_parser import recovered_helper\n\ndef main():\n    return recovered_helper()\n',
};

let tmp: string;
let folder: string;
let result: RepoMapResult;

beforeAll(async () => {
  tmp = makeTemp('repomap-bad-input-');
  folder = join(tmp, 'repo');
  writeFiles(folder, FILES);
  result = await repoMap('the parser in src/broken_parser.py fails on a bad def', { folder });
});
afterAll(() => removeTemp(tmp));

const ranked = () => result.files.map((f) => f.path);
const diagnostic = (file: string) => result.diagnostics.filter((d) => d.file === file).map((d) => d.code);

describe('a folder of bad files', () => {
  it('skips binary, too-large and minified files, each with a diagnostic and a count', () => {
    expect(diagnostic('assets/logo.png')).toEqual(['skipped-binary']);
    expect(diagnostic('data/huge.txt')).toEqual(['skipped-too-large']);
    expect(diagnostic('static/bundle.js')).toEqual(['skipped-minified']);
    expect(result.stats.skipped).toMatchObject({ binary: 1, 'too-large': 1, minified: 1, vendored: 0, ignored: 0 });
    for (const path of ['assets/logo.png', 'data/huge.txt', 'static/bundle.js']) expect(ranked()).not.toContain(path);
    // each skip message names its file
    for (const d of result.diagnostics) if (d.code.startsWith('skipped-')) expect(d.message).toContain(d.file);
  });

  it('keeps an invalid-UTF-8 file as a node, reports it, and still reads its definitions', () => {
    expect(diagnostic('src/latin1.py')).toEqual(['invalid-utf8']);
    expect(ranked()).toContain('src/latin1.py');
  });

  it('keeps a file with an unknown extension and an empty file as nodes, with nothing to report', () => {
    expect(ranked()).toContain('notes/design.xyz');
    expect(ranked()).toContain('src/empty.py');
    expect(diagnostic('notes/design.xyz')).toEqual([]);
    expect(diagnostic('src/empty.py')).toEqual([]);
  });

  it('keeps the file with a syntax error in the ranking, reported as parse-error', () => {
    expect(diagnostic('src/broken_parser.py')).toEqual(['parse-error']);
    expect(result.stats.parseErrors).toBe(1);
    // the query names its path: it is found by that, first
    expect(ranked()[0]).toBe('src/broken_parser.py');
    expect(result.files[0]!.reasons.join(' ')).toContain('broken_parser.py');
  });

  it('counts exactly the kept files, and ranks all of them once', () => {
    const kept = ['notes/design.xyz', 'src/broken_parser.py', 'src/empty.py', 'src/latin1.py', 'src/main.py'];
    expect(result.stats.files).toBe(kept.length);
    expect([...ranked()].sort()).toEqual(kept);
    // 4 Python files parsed; the unknown extension has no grammar
    expect(result.stats.parsed).toBe(4);
  });

  it('ranks the syntax-error file by what did parse: a symbol defined before the broken def', async () => {
    const r = await repoMap('recovered_helper returns None', { folder });
    expect(r.files[0]!.path).toBe('src/broken_parser.py');
    expect(r.files[0]!.reasons.join(' ')).toContain('recovered_helper');
    // main.py calls it: second
    expect(r.files[1]!.path).toBe('src/main.py');
  });

  it('ranks a file that has no tags at all (nothing parsed) by its path', async () => {
    const dir = join(tmp, 'garbage');
    writeFiles(dir, {
      'pkg/garbage_module.py': ')))(((:: @@ !! ]]\n\t\t}{\n',
      'pkg/good.py': 'def fine():\n    return 1\n',
    });
    const r = await repoMap('pkg/garbage_module.py:2 raises SyntaxError', { folder: dir });
    expect(r.files.map((f) => f.path)).toEqual(['pkg/garbage_module.py', 'pkg/good.py']);
    expect(
      r.diagnostics.some(
        (d) => d.file === 'pkg/garbage_module.py' && (d.code === 'parse-error' || d.code === 'parse-failed'),
      ),
    ).toBe(true);
  });

  it('an empty folder gives an empty ranking with zero confidence', async () => {
    const dir = join(tmp, 'empty-folder');
    mkdirSync(dir, { recursive: true });
    const r = await repoMap('anything at all', { folder: dir });
    expect(r.files).toEqual([]);
    expect(r.confidence).toBe(0);
    expect(r.stats.files).toBe(0);
  });
});

describe('bad sources and queries', () => {
  async function caught(p: Promise<unknown>): Promise<RepoMapError> {
    try {
      await p;
    } catch (err) {
      expect(err).toBeInstanceOf(RepoMapError);
      return err as RepoMapError;
    }
    throw new Error('expected a RepoMapError');
  }

  it("a missing folder is RepoMapError 'missing-folder' naming the path", async () => {
    const missing = join(tmp, 'does-not-exist');
    const err = await caught(repoMap('x', { folder: missing }));
    expect(err.code).toBe('missing-folder');
    expect(err.message).toContain(missing);
  });

  it("a bad commit of a real git repository is RepoMapError 'missing-commit' naming the commit", async () => {
    const repo = initRepo(tmp, 'git');
    writeFiles(repo, { 'a.py': 'def a():\n    return 1\n' });
    commitAll(repo, 'one');
    const bad = 'feedfacefeedfacefeedfacefeedfacefeedface';
    const err = await caught(repoMap('x', { gitDir: repo, commit: bad }));
    expect(err.code).toBe('missing-commit');
    expect(err.message).toContain(bad);
    const named = await caught(repoMap('x', { gitDir: repo, commit: 'no-such-tag' }));
    expect(named.code).toBe('missing-commit');
    expect(named.message).toContain('no-such-tag');
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an array', ['apply_discount']],
  ])("a query that is %s is RepoMapError 'bad-query'", async (_what, query) => {
    const err = await caught(repoMap(query as unknown as Query, { folder }));
    expect(err.code).toBe('bad-query');
  });
});
