/** Snapshot files (src/persist/snapshot-file.ts, src/persist/sections.ts): written whole or not at all, read back section by section or refused, pruned least recently used first. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pruneSnapshots,
  readSnapshotFile,
  snapshotFiles,
  snapshotFilePath,
  snapshotTempFiles,
  writeSnapshotFile,
} from '../../../src/persist/snapshot-file.js';
import { decodeSection, encodeSection, sectionChunks, PartList, type ByteList } from '../../../src/persist/sections.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-snapshot-files-');
});
afterAll(() => removeTemp(tmp));

const value = (n: number) => ({ n, data: new Uint8Array(10_000).fill(n), text: `snapshot ${n}` });

describe('snapshot files', () => {
  it('read back what was written, typed arrays and all, each section at its first use; a missing key is missing', () => {
    const folder = join(tmp, 'a');
    const bytes = writeSnapshotFile(folder, 'k1', value(7));
    expect(bytes).toBe(readFileSync(snapshotFilePath(folder, 'k1')).length);
    const read = readSnapshotFile(folder, 'k1');
    if (!('file' in read)) throw new Error(JSON.stringify(read));
    expect(read.bytes).toBe(bytes);
    expect(read.file.names).toEqual(['n', 'data', 'text']);
    expect({ ...read.file.sections() }).toEqual(value(7));
    expect(read.file.section('other')).toBeUndefined();
    expect(readSnapshotFile(folder, 'other')).toEqual({ missing: true });
    expect(readSnapshotFile(join(tmp, 'no-such-folder'), 'k1')).toEqual({ missing: true });
    // no temporary file is left behind
    expect(readdirSync(folder)).toEqual(['k1.snap']);
    read.file.close();
    expect(() => read.file.section('n')).toThrow(/was closed before its section n was read/);
  });

  it('read typed arrays of every kind back as views of the section read, not copies, at any place in a value', () => {
    const folder = join(tmp, 'views');
    const value = {
      odd: new Uint8Array([1, 2, 3]),
      nested: {
        f64: new Float64Array([0.25, -1e300, Number.NaN]),
        i32: Int32Array.from([-5, 7]),
        list: [new Uint16Array([65535]), 'text'],
      },
      big: new BigInt64Array([-(2n ** 62n), 3n]),
      view: new DataView(new Uint8Array([9, 8, 7, 6]).buffer, 1, 2),
      buffer: Buffer.from('a buffer'),
      empty: new Float32Array(0),
    };
    writeSnapshotFile(folder, 'k', { value });
    const read = readSnapshotFile(folder, 'k');
    if (!('file' in read)) throw new Error(JSON.stringify(read));
    const back = read.file.section('value') as typeof value;
    expect(back).toEqual(value);
    expect(Buffer.isBuffer(back.buffer)).toBe(true);
    expect(back.view).toBeInstanceOf(DataView);
    expect([back.view.getUint8(0), back.view.getUint8(1)]).toEqual([8, 7]);
    // one section read: every typed array a view of its bytes, each aligned for its type
    const arrays = [
      back.odd,
      back.nested.f64,
      back.nested.i32,
      back.nested.list[0] as Uint16Array,
      back.big,
      back.view,
      back.buffer,
    ];
    expect(new Set(arrays.map((a) => a.buffer)).size).toBe(1);
    expect(arrays.every((a) => a.byteOffset % 8 === 0)).toBe(true);
  });

  it('write a list of byte arrays part by part and read one part at a time; an empty list reads as one', () => {
    const folder = join(tmp, 'parts');
    const parts = [Buffer.from('first'), new Uint8Array(0), new Uint8Array(70_000).fill(9), Buffer.from('last')];
    writeSnapshotFile(folder, 'k', { parts, none: [], mixed: [Buffer.from('a'), 'b'] });
    const read = readSnapshotFile(folder, 'k');
    if (!('file' in read)) throw new Error(JSON.stringify(read));
    const list = read.file.section('parts') as ByteList;
    expect(Array.isArray(list)).toBe(false);
    expect(list.length).toBe(4);
    expect([3, 0, 2, 1].map((k) => Buffer.from(list.at(k)!).toString('hex'))).toEqual(
      [3, 0, 2, 1].map((k) => Buffer.from(parts[k]!).toString('hex')),
    );
    expect([list.at(4), list.at(-1), list.at(1.5)]).toEqual([undefined, undefined, undefined]);
    expect(read.file.section('none')).toEqual([]);
    // a list with anything but byte arrays in it is a plain value
    expect(read.file.section('mixed')).toEqual([Buffer.from('a'), 'b']);
  });

  it("write a part made as pieces (a section's chunks: no copy into one buffer) as the bytes they join to, empty pieces included", () => {
    const folder = join(tmp, 'pieces');
    const csrLike = {
      starts: Int32Array.from([0, 2, 2]),
      weights: new Float64Array([0.5, 0.25]),
      none: new Uint32Array(0),
    };
    const list = new PartList(2, (k) =>
      k === 0 ? sectionChunks(csrLike) : [Buffer.from('ab'), new Uint8Array(0), Buffer.from('c')],
    );
    expect(Buffer.concat(sectionChunks(csrLike))).toEqual(encodeSection(csrLike));
    expect(list.at(1)).toEqual(Buffer.from('abc'));
    writeSnapshotFile(folder, 'k', { list, plain: csrLike });
    const read = readSnapshotFile(folder, 'k');
    if (!('file' in read)) throw new Error(JSON.stringify(read));
    const back = read.file.sections() as { list: ByteList; plain: typeof csrLike };
    expect(decodeSection(back.list.at(0)!)).toEqual(csrLike);
    expect(Buffer.from(back.list.at(1)!).toString()).toBe('abc');
    expect(back.plain).toEqual(csrLike);
  });

  it('make a section given as a function, and each part of a PartList, only when written, one at a time', () => {
    const folder = join(tmp, 'lazy');
    const made: string[] = [];
    const list = new PartList(3, (k) => {
      made.push(`part ${k}`);
      return Buffer.from(`part ${k} `.repeat(k + 1));
    });
    expect([list.at(3), list.at(-1)]).toEqual([undefined, undefined]);
    writeSnapshotFile(folder, 'k', {
      first: () => {
        made.push('first');
        return { n: 1 };
      },
      list,
      last: () => {
        made.push('last');
        return new Float64Array([0.5, 1.5]);
      },
    });
    expect(made).toEqual(['first', 'part 0', 'part 1', 'part 2', 'last']);
    const read = readSnapshotFile(folder, 'k');
    if (!('file' in read)) throw new Error(JSON.stringify(read));
    const back = read.file.sections() as { first: { n: number }; list: ByteList; last: Float64Array };
    expect(back.first).toEqual({ n: 1 });
    expect([0, 1, 2].map((k) => Buffer.from(back.list.at(k)!).toString())).toEqual([
      'part 0 ',
      'part 1 part 1 ',
      'part 2 part 2 part 2 ',
    ]);
    expect(back.last).toEqual(new Float64Array([0.5, 1.5]));
  });

  it('refuse a file cut short, another format or a flipped byte in its table, and remove it', () => {
    const folder = join(tmp, 'b');
    const file = snapshotFilePath(folder, 'k');
    const whole = () => {
      writeSnapshotFile(folder, 'k', value(3));
      return readFileSync(file);
    };
    let bytes = whole();
    writeFileSync(file, bytes.subarray(0, bytes.length - 1));
    expect(readSnapshotFile(folder, 'k')).toEqual({
      problem: `${file} is cut short (${bytes.length - 1} of ${bytes.length} bytes)`,
    });
    expect(readdirSync(folder)).toEqual([]);
    bytes = whole();
    writeFileSync(file, Buffer.concat([bytes, Buffer.from('more')]));
    expect(readSnapshotFile(folder, 'k')).toEqual({
      problem: `${file} is not a repomap snapshot (4 bytes past its end)`,
    });
    bytes = whole();
    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 5]! ^= 1;
    writeFileSync(file, flipped);
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} fails its checksum` });
    writeFileSync(file, '{"json": "is not a snapshot"}');
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} is not a repomap snapshot` });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('throw when a section or a part fails its checksum as it is read, naming the file, and remove the file', () => {
    const folder = join(tmp, 'd');
    const file = snapshotFilePath(folder, 'k');
    writeSnapshotFile(folder, 'k', {
      n: 1,
      data: new Uint8Array(1000).fill(5),
      parts: [Buffer.from('good part'), Buffer.from('bad part')],
    });
    const bytes = readFileSync(file);
    const flipped = Buffer.from(bytes);
    // the 1000 fives, and the second part's text
    flipped[bytes.indexOf(Buffer.alloc(1000, 5)) + 500]! ^= 1;
    flipped[bytes.indexOf('bad part') + 1]! ^= 1;
    writeFileSync(file, flipped);
    const read = readSnapshotFile(folder, 'k');
    if (!('file' in read)) throw new Error(JSON.stringify(read));
    expect(read.file.section('n')).toBe(1);
    const parts = read.file.section('parts') as ByteList;
    expect(Buffer.from(parts.at(0)!).toString()).toBe('good part');
    expect(() => parts.at(1)).toThrow(
      `repomap/cache: the index snapshot ${file} is damaged: its part 1 of section parts fails its checksum; it was removed, and the next command builds the index again`,
    );
    expect(readdirSync(folder)).toEqual([]);
    // the reader keeps the file open: its other sections still read, and still check
    expect(() => read.file.section('data')).toThrow(/its section data fails its checksum/);
  });

  it("are pruned least recently used first, past the cap (the newest always stays), with dead writers' temporary files", () => {
    const folder = join(tmp, 'c');
    const sizes = ['old', 'mid', 'new'].map((key) => writeSnapshotFile(folder, key, value(1)));
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(snapshotFilePath(folder, 'old'), at(30), at(30));
    utimesSync(snapshotFilePath(folder, 'mid'), at(20), at(20));
    utimesSync(snapshotFilePath(folder, 'new'), at(10), at(10));
    // opening touches: 'old' becomes the most recently used
    expect('file' in readSnapshotFile(folder, 'old')).toBe(true);
    expect(snapshotFiles(folder).map((f) => f.name)).toEqual(['old.snap', 'new.snap', 'mid.snap']);
    writeFileSync(join(folder, 'mid.snap.123.456.tmp'), 'half a write');
    utimesSync(join(folder, 'mid.snap.123.456.tmp'), at(60), at(60));
    writeFileSync(join(folder, 'new.snap.124.457.tmp'), 'a write going on');
    // both temporary files are listed; the dead writer's is removed, and reported
    expect(snapshotTempFiles(folder)).toEqual([
      { name: 'mid.snap.123.456.tmp', bytes: 12, usedMs: expect.any(Number) },
      { name: 'new.snap.124.457.tmp', bytes: 16, usedMs: expect.any(Number) },
    ]);
    expect(pruneSnapshots(folder, sizes[0]! * 2)).toEqual({
      removed: 1,
      bytes: sizes[1],
      temp: { removed: 1, bytes: 12 },
    });
    expect(readdirSync(folder).sort()).toEqual(['new.snap', 'new.snap.124.457.tmp', 'old.snap']);
    expect(pruneSnapshots(folder, 0)).toEqual({ removed: 1, bytes: sizes[2], temp: { removed: 0, bytes: 0 } });
    expect(readdirSync(folder).sort()).toEqual(['new.snap.124.457.tmp', 'old.snap']);
  });

  it("refuse anything but a regular file in a snapshot's place, without blocking on a FIFO, and remove it (a folder with what it holds, a symlink but not its target)", () => {
    const folder = join(tmp, 'odd');
    const file = snapshotFilePath(folder, 'k');
    mkdirSync(join(file, 'inside'), { recursive: true });
    writeFileSync(join(file, 'inside', 'x'), 'x');
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} is not a regular file (a folder)` });
    expect(existsSync(file)).toBe(false);
    // a FIFO opened to read would wait for a writer: this read would never return
    execFileSync('mkfifo', [file]);
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} is not a regular file (a FIFO)` });
    expect(existsSync(file)).toBe(false);
    const target = join(tmp, 'a-snapshot-elsewhere.snap');
    writeSnapshotFile(tmp, 'a-snapshot-elsewhere', value(1));
    symlinkSync(target, file);
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} is a symbolic link, not a snapshot file` });
    expect([existsSync(file), existsSync(target)]).toEqual([false, true]);
    // written there again, it reads
    writeSnapshotFile(folder, 'k', value(2));
    expect('file' in readSnapshotFile(folder, 'k')).toBe(true);
  });
});
