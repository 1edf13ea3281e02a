import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isReportable, messageWithoutModule, RepoMapError } from '../errors.js';
import type { Corpus } from '../types.js';
import { locateGitDir, resolveCommit, resolveCommitIn } from './git-commit.js';
import { runGit } from './git-process.js';

/** Bounds of the history read for co-change; every field documented. */
export interface HistoryOptions {
  /** How many commits before the base commit to read at most (newest first). */
  maxCommits?: number;
  /** Commits touching more files than this are mass changes (formatting, renames, bumps) and are skipped. */
  maxCommitFiles?: number;
}

export const HISTORY_DEFAULTS: Required<HistoryOptions> = Object.freeze({ maxCommits: 2000, maxCommitFiles: 30 });

/**
 * The files each commit changed, for the commits strictly before `commit` (its
 * ancestors, the commit itself excluded), newest first: at most `maxCommits` of
 * them, merges and mass changes skipped. `gitDir` is a repository folder or a
 * git directory, as for loadCorpus. Nothing after `commit` is ever read:
 * `git log <commit>` only walks its ancestors.
 */
export async function readHistory(gitDir: string, commit: string, options: HistoryOptions = {}): Promise<string[][]> {
  const o = { ...HISTORY_DEFAULTS, ...options };
  const dir = await locateGitDir(gitDir);
  const base = await resolveCommitIn(dir, commit);
  const args = [
    'log',
    '--no-merges',
    '--no-renames',
    '--name-only',
    '--format=%x00%H',
    `-n${o.maxCommits + 1}`,
    base,
    '--',
  ];
  const out = await runGit(dir, args);
  if (out.code !== 0) {
    throw new RepoMapError(
      'missing-commit',
      `repomap/corpus: cannot read the history of ${commit} in ${gitDir}: ${out.stderr}`,
      commit,
    );
  }
  const commits: string[][] = [];
  for (const entry of out.stdout.toString('utf8').split('\0')) {
    const lines = entry.split('\n').filter((l) => l.length > 0);
    if (lines.length === 0) continue;
    const [hash, ...files] = lines;
    if (hash === base || commits.length >= o.maxCommits) continue;
    if (files.length === 0 || files.length > o.maxCommitFiles) continue;
    commits.push(files);
  }
  return commits;
}

/**
 * The commit a corpus' co-change history is read before: a git corpus' commit, a working
 * tree's HEAD (none before its first commit), else null. A folder is ranked whatever its
 * `.git` holds: where git cannot read it (an empty `.git` folder, a `gitdir:` line naming
 * nothing, a broken HEAD, a repository git refuses for its owner) the head is null and
 * `unavailable` says why.
 */
export async function historyHead(corpus: Corpus): Promise<{ head: string | null; unavailable?: string }> {
  if (corpus.source === 'git') return { head: corpus.commit ?? null };
  if (!existsSync(join(corpus.root, '.git'))) return { head: null };
  try {
    return { head: await resolveCommit(corpus.root, 'HEAD') };
  } catch (error) {
    if (error instanceof RepoMapError && error.code === 'missing-commit') return { head: null };
    if (!isReportable(error)) throw error;
    return { head: null, unavailable: messageWithoutModule(error) };
  }
}

/**
 * `readHistory` for a corpus whose head `historyHead` gave: for a folder, history git
 * cannot walk (a missing parent in a shallow or damaged repository) is none, and
 * `unavailable` says why; a git corpus' failure is an error as before.
 */
export async function readCorpusHistory(
  corpus: Corpus,
  head: string,
  options: HistoryOptions,
): Promise<{ commits: string[][]; unavailable?: string }> {
  try {
    return { commits: await readHistory(corpus.root, head, options) };
  } catch (error) {
    if (corpus.source === 'git' || !isReportable(error)) throw error;
    return { commits: [], unavailable: messageWithoutModule(error) };
  }
}
