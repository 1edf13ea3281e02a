import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, posix, relative, sep, win32 } from 'node:path';

/** Longest path a tool argument may be, in characters (Linux's PATH_MAX): a path is resolved on the event loop. */
export const MAX_PATH_CHARS = 4096;

/** A tool argument the server refuses, with the field it is about. */
export class ToolInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'ToolInputError';
  }
}

/**
 * A repo-relative POSIX path for a path an agent sent, or a ToolInputError naming
 * `field`: absolute paths, `..` escapes and (for folders on disk) paths that resolve
 * outside the repository through a symlink are refused. Whether the file is in the
 * corpus is checked later, by the index.
 */
export function repoRelativePath(written: string, field: string, folder: string | null): string {
  if (written.length > MAX_PATH_CHARS)
    throw new ToolInputError(field, `is ${written.length} characters long; a path has at most ${MAX_PATH_CHARS}`);
  if (written.includes('\0')) throw new ToolInputError(field, 'contains a NUL byte');
  const slashed = written.trim().replace(/\\/g, '/');
  if (slashed === '') throw new ToolInputError(field, 'is empty');
  if (isAbsolute(slashed) || win32.isAbsolute(written.trim())) {
    throw new ToolInputError(field, `"${written}" is absolute; give a path relative to the repository root`);
  }
  const normal = posix.normalize(slashed);
  if (normal === '..' || normal.startsWith('../'))
    throw new ToolInputError(field, `"${written}" is outside the repository`);
  const path = normal.replace(/^\.\//, '').replace(/\/$/, '');
  if (path === '.' || path === '') throw new ToolInputError(field, `"${written}" is the repository itself, not a file`);
  if (folder !== null && escapesThroughSymlink(folder, path)) {
    throw new ToolInputError(field, `"${written}" resolves outside the repository (through a symlink)`);
  }
  return path;
}

/**
 * Whether the deepest existing ancestor of `path` (or the path itself) resolves outside
 * `folder`. Every ancestor of an existing path exists, so that ancestor is found by a
 * binary search over the path's length and resolved once (resolving each ancestor in
 * turn was quadratic in the number of segments).
 */
function escapesThroughSymlink(folder: string, path: string): boolean {
  const root = realpathSync(folder);
  const segments = path.split('/');
  let known = 0; // this many leading segments exist
  let beyond = segments.length + 1; // this many do not
  while (beyond - known > 1) {
    const mid = (known + beyond) >> 1;
    if (existsSync(join(folder, ...segments.slice(0, mid)))) known = mid;
    else beyond = mid;
  }
  const inside = relative(root, realpathSync(join(folder, ...segments.slice(0, known))));
  return inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside);
}
