/**
 * Several processes on one store file: a writer killed midway leaves whole batches
 * (and a sound file), and two writers at once both finish without SQLITE_BUSY. An
 * index snapshot writer killed mid-write leaves the last whole snapshot.
 * The children run writer.mjs against the current sources compiled into a temp folder
 * (see `buildPackage`): a child `node` cannot import .ts, and dist/ may be stale.
 */
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, watch } from 'node:fs';
import { TagsStore } from '../../../src/cache/index.js';
import { pruneSnapshots, readSnapshotFile } from '../../../src/persist/snapshot-file.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';
import { buildPackage, entryFor } from './helpers.js';

const WRITER = join(import.meta.dirname, 'writer.mjs');
const SNAPSHOT_WRITER = join(import.meta.dirname, 'snapshot-writer.mjs');
const run = promisify(execFile);

let build: string;
let dir: string;
beforeAll(() => {
  build = buildPackage();
  dir = makeTemp('repomap-cache-processes-');
}, 120_000);
afterAll(() => {
  removeTemp(build);
  removeTemp(dir);
});

/** Every row of the file, read with a plain connection (no store logic in the way). */
function rowsOf(file: string): Map<string, unknown> {
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return new Map(
      (db.prepare('SELECT key, value FROM tags').raw().all() as [string, string][]).map(([k, v]) => [k, JSON.parse(v)]),
    );
  } finally {
    db.close();
  }
}

/** Waits for writer processes: each must end cleanly, silent on stderr, having written every batch. */
async function expectWritersDone(
  writers: Promise<{ stdout: string; stderr: string }>[],
  batches: number,
): Promise<void> {
  for (const r of await Promise.allSettled(writers)) {
    if (r.status === 'rejected')
      throw new Error(`a writer failed: ${String((r.reason as { stderr?: string }).stderr ?? r.reason)}`);
    expect(r.value.stderr).toBe('');
    expect(r.value.stdout.trim().split('\n')).toHaveLength(batches);
  }
}

describe('a writer killed from outside at any moment', () => {
  it('leaves a store that opens cleanly, passes integrity_check, and holds only whole, correct batches', async () => {
    const file = join(dir, 'killed.sqlite');
    const size = 400;
    const child = spawn(process.execPath, [WRITER, build, file, 'w', 'forever', String(size)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let committed = -1;
    // Kill it as soon as a few batches are in: it is then almost always inside the next transaction.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        for (const m of d.toString().matchAll(/committed (\d+)/g)) committed = Math.max(committed, Number(m[1]));
        if (committed >= 3 && child.kill('SIGKILL')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`writer exited by itself (code ${code}): ${stderr}`)));
    });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(child.signalCode).toBe('SIGKILL');

    const messages: string[] = [];
    const store = TagsStore.open(file, { onMessage: (m) => messages.push(m) });
    expect(messages, 'no rebuild: the file is sound').toEqual([]);
    const rows = rowsOf(file);
    const perBatch = new Map<number, number>();
    for (const [key, value] of rows) {
      const batch = Number(/^python:w-(\d+)-\d+$/.exec(key)![1]);
      perBatch.set(batch, (perBatch.get(batch) ?? 0) + 1);
      expect(value).toEqual(entryFor(key, 20));
    }
    const batches = [...perBatch.keys()].sort((a, b) => a - b);
    expect(batches.length).toBeGreaterThanOrEqual(committed + 1);
    expect(batches, 'batches are contiguous from 0').toEqual(batches.map((_, i) => i));
    for (const n of perBatch.values()) expect(n, 'no partial batch').toBe(size);
    // and the store reads them back the same way
    const keys = [...rows.keys()];
    const back = store.getMany(keys);
    expect(back.size).toBe(keys.length);
    for (const k of keys) expect(back.get(k)).toEqual(entryFor(k, 20));
    store.close();
  }, 60_000);
});

describe('a writer killed inside a transaction', () => {
  it('leaves the batches before it, and nothing of the batch it was writing', async () => {
    const file = join(dir, 'self-killed.sqlite');
    const size = 200;
    const outcome = await run(process.execPath, [WRITER, build, file, 'd', 'die-after-3', String(size)], {
      encoding: 'utf8',
    }).then(
      () => 'exited normally',
      (err: { signal?: string; stderr?: string }) => err.signal ?? `failed: ${err.stderr}`,
    );
    expect(outcome).toBe('SIGKILL');
    const messages: string[] = [];
    TagsStore.open(file, { onMessage: (m) => messages.push(m) }).close();
    expect(messages).toEqual([]);
    const rows = rowsOf(file);
    expect(rows.size).toBe(3 * size);
    for (let b = 0; b < 3; b++)
      for (let i = 0; i < size; i++) {
        const key = `python:d-${b}-${i}`;
        expect(rows.get(key), key).toEqual(entryFor(key, 20));
      }
    expect(
      [...rows.keys()].some((k) => k.startsWith('python:d-3-')),
      'nothing of the interrupted batch',
    ).toBe(false);
  }, 60_000);
});

