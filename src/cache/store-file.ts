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
 * Throws a RepoMapError saying so (`storeFolderProblem`'s sentence).
 */
export function prepareStoreFolder(file: string): void {
  const problem = storeFolderProblem(file);
  if (problem !== null) throw new RepoMapError('bad-option', `repomap/cache: ${problem}`, dirname(file));
}

/**
 * What `prepareStoreFolder` does, with its problem as a sentence instead of an error
 * (`the tags cache cannot be created at <folder> (<reason>)`), null when the store can go
 * there: a command then runs without a cache, saying so. With `create` false it makes no
 * folder and finds only what is in the way (a file, a folder, a path that cannot be
 * stated), for a look before anything is written.
 */
export function storeFolderProblem(file: string, create = true): string | null {
  const folder = dirname(file);
  const cannot = (reason: string): string => `the tags cache cannot be created at ${folder} (${reason})`;
  const missing: string[] = [];
  let at = folder;
  for (;;) {
    const stats = statOrMissing(at);
    if (typeof stats === 'string') return cannot(stats);
    if (stats?.isDirectory()) break;
    if (stats) return cannot(at === folder ? 'it is a file' : `${at} is a file`);
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  if (!create) return missing.length > 0 ? null : folderTakenProblem(file, cannot);
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'EEXIST' && statSync(dir, { throwIfNoEntry: false })?.isDirectory())
        continue; // made meanwhile by another process
      return cannot(describeError(cause));
    }
  }
  return folderTakenProblem(file, cannot);
}

/** Why the store file cannot go at `file` in its existing folder (a folder there, or a path that cannot be stated), or null. */
function folderTakenProblem(file: string, cannot: (reason: string) => string): string | null {
  const stats = statOrMissing(file);
  if (typeof stats === 'string') return cannot(stats);
  if (stats?.isDirectory()) return cannot(`${file} is a folder, not a tags cache file`);
  return null;
}

/** The stats of `path`, undefined when nothing is there (or a file is where a parent folder should be), or why it cannot be stated. */
function statOrMissing(path: string): Stats | undefined | string {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    return describeError(cause);
  }
}

/** Whether opening a store failed because its file or folder may not be written. */
export function isReadOnly(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_READONLY') ||
      code === 'SQLITE_CANTOPEN' ||
      code === 'EACCES' ||
      code === 'EPERM' ||
      code === 'EROFS')
  );
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
    throw new RepoMapError(
      'bad-option',
      `repomap/cache: cannot read the tags cache ${file}: ${describeError(cause)}`,
      file,
    );
  }
  return { file: copy, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
