/**
 * Persisted index snapshots: one file per key in `<cache folder>/snapshots/`, each a
 * header (magic, payload length, CRC-32) and a v8-serialized payload. A file is written
 * whole under a temporary name and renamed into place, so a reader sees an old file or a
 * new one, never half of one (a writer killed mid-write leaves only its temporary file,
 * removed by the next prune). A file that does not read back whole (truncated, another
 * format, a bad checksum) is reported as such and removed. Reading a file touches its
 * modification time: `pruneSnapshots` removes the least recently used first.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import { crc32 } from 'node:zlib';
import { describeError } from '../errors.js';

export const SNAPSHOT_FOLDER = 'snapshots';
const MAGIC = Buffer.from('repomap-snapshot\n');
const HEADER = MAGIC.length + 4 + 8;
const SUFFIX = '.snap';
/** A temporary file older than this is a dead writer's: prune removes it. */
const STALE_TEMP_MS = 10 * 60 * 1000;

/** The folder of the snapshots of a cache folder. */
export function snapshotFolder(cacheDir: string): string {
  return join(cacheDir, SNAPSHOT_FOLDER);
}

/** The file of the snapshot stored under `key`. */
export function snapshotFilePath(folder: string, key: string): string {
  return join(folder, key + SUFFIX);
}

/** What reading a snapshot file gave: its value, nothing (no such file), or why it could not be read (the file is then removed). */
export type SnapshotRead = { value: unknown; bytes: number } | { missing: true } | { problem: string };

/** Reads the snapshot stored under `key` (a file name stem: hex). */
export function readSnapshotFile(folder: string, key: string): SnapshotRead {
  const file = snapshotFilePath(folder, key);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    // no such file, or a cache "folder" that is a file (the tags store says so)
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
    return { problem: `cannot read ${file}: ${describeError(error)}` };
  }
  const problem = checkHeader(bytes);
  if (problem === null) {
    try {
      const value = v8.deserialize(bytes.subarray(HEADER));
      touch(file);
      return { value, bytes: bytes.length };
    } catch (error) {
      return removed(file, `${file} does not deserialize: ${describeError(error)}`);
    }
  }
  return removed(file, `${file} ${problem}`);
}

function checkHeader(bytes: Buffer): string | null {
  if (bytes.length < HEADER || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return 'is not a repomap snapshot';
  const sum = bytes.readUInt32LE(MAGIC.length);
  const length = Number(bytes.readBigUInt64LE(MAGIC.length + 4));
  if (bytes.length - HEADER !== length) return `is cut short (${bytes.length - HEADER} of ${length} bytes)`;
  if (crc32(bytes.subarray(HEADER)) !== sum) return 'fails its checksum';
  return null;
}

function removed(file: string, problem: string): SnapshotRead {
  rmSync(file, { force: true });
  return { problem };
}

function touch(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // read-only cache folder: the file stays where it is in the LRU order
  }
}

/** Writes `value` (v8-serializable) as the snapshot of `key`, atomically; returns its size in bytes. */
export function writeSnapshotFile(folder: string, key: string, value: unknown): number {
  mkdirSync(folder, { recursive: true });
  const payload = v8.serialize(value);
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header);
  header.writeUInt32LE(crc32(payload), MAGIC.length);
  header.writeBigUInt64LE(BigInt(payload.length), MAGIC.length + 4);
  const temp = join(folder, `${key}${SUFFIX}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temp, 'w');
  try {
    writeAll(fd, header);
    writeAll(fd, payload);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, join(folder, key + SUFFIX));
  return HEADER + payload.length;
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** The snapshot files of a folder, most recently used first (size in bytes, last use in ms). */
export function snapshotFiles(folder: string): { name: string; bytes: number; usedMs: number }[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const out: { name: string; bytes: number; usedMs: number }[] = [];
  for (const name of names) {
    if (!name.endsWith(SUFFIX)) continue;
    const stats = statSync(join(folder, name), { throwIfNoEntry: false });
    if (stats?.isFile()) out.push({ name, bytes: stats.size, usedMs: stats.mtimeMs });
  }
  return out.sort((a, b) => b.usedMs - a.usedMs || (a.name < b.name ? -1 : 1));
}

/**
 * Removes the least recently used snapshots until the rest take at most `maxBytes`
 * (the most recent one is always kept), and temporary files of writers that died.
 * Returns how many files and bytes it removed.
 */
export function pruneSnapshots(folder: string, maxBytes: number, nowMs = Date.now()): { removed: number; bytes: number } {
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    return { removed: 0, bytes: 0 };
  }
  for (const name of names) {
    if (!name.endsWith('.tmp')) continue;
    const stats = statSync(join(folder, name), { throwIfNoEntry: false });
    if (stats && nowMs - stats.mtimeMs > STALE_TEMP_MS) rmSync(join(folder, name), { force: true });
  }
  let kept = 0;
  let removed = 0;
  let bytes = 0;
  let full = false;
  snapshotFiles(folder).forEach((f, i) => {
    full ||= i > 0 && kept + f.bytes > maxBytes;
    if (!full) {
      kept += f.bytes;
      return;
    }
    rmSync(join(folder, f.name), { force: true });
    removed++;
    bytes += f.bytes;
  });
  return { removed, bytes };
}
