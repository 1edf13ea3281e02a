/**
 * The work plan of an evaluation run: samples grouped by repository, then by
 * base commit (one corpus and one index per snapshot, reused by every sample
 * on it). Repositories come in the order they are first seen in the input, and
 * so do the commits of a repository; sample indexes point into the input.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RepoMapError } from '../errors.js';
import { isRepoName, type Sample } from './samples.js';

/** The samples of one snapshot (repository at a base commit). */
export interface SnapshotPlan {
  commit: string;
  /** Indexes into the input samples, ascending. */
  samples: number[];
}

/** The snapshots of one repository, in first-seen order. */
export interface RepositoryPlan {
  /** `owner/name`. */
  repo: string;
  snapshots: SnapshotPlan[];
}

/** Groups samples by repository and base commit (see the module comment). */
export function planRepositories(samples: readonly Pick<Sample, 'repo' | 'base_commit'>[]): RepositoryPlan[] {
  const repos = new Map<string, { plan: RepositoryPlan; byCommit: Map<string, SnapshotPlan> }>();
  samples.forEach((sample, index) => {
    let entry = repos.get(sample.repo);
    if (!entry) repos.set(sample.repo, (entry = { plan: { repo: sample.repo, snapshots: [] }, byCommit: new Map() }));
    // Commits are compared in lowercase: git accepts either case for the same object.
    const key = sample.base_commit.toLowerCase();
    let snapshot = entry.byCommit.get(key);
    if (!snapshot) {
      snapshot = { commit: sample.base_commit, samples: [] };
      entry.byCommit.set(key, snapshot);
      entry.plan.snapshots.push(snapshot);
    }
    snapshot.samples.push(index);
  });
  return [...repos.values()].map((e) => e.plan);
}

/**
 * Folders where the repository `owner/name` may live under `reposDir`:
 * `owner+name`, `owner+name/repo` (the local mirror layout), `owner/name`, then
 * the same with a `.git` suffix (bare clones). Anything but `owner/name` (`../x`,
 * `a/b/c`) is a RepoMapError: every candidate stays inside `reposDir`.
 */
export function repositoryCandidates(reposDir: string, repo: string): string[] {
  if (!isRepoName(repo))
    throw new RepoMapError(
      'bad-sample',
      `repomap/eval: repository ${JSON.stringify(repo)} is not "owner/name" (two names, neither "." nor "..")`,
      repo,
    );
  const [owner, name] = repo.split('/') as [string, string];
  const flat = `${owner}+${name}`;
  return [
    join(reposDir, flat),
    join(reposDir, flat, 'repo'),
    join(reposDir, owner, name),
    join(reposDir, `${flat}.git`),
    join(reposDir, owner, `${name}.git`),
  ];
}

/**
 * The first candidate folder (`repositoryCandidates`) that looks like a git
 * repository (holds `.git` or `HEAD`); else the first that exists, so that
 * `loadCorpus` can say what is wrong with it; else null.
 */
export async function locateRepository(reposDir: string, repo: string): Promise<string | null> {
  let firstExisting: string | null = null;
  for (const dir of repositoryCandidates(reposDir, repo)) {
    if (!(await isDirectory(dir))) continue;
    if ((await exists(join(dir, '.git'))) || (await exists(join(dir, 'HEAD')))) return dir;
    firstExisting ??= dir;
  }
  return firstExisting;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
