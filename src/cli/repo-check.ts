/**
 * Checks of a repository command's source and scope flags, made before it runs (the
 * config file's values applied): an empty `--repo` or `--commit` is a usage error, not
 * the current folder or folder mode; an `--include`/`--exclude` pattern the matcher
 * cannot take (too long, not compiling, or past the cap on wildcards) is one naming the
 * flag (or the config file and key) and the pattern, shortened.
 */
import type { Command } from 'commander';
import { IgnoreRules } from '../unstable.js';
import { CliExit } from './io.js';

/** `--repo` and `--commit`, checked before the config file is looked for. */
export function checkSource(command: Command): void {
  const flags = command.opts<{ repo?: string; commit?: string }>();
  if (flags.repo === '')
    throw new CliExit(
      2,
      '--repo is empty: give a repository folder or git directory (or leave --repo out for the git work tree holding the current folder)',
    );
  if (flags.commit === '')
    throw new CliExit(
      2,
      '--commit is empty: give a commit (sha, branch or tag), or leave --commit out to read the folder',
    );
}

/** `--include` and `--exclude`, the values of the config file (`configFile`, when there is one) applied. */
export function checkScope(command: Command, configFile?: string): void {
  const flags = command.opts<{ include?: string[]; exclude?: string[] }>();
  for (const key of ['include', 'exclude'] as const) {
    const problem = IgnoreRules.of(flags[key] ?? []).problems[0];
    if (!problem) continue;
    const where =
      command.getOptionValueSource(key) === 'config' ? `${configFile ?? 'the config file'}: "${key}"` : `--${key}`;
    throw new CliExit(2, `${where}: pattern ${problem.pattern} cannot be used: ${problem.reason}`);
  }
}
