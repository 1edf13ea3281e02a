/**
 * Persisted index snapshots: one file per key in `<cache folder>/snapshots/`, each a set of
 * named sections read one at a time, so a command reads only the parts of an index it
 * uses (a `rank` needs one task's CSR of several, and the tags of the few files it shows).
 *
 * Layout: a header (magic, then the table's offset, length and CRC-32), the sections, and
 * the table (JSON: each section's name, offset, length and CRC-32). A section is a
 * v8-serialized value, or, for an array of byte arrays (each file's encoded tags), its
 * parts one after another behind an index of their offsets and CRC-32s: one part is read
 * and checked at a time. The header is written last, and the file is written whole under a
 * temporary name, synced to disk and renamed into place, so a reader sees an old file or a
 * new one, never half of one, even after a crash (a writer killed mid-write leaves only its
 * temporary file, removed by the next prune, which reports it). A file whose header or table does not check (cut short,
 * another format, a bad checksum), or anything but a regular file in a snapshot's place (a
 * folder, a FIFO: opened without blocking and without following a symlink), is reported as
 * such and removed (when it cannot be, the command goes on without it); a section that
 * fails its checksum when read throws, and its file is removed. Opening a file touches its modification time:
 * `pruneSnapshots` removes the least recently used first.
 */
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describeError, RepoMapError } from '../errors.js';
import { decodeSection, PartList, sectionChunks, type ByteList } from './sections.js';
import { compareByteOrder } from '../text/order.js';

export const SNAPSHOT_FOLDER = 'snapshots';
const MAGIC = Buffer.from('repomap-snapshot/2\n');
/** Magic, then the table's offset (u64), length (u32) and CRC-32 (u32). */
const HEADER = MAGIC.length + 8 + 4 + 4;
const SUFFIX = '.snap';
/** A temporary file older than this is a dead writer's: prune removes it. */
const STALE_TEMP_MS = 10 * 60 * 1000;

/**
 * A section in a file's table: where its bytes are, and for a list of parts, how many (its
 * bytes are then the parts' index: `count + 1` offsets and `count` CRC-32s, the parts'
 * data right after it).
 */
interface SectionEntry {
  name: string;
  at: number;
  length: number;
  crc: number;
  parts?: number;
}

/** The folder of the snapshots of a cache folder. */
export function snapshotFolder(cacheDir: string): string {
  return join(cacheDir, SNAPSHOT_FOLDER);
}

/** The file of the snapshot stored under `key`. */
export function snapshotFilePath(folder: string, key: string): string {
  return join(folder, key + SUFFIX);
}

/**
 * What opening a snapshot file gave: the file; nothing (no such file); a file that is not a
 * snapshot that reads (`problem`: cut short, another format, a bad checksum, not a regular
 * file), removed, or left where it is when it could not be (`unremovable` says why); or a
 * file that could not be opened at all (`unreadable`: permissions, a path too long), left as
 * it is.
 */
export type SnapshotRead =
  | { file: SnapshotFile; bytes: number }
  | { missing: true }
  | { problem: string; unremovable?: string }
  | { unreadable: string };

/**
 * Regular files only, opened without following a symlink and without blocking: a FIFO put
 * in the snapshot's place would hold the open until a writer came, a folder fails every
 * read; anything but a regular file is a damaged entry.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** Opens the snapshot stored under `key` (a file name stem: hex), checking its header and table. */
export function readSnapshotFile(folder: string, key: string): SnapshotRead {
  const path = snapshotFilePath(folder, key);
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    // no such file, or a cache "folder" that is a file (the tags store says so)
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
    if (code === 'ELOOP') return damagedEntry(path, 'is a symbolic link, not a snapshot file');
    return { unreadable: `${path} cannot be read (${describeError(error)})` };
  }
  let opened: { table: SectionEntry[]; size: number; ino: number } | string;
  try {
    opened = readTable(fd);
  } catch (error) {
    opened = `cannot be read: ${describeError(error)}`;
  }
  if (typeof opened === 'string') {
    closeSync(fd);
    return damagedEntry(path, opened);
  }
  touch(path);
  return { file: new SnapshotFile(path, fd, opened.ino, opened.table), bytes: opened.size };
}

