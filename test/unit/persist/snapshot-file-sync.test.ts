/**
 * A snapshot file reaches the disk before it is renamed into place (src/persist/snapshot-file.ts):
 * after a crash, the name holds a whole snapshot or the one before, never a renamed file
 * whose bytes were still in the page cache. The file system calls are recorded, not replaced.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const recorded = { ...fs };
  recorded.fsyncSync = (fd) => {
    calls.push(`fsync ${fd}`);
    fs.fsyncSync(fd);
  };
  recorded.closeSync = (fd) => {
    calls.push(`close ${fd}`);
    fs.closeSync(fd);
  };
  recorded.renameSync = (from, to) => {
    calls.push(`rename ${String(to).endsWith('k.snap') ? 'k.snap' : String(to)}`);
    fs.renameSync(from, to);
  };
  recorded.openSync = ((...args: Parameters<typeof fs.openSync>) => {
    const fd = fs.openSync(...args);
    calls.push(`open ${fd}`);
    return fd;
  }) as typeof fs.openSync;
  return { ...recorded, default: recorded };
});

const { writeSnapshotFile, readSnapshotFile } = await import('../../../src/persist/snapshot-file.js');
const { makeTemp, removeTemp } = await import('../corpus/helpers.js');

let tmp: string;
beforeAll(() => {
  tmp = makeTemp('repomap-snapshot-sync-');
});
afterAll(() => removeTemp(tmp));

describe('snapshot file writes', () => {
  it('sync the written file before closing it and renaming it into place', () => {
    const folder = join(tmp, 'snapshots');
    calls.length = 0;
    writeSnapshotFile(folder, 'k', { n: 1, data: new Uint8Array(1000).fill(7) });
    const opened = calls.find((c) => c.startsWith('open '))!.slice('open '.length);
    expect(calls.filter((c) => c.endsWith(` ${opened}`) || c.startsWith('rename'))).toEqual([
      `open ${opened}`,
      `fsync ${opened}`,
      `close ${opened}`,
      'rename k.snap',
    ]);
    const read = readSnapshotFile(folder, 'k');
    if (!('file' in read)) throw new Error(JSON.stringify(read));
    expect(read.file.section('n')).toBe(1);
    read.file.close();
  });
});
