/**
 * `loadCorpus(folder, { previous })` takes a file from the earlier corpus when its stamp
 * (size, modification and change times, inode) is unchanged and it had not been written
 * for 2 s before that load (issue 6, re-index). Anything else is read again: a changed
 * file, a file written just before or during the earlier load, a same-size rewrite with
 * its modification time put back, other skip rules, a file reported as invalid UTF-8 or
 * decoded from UTF-16.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { loadCorpus } from '../../../src/corpus/index.js';
import { restoreCorpus, saveCorpus } from '../../../src/corpus/codec.js';
import { stampOfKey } from '../../../src/corpus/folder-reuse.js';
import type { Corpus } from '../../../src/types.js';
import { makeTemp, removeTemp, writeFiles } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = makeTemp();
  writeFiles(dir, {
    'a.py': 'def a():\n    return 1\n',
    'b.py': 'def b():\n    return 2\n',
    'c.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), // invalid UTF-8
    'd/e.ts': 'export const e = 1;\n',
  });
  ageAll();
});
afterEach(() => removeTemp(dir));

/** Sets every file's times 10 s back: written well before any load. */
function ageAll(): void {
  const past = new Date(Date.now() - 10_000);
  for (const p of ['a.py', 'b.py', 'c.txt', 'd/e.ts']) utimesSync(join(dir, p), past, past);
}

const recordOf = (corpus: Corpus, path: string) => corpus.files.find((f) => f.path === path)!;

