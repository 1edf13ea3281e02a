import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { RepoMapError } from '../errors.js';

/** Variables that would point git at another repository, index or object store than `--git-dir`. */
const LOCATION_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_NAMESPACE',
];

let env: NodeJS.ProcessEnv | undefined;

/** The environment git runs in: no repository overrides, C locale (stable messages), no prompts. */
function gitEnv(): NodeJS.ProcessEnv {
  if (env) return env;
  env = { ...process.env, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0' };
  for (const name of LOCATION_VARIABLES) delete env[name];
  return env;
}

/** Starts `git --git-dir <gitDir> <args>` without a shell. */
export function spawnGit(gitDir: string, args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn('git', ['--git-dir', gitDir, ...args], { env: gitEnv(), stdio: 'pipe', windowsHide: true });
}

export interface GitOutput {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs a git command to completion and collects its output; rejects only when git cannot start. */
export function runGit(gitDir: string, args: readonly string[]): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(gitDir, args);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => reject(gitUnavailable(error)));
    child.on('close', (code) =>
      resolve({ code: code ?? -1, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8').trim() }),
    );
    child.stdin.on('error', () => {}); // EPIPE when git never started; reported by 'error'
    child.stdin.end();
  });
}

/** Error for a git process that could not start. */
export function gitUnavailable(error: Error): RepoMapError {
  return new RepoMapError('git-failed', `repomap/corpus: could not run git (${error.message}); is git installed and on PATH?`, 'git');
}

/** Error for a git command that failed, naming the command and git's message. */
export function gitFailed(gitDir: string, args: readonly string[], detail: string): RepoMapError {
  return new RepoMapError('git-failed', `repomap/corpus: git --git-dir ${gitDir} ${args.join(' ')} failed: ${detail}`, gitDir);
}
