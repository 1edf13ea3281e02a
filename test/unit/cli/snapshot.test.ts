/**
 * The index snapshot the CLI keeps in its cache (src/persist/kept-index.ts): a command on an
 * unchanged folder loads it instead of building, and ranks byte for byte as a build; after
 * a changed, added or removed file the next command updates the snapshot's index and
 * ranks as a fresh build (or builds again, with a note, when the update fails); a snapshot that
 * does not read back whole is removed and rebuilt with a note; `cache stats|prune` count
 * and remove snapshots. In-process through runCli; the folder is a copy of a fixture
 * whose times are set an hour back (a file written within the stamp margin of a build
 * keeps that build from being kept).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ageTree, makeTemp, removeTemp } from '../corpus/helpers.js';
import { runCliCaptured } from '../../run-cli.js';
import { buildIndex, loadCorpus } from '../../../src/index.js';
import { FolderFingerprint } from '../../../src/corpus/index.js';
import { openBuilt, parseChangedAhead } from '../../../src/persist/open-build.js';
import { loadSnapshot, snapshotSlot } from '../../../src/persist/kept-index.js';
import { extractTags } from '../../../src/tags/extract.js';
import { TAGS_BUDGET } from '../../../src/tags/budget.js';
import { runCli } from '../../../src/cli/run.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');
const QUERY = 'apply_discount rounds half a cent the wrong way';
const BIN = join(import.meta.dirname, '../../../bin/repomap.js');

let tmp: string;
let repo: string;
let cache: string;
beforeAll(() => {
  tmp = makeTemp('repomap-snapshot-cli-');
});
afterAll(() => removeTemp(tmp));
beforeEach(() => {
  const n = readdirSync(tmp).length;
  repo = join(tmp, `repo-${n}`);
  cache = join(tmp, `cache-${n}`);
  cpSync(FIXTURE, repo, { recursive: true });
  ageTree(repo);
});

function run(...argv: string[]) {
  return runCliCaptured(argv, { cwd: tmp, env: { HOME: join(tmp, 'home'), XDG_CACHE_HOME: join(tmp, 'xdg') } });
}

const rank = (...more: string[]) =>
  run('rank', '--repo', repo, '--query', QUERY, '--format', 'json', '--top', '20', ...more);
const zeroTimings = (json: string): string => JSON.stringify({ ...JSON.parse(json), timing_ms: { index: 0, rank: 0 } });
const snapshots = (): string[] => readdirSync(join(cache, 'snapshots')).filter((f) => f.endsWith('.snap'));
async function snapshotUse(): Promise<'loaded' | 'updated' | 'none'> {
  const status = await run('status', '--repo', repo, '--cache', cache);
  expect(status.code).toBe(0);
  // an update parses the changed files only; the tags of the others come from the snapshot, not the tags cache
  if (/the index was updated from it/.test(status.stdout))
    expect(status.stdout).toMatch(/^tags cache +\S+ \([01] parsed, the others from the snapshot or from it\)$/m);
  const use = /^snapshot +\S+\.snap \(the index was (loaded|updated) from it/m.exec(status.stdout)?.[1];
  return (use as 'loaded' | 'updated' | undefined) ?? 'none';
}
const loadedFromSnapshot = async (): Promise<boolean> => (await snapshotUse()) === 'loaded';

describe('the index snapshot of a folder', () => {
  it('is kept by the first command and loaded by the next, which ranks, packs and explains as a build does', async () => {
    const first = await rank('--cache', cache);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(snapshots()).toHaveLength(1);
    expect(await loadedFromSnapshot()).toBe(true);
    const second = await rank('--cache', cache);
    const fresh = await rank('--no-cache');
    expect(second.stderr).toBe('');
    expect(zeroTimings(second.stdout)).toBe(zeroTimings(first.stdout));
    expect(zeroTimings(second.stdout)).toBe(zeroTimings(fresh.stdout));
    expect((JSON.parse(second.stdout) as { top_files: string[] }).top_files[0]).toBe('src/inventory/pricing.py');
    // a query with a code block: its grammar loads for it (Index.prepare)
    const code = 'best_price is off\n\n```python\nfrom inventory.pricing import best_price\nbest_price(item, 3)\n```\n';
    const [kept, built] = [
      await run('pack', '--repo', repo, '--query', code, '--budget', '800', '--cache', cache),
      await run('pack', '--repo', repo, '--query', code, '--budget', '800', '--no-cache'),
    ];
    expect(kept.stdout).toBe(built.stdout);
    expect(kept.stdout).toContain('def best_price');
    const explain = (...more: string[]) =>
      run('explain', 'src/inventory/pricing.py', '--repo', repo, '--query', QUERY, ...more);
    expect((await explain('--cache', cache)).stdout).toBe((await explain('--no-cache')).stdout);
    // the navigate commands make the graph from the snapshot's tags when they need it
    const refs = (...more: string[]) => run('refs', 'apply_discount', '--repo', repo, ...more);
    expect((await refs('--cache', cache)).stdout).toBe((await refs('--no-cache')).stdout);
  });

  it('is written once the command has answered, before the run returns', async () => {
    const folder = join(cache, 'snapshots');
    const kept = (): number => (statSync(folder, { throwIfNoEntry: false }) ? snapshots().length : 0);
    let keptAtAnswer = -1;
    let stdout = '';
    const code = await runCli(['rank', '--repo', repo, '--query', QUERY, '--format', 'json', '--cache', cache], {
      cwd: tmp,
      env: { HOME: join(tmp, 'home'), XDG_CACHE_HOME: join(tmp, 'xdg') },
      now: () => 0,
      stdout: { write: (s: string) => ((keptAtAnswer = kept()), (stdout += s)) },
      stderr: { write: () => true },
    });
    expect(code).toBe(0);
    expect(keptAtAnswer).toBe(0);
    expect(kept()).toBe(1);
    // and what it keeps is the index that answered
    const second = await rank('--cache', cache);
    expect(zeroTimings(second.stdout)).toBe(zeroTimings(stdout));
    expect(await loadedFromSnapshot()).toBe(true);
  });

  it('is updated once a file changed: the next command ranks as a fresh build of the changed folder', async () => {
    const before = await rank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    appendFileSync(
      join(repo, 'src/inventory/checkout.py'),
      '\n\ndef apply_discount_rounding_half_cent(amount):\n    """Rounds half a cent the wrong way."""\n    return apply_discount(amount)\n',
    );
    const after = await rank('--cache', cache);
    const fresh = await rank('--no-cache');
    expect(after.code).toBe(0);
    expect(after.stderr).toBe('');
    expect(zeroTimings(after.stdout)).toBe(zeroTimings(fresh.stdout));
    expect(zeroTimings(after.stdout), 'the edit moves the ranking').not.toBe(zeroTimings(before.stdout));
    // the edit is within the stamp margin of that build, so the update is not kept: the next command updates the snapshot again
    expect(await snapshotUse()).toBe('updated');
    const explain = (...more: string[]) =>
      run('explain', 'src/inventory/checkout.py', '--repo', repo, '--query', QUERY, ...more);
    expect((await explain('--cache', cache)).stdout).toBe((await explain('--no-cache')).stdout);
    // once the folder has settled, the updated index is kept and loaded as it is
    ageTree(repo);
    await rank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    expect(zeroTimings((await rank('--cache', cache)).stdout)).toBe(zeroTimings(fresh.stdout));
  });

  it('tells the changed paths of an index to update as the check finds them, and their parse started then is the one the update takes', async () => {
    await rank('--cache', cache);
    const slot = snapshotSlot(cache, repo, { include: [], exclude: [] });
    const told: (readonly string[])[] = [];
    const onChanges = async (changed: readonly string[]): Promise<void> => void told.push(changed);
    expect((await loadSnapshot(slot, () => undefined, onChanges))?.current).toBe(true);
    expect(told).toEqual([]);
    const changed = 'src/inventory/checkout.py';
    appendFileSync(join(repo, changed), '\n\ndef rounding_note():\n    return apply_discount(1)\n');
    const kept = await loadSnapshot(slot, () => undefined, onChanges);
    expect(kept?.current).toBe(false);
    expect(told).toEqual([[changed]]);
    // the parse started for them: on a worker, the tags of this thread's parse
    const options = { cache };
    const ahead = (await parseChangedAhead({ folder: repo }, options, told[0]!))!;
    expect(ahead).toBeDefined();
    const file = (await loadCorpus({ folder: repo })).files.find((f) => f.path === changed)!;
    const { tags } = await extractTags([file], { jobs: 1 });
    const [outcome] = await ahead.outcomesOf(
      [{ path: file.path, language: file.language!, text: file.text }],
      TAGS_BUDGET,
    );
    expect(outcome?.tags).toEqual(tags[0]);
    expect(tags[0]!.definitions.map((d) => d.name)).toContain('rounding_note');
    // none where the update parses on this thread (--jobs 1), or for a source that is not a folder
    expect(await parseChangedAhead({ folder: repo }, { ...options, parseJobs: 1 }, [changed])).toBeUndefined();
    expect(await parseChangedAhead({ gitDir: repo, commit: 'HEAD' }, options, [changed])).toBeUndefined();
    // nor when no changed path reads as a file
    expect(await parseChangedAhead({ folder: repo }, options, ['src', 'gone.py'])).toBeUndefined();
    // the update's flags are set with how many files it parses: not known after a changed folder, which may hold any number
    const builds: { update: boolean; parses: number }[] = [];
    const heard = { ...options, beforeBuild: (b: { update: boolean; parses: number }) => void builds.push(b) };
    await parseChangedAhead({ folder: repo }, heard, [changed]);
    await parseChangedAhead({ folder: repo }, heard, [changed, 'src']);
    expect(builds).toEqual([
      { update: true, parses: 1 },
      { update: true, parses: Number.POSITIVE_INFINITY },
    ]);
    // and the command that updates ranks as a fresh build
    expect(zeroTimings((await rank('--cache', cache)).stdout)).toBe(zeroTimings((await rank('--no-cache')).stdout));
  });

  it('reads a file touched but not edited since it was kept: rank and pack as a fresh build, the file in the pack', async () => {
    await rank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    // a settled touch: another stamp, the same text (the build it starts is the snapshot's own index)
    const when = new Date(Date.now() - 1_800_000);
    utimesSync(join(repo, 'src/inventory/pricing.py'), when, when);
    const pack = (...more: string[]) => run('pack', '--repo', repo, '--query', QUERY, '--budget', '800', ...more);
    const touched = await pack('--cache', cache);
    expect(touched.code).toBe(0);
    expect(touched.stdout).toBe((await pack('--no-cache')).stdout);
    expect(touched.stdout).toContain('### src/inventory/pricing.py');
    // kept again with the new fingerprint: loaded as it is, and still reads the touched file
    expect(await loadedFromSnapshot()).toBe(true);
    expect((await pack('--cache', cache)).stdout).toBe(touched.stdout);
    expect(zeroTimings((await rank('--cache', cache)).stdout)).toBe(zeroTimings((await rank('--no-cache')).stdout));
  });

  it('is updated once a manifest the import resolver reads changed (its tables are made from the new one)', async () => {
    repo = join(tmp, `go-${readdirSync(tmp).length}`);
    cpSync(join(FIXTURE, '../go-ratelimit'), repo, { recursive: true });
    ageTree(repo);
    const goRank = (...more: string[]) =>
      run(
        'rank',
        '--repo',
        repo,
        '--query',
        'the token bucket refills too slowly',
        '--format',
        'json',
        '--top',
        '20',
        ...more,
      );
    await goRank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    const goMod = join(repo, 'go.mod');
    writeFileSync(goMod, readFileSync(goMod, 'utf8').replace(/^module (\S+)/m, 'module $1/v2'));
    const after = await goRank('--cache', cache);
    expect(after.code).toBe(0);
    expect(after.stderr).toBe('');
    expect(await snapshotUse()).toBe('updated');
    expect(zeroTimings(after.stdout)).toBe(zeroTimings((await goRank('--no-cache')).stdout));
  });

  it('that an update fails from is built again from the start, with a note', async () => {
    const changed = 'src/inventory/checkout.py';
    const kept = await buildIndex(await loadCorpus({ folder: repo }));
    appendFileSync(join(repo, changed), '\n\ndef rounding_note():\n    return apply_discount(1)\n');
    // another build takes the kept index's graph over: an update from it throws (superseded-index)
    await buildIndex(await loadCorpus({ folder: repo }), { previous: kept });
    const notes: string[] = [];
    const options = { cache, onNote: (m: string) => void notes.push(m) };
    const fingerprint = await FolderFingerprint.take(repo, [changed], Date.now());
    const opened = await openBuilt({
      options,
      source: { folder: repo },
      slot: null,
      earlier: { index: kept, file: 'kept.snap', changed: [changed], fingerprint },
    });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^the index snapshot could not be updated \(.*took its graph over.*\); the index is built again$/,
    );
    expect(opened.snapshot).toBeUndefined();
    const fresh = await buildIndex(await loadCorpus({ folder: repo }));
    const { stats: _a, ...built } = opened.index.rank(QUERY);
    const { stats: _b, ...expected } = fresh.rank(QUERY);
    expect(built).toEqual(expected);
    expect(built.files.map((f) => f.path)).toContain(changed);
  });

  it('is updated once an ignore file was edited in place: the files it now ignores leave, as in a fresh build', async () => {
    writeFileSync(join(repo, '.gitignore'), '# nothing ignored yet\n');
    ageTree(repo);
    const before = await rank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    expect(JSON.parse(before.stdout).top_files).toContain('src/inventory/pricing.py');
    // the folder's entries stay as they were: only the ignore file's content changed
    appendFileSync(join(repo, '.gitignore'), 'src/inventory/pricing.py\n');
    const after = await rank('--cache', cache);
    expect(await snapshotUse()).toBe('updated');
    expect(JSON.parse(after.stdout).top_files).not.toContain('src/inventory/pricing.py');
    expect(zeroTimings(after.stdout)).toBe(zeroTimings((await rank('--no-cache')).stdout));
  });

  it('is built again once a file skipped for its content was edited in place into one the corpus takes', async () => {
    const file = join(repo, 'src/inventory/half_cent.py');
    writeFileSync(file, Buffer.from('def apply_discount_half_cent():\n    return b"\0\0"\n'));
    ageTree(repo);
    const before = await rank('--cache', cache);
    expect(JSON.parse(before.stdout).diagnostics).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'skipped-binary', file: 'src/inventory/half_cent.py' })]),
    );
    expect(await loadedFromSnapshot()).toBe(true);
    // the same file, no folder changed: only its own stamp tells
    writeFileSync(file, 'def apply_discount_half_cent():\n    return 0\n');
    const after = await rank('--cache', cache);
    expect(await snapshotUse()).toBe('updated');
    expect(JSON.parse(after.stdout).top_files).toContain('src/inventory/half_cent.py');
    expect(zeroTimings(after.stdout)).toBe(zeroTimings((await rank('--no-cache')).stdout));
  });

  it('says why a file is not in the corpus as a build does, loaded or updated (the rules are made from the folder when asked)', async () => {
    writeFileSync(join(repo, '.repomapignore'), 'docs/\n');
    mkdirSync(join(repo, 'docs'));
    writeFileSync(join(repo, 'docs/notes.py'), 'def note():\n    pass\n');
    ageTree(repo);
    const explain = (...more: string[]) => run('explain', 'docs/notes.py', 'note', '--repo', repo, ...more);
    const fresh = await explain('--no-cache');
    expect(fresh.stderr).toBe(
      'repomap: docs/notes.py is not a file of the corpus (skipped docs/notes.py: a .repomapignore file ignores it)\n',
    );
    await rank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    expect((await explain('--cache', cache)).stderr).toBe(fresh.stderr);
    appendFileSync(join(repo, 'src/inventory/pricing.py'), '\n# settled\n');
    const updated = await explain('--cache', cache);
    expect(await snapshotUse()).toBe('updated');
    expect(updated.stderr).toBe(fresh.stderr);
  });

  it('is updated once a file was added or removed', async () => {
    await rank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    writeFileSync(join(repo, 'src/inventory/half_cent.py'), 'def apply_discount_half_cent():\n    return 0\n');
    const added = await rank('--cache', cache);
    expect(await snapshotUse()).toBe('updated');
    expect(zeroTimings(added.stdout)).toBe(zeroTimings((await rank('--no-cache')).stdout));
    expect(JSON.parse(added.stdout).top_files).toContain('src/inventory/half_cent.py');
    ageTree(repo);
    await rank('--cache', cache);
    expect(await loadedFromSnapshot()).toBe(true);
    rmSync(join(repo, 'src/inventory/half_cent.py'));
    const removed = await rank('--cache', cache);
    expect(JSON.parse(removed.stdout).top_files).not.toContain('src/inventory/half_cent.py');
    expect(zeroTimings(removed.stdout)).toBe(zeroTimings((await rank('--no-cache')).stdout));
  });

  it('that does not read back whole (cut short, or not a snapshot) is removed and built again, with a note', async () => {
    const first = await rank('--cache', cache);
    const [name] = snapshots();
    const file = join(cache, 'snapshots', name!);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length >> 1));
    const cut = await rank('--cache', cache);
    expect(cut.code).toBe(0);
    expect(cut.stderr).toMatch(
      /^repomap: note: the index snapshot .*\.snap is cut short \(\d+ of \d+ bytes\); it was removed and the index is built again\n$/,
    );
    expect(zeroTimings(cut.stdout)).toBe(zeroTimings(first.stdout));
    // built again and kept again, whole
    expect(await loadedFromSnapshot()).toBe(true);
    writeFileSync(file, 'garbage '.repeat(100));
    const foreign = await rank('--cache', cache);
    expect(foreign.stderr).toMatch(
      /^repomap: note: the index snapshot .*\.snap is not a repomap snapshot; it was removed and the index is built again\n$/,
    );
    expect(zeroTimings(foreign.stdout)).toBe(zeroTimings(first.stdout));
    const flipped = Buffer.from(readFileSync(file));
    flipped[flipped.length - 10]! ^= 0xff;
    writeFileSync(file, flipped);
    expect((await rank('--cache', cache)).stderr).toMatch(/\.snap fails its checksum; it was removed/);
  });

  it('that is a folder is removed, whatever it holds, and built again, with a note (every rank failed on it)', async () => {
    const first = await rank('--cache', cache);
    const [name] = snapshots();
    const file = join(cache, 'snapshots', name!);
    rmSync(file);
    mkdirSync(join(file, 'inside'), { recursive: true });
    writeFileSync(join(file, 'inside', 'x'), 'x');
    const again = await rank('--cache', cache);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(
      `repomap: note: the index snapshot ${file} is not a regular file (a folder); it was removed and the index is built again\n`,
    );
    expect(zeroTimings(again.stdout)).toBe(zeroTimings(first.stdout));
    // kept again in its place
    expect(await loadedFromSnapshot()).toBe(true);
  });

  it('that is a FIFO is removed and built again, with a note (every rank waited on it for ever)', () => {
    const cli = (...argv: string[]) =>
      spawnSync(
        process.execPath,
        [BIN, 'rank', '--repo', repo, '--query', QUERY, '--format', 'json', '--top', '20', '--cache', cache, ...argv],
        {
          cwd: tmp,
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            HOME: join(tmp, 'home'),
            XDG_CACHE_HOME: join(tmp, 'xdg'),
            REPOMAP_NO_DAEMON: '1',
          },
          // a guard against the hang, not a measure
          timeout: 120_000,
        },
      );
    const first = cli();
    expect(first.status).toBe(0);
    const [name] = snapshots();
    const file = join(cache, 'snapshots', name!);
    rmSync(file);
    execFileSync('mkfifo', [file]);
    const again = cli();
    expect(again.signal).toBeNull();
    expect(again.status).toBe(0);
    expect(again.stderr).toBe(
      `repomap: note: the index snapshot ${file} is not a regular file (a FIFO); it was removed and the index is built again\n`,
    );
    expect(zeroTimings(again.stdout)).toBe(zeroTimings(first.stdout));
    expect(statSync(file).isFile()).toBe(true);
  });

  it('left half written by a writer killed midway is counted by cache stats, and removed and reported by cache prune after ten minutes', async () => {
    await rank('--cache', cache);
    const [name] = snapshots();
    const temp = join(cache, 'snapshots', `${name}.4242.1700000000000.tmp`);
    writeFileSync(temp, Buffer.alloc(3 * 1024 * 1024, 1));
    const stats = JSON.parse((await run('cache', 'stats', '--cache', cache, '--json')).stdout) as Record<
      string,
      unknown
    >;
    expect(stats.snapshot_temp_files).toEqual({ files: 1, bytes: 3 * 1024 * 1024 });
    expect((await run('cache', 'stats', '--cache', cache)).stdout).toMatch(
      /^ +and 1 temporary file of snapshot writers, 3\.0 MiB \(a prune removes those older than ten minutes\)$/m,
    );
    // a writer may still be at it: kept for ten minutes
    const early = JSON.parse((await run('cache', 'prune', '--cache', cache, '--json')).stdout) as Record<
      string,
      unknown
    >;
    expect(early.snapshot_temp_files_removed).toEqual({ files: 0, bytes: 0 });
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(temp, hourAgo, hourAgo);
    const pruned = JSON.parse((await run('cache', 'prune', '--cache', cache, '--json')).stdout) as Record<
      string,
      unknown
    >;
    expect(pruned.snapshots_removed).toEqual({ files: 0, bytes: 0 });
    expect(pruned.snapshot_temp_files_removed).toEqual({ files: 1, bytes: 3 * 1024 * 1024 });
    expect(readdirSync(join(cache, 'snapshots'))).toEqual([name]);
    writeFileSync(temp, 'x');
    utimesSync(temp, hourAgo, hourAgo);
    expect((await run('cache', 'prune', '--cache', cache)).stdout).toMatch(
      /^removed 1 temporary file of snapshot writers that died \(0\.0 MiB\)$/m,
    );
  });

  it('is counted by cache stats and by cache prune, which keeps what fits under the cap', async () => {
    await rank('--cache', cache);
    await rank('--cache', cache, '--exclude', 'README.md');
    expect(snapshots()).toHaveLength(2);
    const stats = await run('cache', 'stats', '--cache', cache, '--json');
    const { snapshots: counted } = JSON.parse(stats.stdout) as { snapshots: { files: number; bytes: number } };
    expect(counted.files).toBe(2);
    expect(counted.bytes).toBe(snapshots().reduce((n, f) => n + statSync(join(cache, 'snapshots', f)).size, 0));
    expect((await run('cache', 'stats', '--cache', cache)).stdout).toMatch(/^snapshots +2 index snapshots, /m);
    // two snapshots of a small fixture fit in 1 MiB: nothing is removed (the order is tested in test/unit/cache/snapshot-files.test.ts)
    const pruned = await run('cache', 'prune', '--cache', cache, '--max-mb', '1', '--json');
    expect(pruned.code).toBe(0);
    expect(JSON.parse(pruned.stdout).snapshots_removed).toEqual({ files: 0, bytes: 0 });
    expect(snapshots()).toHaveLength(2);
  });
});
