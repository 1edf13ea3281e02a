/**
 * better-sqlite3 is an optional dependency: a package installed without it (no C++
 * toolchain, `npm install --omit=optional`) still loads, and the commands run without
 * the persistent cache, saying so once. Run as child processes of a private build whose
 * node_modules lacks better-sqlite3.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { buildPackage } from './helpers.js';
import { fixtureCopy } from '../../fixture-copy.js';

const run = promisify(execFile);
const FIXTURE = fixtureCopy('python-inventory');
const QUERY = 'apply_discount rounds half a cent the wrong way';

let build: string;
let tmp: string;
beforeAll(() => {
  build = buildPackage(['better-sqlite3']);
  tmp = makeTemp('repomap-no-sqlite-');
}, 120_000);
afterAll(() => {
  removeTemp(build);
  removeTemp(tmp);
});

/** `repomap ARGS` through the build's runCli, in the fixture. */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const runner =
    'const { runCli } = await import(process.argv[1]); process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });';
  return run(process.execPath, ['--input-type=module', '-e', runner, join(build, 'src/cli/run.js'), ...args], {
    cwd: FIXTURE,
    encoding: 'utf8',
    env: { ...process.env, REPOMAP_CACHE: join(tmp, 'cache') },
  });
}

describe('without better-sqlite3', () => {
  it('the library loads, and opening a TagsStore says what is missing', async () => {
    // the public entry loads; the store is repomap/unstable's
    const script = `await import(process.argv[1]); const m = await import(process.argv[2]); try { m.TagsStore.open(process.argv[3]); } catch (e) { console.log(e.code + ': ' + e.message); }`;
    const entries = [join(build, 'src/index.js'), join(build, 'src/unstable.js')];
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', script, ...entries, join(tmp, 'lib', 'tags.sqlite')],
      { encoding: 'utf8' },
    );
    expect(stdout).toBe(
      'cache-unavailable: repomap/cache: the persistent tags cache needs better-sqlite3, which did not load (it is not installed)\n',
    );
    expect(existsSync(join(tmp, 'lib')), 'nothing is created').toBe(false);
  });

  it('rank runs without the cache, with one note, and ranks as with it', async () => {
    const without = await cli('rank', QUERY, '--format', 'json', '--top', '5');
    expect(without.stderr).toBe(
      'repomap: note: the persistent tags cache needs better-sqlite3, which did not load (it is not installed); running without it (npm install better-sqlite3 to keep tags across runs)\n',
    );
    expect(existsSync(join(tmp, 'cache'))).toBe(false);
    const uncached = await cli('rank', QUERY, '--format', 'json', '--top', '5', '--no-cache');
    expect(uncached.stderr).toBe('');
    const files = (s: string): string[] => (JSON.parse(s) as { top_files: string[] }).top_files;
    expect(files(without.stdout)).toEqual(files(uncached.stdout));
    expect(files(without.stdout)[0]).toBe('src/inventory/pricing.py');
    // --quiet keeps the note to itself
    expect((await cli('rank', QUERY, '--quiet')).stderr).toBe('');
  }, 30_000);

  it('cache stats and cache prune fail naming the missing driver, not an empty cache folder', async () => {
    for (const action of ['stats', 'prune']) {
      const failed = await cli('cache', action).then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 1, stdout: '' });
      expect(failed!.stderr).toBe(
        `repomap: the persistent tags cache needs better-sqlite3, which did not load (it is not installed): no tags cache is kept without it (npm install better-sqlite3), and there is none at ${join(tmp, 'cache', 'tags.sqlite')}\n`,
      );
    }
  }, 30_000);
});
