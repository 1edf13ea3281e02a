/**
 * `repomap symbols|refs|impact|outline|status`, in-process through runCli in the
 * python-inventory fixture (the current folder): the same results as the library
 * functions, as text and JSON, and usage errors that name what is missing.
 */
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { editImpact, findReferences, findSymbols, outlineFile } from '../../../src/navigate/index.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { fixtureIndexes } from '../../fixture-index.js';
import { runCliCaptured, type CliRun } from '../../run-cli.js';
import { fixtureCopy } from '../../fixture-copy.js';

const FIXTURE = fixtureCopy('python-inventory');
const index = fixtureIndexes()('python-inventory');

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-cli-navigate-');
});
afterAll(() => removeTemp(tmp));

function run(argv: string[], extra: Partial<CliIo> = {}): Promise<CliRun> {
  return runCliCaptured(argv, { cwd: FIXTURE, env: { ...process.env, REPOMAP_CACHE: join(tmp, 'cache') }, ...extra });
}

async function json<T>(argv: string[], extra: Partial<CliIo> = {}): Promise<T> {
  const r = await run([...argv, '--format', 'json'], extra);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as T;
}

describe('repomap symbols', () => {
  it('prints the definitions find_symbol finds', async () => {
    expect(await json(['symbols', 'discount', '--limit', '3'])).toEqual({
      ...findSymbols(await index, 'discount', { limit: 3 }),
      diagnostics: [],
    });
    const text = await run(['symbols', 'aply_discount', '--kind', 'function']);
    expect(text.stdout).toBe(
      '1 definition match "aply_discount"\nsrc/inventory/pricing.py:34-40  function apply_discount  (fuzzy)\n',
    );
  });
});

describe('repomap refs', () => {
  it('prints the references with their lines, callers first', async () => {
    expect(await json(['refs', 'apply_discount'])).toEqual({
      ...findReferences(await index, 'apply_discount'),
      diagnostics: [],
    });
    const text = await run(['refs', 'round_cents', '--path', join(FIXTURE, 'src/inventory/pricing.py')]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^round_cents: defined in src\/inventory\/pricing\.py:22 · referenced in \d+ files\n/);
    expect(text.stdout).toContain('\nsrc/inventory/storage/backend.py  1 call, 1 reference · via import\n');
  });

  it('a --path that does not define the symbol fails naming both', async () => {
    const r = await run(['refs', 'apply_discount', '--path', 'src/inventory/models.py']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'repomap: src/inventory/models.py does not define apply_discount; it is defined in src/inventory/pricing.py\n',
    );
  });
});

describe('repomap impact', () => {
  const diff =
    '--- a/src/inventory/models.py\n+++ b/src/inventory/models.py\n@@ -25,1 +25,1 @@ class Item:\n-    def total(self, quantity=None):\n+    def total(self, quantity=None, rounding=None):\n';

  it('--file and --diff (- for standard input) print the ripple of the edit', async () => {
    expect(await json(['impact', '--file', 'src/inventory/pricing.py', '--top', '4'])).toEqual({
      ...editImpact(await index, { file: 'src/inventory/pricing.py' }, { top: 4 }),
      diagnostics: [],
    });
    expect(await json(['impact', '--diff', '-'], { stdin: Readable.from([diff]) })).toEqual({
      ...editImpact(await index, { diff }),
      diagnostics: [],
    });
    const text = await run(['impact', '--file', 'src/inventory/pricing.py', '--top', '1']);
    expect(text.stdout).toMatch(
      /^edit of src\/inventory\/pricing\.py · confidence \d\.\d\d · 1 file\n\n1\. \d\.\d{4} {2}tests\/test_pricing\.py {2}\[caller, importer, test\]\n/,
    );
  });

  it('a diff naming only files outside the corpus fails naming them, as --file does', async () => {
    const outside =
      '--- a/src/inventory/gone.py\n+++ b/src/inventory/gone.py\n@@ -1,1 +1,1 @@\n-x = 1\n+x = 2\n--- a/lib/other.py\n+++ b/lib/other.py\n@@ -1,1 +1,1 @@\n-y = 1\n+y = 2\n';
    const r = await run(['impact', '--diff', '-'], { stdin: Readable.from([outside]) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('repomap: the diff names no file of the corpus: src/inventory/gone.py, lib/other.py\n');
    // one file of the corpus among them is enough to rank from
    expect((await run(['impact', '--diff', '-'], { stdin: Readable.from([outside + diff]) })).code).toBe(0);
  });

  it('without --diff or --file it is a usage error', async () => {
    const r = await run(['impact']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('repomap: impact needs --diff FILE (- for standard input) or --file PATH\n');
  });
});

describe('a blank argument', () => {
  it('symbols "", refs "" and outline "" are usage errors, as rank "" is', async () => {
    for (const [argv, message] of [
      [['symbols', ''], 'symbols: the query is empty'],
      [['refs', ' '], 'refs: the symbol is empty'],
      [['outline', ''], 'outline: the file is empty'],
    ] as const) {
      const r = await run([...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`repomap: ${message}\n`);
    }
  });
});

describe('repomap outline', () => {
  it('prints the signatures within the budget', async () => {
    expect(await json(['outline', 'src/inventory/models.py', '--budget', '50'])).toEqual({
      ...(await outlineFile(await index, 'src/inventory/models.py', { budget: 50 })),
      diagnostics: [],
    });
    const text = await run(['outline', 'src/inventory/pricing.py', '--tokenizer', 'regex']);
    expect(text.stdout).toMatch(
      /^src\/inventory\/pricing\.py · python · 7 definitions · \d+ of 2000 tokens \(regex\)\n\n 9 {2}MAX_DISCOUNT_PERCENT = 90\n/,
    );
  });

  it('a file outside the corpus fails naming it', async () => {
    const r = await run(['outline', 'src/inventory/nothing.py']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('repomap: src/inventory/nothing.py is not a file of the corpus\n');
  });
});

describe('repomap status', () => {
  it('prints files per language, parse errors, skips, symbols, edges and the tags cache', async () => {
    const status = await json<{ files: number; languages: Record<string, number>; cacheFile: string; builtAt: string }>(
      ['status'],
    );
    expect(status).toMatchObject({
      files: 13,
      languages: { python: 11 },
      cacheFile: join(tmp, 'cache', 'tags.sqlite'),
    });
    expect(Number.isNaN(Date.parse(status.builtAt))).toBe(false);
    const text = await run(['status', '--no-cache']);
    expect(text.stdout).toMatch(
      /^repository {3}.*python-inventory \(folder\)\nfiles {8}13 \(parsed: python 11\)\nskipped {6}none\nparse errors 0\n/,
    );
    expect(text.stdout).toContain('\ntags cache   none\n');
  });
});
