/** The MCP workspace's refresh rule on a temp copy of a fixture: rebuild exactly when the folder changed. */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace, type IndexKeeper } from '../../../src/build/live.js';
import type { Index } from '../../../src/build/index.js';
import { indexOfSnapshot, snapshotOf, type Snapshot } from '../../../src/persist/snapshot.js';
import { FolderFingerprint, type SavedFingerprint } from '../../../src/corpus/index.js';
import { readSnapshotFile, writeSnapshotFile } from '../../../src/persist/snapshot-file.js';

let tmp: string;
let repo: string;

/** Every entry an hour old, so the first build's fingerprint is settled (nothing written near the read). */
function backdate(dir: string): void {
  const then = new Date(Date.now() - 3_600_000);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) backdate(path);
    utimesSync(path, then, then);
  }
  utimesSync(dir, then, then);
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'repomap-workspace-'));
  repo = join(tmp, 'repo');
  cpSync(join(import.meta.dirname, '../../../fixtures/repos/python-inventory'), repo, { recursive: true });
  backdate(repo);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('Workspace', () => {
  it('keeps its index while nothing changes and rebuilds, parsing only what changed, when something does', async () => {
    const ws = new Workspace(repo);
    const first = await ws.index();
    expect(ws.lastBuild).toMatchObject({ builds: 1, files: 13, parsed: 11, reused: 0 });
    expect(await ws.index()).toBe(first);
    expect(ws.lastBuild.builds).toBe(1);

    // An edit in place that keeps the size: only the mtime tells.
    const models = join(repo, 'src/inventory/models.py');
    const text = readFileSync(models, 'utf8');
    writeFileSync(models, text.replace('quantity', 'quantitY'));
    expect(statSync(models).size).toBe(Buffer.byteLength(text));
    const second = await ws.index();
    expect(second).not.toBe(first);
    expect(ws.lastBuild).toMatchObject({ builds: 2, files: 13, parsed: 1, reused: 10 });

    // Touched, contents unchanged: the stat differs, so the folder is read again, but the
    // index is the same object (nothing parsed or rebuilt).
    backdate(repo);
    const settledIndex = await ws.index();
    const now = new Date();
    utimesSync(models, now, now);
    expect(await ws.index()).toBe(settledIndex);
    expect(ws.lastBuild).toMatchObject({ parsed: 0, reused: 11 });
    // and its text (released after the build) still reads, as spans and packs need it
    expect(settledIndex.textOf('src/inventory/models.py')).toBe(readFileSync(models, 'utf8'));

    // A file added in a new folder deep down.
    backdate(repo);
    await ws.index(); // settles the write above
    const settled = ws.lastBuild.builds;
    mkdirSync(join(repo, 'src/inventory/storage/sql'), { recursive: true });
    writeFileSync(join(repo, 'src/inventory/storage/sql/schema.py'), 'TABLES = ("items",)\n');
    await ws.index();
    expect(ws.lastBuild).toMatchObject({ builds: settled + 1, files: 14, parsed: 1 });

    // A file removed.
    backdate(repo);
    await ws.index();
    rmSync(join(repo, 'tests/test_models.py'));
    const after = await ws.index();
    expect(ws.lastBuild.files).toBe(13);
    expect(after.corpus.files.map((f) => f.path)).not.toContain('tests/test_models.py');

    // A file without tags removed (the update once threw on it)
    backdate(repo);
    await ws.index();
    rmSync(join(repo, 'README.md'));
    const withoutDoc = await ws.index();
    expect(ws.lastBuild).toMatchObject({ files: 12, parsed: 0 });
    expect(withoutDoc.corpus.files.map((f) => f.path)).not.toContain('README.md');
    expect(withoutDoc.rank('apply_discount').files[0]!.path).toBe('src/inventory/pricing.py');
  });

  it('after edits in place ranks as a fresh workspace, also when an ignore file was edited', async () => {
    const own = join(tmp, 'edits');
    cpSync(join(import.meta.dirname, '../../../fixtures/repos/python-inventory'), own, { recursive: true });
    backdate(own);
    const ws = new Workspace(own);
    await ws.index();
    const sameAsFresh = async (query: string): Promise<void> => {
      const fresh = await new Workspace(own).index();
      const index = await ws.index();
      // (less the stats: the counts of parsed and reused files, the timings)
      const ranked = (i: Index) => ({ ...i.rank(query), stats: null });
      expect(ranked(index)).toEqual(ranked(fresh));
      expect(index.corpus).toEqual(fresh.corpus);
    };
    writeFileSync(
      join(own, 'src/inventory/pricing.py'),
      `${readFileSync(join(own, 'src/inventory/pricing.py'), 'utf8')}\n\ndef half_cent_rounding(amount):\n    return round(amount, 2)\n`,
    );
    await sameAsFresh('half_cent_rounding is wrong');
    expect(ws.lastBuild).toMatchObject({ parsed: 1, files: 13 });
    // settled, then an ignore file (a file of the corpus too) edited in place: what it ignores leaves
    backdate(own);
    await ws.index();
    writeFileSync(join(own, '.gitignore'), 'src/inventory/pricing.py\n');
    backdate(own);
    await ws.index();
    writeFileSync(join(own, '.gitignore'), 'src/inventory/pricing.py\ntests/\n');
    await sameAsFresh('apply_discount');
    expect(
      (await ws.index()).corpus.files
        .map((f) => f.path)
        .filter((p) => p.startsWith('tests/') || p.endsWith('pricing.py')),
    ).toEqual([]);
  });

  it('never rebuilds while a tool is still using the index, even across its awaits', async () => {
    const ws = new Workspace(repo);
    await ws.index();
    backdate(repo);
    const log: string[] = [];
    const pricing = join(repo, 'src/inventory/pricing.py');
    // A slow tool: edits the repository, then awaits, then ranks on its index.
    const slow = ws.use(async (index) => {
      log.push('slow start');
      writeFileSync(
        pricing,
        `${readFileSync(pricing, 'utf8')}\n\ndef loyalty_bonus_cents(total):\n    return total // 100\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const top = index.rank('apply_discount').files[0]!.path; // would throw if a rebuild had taken its graph
      log.push('slow done');
      return top;
    });
    // A second call arrives meanwhile: it sees the edit, after the first is done.
    const next = ws.use((index) => {
      log.push('next');
      return index.rank('loyalty_bonus_cents').files[0]!.path;
    });
    expect(await slow).toBe('src/inventory/pricing.py');
    expect(await next).toBe('src/inventory/pricing.py');
    expect(log).toEqual(['slow start', 'slow done', 'next']);
  });

  it('starts from the index an earlier process kept: as it is while the folder is unchanged, updated from it once a file changed', async () => {
    const folder = join(tmp, 'kept');
    cpSync(join(import.meta.dirname, '../../../fixtures/repos/python-inventory'), folder, { recursive: true });
    backdate(folder);
    const query = 'apply_discount rounds half a cent the wrong way';
    const ranked = (index: Index) =>
      JSON.stringify(index.rank(query).files.map((f) => [f.path, f.score, f.spans, f.functions]));
    // the first workspace finds nothing kept and keeps its first build (in a snapshot file, as the CLI keeps it)
    const snapshots = join(tmp, 'snapshots');
    let kept: { check: SavedFingerprint } | undefined;
    const keeper = (tell: string[]): IndexKeeper => ({
      load: async () => {
        tell.push('load');
        if (!kept) return null;
        const current = FolderFingerprint.restore(folder, kept.check);
        const read = readSnapshotFile(snapshots, 'kept');
        if (!('file' in read)) throw new Error(JSON.stringify(read));
        return {
          index: indexOfSnapshot(read.file.sections() as unknown as Snapshot),
          current: current.changed() ? null : current,
        };
      },
      async save(index, readStartedMs) {
        tell.push('save');
        const check = (
          await FolderFingerprint.take(
            folder,
            index.corpus.files.map((f) => f.path),
            readStartedMs,
          )
        ).saved();
        if (check) {
          writeSnapshotFile(snapshots, 'kept', { ...snapshotOf(index)! });
          kept = { check };
        }
      },
    });
    const first: string[] = [];
    const built = await new Workspace(folder, undefined, undefined, {}, keeper(first)).index();
    expect(first).toEqual(['load', 'save']);
    expect(kept).toBeDefined();

    const second: string[] = [];
    const ws = new Workspace(folder, undefined, undefined, {}, keeper(second));
    const loaded = await ws.index();
    expect(second, 'loaded, not built, and not kept again').toEqual(['load']);
    expect(ws.lastBuild).toMatchObject({ builds: 1, parsed: 0, reused: 11 });
    await loaded.prepare(query);
    expect(ranked(loaded)).toBe(ranked(built));
    expect(await ws.index(), 'nothing changed: the same index').toBe(loaded);

    // a file edited before the next workspace starts: it updates the kept index, parsing that file only
    const pricing = join(folder, 'src/inventory/pricing.py');
    writeFileSync(pricing, `${readFileSync(pricing, 'utf8')}\n\ndef round_half_cent(amount):\n    return amount\n`);
    const third: string[] = [];
    const updating = new Workspace(folder, undefined, undefined, {}, keeper(third));
    const updated = await updating.index();
    expect(updating.lastBuild).toMatchObject({ builds: 1, parsed: 1 });
    const fresh = await new Workspace(folder).index();
    expect(ranked(updated)).toBe(ranked(fresh));
    // the edit in the running workspace's folder: it rebuilds, as without a keeper
    expect(ranked(await ws.index())).toBe(ranked(fresh));
  });

  it('names a missing --repo folder', () => {
    expect(() => new Workspace(join(tmp, 'nowhere'))).toThrow(/repository folder .*nowhere does not exist/);
  });
});
