import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname } from 'node:path';
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

/**
 * Settings given to every git call (`-c`, which wins over every configuration file), so
 * that nothing a repository configures runs: repomap only reads. `protocol.allow=never`
 * refuses every transport, so a partial clone's missing object is never fetched (the
 * lazy fetch would run `core.sshCommand`, `remote.*.uploadpack` or a proxy command); the
 * others switch off each setting that names a program a read command may start.
 */
export const NEUTRAL_GIT_CONFIG: readonly string[] = [
  'protocol.allow=never',
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.sshCommand=false',
  'core.gitProxy=',
  'core.askPass=',
  'core.pager=cat',
  'core.alternateRefsCommand=',
  'credential.helper=',
  'diff.external=',
  'log.showSignature=false',
  'gpg.program=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'fetch.recurseSubmodules=false',
];

let env: NodeJS.ProcessEnv | undefined;

/**
 * The environment git runs in: no repository overrides, C locale (stable messages), no
 * prompts, no lazy fetch (`GIT_NO_LAZY_FETCH`, honoured by git 2.44 and later; earlier
 * ones are held by `protocol.allow=never`), no pager, no external diff.
 */
function gitEnv(): NodeJS.ProcessEnv {
  if (env) return env;
  env = {
    ...process.env,
    LC_ALL: 'C',
    LANGUAGE: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_LAZY_FETCH: '1',
    GIT_PAGER: 'cat',
  };
  for (const name of LOCATION_VARIABLES) delete env[name];
  delete env.GIT_EXTERNAL_DIFF;
  return env;
}

/** git's arguments for `args` on `gitDir`, behind the neutral settings. */
export function gitArguments(gitDir: string, args: readonly string[]): string[] {
  return [...NEUTRAL_GIT_CONFIG.flatMap((setting) => ['-c', setting]), '--git-dir', gitDir, ...args];
}

/** Starts `git --git-dir <gitDir> <args>` without a shell, behind the neutral settings. */
export function spawnGit(gitDir: string, args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn('git', gitArguments(gitDir, args), { env: gitEnv(), stdio: 'pipe', windowsHide: true });
}

/**
 * Runs `git <args>` in the folder `cwd` with no `--git-dir`, so that git finds the
 * repository itself (and applies its ownership check), looking no higher than `cwd`.
 */
export function runGitDiscovering(cwd: string, args: readonly string[]): Promise<GitOutput> {
  const child = spawn('git', [...NEUTRAL_GIT_CONFIG.flatMap((setting) => ['-c', setting]), ...args], {
    cwd,
    env: { ...gitEnv(), GIT_CEILING_DIRECTORIES: dirname(cwd) },
    stdio: 'pipe',
    windowsHide: true,
  });
  return collect(child);
}

export interface GitOutput {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs a git command to completion and collects its output; rejects only when git cannot start. */
export function runGit(gitDir: string, args: readonly string[]): Promise<GitOutput> {
  return collect(spawnGit(gitDir, args));
}

function collect(child: ChildProcessWithoutNullStreams): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => reject(gitUnavailable(error)));
    child.on('close', (code) =>
      resolve({
        code: code ?? -1,
        stdout: Buffer.concat(stdout),
        stderr: Buffer.concat(stderr).toString('utf8').trim(),
      }),
    );
    child.stdin.on('error', () => {}); // EPIPE when git never started; reported by 'error'
    child.stdin.end();
  });
}

/** Error for a git process that could not start. */
export function gitUnavailable(error: Error): RepoMapError {
  return new RepoMapError(
    'git-failed',
    `repomap/corpus: could not run git (${error.message}); is git installed and on PATH?`,
    'git',
  );
}

/** Error for a git command that failed, naming the command and git's message. */
export function gitFailed(gitDir: string, args: readonly string[], detail: string): RepoMapError {
  return new RepoMapError(
    'git-failed',
    `repomap/corpus: git --git-dir ${gitDir} ${args.join(' ')} failed: ${detail}`,
    gitDir,
  );
}
