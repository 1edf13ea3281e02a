/**
 * `repomap rank` with the tags cache, in-process through runCli: --cache DIR,
 * REPOMAP_CACHE, --no-cache. The tags stage is wrapped to count the files it parses.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { runCliCaptured } from '../../run-cli.js';

const parsed = vi.hoisted(() => ({ files: 0 }));
vi.mock('../../../src/tags/index.js', async (importOriginal) =>
  (await import('./count-parses.js')).countingTags(
    await importOriginal<typeof import('../../../src/tags/index.js')>(),
    parsed,
  ),
);

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-cache-cli-');
});
afterAll(() => removeTemp(tmp));
beforeEach(() => {
  parsed.files = 0;
});

function run(argv: string[], env: Record<string, string | undefined> = {}) {
  // HOME and XDG_CACHE_HOME point into the temp folder: nothing can reach the real ~/.cache.
  return runCliCaptured(argv, { cwd: tmp, env: { HOME: join(tmp, 'home'), XDG_CACHE_HOME: join(tmp, 'xdg'), ...env } });
}

const zeroTimings = (json: string): string => JSON.stringify({ ...JSON.parse(json), timing_ms: { index: 0, rank: 0 } });
const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');
const QUERY = [
  'rank',
  '--repo',
  FIXTURE,
  '--query',
  'apply_discount rounds half a cent the wrong way',
  '--format',
  'json',
];
/** Parseable files of the default fixture (python-inventory). */
const PARSEABLE = 11;

