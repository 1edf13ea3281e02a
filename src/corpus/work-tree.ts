/**
 * The git work tree a folder is in, found as git finds it but without running git: the
 * nearest folder, from the folder upward, that holds a `.git` folder with a `HEAD` (a
 * clone) or a `.git` file with a `gitdir:` line (a linked worktree, a submodule). The
 * `.git` file is read under the corpus reader's rules (./repository-file.ts): nothing
 * of the repository runs and nothing is followed.
 */
import { statSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GIT_FILE_MAX_BYTES, readRepositoryFile } from './repository-file.js';

/** The root of the git work tree holding `folder` (the folder itself, or a parent), or null when it is in none. */
export function workTreeRoot(folder: string): string | null {
  for (let dir = resolve(folder); ; ) {
    if (isWorkTreeTop(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Whether `dir/.git` is a git directory (a `HEAD` in it) or a git file (a `gitdir:` line). */
function isWorkTreeTop(dir: string): boolean {
  const dotGit = join(dir, '.git');
  const stats = statOrNothing(dotGit);
  if (!stats) return false;
  if (stats.isDirectory()) return statOrNothing(join(dotGit, 'HEAD'))?.isFile() === true;
  const read = readRepositoryFile(dotGit, GIT_FILE_MAX_BYTES);
  return 'text' in read && /^gitdir: *\S/m.test(read.text);
}

/** The stats of `path`; undefined when it cannot be stated (absent, or a folder on the way that may not be entered). */
function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
