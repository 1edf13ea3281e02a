import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gitFailed, runGit } from './git-process.js';
import { RepoMapError } from '../errors.js';

/**
 * The git directory to read: `<path>/.git` when the path is a working repository (a `.git`
 * folder, or a `.git` file as in worktrees and submodules, which git follows), else the path
 * itself (a bare repository, or a git directory given directly). Whether it really is a
 * repository is left to git, which reports it on the first command.
 */
export async function locateGitDir(path: string): Promise<string> {
  const dir = resolve(path);
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(dir)).isDirectory();
  } catch {
    throw new RepoMapError('not-a-git-repository', `repomap/corpus: ${dir} is not a git repository (no such folder)`, dir);
  }
  if (!isDirectory) throw new RepoMapError('not-a-git-repository', `repomap/corpus: ${dir} is not a git repository (it is a file)`, dir);
  const dotGit = join(dir, '.git');
  try {
    await stat(dotGit);
    return dotGit;
  } catch {
    return dir;
  }
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
  if (result.code === 1) throw missing();
  throw gitFailed(gitDir, args, result.stderr || `exit code ${result.code}`);
}
