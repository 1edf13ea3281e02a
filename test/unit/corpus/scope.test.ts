/**
 * The user's scope rules: `.repomapignore` files (gitignore syntax, in folders and in
 * git trees) and the `include` / `exclude` patterns of loadCorpus, each a skip counted
 * as 'ignored'; and `whySkipped`, which names the rule that left a path out.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, RepoMapError } from '../../../src/index.js';
import { whySkipped } from '../../../src/corpus/index.js';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from './helpers.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-scope-');
});
afterAll(() => removeTemp(tmp));

const TREE = {
  'src/app.py': 'def main():\n    return helper()\n',
  'src/helper.py': 'def helper():\n    return 1\n',
  'src/gen/parser_gen.py': 'def generated():\n    pass\n',
  'tests/test_app.py': 'from src.app import main\n\ndef test_main():\n    assert main() == 1\n',
  'docs/guide.md': '# Guide\n',
  'node_modules/dep/index.js': 'module.exports = 1;\n',
  'logo.bin': Buffer.from([0, 1, 2, 3]),
};

function folder(name: string, extra: Record<string, string> = {}): string {
  const root = join(tmp, name);
  writeFiles(root, { ...TREE, ...extra });
  return root;
}

const paths = (c: { files: { path: string }[] }): string[] => c.files.map((f) => f.path);

describe('.repomapignore', () => {
  it('leaves out what it names in a folder, nested files applying below their folder, ! re-including', async () => {
    const root = folder('ignore-folder', {
      '.repomapignore': 'docs/\n*.md\n',
      'src/.repomapignore': 'gen/\n',
      'tests/.repomapignore': '*.py\n!test_app.py\n',
    });
    const corpus = await loadCorpus({ folder: root });
    expect(paths(corpus)).toEqual([
      '.repomapignore',
      'src/.repomapignore',
      'src/app.py',
      'src/helper.py',
      'tests/.repomapignore',
      'tests/test_app.py',
    ]);
    // docs/guide.md and src/gen/parser_gen.py: ignored; node_modules: vendored; logo.bin: binary
    expect(corpus.skipped).toMatchObject({ ignored: 2, vendored: 1, binary: 1 });
  });

  it('applies in a git tree read at a commit, as the commit had it', async () => {
    const repo = initRepo(tmp, 'ignore-git');
    writeFiles(repo, { ...TREE, '.repomapignore': 'src/gen/\n' });
    const first = commitAll(repo, 'ignore generated code');
    writeFileSync(join(repo, '.repomapignore'), 'docs/\n');
    const second = commitAll(repo, 'ignore docs instead');
    const atFirst = await loadCorpus({ gitDir: repo, commit: first });
    expect(paths(atFirst)).not.toContain('src/gen/parser_gen.py');
    expect(paths(atFirst)).toContain('docs/guide.md');
    const atSecond = await loadCorpus({ gitDir: repo, commit: second });
    expect(paths(atSecond)).toContain('src/gen/parser_gen.py');
    expect(paths(atSecond)).not.toContain('docs/guide.md');
    expect(atSecond.skipped.ignored).toBe(1);
  });

  it('is read again on a reload when it changed', async () => {
    const root = folder('ignore-reload', { '.repomapignore': 'docs/\n' });
    const first = await loadCorpus({ folder: root });
    expect(paths(first)).not.toContain('docs/guide.md');
    writeFileSync(join(root, '.repomapignore'), 'src/gen/\n');
    // an mtime in the past and another size: the reload cannot take the old rules for current
    utimesSync(join(root, '.repomapignore'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const second = await loadCorpus({ folder: root }, { previous: first });
    expect(paths(second)).toContain('docs/guide.md');
    expect(paths(second)).not.toContain('src/gen/parser_gen.py');
  });
});

describe('include and exclude patterns', () => {
  it('exclude leaves matching files out; include keeps only matching files', async () => {
    const root = folder('patterns');
    const excluded = await loadCorpus({ folder: root }, { exclude: ['tests/', '*.md'] });
    expect(paths(excluded)).toEqual(['src/app.py', 'src/gen/parser_gen.py', 'src/helper.py']);
    expect(excluded.skipped.ignored).toBe(2);
    const included = await loadCorpus({ folder: root }, { include: ['src/**/*.py'], exclude: ['gen/'] });
    expect(paths(included)).toEqual(['src/app.py', 'src/helper.py']);
  });

  it('apply to git trees too', async () => {
    const repo = initRepo(tmp, 'patterns-git');
    writeFiles(repo, TREE);
    const commit = commitAll(repo, 'tree');
    const corpus = await loadCorpus({ gitDir: repo, commit }, { include: ['tests/'] });
    expect(paths(corpus)).toEqual(['tests/test_app.py']);
  });

  it('are checked as options: not a list of strings is an error naming the option', async () => {
    await expect(loadCorpus({ folder: tmp }, { exclude: 'docs/' as unknown as string[] })).rejects.toThrow(
      /option exclude must be an array of strings/,
    );
  });

  it("a pattern the matcher cannot take is a bad option naming it, shortened (it threw V8's error quoting all of it)", async () => {
    const long = 'a*'.repeat(16_400);
    const error = await loadCorpus({ folder: tmp }, { exclude: ['docs/', long] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RepoMapError);
    expect((error as RepoMapError).code).toBe('bad-option');
    expect((error as RepoMapError).message).toBe(
      `repomap/corpus: option exclude[1], pattern ${JSON.stringify(`${long.slice(0, 60)}…`)} (32800 characters), cannot be used: it is longer than 4096 characters`,
    );
  });
});

