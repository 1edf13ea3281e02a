/**
 * `repomap cache stats|prune` and `--cache-max-mb`, in-process through runCli against a
 * real store filled by `repomap rank` on a fixture: output, exit codes, and bad input
 * (a missing store, --max-mb 0 or x) naming the file or flag.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentIdentity, TAGS_INDEX_VERSION, TagsStore } from '../../../src/cache/index.js';
import { entryFor } from './helpers.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { runCliCaptured } from '../../run-cli.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-cache-command-');
});
afterAll(() => removeTemp(tmp));

function run(argv: string[]) {
  return runCliCaptured(argv, { cwd: tmp, env: { HOME: join(tmp, 'home'), XDG_CACHE_HOME: join(tmp, 'xdg') } });
}

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');
/** Parseable files of python-inventory (one tags entry each), and its texts (one terms row each). */
const PARSEABLE = 11;

/** Adds 300 rows of about 8 KB (over 2 MiB), used an hour before now, to the store in `dir`. */
function addOldRows(dir: string): void {
  const store = TagsStore.open(join(tmp, dir, 'tags.sqlite'), { now: () => Date.now() - 3_600_000 });
  const big = (k: string) => ({
    tags: {
      language: 'python' as const,
      definitions: [{ name: k.repeat(2000), kind: 'function' as const, startLine: 1, endLine: 2 }],
      references: [],
      imports: [],
      messages: [],
      errorNodes: 0,
    },
    diagnostics: [],
  });
  store.putMany(Array.from({ length: 300 }, (_, i) => [`python:old${i}`, big(`n${i}`)] as const));
  store.close();
}

async function filled(dir: string): Promise<void> {
  const r = await run(['rank', '--repo', FIXTURE, '--query', 'apply_discount', '--cache', dir, '-q']);
  expect(r.code).toBe(0);
}

describe('cache stats', () => {
  it('prints the file, sizes, rows per table, uses and the cap; --json the same for machines', async () => {
    await filled('stats-cache');
    const file = join(tmp, 'stats-cache', 'tags.sqlite');
    const text = await run(['cache', 'stats', '--cache', 'stats-cache']);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe('');
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe(`tags cache  ${file}`);
    expect(lines[1]).toMatch(/^on disk {5}\d+\.\d MiB \(live \d+\.\d MiB\)$/);
    expect(lines[2]).toBe('cap         2048.0 MiB');
    expect(lines[3]).toMatch(new RegExp(`^rows {8}${PARSEABLE} tags entries, \\d+ text terms$`));
    expect(lines[4]).toMatch(/^used {8}\d{4}-\d\d-\d\d \d\d:00 UTC … \d{4}-\d\d-\d\d \d\d:00 UTC$/);
    // the index snapshot the filling command kept beside the store
    expect(lines[5]).toMatch(
      /^snapshots {3}1 index snapshot, \d+\.\d MiB \(in .*stats-cache\/snapshots; the cap counts them too\)$/,
    );

    const json = await run(['cache', 'stats', '--cache', 'stats-cache', '--json', '--cache-max-mb', '64']);
    expect(json.code).toBe(0);
    const stats = JSON.parse(json.stdout);
    const store = TagsStore.open(file);
    const direct = store.stats();
    store.close();
    expect(stats).toEqual({
      file,
      file_bytes: expect.any(Number),
      live_bytes: direct.liveBytes,
      max_bytes: 64 * 1024 ** 2,
      rows: direct.rows,
      oldest_use: new Date(direct.oldestUse!).toISOString(),
      newest_use: new Date(direct.newestUse!).toISOString(),
      snapshots: { files: 1, bytes: expect.any(Number) },
      snapshot_temp_files: { files: 0, bytes: 0 },
    });
    expect(stats.rows.tags).toBe(PARSEABLE);
  });

  it('reads the store without writing to it: a store of another repomap build is counted as it is, not rebuilt', async () => {
    await filled('foreign-cache');
    const file = join(tmp, 'foreign-cache', 'tags.sqlite');
    // the store rebuilt by another build (another tags version), holding one row of its own
    const foreign = TagsStore.open(file, { identity: { ...currentIdentity(), version: TAGS_INDEX_VERSION + 1 } });
    foreign.putMany([['python:theirs', entryFor('theirs')]]);
    foreign.close();
    const bytes = readFileSync(file);
    const { mtimeMs } = statSync(file);
    const r = await run(['cache', 'stats', '--cache', 'foreign-cache', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).rows).toEqual({ tags: 1, terms: 0 });
    expect(readFileSync(file).equals(bytes), 'the file is as it was').toBe(true);
    expect(statSync(file).mtimeMs).toBe(mtimeMs);
  });

  it('a missing store is an error naming the file, and none is created', async () => {
    const r = await run(['cache', 'stats', '--cache', 'no-such-cache']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `repomap: no tags cache at ${join(tmp, 'no-such-cache', 'tags.sqlite')} (nothing was cached there yet; --cache DIR names another folder)\n`,
    );
    expect((await run(['cache', 'prune', '--cache', 'no-such-cache'])).code).toBe(1);
    expect((await run(['cache', 'stats', '--cache', 'no-such-cache'])).code, 'still missing').toBe(1);
  });
});