describe('rank --cache DIR', () => {
  it('twice: byte-identical output (timings aside); the first run parses every file, the second none', async () => {
    const first = await run([...QUERY, '--cache', 'my-cache']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(parsed.files).toBe(PARSEABLE);
    expect(existsSync(join(tmp, 'my-cache', 'tags.sqlite')), 'relative to the working folder').toBe(true);
    parsed.files = 0;
    const second = await run([...QUERY, '--cache', join(tmp, 'my-cache')]);
    expect(second.stderr).toBe('');
    expect(parsed.files).toBe(0);
    expect(zeroTimings(second.stdout)).toBe(zeroTimings(first.stdout));
    const text = await run(['rank', '--repo', FIXTURE, '--query', 'apply_discount', '--cache', 'my-cache']);
    const uncached = await run(['rank', '--repo', FIXTURE, '--query', 'apply_discount', '--no-cache']);
    const zero = (s: string) => s.replace(/index \d+ ms · rank \d+ ms/, '');
    expect(zero(text.stdout)).toBe(zero(uncached.stdout));
  });

  it('a corrupt store is rebuilt, said on stderr, and the output does not change', async () => {
    await run([...QUERY, '--cache', 'corrupt-cache']);
    writeFileSync(join(tmp, 'corrupt-cache', 'tags.sqlite'), 'garbage '.repeat(1000));
    // the store is what this is about: without the index snapshot the next run reads it
    rmSync(join(tmp, 'corrupt-cache', 'snapshots'), { recursive: true });
    parsed.files = 0;
    const r = await run([...QUERY, '--cache', 'corrupt-cache']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^repomap: note: .*corrupt-cache\/tags\.sqlite is not a usable tags cache .*rebuilt it empty\n$/,
    );
    expect(parsed.files).toBe(PARSEABLE);
  });

  it('an entry edited with sqlite3 (a definition renamed) is parsed again, said on stderr, and the output does not change, then or after', async () => {
    const first = await run([...QUERY, '--cache', 'edited-cache']);
    const file = join(tmp, 'edited-cache', 'tags.sqlite');
    const db = new Database(file);
    const edited = db
      .prepare(
        'UPDATE tags SET value = replace(value, \'"apply_discount"\', \'"apply_rebate"\') WHERE value LIKE \'%"apply_discount"%\'',
      )
      .run();
    db.close();
    expect(edited.changes).toBeGreaterThan(0);
    // the store is what this is about: without the index snapshot the next runs read it
    const withoutSnapshot = async () => {
      rmSync(join(tmp, 'edited-cache', 'snapshots'), { recursive: true, force: true });
      parsed.files = 0;
      return run([...QUERY, '--cache', 'edited-cache']);
    };
    const next = await withoutSnapshot();
    expect(next.code).toBe(0);
    expect(next.stderr).toMatch(
      new RegExp(
        `^repomap: note: ${edited.changes} malformed entries in the tags cache ${file} were ignored \\(they are re-parsed and rewritten; first: python:\\S+: fails its checksum\\)\n$`,
      ),
    );
    expect(parsed.files).toBe(edited.changes);
    expect(zeroTimings(next.stdout)).toBe(zeroTimings(first.stdout));
    // rewritten: read as it is the time after
    const after = await withoutSnapshot();
    expect([after.stderr, parsed.files]).toEqual(['', 0]);
    expect(zeroTimings(after.stdout)).toBe(zeroTimings(first.stdout));
  });

  /** A rank with --cache `dir`: it runs without a cache, saying once where and why none could be made. */
  async function withoutCache(dir: string, why: string | RegExp): Promise<void> {
    parsed.files = 0;
    const r = await run([...QUERY, '--cache', dir]);
    expect(r.code).toBe(0);
    const warning = `repomap: warning: the tags cache cannot be created at ${join(tmp, dir)} (`;
    expect(r.stderr.startsWith(warning) && r.stderr.endsWith('); running without a cache\n')).toBe(true);
    expect(r.stderr.slice(warning.length, -'); running without a cache\n'.length)).toMatch(why);
    expect(parsed.files).toBe(PARSEABLE);
    expect(zeroTimings(r.stdout)).toBe(zeroTimings((await run([...QUERY, '--no-cache'])).stdout));
  }

  it('a --cache that is a file, or under one, runs without a cache, saying where and why', async () => {
    writeFileSync(join(tmp, 'not-a-folder'), 'x');
    await withoutCache('not-a-folder', /^it is a file$/);
    // it said the index snapshot "was removed and the index is built again" before the store's error
    await withoutCache('not-a-folder/sub', new RegExp(`^${join(tmp, 'not-a-folder')} is a file$`));
  });

  it('a --cache whose path is too long to make runs without a cache, saying so (it said the snapshot was removed)', async () => {
    await withoutCache('x'.repeat(300), /^name too long \(ENAMETOOLONG\)$/);
  });

  it('a folder where the store file should be: runs without a cache, saying where and why', async () => {
    mkdirSync(join(tmp, 'odd-cache', 'tags.sqlite'), { recursive: true });
    await withoutCache(
      'odd-cache',
      new RegExp(`^${join(tmp, 'odd-cache', 'tags.sqlite')} is a folder, not a tags cache file$`),
    );
  });

  it('a --cache folder that cannot be created runs without a cache at once, saying so (it spun for ever under /proc)', async () => {
    if (!existsSync('/proc/self')) return; // no /proc on this system: nothing to spin on
    const r = await run([...QUERY, '--cache', '/proc/nope']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^repomap: warning: the tags cache cannot be created at \/proc\/nope \(.*\((ENOENT|EACCES|EPERM)\)\); running without a cache\n$/,
    );
  });

  it('creates missing parent folders, however many', async () => {
    const r = await run([...QUERY, '--cache', 'a/b/c/d']);
    expect(r.code).toBe(0);
    expect(existsSync(join(tmp, 'a/b/c/d/tags.sqlite'))).toBe(true);
  });
});

describe('where the cache is without --cache', () => {
  it('REPOMAP_CACHE names it (resolved against the working folder)', async () => {
    await run(QUERY, { REPOMAP_CACHE: 'env-cache' });
    expect(existsSync(join(tmp, 'env-cache', 'tags.sqlite'))).toBe(true);
    parsed.files = 0;
    await run(QUERY, { REPOMAP_CACHE: join(tmp, 'env-cache') });
    expect(parsed.files).toBe(0);
  });

  it('otherwise ${XDG_CACHE_HOME}/repomap, else ~/.cache/repomap', async () => {
    await run(QUERY);
    expect(existsSync(join(tmp, 'xdg', 'repomap', 'tags.sqlite'))).toBe(true);
    await run(QUERY, { XDG_CACHE_HOME: undefined });
    expect(existsSync(join(tmp, 'home', '.cache', 'repomap', 'tags.sqlite'))).toBe(true);
  });

  it('an unusable REPOMAP_CACHE is a warning, and rank runs without a cache', async () => {
    writeFileSync(join(tmp, 'env-file'), 'x');
    const r = await run(QUERY, { REPOMAP_CACHE: 'env-file' });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `repomap: warning: the tags cache cannot be created at ${join(tmp, 'env-file')} (it is a file); running without a cache\n`,
    );
    expect(JSON.parse(r.stdout).top_files[0]).toBe('src/inventory/pricing.py');
  });

  it('--no-cache reads and writes none', async () => {
    const before = readdirSync(tmp).sort();
    const r = await run([...QUERY, '--no-cache'], { REPOMAP_CACHE: 'never-made' });
    expect(r.code).toBe(0);
    expect(parsed.files).toBe(PARSEABLE);
    expect(readdirSync(tmp).sort()).toEqual(before);
  });
});