describe('whySkipped', () => {
  it('names the rule or the content check that left each path out', async () => {
    const root = folder('why', { '.repomapignore': 'docs/\n', '.gitignore': 'build/\n', 'build/out.py': 'x = 1\n' });
    const corpus = await loadCorpus(
      { folder: root },
      { exclude: ['tests/'], include: ['src/', 'docs/', 'tests/', 'logo.bin', 'node_modules/', 'build/'] },
    );
    expect(whySkipped(corpus, 'src/app.py')).toBeUndefined();
    expect(whySkipped(corpus, 'docs/guide.md')).toBe('skipped docs/guide.md: a .repomapignore file ignores it');
    expect(whySkipped(corpus, 'build/out.py')).toBe('skipped build/out.py: a .gitignore file ignores it');
    expect(whySkipped(corpus, 'tests/test_app.py')).toMatch(
      /^skipped tests\/test_app\.py: it matches an exclude pattern/,
    );
    expect(whySkipped(corpus, '.repomapignore')).toMatch(/^skipped \.repomapignore: it matches no include pattern/);
    expect(whySkipped(corpus, 'node_modules/dep/index.js')).toBe(
      'skipped node_modules/dep/index.js: it is under node_modules/, a vendored or dependency folder',
    );
    expect(whySkipped(corpus, 'logo.bin')).toMatch(/^skipped binary file logo\.bin/);
    // not on disk: no rule explains it
    expect(whySkipped(corpus, 'docs/missing.md')).toBeUndefined();
  });

  it('makes explain on a skipped file say why it was skipped', async () => {
    const root = folder('why-explain', { '.repomapignore': 'docs/\n' });
    const index = await buildIndex(await loadCorpus({ folder: root }));
    const error = (() => {
      try {
        index.explain('main', 'docs/guide.md');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(RepoMapError);
    expect((error as RepoMapError).message).toBe(
      'repomap/explain: docs/guide.md is not a file of the corpus (skipped docs/guide.md: a .repomapignore file ignores it)',
    );
    expect(() => index.explain('main', 'src/nothing.py')).toThrow(/src\/nothing\.py is not a file of the corpus/);
  });
});
