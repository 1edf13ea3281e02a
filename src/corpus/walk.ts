/**
 * The listing of a folder tree for the folder loader: every entry (files, folders,
 * symlinks, FIFOs, sockets, devices), with the folders that could not be listed. Walked by
 * @nodelib/fs.walk (the walker under fast-glob, without its pattern matching, which never
 * lists a name holding a newline); `.git` folders are not entered.
 */
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { walkSync, type Entry } from '@nodelib/fs.walk';
import { describeError, RepoMapError } from '../errors.js';

/** What an entry is, from its directory entry (symlinks are not followed). */
export type EntryKind = 'file' | 'folder' | 'symlink' | 'fifo' | 'socket' | 'device';

export interface ListedEntry {
  /** Repo-relative POSIX path. */
  path: string;
  kind: EntryKind;
}

/** A folder, or a name, the walk could not get past. */
export interface WalkProblem {
  path: string;
  reason: 'unreadable' | 'unrepresentable-name';
  /** What went wrong, in words (`permission denied (EACCES)`). */
  detail: string;
  /** A folder: what lies under it is not listed. */
  folder: boolean;
}

export interface FolderListing {
  entries: ListedEntry[];
  problems: WalkProblem[];
}

/** The replacement character a name that is not valid UTF-8 is listed with (Node decodes names lossily). */
const REPLACEMENT = '\uFFFD';

/**
 * Lists `root` (an existing folder); a root that cannot be listed is a RepoMapError naming
 * it. `enter` may keep the walk out of folders by name (it is listed, not entered).
 */
export function listFolder(root: string, enter: (name: string) => boolean = () => true): FolderListing {
  const problems: WalkProblem[] = [];
  let raw: Entry[];
  try {
    raw = walkSync(root, {
      basePath: '',
      pathSegmentSeparator: '/',
      followSymbolicLinks: false,
      // this module's own readdir (the walker's default is the same function), so that tests can fail it
      fs: { readdirSync: readdirSync as never },
      deepFilter: (entry) => entry.name !== '.git' && enter(entry.name),
      errorFilter: (error) => {
        const path = repoRelative(root, error.path);
        if (path === '') return false; // the root itself: fatal, reported below
        problems.push(folderProblem(path, error));
        return true;
      },
    });
  } catch (error) {
    throw new RepoMapError(
      'missing-folder',
      `repomap/corpus: folder ${root} cannot be read (${describeError(error)})`,
      root,
    );
  }
  const entries: ListedEntry[] = [];
  for (const { path, dirent } of raw) {
    // A name with U+FFFD is either spelled so, or is not valid UTF-8 and cannot be opened by that string.
    if (dirent.isFile() && path.includes(REPLACEMENT) && !exists(join(root, path))) {
      problems.push({ path, reason: 'unrepresentable-name', detail: 'its name is not valid UTF-8', folder: false });
      continue;
    }
    entries.push({ path, kind: kindOf(dirent) });
  }
  return { entries, problems };
}

function kindOf(dirent: Entry['dirent']): EntryKind {
  if (dirent.isFile()) return 'file';
  if (dirent.isDirectory()) return 'folder';
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isFIFO()) return 'fifo';
  if (dirent.isSocket()) return 'socket';
  return 'device';
}

function folderProblem(path: string, error: NodeJS.ErrnoException): WalkProblem {
  if (error.code === 'ENOENT' && path.includes(REPLACEMENT)) {
    return { path, reason: 'unrepresentable-name', detail: 'its name is not valid UTF-8', folder: true };
  }
  return {
    path,
    reason: 'unreadable',
    detail: error.code === 'ENOENT' ? 'it vanished while the folder was read' : describeError(error),
    folder: true,
  };
}

function repoRelative(root: string, path: string | undefined): string {
  if (path === undefined) return '';
  return relative(root, path).split(sep).join('/');
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** What a path names, following symlinks: a folder, something else, or nothing readable. */
export function pathKind(path: string): 'folder' | 'other' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'other';
  } catch {
    return 'missing';
  }
}