/** Removes what is at a snapshot's place and is not one (a folder there too, whatever it holds: repomap owns the name), and says what it was. */
function damagedEntry(path: string, problem: string): SnapshotRead {
  try {
    rmSync(path, { recursive: true, force: true });
    return { problem: `${path} ${problem}` };
  } catch (error) {
    return { problem: `${path} ${problem}`, unremovable: describeError(error) };
  }
}

function readTable(fd: number): { table: SectionEntry[]; size: number; ino: number } | string {
  const stats = fstatSync(fd);
  if (!stats.isFile())
    return `is not a regular file (${stats.isDirectory() ? 'a folder' : stats.isFIFO() ? 'a FIFO' : stats.isSocket() ? 'a socket' : 'a device'})`;
  const { size, ino } = stats;
  const header = readAt(fd, 0, Math.min(size, HEADER));
  if (header.length < HEADER || !header.subarray(0, MAGIC.length).equals(MAGIC)) return 'is not a repomap snapshot';
  const tableAt = Number(header.readBigUInt64LE(MAGIC.length));
  const tableLength = header.readUInt32LE(MAGIC.length + 8);
  const sum = header.readUInt32LE(MAGIC.length + 12);
  if (size < tableAt + tableLength) return `is cut short (${size} of ${tableAt + tableLength} bytes)`;
  if (size > tableAt + tableLength)
    return `is not a repomap snapshot (${size - tableAt - tableLength} bytes past its end)`;
  const table = readAt(fd, tableAt, tableLength);
  if (crc32(table) !== sum) return 'fails its checksum';
  return { table: JSON.parse(table.toString('utf8')) as SectionEntry[], size, ino };
}

/** `length` bytes of the file from `at`, in a buffer of their own (so typed arrays deserialize as views of it). */
function readAt(fd: number, at: number, length: number): Buffer {
  const out = Buffer.allocUnsafeSlow(length);
  for (let done = 0; done < length; ) {
    const n = readSync(fd, out, done, length - done, at + done);
    if (n === 0)
      throw new RepoMapError(
        'cache-unavailable',
        `repomap/persist: the file ends at byte ${at + done}, ${length - done} bytes short of a section`,
      );
    done += n;
  }
  return out;
}

/** Closes the file of a snapshot nobody reads any more (an index dropped by a long-lived server). */
const closer = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/**
 * An open snapshot file: its sections, read when asked. It keeps the file open, so a
 * snapshot written over it by another process (renamed into place) or pruned changes
 * nothing for this reader.
 */
export class SnapshotFile {
  private readonly entries: Map<string, SectionEntry>;
  private closed = false;

  constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly ino: number,
    table: SectionEntry[],
  ) {
    this.entries = new Map(table.map((e) => [e.name, e]));
    closer.register(this, fd, this);
  }

  /** The names of its sections, in the order written. */
  get names(): string[] {
    return [...this.entries.keys()];
  }

  /** A section's value (undefined when it has none): a list of parts reads each part when asked. */
  section(name: string): unknown {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    const bytes = this.checked(entry.at, entry.length, entry.crc, `section ${name}`);
    if (entry.parts === undefined) return this.decoded(bytes, name);
    const count = entry.parts;
    const data = entry.at + entry.length;
    const starts = new Float64Array(bytes.buffer, bytes.byteOffset, count + 1);
    const sums = new Uint32Array(bytes.buffer, bytes.byteOffset + 8 * (count + 1), count);
    return {
      length: count,
      at: (k: number): Uint8Array | undefined => {
        if (!Number.isInteger(k) || k < 0 || k >= count) return undefined;
        return this.checked(data + starts[k]!, starts[k + 1]! - starts[k]!, sums[k]!, `part ${k} of section ${name}`);
      },
    } satisfies ByteList;
  }

  /** Every section as a property, each read at its first use. */
  sections(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of this.entries.keys()) {
      Object.defineProperty(out, name, {
        enumerable: true,
        configurable: true,
        get: () => {
          const value = this.section(name);
          Object.defineProperty(out, name, { value, enumerable: true, configurable: true, writable: false });
          return value;
        },
      });
    }
    return out;
  }

  /** Closes the file (a later read throws); a dropped reader is closed when collected. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closer.unregister(this);
    closeSync(this.fd);
  }

  private checked(at: number, length: number, sum: number, what: string): Buffer {
    if (this.closed)
      throw new RepoMapError(
        'internal',
        `repomap/persist: the index snapshot ${this.path} was closed before its ${what} was read`,
        this.path,
      );
    let bytes: Buffer;
    try {
      bytes = readAt(this.fd, at, length);
    } catch (error) {
      return this.damaged(`its ${what} cannot be read (${describeError(error)})`);
    }
    return crc32(bytes) === sum ? bytes : this.damaged(`its ${what} fails its checksum`);
  }

  private decoded(bytes: Buffer, name: string): unknown {
    try {
      return decodeSection(bytes);
    } catch (error) {
      return this.damaged(`its section ${name} does not deserialize (${describeError(error)})`);
    }
  }

  /** Removes the damaged file (unless another has been renamed into its place) and throws. */
  private damaged(problem: string): never {
    if (statSync(this.path, { throwIfNoEntry: false })?.ino === this.ino) rmSync(this.path, { force: true });
    throw new RepoMapError(
      'cache-unavailable',
      `repomap/persist: the index snapshot ${this.path} is damaged: ${problem}; it was removed, and the next command builds the index again`,
      this.path,
    );
  }
}

function touch(file: string): void {
  const now = new Date();
  try {
    utimesSync(file, now, now);
  } catch {
    // read-only cache folder: the file stays where it is in the LRU order
  }
}

/** Whether a section is written as parts: a `PartList`, or an array whose every item is a byte array. */
function isPartList(value: unknown): value is ByteList {
  return (
    value instanceof PartList ||
    (Array.isArray(value) && value.length > 0 && value.every((v) => v instanceof Uint8Array))
  );
}

/**
 * Writes `sections` as the snapshot of `key`, atomically; returns its size in bytes. A
 * section is a v8-serializable value, or a function giving one (called when the section
 * is written, its value dropped after); a `PartList` or an array of byte arrays is written
 * as parts, read back as a `ByteList`. One section is made and serialized at a time, and
 * one part of a list, so the write holds no copy of the whole snapshot.
 */
