/**
 * What the commands that index a repository share: the `--repo/--commit` source (the
 * work tree holding the current folder by default, ./repo-root.ts), its scope (`--include/--exclude`, besides .gitignore and
 * .repomapignore), the tags cache (`--cache/--no-cache`), `--quiet` and the query options
 * of the commands that take one. The index built from them is ./open-index.ts's: these
 * options are defined for --help too, which loads no engine.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import type { CorpusSource, Task } from '../index.js';
import { TASKS } from '../unstable.js';
import { collect } from './arguments.js';
import { cacheMaxMbOption, cacheOption, noCacheOption, type CacheFlags } from './cache-flags.js';
import { diagnosticsOption, type DiagnosticsFlags } from './diagnostics.js';

export interface RepoFlags extends CacheFlags, DiagnosticsFlags {
  repo?: string;
  commit?: string;
  include: string[];
  exclude: string[];
}

export interface QueryFlags {
  query?: string;
  queryFile?: string;
  task?: Task;
}

export type SourceFlags = RepoFlags & QueryFlags;

/** Adds --repo, --commit, --include, --exclude, --cache, --no-cache (the cache is on by default), --cache-max-mb, --diagnostics and --quiet. */
export function addRepoOptions(command: Command): Command {
  return command
    .option(
      '--repo <dir>',
      'repository folder or git directory (default: the root of the git work tree holding the current folder, else the current folder)',
    )
    .option(
      '--commit <sha>',
      'read the tree at this commit straight from git (no checkout); a bare repository defaults to HEAD',
    )
    .option('--include <pattern>', 'read only files matching a pattern (gitignore syntax; repeatable)', collect, [])
    .option(
      '--exclude <pattern>',
      'leave out files matching a pattern (gitignore syntax; repeatable), besides .gitignore and .repomapignore',
      collect,
      [],
    )
    .addOption(cacheOption(true))
    .addOption(noCacheOption())
    .addOption(cacheMaxMbOption())
    .addOption(diagnosticsOption())
    .option('-q, --quiet', 'no progress and no notes on stderr (warnings and errors still)');
}

/** Adds --query, --query-file and --task (the query may also be the command's positional QUERY). */
export function addQueryOptions(command: Command): Command {
  return command
    .option('--query <text>', 'query text (or give it as QUERY)')
    .option(
      '--query-file <file>',
      'file holding the query (- for standard input): plain text, an ARB query object, or an ARB sample row',
    )
    .addOption(new Option('--task <task>', 'task mode (inferred from the query when absent)').choices(TASKS));
}

/** Both option sets: what rank, pack and explain take. */
export function addSourceOptions(command: Command): Command {
  return addQueryOptions(addRepoOptions(command));
}

/** A bare git repository: HEAD, objects/ and refs/ at its top and no work tree. */
export function isBareRepository(dir: string): boolean {
  return (
    existsSync(join(dir, 'HEAD')) &&
    existsSync(join(dir, 'objects')) &&
    existsSync(join(dir, 'refs')) &&
    !existsSync(join(dir, '.git'))
  );
}

/** Where a --repo DIR [--commit SHA] reads from: the folder, or a commit (a bare repository's HEAD by default). */
export function repoSource(repo: string, commit?: string): CorpusSource {
  const at = commit ?? (isBareRepository(repo) ? 'HEAD' : undefined);
  return at ? { gitDir: repo, commit: at } : { folder: repo };
}
