/**
 * The repository a command reads, and its file arguments as paths of that repository.
 * Without `--repo`, a command run anywhere in a git work tree reads the whole work tree,
 * from its root, as git, ripgrep's ignore rules and Aider do (found by
 * ../corpus/work-tree.ts, which runs no git), and says so; outside one, or in a bare
 * repository, it reads the current folder. An explicit `--repo` is taken as given.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { workTreeRoot } from '../unstable.js';
import type { CliIo } from './io.js';
import { isBareRepository } from './repo-source.js';

/** The repository folder a command reads, and whether it is the work tree's root above the current folder. */
export interface ChosenRepo {
  dir: string;
  /** No `--repo` was given and `dir` is the root of the git work tree holding the current folder, above it. */
  aboveCwd: boolean;
}

/** The `--repo` folder (resolved against the working folder), else the root of the git work tree holding the working folder, else the working folder. */
export function chosenRepo(flags: { repo?: string }, io: Pick<CliIo, 'cwd'>): ChosenRepo {
  if (flags.repo !== undefined) return { dir: resolve(io.cwd, flags.repo), aboveCwd: false };
  const cwd = resolve(io.cwd);
  const root = isBareRepository(cwd) ? null : workTreeRoot(cwd);
  return root !== null && root !== cwd ? { dir: root, aboveCwd: true } : { dir: cwd, aboveCwd: false };
}

/** `chosenRepo`'s folder. */
export function repoOf(flags: { repo?: string }, io: Pick<CliIo, 'cwd'>): string {
  return chosenRepo(flags, io).dir;
}

/** The note a command prints first when it reads a work tree's root above the current folder. */
export function repoNote(chosen: ChosenRepo): string {
  return `repository: ${chosen.dir} (root of the git work tree containing the current folder; --repo . reads the current folder alone)`;
}

/**
 * A file argument as a repo-relative POSIX path. An absolute path inside the repository
 * becomes relative to it. A relative one is taken from the working folder when that is
 * inside the repository (`explain sessions.py` in src/flask names src/flask/sessions.py,
 * as git takes paths), unless only the path as written is a file of the index (a path
 * from the repository's root, as earlier versions took every path); anything else is
 * taken as written.
 */
export function fileArgument(
  file: string,
  where: { repo: string; cwd: string },
  known: (path: string) => boolean,
): string {
  const fromRepo = relative(where.repo, resolve(where.cwd, file));
  const inside = fromRepo !== '' && !fromRepo.startsWith('..') && !isAbsolute(fromRepo);
  const asWritten = posix(file);
  if (!inside) return asWritten;
  const fromCwd = posix(fromRepo);
  if (isAbsolute(file) || fromCwd === asWritten || known(fromCwd) || !known(asWritten)) return fromCwd;
  return asWritten;
}

function posix(path: string): string {
  return path.split(sep).join('/').replace(/^\.\//, '');
}