export function writeSnapshotFile(folder: string, key: string, sections: Record<string, unknown>): number {
  mkdirSync(folder, { recursive: true });
  const temp = join(folder, `${key}${SUFFIX}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temp, 'w');
  let size: number;
  try {
    size = writeSections(fd, sections);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  // on disk before it is renamed into place: a crash after the rename leaves the whole file, not a renamed empty one
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, join(folder, key + SUFFIX));
  return size;
}

function writeSections(fd: number, sections: Record<string, unknown>): number {
  const writeAt = (position: number, bytes: Uint8Array): void => {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
  };
  // after the header, written last
  let at = HEADER;
  const write = (bytes: Uint8Array): void => {
    writeAt(at, bytes);
    at += bytes.length;
  };
  // pieces written in turn, never copied into one buffer: their length and CRC-32
  const writePieces = (pieces: readonly Uint8Array[]): { length: number; crc: number } => {
    let length = 0;
    let crc = 0;
    for (const piece of pieces) {
      // zlib's crc32 of no bytes is 0, whatever the running value
      if (piece.length === 0) continue;
      crc = crc32(piece, crc);
      write(piece);
      length += piece.length;
    }
    return { length, crc };
  };
  const table: SectionEntry[] = [];
  for (const [name, source] of Object.entries(sections)) {
    const value: unknown = typeof source === 'function' ? (source as () => unknown)() : source;
    if (value === undefined) continue;
    const start = at;
    if (isPartList(value)) {
      // the index of the parts (offsets, CRC-32s) goes first, written once they are
      const count = value.length;
      const index = Buffer.alloc(8 * (count + 1) + 4 * count);
      const starts = new Float64Array(index.buffer, index.byteOffset, count + 1);
      const sums = new Uint32Array(index.buffer, index.byteOffset + 8 * (count + 1), count);
      at += index.length;
      for (let k = 0; k < count; k++) {
        const part = value instanceof PartList ? value.partAt(k)! : value.at(k)!;
        const { length, crc } = writePieces(part instanceof Uint8Array ? [part] : part);
        starts[k + 1] = starts[k]! + length;
        sums[k] = crc;
      }
      writeAt(start, index);
      table.push({ name, at: start, length: index.length, crc: crc32(index), parts: count });
    } else {
      const { length, crc } = writePieces(sectionChunks(value));
      table.push({ name, at: start, length, crc });
    }
  }
  const tableBytes = Buffer.from(JSON.stringify(table), 'utf8');
  const tableAt = at;
  write(tableBytes);
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header);
  header.writeBigUInt64LE(BigInt(tableAt), MAGIC.length);
  header.writeUInt32LE(tableBytes.length, MAGIC.length + 8);
  header.writeUInt32LE(crc32(tableBytes), MAGIC.length + 12);
  writeAt(0, header);
  return tableAt + tableBytes.length;
}

/** A file of a snapshot folder: its name, size in bytes and last use (modification time, ms). */
export interface SnapshotFolderFile {
  name: string;
  bytes: number;
  usedMs: number;
}

/** The snapshot files of a folder, most recently used first. */
export function snapshotFiles(folder: string): SnapshotFolderFile[] {
  return filesOf(folder, (name) => name.endsWith(SUFFIX)).sort(
    (a, b) => b.usedMs - a.usedMs || compareByteOrder(a.name, b.name),
  );
}

/** The temporary files of snapshot writers in a folder: under way, or left by a writer that died (a prune removes those). */
export function snapshotTempFiles(folder: string): SnapshotFolderFile[] {
  return filesOf(folder, isTempName).sort((a, b) => compareByteOrder(a.name, b.name));
}

/** What `pruneSnapshots` removed: snapshots (files, bytes), and temporary files of writers that died. */
export interface SnapshotPrune {
  removed: number;
  bytes: number;
  temp: { removed: number; bytes: number };
}

/**
 * Removes the least recently used snapshots until the rest take at most `maxBytes`
 * (the most recent one is always kept), and temporary files of writers that died
 * (older than ten minutes). Returns what it removed.
 */
export function pruneSnapshots(folder: string, maxBytes: number, nowMs = Date.now()): SnapshotPrune {
  const temp = { removed: 0, bytes: 0 };
  for (const f of snapshotTempFiles(folder)) {
    if (nowMs - f.usedMs <= STALE_TEMP_MS || !removed(join(folder, f.name))) continue;
    temp.removed++;
    temp.bytes += f.bytes;
  }
  let kept = 0;
  let count = 0;
  let bytes = 0;
  let full = false;
  snapshotFiles(folder).forEach((f, i) => {
    full ||= i > 0 && kept + f.bytes > maxBytes;
    if (!full) {
      kept += f.bytes;
      return;
    }
    if (!removed(join(folder, f.name))) return;
    count++;
    bytes += f.bytes;
  });
  return { removed: count, bytes, temp };
}

/** A writer's temporary file: `<key>.snap.<pid>.<ms>.tmp` (`writeSnapshotFile`). */
function isTempName(name: string): boolean {
  return name.endsWith('.tmp') && name.includes(`${SUFFIX}.`);
}

/** The regular files of a folder whose names pass `take` (none when it cannot be listed). */
function filesOf(folder: string, take: (name: string) => boolean): SnapshotFolderFile[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const out: SnapshotFolderFile[] = [];
  for (const name of names) {
    if (!take(name)) continue;
    const stats = lstatSync(join(folder, name), { throwIfNoEntry: false });
    if (stats?.isFile()) out.push({ name, bytes: stats.size, usedMs: stats.mtimeMs });
  }
  return out;
}

/** Removes a file; false when it could not be (or was gone already: another process' prune took it). */
function removed(file: string): boolean {
  try {
    rmSync(file);
    return true;
  } catch {
    return false;
  }
}
