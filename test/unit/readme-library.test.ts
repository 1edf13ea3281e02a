/**
 * The README's library example runs as written against a small repository the test
 * writes (a `parse_args` that raises KeyError, its caller and its test): its folder and
 * cache paths point into a temp folder and `'repomap'` is this checkout's src/index.ts,
 * nothing else of the code changes. Each value it makes is what the lines around it say:
 * a ranking with the defining file first, its explanation, a pack within the budget, the
 * symbol, an update that is the same index (nothing changed), and an opened index.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Index, Pack, RepoMapResult, SymbolSearch, FileExplanation, OpenedIndex } from '../../src/index.js';
import { ageTree, makeTemp, removeTemp, writeFiles } from './corpus/helpers.js';

const ROOT = join(import.meta.dirname, '../..');

/** The README's code block under "## Library". */
function libraryExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Library\n'));
  return /```ts\n([\s\S]*?)```/.exec(section)![1]!;
}

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-readme-library-');
});
afterAll(() => removeTemp(tmp));

describe("the README's library example", () => {
  it('runs against a repository folder and gives what its comments say', async () => {
    const repo = join(tmp, 'repo');
    writeFiles(repo, {
      'tool/cli.py':
        'def parse_args(argv):\n    options = dict(a.split("=", 1) for a in argv)\n    return options["mode"]\n',
      'tool/main.py':
        'import sys\nfrom tool.cli import parse_args\n\n\ndef main():\n    return parse_args(sys.argv[1:])\n',
      'tests/test_cli.py':
        'from tool.cli import parse_args\n\n\ndef test_parse_args():\n    assert parse_args(["mode=x"]) == "x"\n',
      'README.md': '# tool\n\nA command line tool.\n',
    });
    ageTree(repo);
    const example = libraryExample();
    for (const placeholder of ["'/path/to/repo'", "'/path/to/cache'", "from 'repomap'"])
      expect(example).toContain(placeholder);
    const code = example
      .replace("'/path/to/repo'", JSON.stringify(repo))
      .replace("'/path/to/cache'", JSON.stringify(join(tmp, 'cache')))
      .replace("from 'repomap'", `from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/index.ts')).href)}`);
    const file = join(tmp, 'example.ts');
    writeFileSync(file, `${code}\nexport { result, index, ranked, why, pack, defs, now, kept };\n`);
    const made = (await import(pathToFileURL(file).href)) as {
      result: RepoMapResult;
      index: Index;
      ranked: RepoMapResult;
      why: FileExplanation;
      pack: Pack;
      defs: SymbolSearch;
      now: Index;
      kept: OpenedIndex['index'];
    };
    expect(made.result.files.length).toBe(made.index.corpus.files.length);
    // the file that defines the function the query names, first
    expect(made.ranked.files[0]!.path).toBe('tool/cli.py');
    expect(made.ranked.files.map((f) => f.path).sort()).toEqual(made.result.files.map((f) => f.path).sort());
    expect(made.why.path).toBe(made.ranked.files[0]!.path);
    expect(made.why.rank).toBe(1);
    expect(made.pack.tokens).toBeLessThanOrEqual(8000);
    expect(made.pack.files.length).toBeGreaterThan(0);
    expect(made.defs.matches[0]).toMatchObject({ name: 'parse_args', path: 'tool/cli.py', match: 'exact' });
    expect(made.now).toBe(made.index);
    expect(made.kept.rank('KeyError in parse_args', { top: 20 }).files.map((f) => f.path)).toEqual(
      made.ranked.files.map((f) => f.path),
    );
  });
});
