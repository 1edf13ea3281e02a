import { sep } from 'node:path';

/** Folder of a repo-relative POSIX path; '' for a path at the root. */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/**
 * A repo-relative path (`/`-separated and normal, as the corpus walk gives it; `.` the
 * root) on disk under `root`. Joined by hand: `path.join`'s normalizing took ~3 µs a
 * path, 10-20 ms of a loaded `rank` of 3,800 files, for paths that are normal already.
 */
export function inRoot(root: string): (path: string) => string {
  const prefix = root.endsWith(sep) || root.endsWith('/') ? root : `${root}${sep}`;
  return (path) => (path === '.' ? root : `${prefix}${path}`);
}
