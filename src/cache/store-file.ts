/**
 * The file system around a tags store: its folder made ready (or a clear error naming
 * what is in the way), and a private copy of a store that can only be read.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describeError, RepoMapError } from '../errors.js';

/**
 * Creates the folder of the store `file` and its missing parents, one level at a time (a
 * recursive `mkdirSync` spins for ever under /proc), and checks that nothing is in the
 * way: a file where a folder should be, or a folder where the store file should be.
 */
export function prepareStoreFolder(file: string): void {
  const folder = dirname(file);
  const missing: string[] = [];
  let at = folder;
  for (;;) {
    const stats = statOrMissing(at, folder);
    if (stats?.isDirectory()) break;
    if (stats) {
      const what = at === folder ? `cannot use ${folder} as the tags cache folder: it is a file` : `cannot create the tags cache folder ${folder}: ${at} is a file`;
      throw new RepoMapError('bad-option', `repomap/cache: ${what}`, folder);
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'EEXIST' && statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue; // made meanwhile by another process
      throw new RepoMapError('bad-option', `repomap/cache: cannot create the tags cache folder ${folder}: ${describeError(cause)}`, folder);
    }
  }
  if (statOrMissing(file, folder)?.isDirectory()) {
    throw new RepoMapError('bad-option', `repomap/cache: ${file} is a folder, not a tags cache file; move it away or use another cache folder`, file);
  }
}

/** The stats of `path`, or undefined when nothing is there (or a file is where a parent folder should be). */
function statOrMissing(path: string, folder: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw new RepoMapError('bad-option', `repomap/cache: cannot use the tags cache folder ${folder}: ${describeError(cause)}`, folder);
  }
}

/** Whether opening a store failed because its file or folder may not be written. */
export function isReadOnly(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'EACCES' || code === 'EPERM' || code === 'EROFS');
}

/** A private copy of a store that may only be read (with its write-ahead log, when there is one), and how to remove it. */
export function privateCopy(file: string): { file: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'repomap-read-only-cache-'));
  const copy = join(folder, basename(file));
  try {
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  } catch (cause) {
    rmSync(folder, { recursive: true, force: true });
    throw new RepoMapError('bad-option', `repomap/cache: cannot read the tags cache ${file}: ${describeError(cause)}`, file);
  }
  return { file: copy, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
