import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, sep, win32 } from 'node:path';

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
  if (written.includes('\0')) throw new ToolInputError(field, 'contains a NUL byte');
  const slashed = written.trim().replace(/\\/g, '/');
  if (slashed === '') throw new ToolInputError(field, 'is empty');
  if (isAbsolute(slashed) || win32.isAbsolute(written.trim())) {
    throw new ToolInputError(field, `"${written}" is absolute; give a path relative to the repository root`);
  }
  const normal = posix.normalize(slashed);
  if (normal === '..' || normal.startsWith('../')) throw new ToolInputError(field, `"${written}" is outside the repository`);
  const path = normal.replace(/^\.\//, '').replace(/\/$/, '');
  if (path === '.' || path === '') throw new ToolInputError(field, `"${written}" is the repository itself, not a file`);
  if (folder !== null && escapesThroughSymlink(folder, path)) {
    throw new ToolInputError(field, `"${written}" resolves outside the repository (through a symlink)`);
  }
  return path;
}

/** Whether the deepest existing ancestor of `path` (or the path itself) resolves outside `folder`. */
function escapesThroughSymlink(folder: string, path: string): boolean {
  const root = realpathSync(folder);
  let at = join(folder, path);
  for (;;) {
    try {
      const real = realpathSync(at);
      const inside = relative(root, real);
      return inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside);
    } catch {
      // Not there (yet): judge its nearest existing ancestor.
      const parent = dirname(at);
      if (parent === at) return false;
      at = parent;
    }
  }
}
