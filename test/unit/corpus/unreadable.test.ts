/**
 * Files, folders and .gitignore files the process may not read (issue 19, item 1). Root
 * reads everything, so the permission errors are injected into the loader's own fs calls
 * here; test/unit/cli/bin.test.ts makes them for real, as an unprivileged user.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCorpus, whySkipped } from '../../../src/corpus/index.js';
import { repoMap } from '../../../src/index.js';
import { Workspace } from '../../../src/build/live.js';
import { makeTemp, removeTemp, writeFiles } from './helpers.js';

/** Paths (suffixes) whose open, readdir or readFile fails with EACCES. */
const denied = new Set<string>();

function eacces(syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EACCES: permission denied, ${syscall} '${path}'`), {
    code: 'EACCES',
    errno: -13,
    syscall,
    path,
  });
}

const isDenied = (path: unknown): boolean => typeof path === 'string' && [...denied].some((d) => path.endsWith(d));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    openSync: (path: fs.PathLike, ...rest: never[]) => {
      if (isDenied(path)) throw eacces('open', String(path));
      return (real.openSync as (...a: unknown[]) => number)(path, ...rest);
    },
    readdirSync: (path: fs.PathLike, ...rest: never[]) => {
      if (isDenied(path)) throw eacces('scandir', String(path));
      return (real.readdirSync as (...a: unknown[]) => unknown)(path, ...rest);
    },
    readFileSync: (path: fs.PathOrFileDescriptor, ...rest: never[]) => {
      if (isDenied(path)) throw eacces('open', String(path));
      return (real.readFileSync as (...a: unknown[]) => unknown)(path, ...rest);
    },
  };
});

let dir: string;
beforeEach(() => {
  dir = makeTemp();
  denied.clear();
  writeFiles(dir, {
    'a.py': 'def f():\n    pass\n',
    's.py': 'x = 1\n',
    'locked/inner.py': 'def g():\n    pass\n',
    'guarded/.gitignore': '*.log\n',
    'guarded/kept.py': 'def h():\n    pass\n',
    'guarded/debug.log': 'kept: the rules that would ignore it cannot be read\n',
  });
});
afterEach(() => removeTemp(dir));

describe('unreadable files, folders and .gitignore files', () => {
  it('skips an unreadable file as unreadable, counted and named, and keeps the rest', async () => {
    denied.add(join(dir, 's.py'));
    const corpus = await loadCorpus({ folder: dir });
    expect(corpus.files.map((f) => f.path)).not.toContain('s.py');
    expect(corpus.files.map((f) => f.path)).toContain('a.py');
    expect(corpus.skipped.unreadable).toBe(1);
    const d = corpus.diagnostics.find((x) => x.file === 's.py');
    expect(d).toMatchObject({ code: 'skipped-unreadable' });
    expect(d!.message).toContain('permission denied (EACCES)');
  });

  it('skips a folder it cannot list, once, and still indexes its siblings', async () => {
    denied.add(join(dir, 'locked'));
    const corpus = await loadCorpus({ folder: dir });
    expect(corpus.files.map((f) => f.path)).toEqual(['a.py', 'guarded/.gitignore', 'guarded/kept.py', 's.py']);
    expect(corpus.skipped.unreadable).toBe(1);
    expect(corpus.diagnostics).toContainEqual(expect.objectContaining({ code: 'skipped-unreadable', file: 'locked' }));
    expect(corpus.diagnostics.find((d) => d.file === 'locked')!.message).toContain('nothing under it is indexed');
    // explain on a file inside it says why it is not there
    expect(whySkipped(corpus, 'locked/inner.py')).toBe(corpus.diagnostics.find((d) => d.file === 'locked')!.message);
  });

  it('applies no rules from an unreadable .gitignore, and reports it once', async () => {
    denied.add(join(dir, 'guarded', '.gitignore'));
    const corpus = await loadCorpus({ folder: dir });
    expect(corpus.files.map((f) => f.path)).toEqual([
      'a.py',
      'guarded/debug.log',
      'guarded/kept.py',
      'locked/inner.py',
      's.py',
    ]);
    expect(corpus.skipped.unreadable).toBe(1);
    const reports = corpus.diagnostics.filter((d) => d.file === 'guarded/.gitignore');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.message).toContain('its rules are not applied');
  });

  it('applies no rules from an unreadable .repomapignore either, and names it as such', async () => {
    writeFiles(dir, { 'guarded/.repomapignore': 'kept.py\n' });
    expect((await loadCorpus({ folder: dir })).files.map((f) => f.path)).not.toContain('guarded/kept.py');
    denied.add(join(dir, 'guarded', '.repomapignore'));
    const corpus = await loadCorpus({ folder: dir });
    expect(corpus.files.map((f) => f.path)).toContain('guarded/kept.py');
    expect(corpus.skipped.unreadable).toBe(1);
    expect(corpus.diagnostics.filter((d) => d.code === 'skipped-unreadable')).toEqual([
      {
        code: 'skipped-unreadable',
        file: 'guarded/.repomapignore',
        message: expect.stringMatching(/permission denied \(EACCES\); its rules are not applied$/),
      },
    ]);
  });

  it('a folder that is itself unreadable is an error naming it', async () => {
    denied.add(dir);
    await expect(loadCorpus({ folder: dir })).rejects.toMatchObject({
      code: 'missing-folder',
      message: expect.stringContaining(dir),
    });
  });

  it('ranks the readable files when all three are unreadable at once', async () => {
    for (const p of ['s.py', 'locked', join('guarded', '.gitignore')]) denied.add(join(dir, p));
    const result = await repoMap('f', { folder: dir });
    expect(result.files.map((f) => f.path).sort()).toEqual(['a.py', 'guarded/debug.log', 'guarded/kept.py']);
    expect(result.stats.skipped.unreadable).toBe(3);
    expect(result.diagnostics.filter((d) => d.code === 'skipped-unreadable').map((d) => d.file)).toEqual([
      'guarded/.gitignore',
      'locked',
      's.py',
    ]);
  });

  it('an MCP workspace over such a folder builds, and keeps answering', async () => {
    // an hour old, so that the first build's fingerprint is settled
    const then = new Date(Date.now() - 3_600_000);
    for (const p of [
      'a.py',
      's.py',
      'locked/inner.py',
      'locked',
      'guarded/.gitignore',
      'guarded/kept.py',
      'guarded/debug.log',
      'guarded',
      '.',
    ]) {
      fs.utimesSync(join(dir, p), then, then);
    }
    denied.add(join(dir, 'locked'));
    const ws = new Workspace(dir, undefined, new Map());
    const index = await ws.index();
    expect(index.corpus.skipped.unreadable).toBe(1);
    expect(await ws.index()).toBe(index);
    // readable again: the folder's mode changed, so the next call reads it
    denied.clear();
    fs.chmodSync(join(dir, 'locked'), 0o700);
    expect((await ws.index()).corpus.files.map((f) => f.path)).toContain('locked/inner.py');
  });
});
