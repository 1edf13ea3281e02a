import { afterAll, describe, expect, it } from 'vitest';
import { extractTags, tagsFromSource } from '../../../src/tags/index.js';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import type { FileRecord } from '../../../src/types.js';
import { definitionKeys, fixtureFiles, plain, referenceKeys } from './helpers.js';

afterAll(releaseLanguageTools);

function record(path: string, language: FileRecord['language'], text: string): FileRecord {
  return { path, size: Buffer.byteLength(text), text, language, kind: 'source' };
}

describe('extractTags', () => {
  for (const repo of [
    'python-inventory',
    'go-ratelimit',
    'rust-tokenizer',
    'ts-router',
    'js-config',
    'java-ledger',
    'mixed-monorepo',
  ]) {
    it(`tags every source file of fixtures/repos/${repo} cleanly, sorted by path, skipping files without a language`, async () => {
      const files = fixtureFiles(repo).reverse();
      const result = plain(await extractTags(files));
      const withLanguage = files.filter((f) => f.language !== null).map((f) => f.path);
      expect(withLanguage.length).toBeGreaterThan(0);
      expect(result.tags.map((t) => t.path)).toEqual(
        [...withLanguage].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
      );
      expect(result.diagnostics).toEqual([]);
      for (const tags of result.tags) expect(tags.errorNodes, tags.path).toBe(0);
      expect(result.tags.flatMap((t) => t.definitions).length).toBeGreaterThan(0);
      expect(result.tags.flatMap((t) => t.references).length).toBeGreaterThan(0);
      expect(result.tags.flatMap((t) => t.imports).length).toBeGreaterThan(0);
    });
  }

  it('reports progress once at the start and after every file', async () => {
    const calls: [number, number][] = [];
    await extractTags(
      [record('a.py', 'python', 'x = 1\n'), record('README.md', null, '# hi\n'), record('b.go', 'go', 'package b\n')],
      { onProgress: (done, total) => calls.push([done, total]) },
    );
    expect(calls).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
  });

  it('keeps the tags of the valid parts of a file with syntax errors and reports a parse-error', async () => {
    const broken = [
      'def good(x):',
      '    return helper(x)',
      '',
      'def broken(:',
      '    pass',
      '',
      'class StillHere(Base):',
      '    def method(self):',
      '        return self.run()',
    ].join('\n');
    const result = plain(
      await extractTags([
        record('src/broken.py', 'python', broken),
        record('src/ok.py', 'python', 'def fine():\n    pass\n'),
      ]),
    );
    expect(result.tags.map((t) => t.path)).toEqual(['src/broken.py', 'src/ok.py']);
    const [tags, ok] = result.tags;
    expect(tags!.errorNodes).toBeGreaterThan(0);
    expect(definitionKeys(tags!)).toEqual(
      expect.arrayContaining(['function good', 'class StillHere', 'method method']),
    );
    expect(referenceKeys(tags!)).toEqual(expect.arrayContaining(['call helper', 'class Base', 'call run']));
    expect(ok!.errorNodes).toBe(0);
    expect(result.diagnostics).toEqual([
      {
        code: 'parse-error',
        file: 'src/broken.py',
        message: `${tags!.errorNodes} syntax error nodes; tags kept from the parts that parsed`,
      },
    ]);
  });

  it('counts MISSING nodes as well as ERROR nodes', async () => {
    // A missing closing brace is recovered as a MISSING node, not an ERROR node.
    const tags = plain(await tagsFromSource('go', 'missing.go', 'package m\n\nfunc F() {\n\tG()\n'));
    expect(tags.errorNodes).toBeGreaterThan(0);
    expect(definitionKeys(tags)).toEqual(['module m', 'function F']);
    expect(referenceKeys(tags)).toEqual(['call G']);
  });

  it('turns an exception while parsing one file into a parse-failed diagnostic and carries on', async () => {
    const unparsable = { ...record('src/bad.ts', 'typescript', ''), text: 42 as unknown as string };
    const result = plain(
      await extractTags([
        record('src/a.ts', 'typescript', 'export function a() { b(); }\n'),
        unparsable,
        record('src/c.ts', 'typescript', 'export class C {}\n'),
      ]),
    );
    expect(result.tags.map((t) => t.path)).toEqual(['src/a.ts', 'src/c.ts']);
    expect(definitionKeys(result.tags[1]!)).toEqual(['class C']);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'parse-failed', file: 'src/bad.ts' });
    expect(result.diagnostics[0]!.message).toMatch(/^cannot parse: /);
  });

  it('returns nothing for an empty input or files without a language', async () => {
    expect(plain(await extractTags([]))).toEqual({ tags: [], diagnostics: [] });
    expect(plain(await extractTags([record('docs/a.md', null, '# a')]))).toEqual({ tags: [], diagnostics: [] });
  });

  it('an empty file is tagged with no records', async () => {
    expect(plain(await tagsFromSource('java', 'Empty.java', ''))).toEqual({
      path: 'Empty.java',
      language: 'java',
      definitions: [],
      references: [],
      imports: [],
      messages: [],
      errorNodes: 0,
    });
  });

  it('is deterministic: the same input gives the same output, in any input order', async () => {
    const files = fixtureFiles('python-inventory');
    const first = plain(await extractTags(files));
    const second = plain(await extractTags([...files].reverse()));
    expect(second).toEqual(first);
  });

  it('orders files by the UTF-8 bytes of their paths, also above U+FFFF', async () => {
    // UTF-16 order puts the emoji (a surrogate pair, 0xD83D…) before U+FFFD; byte order puts it after
    const paths = ['b/\u{1F600}.py', 'b/\uFFFD.py', 'b/z.py', 'a.py'];
    const files = paths.map((path) => ({
      path,
      size: 6,
      text: 'x = 1\n',
      language: 'python' as const,
      kind: 'source' as const,
    }));
    const result = await extractTags(files);
    expect(result.tags.map((t) => t.path)).toEqual(['a.py', 'b/z.py', 'b/\uFFFD.py', 'b/\u{1F600}.py']);
  });

  it('dedupes exact duplicates and orders records by line, then name', async () => {
    const tags = plain(await tagsFromSource('python', 'dup.py', 'from m import a, a\nb(); a(); b()\nb()\n'));
    expect(tags.imports).toEqual([{ specifier: 'm', line: 1, names: ['a'] }]);
    expect(tags.references).toEqual([
      { name: 'a', kind: 'call', line: 2 },
      { name: 'b', kind: 'call', line: 2 },
      { name: 'b', kind: 'call', line: 3 },
    ]);
  });

  it('does not grow memory without bound over many parses (trees are freed)', async () => {
    const text = 'def f(x):\n    return g(x)\n'.repeat(200);
    const files = Array.from({ length: 300 }, (_, i) => record(`f${String(i).padStart(3, '0')}.py`, 'python', text));
    await extractTags(files.slice(0, 50));
    const before = process.memoryUsage().rss;
    await extractTags(files);
    const grown = process.memoryUsage().rss - before;
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });
});