describe('two writers at once', () => {
  it('both finish (no SQLITE_BUSY), and every distinct and shared entry is present and correct', async () => {
    const file = join(dir, 'concurrent.sqlite');
    const batches = 40;
    const size = 50;
    const shared = 300;
    // Both start on a file that does not exist yet: creation races too.
    const writers = ['a', 'b'].map((prefix) =>
      run(process.execPath, [WRITER, build, file, prefix, String(batches), String(size), String(shared)], {
        encoding: 'utf8',
      }),
    );
    await expectWritersDone(writers, batches);
    const rows = rowsOf(file);
    expect(rows.size).toBe(2 * batches * size + shared);
    for (const prefix of ['a', 'b'])
      for (let b = 0; b < batches; b++)
        for (let i = 0; i < size; i++) {
          const key = `python:${prefix}-${b}-${i}`;
          expect(rows.get(key), key).toEqual(entryFor(key, 20));
        }
    for (let s = 0; s < shared; s++) expect(rows.get(`python:shared-${s}`)).toEqual(entryFor(`python:shared-${s}`));
  }, 60_000);
});

describe('two writers at once, each pruning to a small cap', () => {
  it('both finish, the file passes integrity_check and stays near the cap, and every surviving row is whole and correct', async () => {
    const file = join(dir, 'pruning.sqlite');
    const cap = 1024 ** 2;
    const batches = 30;
    const size = 40;
    const writers = ['a', 'b'].map((prefix) =>
      run(process.execPath, [WRITER, build, file, prefix, String(batches), String(size), '0', String(cap)], {
        encoding: 'utf8',
      }),
    );
    await expectWritersDone(writers, batches);
    const rows = rowsOf(file);
    expect(rows.size, 'pruned: far fewer rows than written').toBeLessThan(2 * batches * size);
    expect(rows.size).toBeGreaterThan(0);
    for (const [key, value] of rows) expect(value, key).toEqual(entryFor(key, 20));
    const store = TagsStore.open(file, { maxBytes: cap });
    const stats = store.stats();
    expect(stats.liveBytes).toBeLessThanOrEqual(cap);
    expect(stats.rows.tags).toBe(rows.size);
    const back = store.getMany([...rows.keys()]);
    expect(back.size).toBe(rows.size);
    store.close();
  }, 60_000);
});

describe('an index snapshot writer killed from outside mid-write', () => {
  it('leaves the last whole snapshot and a temporary file the next prune removes, never half a snapshot', async () => {
    const folder = join(dir, 'snapshots');
    mkdirSync(folder, { recursive: true });
    const MB = 8;
    let killedMidWrite = 0;
    // killed as soon as a write's temporary file appears (after one whole write): most kills land mid-write
    for (let attempt = 0; attempt < 8 && killedMidWrite < 2; attempt++) {
      const child = spawn(process.execPath, [SNAPSHOT_WRITER, build, folder, 'k', String(MB)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let wrote = -1;
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => {
        const lines = c.toString().trim().split('\n');
        wrote = Number(lines[lines.length - 1]!.split(' ')[1]);
      });
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const watcher = watch(folder, (_event, name) => {
        if (wrote >= 0 && name?.endsWith('.tmp')) child.kill('SIGKILL');
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      watcher.close();
      expect(code, stderr).toBe(null);
      const temps = readdirSync(folder).filter((f) => f.endsWith('.tmp'));
      if (temps.length > 0) killedMidWrite++;
      const read = readSnapshotFile(folder, 'k');
      if (!('file' in read)) throw new Error(JSON.stringify(read));
      const { n, data } = read.file.sections() as { n: number; data: Uint8Array };
      expect(n).toBeGreaterThanOrEqual(wrote);
      expect(
        Buffer.from(data.buffer, data.byteOffset, data.length).equals(Buffer.alloc(MB * 1024 * 1024, n % 251)),
      ).toBe(true);
      read.file.close();
      // a dead writer's temporary file goes at a prune once it is old enough (a live writer's stays)
      expect(pruneSnapshots(folder, 1 << 30, Date.now()).removed).toBe(0);
      expect(readdirSync(folder).filter((f) => f.endsWith('.tmp'))).toEqual(temps);
      pruneSnapshots(folder, 1 << 30, Date.now() + 3_600_000);
      expect(readdirSync(folder)).toEqual(['k.snap']);
    }
    expect(killedMidWrite, 'kills that landed mid-write').toBeGreaterThanOrEqual(1);
  }, 240_000);
});