describe('cache prune', () => {
  it('under the cap: nothing to prune, said so', async () => {
    await filled('roomy-cache');
    const r = await run(['cache', 'prune', '--cache', 'roomy-cache']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^nothing to prune: .*roomy-cache\/tags\.sqlite holds \d+\.\d MiB, within 2048\.0 MiB\n$/);
  });

  it('--max-mb 1 on a store over 1 MiB removes least recently used rows and prints what it removed; --json says the same', async () => {
    await filled('full-cache');
    const file = join(tmp, 'full-cache', 'tags.sqlite');
    addOldRows('full-cache');
    const r = await run(['cache', 'prune', '--cache', 'full-cache', '--max-mb', '1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /^pruned .*full-cache\/tags\.sqlite to 1\.0 MiB: removed \d+ tags entries and 0 text terms, last used \d{4}-\d\d-\d\d \d\d:00 UTC or before\nlive \d+\.\d MiB → (0\.\d|1\.0) MiB; on disk \d+\.\d MiB → \d+\.\d MiB\n$/,
    );
    const after = TagsStore.open(file);
    const left = after.stats();
    after.close();
    expect(left.liveBytes).toBeLessThanOrEqual(1024 ** 2);
    // on disk too: the deletes' write-ahead log was copied into the file and cut
    expect(left.fileBytes).toBeLessThanOrEqual(1024 ** 2);
    expect(Number(/on disk [\d.]+ MiB → ([\d.]+) MiB/.exec(r.stdout)![1])).toBeLessThanOrEqual(1);
    expect(left.rows.tags, 'old rows went, the fixture rows (used later) stayed').toBeGreaterThanOrEqual(PARSEABLE);
    expect(left.rows.tags).toBeLessThan(300);
    const json = await run(['cache', 'prune', '--cache', 'full-cache', '--max-mb', '1', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      file,
      max_bytes: 1024 ** 2,
      removed: { tags: 0, terms: 0 },
      newest_removed_use: null,
      over_cap: [],
    });
    expect(JSON.parse(json.stdout).bytes_left).toBeLessThanOrEqual(1024 ** 2);
  });

  it('what it cannot bring under the cap it says, and why: the newest index snapshot always stays', async () => {
    await filled('snapshot-heavy-cache');
    addOldRows('snapshot-heavy-cache');
    // a newest snapshot of 2 MiB, past a 1 MiB cap by itself
    const snapshots = join(tmp, 'snapshot-heavy-cache', 'snapshots');
    writeFileSync(join(snapshots, `${'f'.repeat(40)}.snap`), Buffer.alloc(2 * 1024 ** 2));
    const r = await run(['cache', 'prune', '--cache', 'snapshot-heavy-cache', '--max-mb', '1']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n').at(-2)).toMatch(
      /^\d+\.\d MiB left on disk, over the 1\.0 MiB cap: the newest index snapshot \(2\.0 MiB\) always stays; the store keeps \d+\.\d MiB \(its pages in use, and SQLite's own\)$/,
    );
    expect(r.stdout, 'the older snapshot went').toMatch(/^removed 1 index snapshot/);
  });

  it('--max-mb 0 or x is a usage error naming the flag', async () => {
    for (const bad of ['0', 'x', '1.5']) {
      const r = await run(['cache', 'prune', '--cache', 'full-cache', '--max-mb', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`option '--max-mb <n>' argument '${bad}' is invalid. expected a whole number ≥ 1`);
    }
  });

  it('a size past 8 PiB (1e20, a whole number) is a usage error too, not a failure of the store', async () => {
    for (const [command, flag] of [
      ['prune', '--max-mb'],
      ['stats', '--cache-max-mb'],
    ] as const) {
      const r = await run(['cache', command, '--cache', 'full-cache', flag, '1e20']);
      expect(r.code, flag).toBe(2);
      expect(r.stderr).toContain(
        `option '${flag} <n>' argument '1e20' is invalid. expected at most 8589934591 (8 PiB)`,
      );
    }
  });
});

describe('--cache-max-mb', () => {
  it('rank passes it as the cap: its write finds the store over it and prunes, with a note', async () => {
    mkdirSync(join(tmp, 'capped-cache'));
    addOldRows('capped-cache');
    const r = await run([
      'rank',
      '--repo',
      FIXTURE,
      '--query',
      'apply_discount',
      '--cache',
      'capped-cache',
      '--cache-max-mb',
      '1',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^repomap: note: the tags cache .*capped-cache\/tags\.sqlite passed its cap of 1\.0 MiB; removed the \d+ least recently used rows \([0-9.]+ MiB → 0\.\d MiB\)\n$/,
    );
    const store = TagsStore.open(join(tmp, 'capped-cache', 'tags.sqlite'));
    const stats = store.stats();
    store.close();
    expect(stats.liveBytes, 'pruned to 0.9 MiB, then the text terms written after').toBeLessThanOrEqual(1024 ** 2);
    expect(stats.rows.tags).toBeGreaterThanOrEqual(PARSEABLE);
  });

  it('0 or x is a usage error naming the flag', async () => {
    for (const bad of ['0', 'x']) {
      const u = await run(['rank', '--repo', FIXTURE, '--query', 'x', '--cache-max-mb', bad]);
      expect(u.code).toBe(2);
      expect(u.stderr).toContain(
        `option '--cache-max-mb <n>' argument '${bad}' is invalid. expected a whole number ≥ 1`,
      );
    }
  });
});
