import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { checkRepositoryOwner } from './git-owner.js';
import { gitFailed, runGit } from './git-process.js';
import { GIT_FILE_MAX_BYTES, readRepositoryFile } from './repository-file.js';
import { RepoMapError } from '../errors.js';

/**
 * The git directory to read: `<path>/.git` when the path is a working repository with a
 * `.git` folder; the folder its `gitdir:` line names when `.git` is a file (a linked
 * worktree, a submodule); else the path itself (a bare repository, or a git directory
 * given directly). Whether it really is a repository is left to git, which reports it on
 * the first command. Before any git command runs on it, the repository passes git's
 * ownership rule (./git-owner.ts): `unsafe-repository` otherwise.
 */
export async function locateGitDir(path: string): Promise<string> {
  const dir = resolve(path);
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(dir)).isDirectory();
  } catch {
    throw new RepoMapError(
      'not-a-git-repository',
      `repomap/corpus: ${dir} is not a git repository (no such folder)`,
      dir,
    );
  }
  if (!isDirectory)
    throw new RepoMapError(
      'not-a-git-repository',
      `repomap/corpus: ${dir} is not a git repository (it is a file)`,
      dir,
    );
  const dotGit = join(dir, '.git');
  const kind = await stat(dotGit).then(
    (s) => (s.isDirectory() ? 'folder' : 'file'),
    () => 'none',
  );
  const gitDir = kind === 'folder' ? dotGit : kind === 'file' ? gitDirOfFile(dotGit, dir) : dir;
  await checkRepositoryOwner(dir, gitDir);
  return gitDir;
}

/** The git directory a `.git` file names (`gitdir: <path>`, relative to the folder holding it). */
function gitDirOfFile(file: string, dir: string): string {
  const read = readRepositoryFile(file, GIT_FILE_MAX_BYTES);
  const line = 'text' in read ? /^gitdir: *(.+?)\s*$/m.exec(read.text)?.[1] : undefined;
  if (line === undefined) {
    const why =
      'text' in read ? 'it has no "gitdir:" line' : read.problem.missing ? 'it vanished' : read.problem.reason;
    throw new RepoMapError(
      'not-a-git-repository',
      `repomap/corpus: ${dir} is not a git repository (${file} is not a usable git file: ${why})`,
      file,
    );
  }
  return resolve(dir, line);
}

/**
 * Full commit id of `commitish` (a sha, short sha, branch, tag or any rev-parse expression)
 * in the repository at `gitDir` (a working repository or a git directory).
 * Throws RepoMapError 'missing-commit' when it names no commit, 'not-a-git-repository'
 * when `gitDir` is not a repository.
 */
export async function resolveCommit(gitDir: string, commitish: string): Promise<string> {
  return resolveCommitIn(await locateGitDir(gitDir), commitish);
}

/** `resolveCommit` on an already located git directory. */
export async function resolveCommitIn(gitDir: string, commitish: string): Promise<string> {
  const missing = () =>
    new RepoMapError('missing-commit', `repomap/corpus: commit ${commitish} not found in ${gitDir}`, commitish);
  if (commitish.trim() === '') throw missing();
  const args = ['rev-parse', '--verify', '--quiet', '--end-of-options', `${commitish}^{commit}`];
  const result = await runGit(gitDir, args);
  if (result.code === 0) return result.stdout.toString('utf8').trim();
  if (/not a git repository/i.test(result.stderr)) {
    throw new RepoMapError('not-a-git-repository', `repomap/corpus: ${gitDir} is not a git repository`, gitDir);
  }
  if (result.code === 1) {
    if (/^[0-9a-f]{4,39}$/i.test(commitish) && (await isAmbiguous(gitDir, commitish))) {
      throw new RepoMapError(
        'missing-commit',
        `repomap/corpus: commit ${commitish} is ambiguous in ${gitDir}: several commits' ids start with it; give more of its digits`,
        commitish,
      );
    }
    throw missing();
  }
  throw gitFailed(gitDir, args, result.stderr || `exit code ${result.code}`);
}

/** Whether git finds a short id ambiguous (`--quiet` says only that it names no single commit). */
async function isAmbiguous(gitDir: string, short: string): Promise<boolean> {
  const result = await runGit(gitDir, ['rev-parse', '--verify', '--end-of-options', `${short}^{commit}`]);
  return result.code !== 0 && /\bambiguous\b/.test(result.stderr);
}
