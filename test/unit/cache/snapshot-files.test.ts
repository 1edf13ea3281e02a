/** Snapshot files (src/cache/snapshot-files.ts): written whole or not at all, read back or refused, pruned least recently used first. */
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSnapshots, readSnapshotFile, snapshotFiles, snapshotFilePath, writeSnapshotFile } from '../../../src/cache/snapshot-files.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-snapshot-files-');
});
afterAll(() => removeTemp(tmp));

const value = (n: number) => ({ n, data: new Uint8Array(10_000).fill(n), text: `snapshot ${n}` });

describe('snapshot files', () => {
  it('read back what was written, typed arrays and all; a missing key is missing', () => {
    const folder = join(tmp, 'a');
    const bytes = writeSnapshotFile(folder, 'k1', value(7));
    expect(bytes).toBe(readFileSync(snapshotFilePath(folder, 'k1')).length);
    const read = readSnapshotFile(folder, 'k1');
    expect(read).toEqual({ value: value(7), bytes });
    expect(readSnapshotFile(folder, 'other')).toEqual({ missing: true });
    expect(readSnapshotFile(join(tmp, 'no-such-folder'), 'k1')).toEqual({ missing: true });
    // no temporary file is left behind
    expect(readdirSync(folder)).toEqual(['k1.snap']);
  });

  it('refuse a file cut short, another format or a flipped byte, and remove it', () => {
    const folder = join(tmp, 'b');
    const file = snapshotFilePath(folder, 'k');
    const whole = () => {
      writeSnapshotFile(folder, 'k', value(3));
      return readFileSync(file);
    };
    let bytes = whole();
    writeFileSync(file, bytes.subarray(0, bytes.length - 1));
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} is cut short (${bytes.length - 1 - 29} of ${bytes.length - 29} bytes)` });
    expect(readdirSync(folder)).toEqual([]);
    bytes = whole();
    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 5]! ^= 1;
    writeFileSync(file, flipped);
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} fails its checksum` });
    writeFileSync(file, '{"json": "is not a snapshot"}');
    expect(readSnapshotFile(folder, 'k')).toEqual({ problem: `${file} is not a repomap snapshot` });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('are pruned least recently used first, past the cap (the newest always stays), with dead writers\' temporary files', () => {
    const folder = join(tmp, 'c');
    const sizes = ['old', 'mid', 'new'].map((key) => writeSnapshotFile(folder, key, value(1)));
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(snapshotFilePath(folder, 'old'), at(30), at(30));
    utimesSync(snapshotFilePath(folder, 'mid'), at(20), at(20));
    utimesSync(snapshotFilePath(folder, 'new'), at(10), at(10));
    // reading touches: 'old' becomes the most recently used
    expect('value' in readSnapshotFile(folder, 'old')).toBe(true);
    expect(snapshotFiles(folder).map((f) => f.name)).toEqual(['old.snap', 'new.snap', 'mid.snap']);
    writeFileSync(join(folder, 'mid.snap.123.456.tmp'), 'half a write');
    utimesSync(join(folder, 'mid.snap.123.456.tmp'), at(60), at(60));
    writeFileSync(join(folder, 'new.snap.124.457.tmp'), 'a write going on');
    expect(pruneSnapshots(folder, sizes[0]! * 2)).toEqual({ removed: 1, bytes: sizes[1] });
    expect(readdirSync(folder).sort()).toEqual(['new.snap', 'new.snap.124.457.tmp', 'old.snap']);
    expect(pruneSnapshots(folder, 0)).toEqual({ removed: 1, bytes: sizes[2] });
    expect(readdirSync(folder).sort()).toEqual(['new.snap.124.457.tmp', 'old.snap']);
  });
});