describe('loadCorpus with previous (folders)', () => {
  it('takes unchanged files from the earlier corpus and reads changed ones', async () => {
    writeFiles(dir, { 'w.py': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x = 1\n', 'utf16le')]) }); // UTF-16LE
    const past = new Date(Date.now() - 10_000);
    utimesSync(join(dir, 'w.py'), past, past);
    const first = await loadCorpus({ folder: dir });
    writeFileSync(join(dir, 'b.py'), 'def b():\n    return 22\n');
    const second = await loadCorpus({ folder: dir }, { previous: first });
    expect(recordOf(second, 'a.py')).toBe(recordOf(first, 'a.py'));
    expect(recordOf(second, 'd/e.ts')).toBe(recordOf(first, 'd/e.ts'));
    expect(recordOf(second, 'b.py')).not.toBe(recordOf(first, 'b.py'));
    expect(recordOf(second, 'b.py').text).toContain('return 22');
    // the invalid-UTF-8 and UTF-16 files are read again, so their diagnostics are reported again
    expect(recordOf(second, 'c.txt')).not.toBe(recordOf(first, 'c.txt'));
    expect(recordOf(second, 'w.py')).not.toBe(recordOf(first, 'w.py'));
    expect(first.diagnostics.map((d) => d.code).sort()).toEqual(['decoded-utf16', 'invalid-utf8']);
    expect(second.diagnostics).toEqual(first.diagnostics);
    // the same corpus as a load without previous
    const plain = await loadCorpus({ folder: dir });
    expect(second).toEqual(plain);
  });

  it("takes unchanged files by stamp from a corpus restored from its saved form (a snapshot's), as from the corpus itself", async () => {
    const first = await loadCorpus({ folder: dir });
    const saved = saveCorpus(first)!;
    const restored = restoreCorpus(v8.deserialize(v8.serialize(saved)) as typeof saved);
    writeFileSync(join(dir, 'b.py'), 'def b():\n    return 22\n');
    const second = await loadCorpus({ folder: dir }, { previous: restored });
    expect(recordOf(second, 'a.py')).toBe(recordOf(restored, 'a.py'));
    expect(recordOf(second, 'd/e.ts')).toBe(recordOf(restored, 'd/e.ts'));
    expect(recordOf(second, 'b.py').text).toContain('return 22');
    expect(second).toEqual(await loadCorpus({ folder: dir }));
    // a stamp's modification time is read back from its key
    expect(stampOfKey('12:1733.25:1734.5:99').mtimeMs).toBe(1733.25);
    expect(stampOfKey('12:1733').mtimeMs).toBe(1733);
    expect(stampOfKey('no-fields').mtimeMs).toBeNaN();
  });

  it('reads again a same-size rewrite whose modification time was put back (the change time differs)', async () => {
    const first = await loadCorpus({ folder: dir });
    const path = join(dir, 'a.py');
    const past = new Date(Date.now() - 10_000);
    utimesSync(path, past, past);
    const again = await loadCorpus({ folder: dir }, { previous: first });
    writeFileSync(path, 'def z():\n    return 1\n'); // same size
    utimesSync(path, past, past);
    const third = await loadCorpus({ folder: dir }, { previous: again });
    expect(recordOf(third, 'a.py').text).toBe('def z():\n    return 1\n');
  });

  it('reads again files written within 2 s before the earlier load (their stamp may hide a later write)', async () => {
    writeFileSync(join(dir, 'a.py'), 'def a():\n    return 3\n'); // modified just now
    const first = await loadCorpus({ folder: dir });
    const second = await loadCorpus({ folder: dir }, { previous: first });
    expect(recordOf(second, 'a.py')).not.toBe(recordOf(first, 'a.py'));
    expect(recordOf(second, 'b.py')).toBe(recordOf(first, 'b.py'));
  });

  it('reuses nothing under other skip rules or from another folder, and sees deleted and new files', async () => {
    const first = await loadCorpus({ folder: dir });
    const rules = await loadCorpus({ folder: dir }, { previous: first, maxFileBytes: 4096 });
    expect(recordOf(rules, 'a.py')).not.toBe(recordOf(first, 'a.py'));
    const other = makeTemp();
    try {
      writeFiles(other, { 'a.py': 'def a():\n    return 1\n' });
      const past = new Date(Date.now() - 10_000);
      utimesSync(join(other, 'a.py'), past, past);
      const elsewhere = await loadCorpus({ folder: other }, { previous: first });
      expect(recordOf(elsewhere, 'a.py')).not.toBe(recordOf(first, 'a.py'));
    } finally {
      removeTemp(other);
    }
    removeTemp(join(dir, 'b.py'));
    writeFileSync(join(dir, 'n.py'), 'x = 1\n');
    const changed = await loadCorpus({ folder: dir }, { previous: first });
    expect(changed.files.map((f) => f.path)).toEqual(['a.py', 'c.txt', 'd/e.ts', 'n.py']);
  });

  it('applies .gitignore rules changed since the earlier load, and a .gitignore added in a folder', async () => {
    const past = (p: string): void =>
      utimesSync(join(dir, p), new Date(Date.now() - 10_000), new Date(Date.now() - 10_000));
    writeFileSync(join(dir, '.gitignore'), 'b.py\n');
    past('.gitignore');
    const paths = (c: Corpus): string[] => c.files.map((f) => f.path);
    const first = await loadCorpus({ folder: dir });
    expect(paths(first)).toEqual(['.gitignore', 'a.py', 'c.txt', 'd/e.ts']);
    const same = await loadCorpus({ folder: dir }, { previous: first });
    expect(paths(same)).toEqual(paths(first));
    // same size, time put back: the change time still tells
    writeFileSync(join(dir, '.gitignore'), 'a.py\n');
    past('.gitignore');
    const changed = await loadCorpus({ folder: dir }, { previous: same });
    expect(paths(changed)).toEqual(['.gitignore', 'b.py', 'c.txt', 'd/e.ts']);
    writeFileSync(join(dir, 'd/.gitignore'), 'e.ts\n');
    past('d/.gitignore');
    const nested = await loadCorpus({ folder: dir }, { previous: changed });
    expect(paths(nested)).toEqual(['.gitignore', 'b.py', 'c.txt', 'd/.gitignore']);
    expect(nested).toEqual(await loadCorpus({ folder: dir }));
  });

  it('rejects a previous that is not a corpus, naming the option', async () => {
    await expect(loadCorpus({ folder: dir }, { previous: { files: 3 } as unknown as Corpus })).rejects.toMatchObject({
      code: 'bad-option',
      subject: 'previous',
    });
  });
});
