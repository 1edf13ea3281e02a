import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A fresh temp folder; remove it with `removeTemp`. */
export function makeTemp(prefix = 'repomap-corpus-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeTemp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Sets the times of every file and folder under `dir` an hour back: a folder load trusts
 * only stamps older than its margin, so a build right after a copy keeps no snapshot.
 */
export function ageTree(dir: string): void {
  const past = new Date(Date.now() - 3_600_000);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ageTree(path);
    else utimesSync(path, past, past);
  }
  utimesSync(dir, past, past);
}

/** Writes files (creating folders) under `root`. */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  LC_ALL: 'C',
};

/** Runs git in `cwd` and returns its trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    env: GIT_ENV,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** `git init` in a new folder under `parent`; returns its path. */
export function initRepo(parent: string, name = 'repo'): string {
  const repo = join(parent, name);
  mkdirSync(repo, { recursive: true });
  git(repo, '-c', 'init.defaultBranch=main', 'init', '-q');
  return repo;
}

/** Stages everything and commits; returns the new commit id. */
export function commitAll(repo: string, message: string): string {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}
