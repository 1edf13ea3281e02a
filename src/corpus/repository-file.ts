/**
 * Reading one file of a repository that is not a corpus file (a `repomap.config.json`, a
 * root `package.json`, an ignore file, a worktree's `.git` file) under the rules the
 * corpus reader applies to every file it reads: a regular file only, opened without
 * following a symlink at its last component and without blocking (a FIFO, a socket, a
 * device or a link to `/dev/zero` put there cannot stall the read or grow it without
 * bound), and at most `maxBytes` bytes.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { describeError, RepoMapError } from '../errors.js';
import { readStart, ScratchBuffer } from './read-file.js';

/** Why a repository file was not read: absent, or the reason in words. */
export type RepositoryFileProblem = { missing: true } | { missing: false; reason: string };

export type RepositoryFileRead = { text: string } | { problem: RepositoryFileProblem };

/** The largest `.git` file read (a linked worktree's or a submodule's `gitdir:` line). */
export const GIT_FILE_MAX_BYTES = 64 * 1024;

/** An ignore file larger than this is not a list of patterns (folder mode: not read, and reported; git mode: read as empty). */
export const IGNORE_FILE_MAX_BYTES = 1024 * 1024;

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** The UTF-8 text of `file` (`problem` when absent, not a regular file, over `maxBytes` or unreadable). */
export function readRepositoryFile(file: string, maxBytes: number): RepositoryFileRead {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { problem: { missing: true } };
    if (code === 'ELOOP') return { problem: { missing: false, reason: 'it is a symlink (symlinks are not followed)' } };
    return { problem: { missing: false, reason: `cannot read it: ${describeError(error)}` } };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: { missing: false, reason: 'it is not a regular file' } };
    if (stats.size > maxBytes)
      return { problem: { missing: false, reason: `${stats.size} bytes is over the ${maxBytes}-byte limit` } };
    return { text: readStart(fd, stats.size, new ScratchBuffer()).toString('utf8') };
  } catch (error) {
    return { problem: { missing: false, reason: `cannot read it: ${describeError(error)}` } };
  } finally {
    closeSync(fd);
  }
}

/** The text of an ignore file, for a `GitignoreMatcher`: throws the reason it was not read (the matcher reports it). */
export function readIgnoreFile(file: string): string {
  const read = readRepositoryFile(file, IGNORE_FILE_MAX_BYTES);
  if ('text' in read) return read.text;
  throw new RepoMapError(
    'unreadable-file',
    `repomap/corpus: ${read.problem.missing ? 'it vanished while the folder was read' : read.problem.reason}`,
    file,
  );
}
