/**
 * Ignore files an untrusted repository may hold, through loadCorpus in folder and git mode:
 * a pattern of many `**` with a file 40 folders deep (it ran for minutes), a line of
 * 32.8 KB (it threw V8's "Regular expression too large" with the whole pattern), and more
 * patterns with wildcards than a file may hold. The load runs in a child process from
 * dist/ (`npm run build` first), so that a matcher that backtracks is killed at the
 * timeout rather than blocking the test runner: the timeout only guards a hang.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IGNORE_RULES_DEFAULTS } from '../../../src/corpus/ignore-rules.js';
import type { Diagnostic } from '../../../src/types.js';
import { commitAll, git, initRepo, makeTemp, removeTemp, writeFiles } from './helpers.js';

const DIST = pathToFileURL(join(import.meta.dirname, '../../../dist/src/index.js')).href;
const run = promisify(execFile);

interface Loaded {
  files: string[];
  ignored: number;
  diagnostics: Diagnostic[];
}

/** loadCorpus(source) in a child process, killed after a minute. */
async function loadInChild(source: { folder: string } | { gitDir: string; commit: string }): Promise<Loaded> {
  const script = `import { loadCorpus } from ${JSON.stringify(DIST)};
const c = await loadCorpus(JSON.parse(process.argv[1]));
process.stdout.write(JSON.stringify({ files: c.files.map((f) => f.path), ignored: c.skipped.ignored, diagnostics: c.diagnostics }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(source)], {
    timeout: 60_000,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as Loaded;
}

/** Ten `a` folders between globstars, then `b`: the shape that backtracked. */
const GLOBSTARS = `${'**/a/'.repeat(10)}**/b`;
/** 32,800 characters of wildcards. */
const LONG = 'a*'.repeat(16_400);
const DEEP = `${'a/'.repeat(40)}deep.py`;
const RULES = ['*.log', GLOBSTARS, LONG, 'build/', ''].join('\n');

let tmp: string;
let folder: string;
let gitDir: string;
let commit: string;
beforeAll(() => {
  tmp = makeTemp('repomap-hostile-ignore-');
  const files = {
    'src/app.py': 'def main():\n    return 1\n',
    [DEEP]: 'def deep():\n    return 1\n',
    // ten `a` folders, then `b`: what the pattern ignores
    [`${'a/'.repeat(12)}b/gen.py`]: 'x = 1\n',
    'x.log': 'log\n',
    'build/out.py': 'x = 1\n',
  };
  folder = join(tmp, 'folder');
  writeFiles(folder, { ...files, '.gitignore': RULES });
  // a git tree holds what it tracks: .gitignore does not apply there, .repomapignore does
  gitDir = initRepo(tmp);
  writeFiles(gitDir, { ...files, '.repomapignore': RULES });
  commit = commitAll(gitDir, 'hostile ignore file');
  expect(git(gitDir, 'ls-files')).toContain(DEEP);
});
afterAll(() => removeTemp(tmp));

describe('an ignore file with a pathological ** pattern and a line too long', () => {
  it.each(['folder', 'git'] as const)(
    'in %s mode, loads with the verdicts git gives and names the line left out',
    async (mode) => {
      const loaded = await loadInChild(mode === 'folder' ? { folder } : { gitDir, commit });
      const name = mode === 'folder' ? '.gitignore' : '.repomapignore';
      // the ignore file is no node: its long line makes it `minified`
      expect(loaded.files).toEqual([DEEP, 'src/app.py']);
      // x.log, build/out.py and the file under ten `a` and a `b`
      expect(loaded.ignored).toBe(3);
      const leftOut = loaded.diagnostics.filter((d) => d.code === 'ignore-line-left-out');
      expect(leftOut).toEqual([
        {
          code: 'ignore-line-left-out',
          file: name,
          message: `${name} line 3: ${JSON.stringify(`${LONG.slice(0, IGNORE_RULES_DEFAULTS.quotedChars)}…`)} (32800 characters) is left out: it is longer than ${IGNORE_RULES_DEFAULTS.maxPatternChars} characters`,
        },
      ]);
    },
    70_000,
  );
});

describe('an ignore file with more patterns with wildcards than one may hold', () => {
  it('applies the first ones and says, once, that the others are left out', async () => {
    const max = IGNORE_RULES_DEFAULTS.maxWildcardPatterns;
    const root = join(tmp, 'many');
    const lines = Array.from({ length: max + 20 }, (_, i) => `p${i}-*.tmp`);
    writeFiles(root, {
      '.gitignore': `${lines.join('\n')}\n`,
      'p0-a.tmp': 'x\n',
      [`p${max}-a.tmp`]: 'x\n',
      'src/app.py': 'x = 1\n',
    });
    const loaded = await loadInChild({ folder: root });
    expect(loaded.files).toEqual(['.gitignore', `p${max}-a.tmp`, 'src/app.py']);
    expect(loaded.diagnostics).toEqual([
      {
        code: 'ignore-line-left-out',
        file: '.gitignore',
        message: `.gitignore line ${max + 1}: "p${max}-*.tmp" is left out: the file has more than ${max} patterns with wildcards (and so are the 19 after it)`,
      },
    ]);
  }, 70_000);
});
