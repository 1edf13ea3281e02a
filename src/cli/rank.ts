import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { repoMap } from '../repomap.js';
import { packageRoot } from '../package-root.js';
import { renderText, toDetailsRow } from '../render/index.js';
import { TASKS, type Task } from '../types.js';
import { cacheOption, noCacheOption, openCacheStore } from './cache-flags.js';
import type { CliIo } from './io.js';
import { queryFromFlags } from './query-input.js';
import { repoSource } from './repo-source.js';

/** The fixture repository `repomap rank` uses when no --repo is given. */
export const DEFAULT_REPO = 'fixtures/repos/python-inventory';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

interface RankFlags {
  repo?: string;
  commit?: string;
  query?: string;
  queryFile?: string;
  task?: Task;
  top: number;
  format: 'text' | 'json';
  includeGiven?: boolean;
  cache?: string | false;
  jobs: number;
}

export function registerRank(program: Command, io: CliIo): void {
  program
    .command('rank')
    .description('Rank the files of a repository (folder, or git commit) for a query.')
    .option('--repo <dir>', 'repository folder or git directory (default: the bundled fixture repository)')
    .option('--commit <sha>', 'read the tree at this commit straight from git (no checkout); a bare repository defaults to HEAD')
    .option('--query <text>', 'query text')
    .option('--query-file <file>', 'file holding the query: plain text, an ARB query object, or an ARB sample row')
    .addOption(new Option('--task <task>', 'task mode (inferred from the query when absent)').choices(TASKS))
    .option('--top <n>', 'files to show', positiveInt, 20)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .option('--jobs <n>', 'parse threads (1: parse in the main thread; small repositories always are)', positiveInt, 2)
    .addOption(cacheOption(true))
    .addOption(noCacheOption())
    .action(async (flags: RankFlags) => {
      const input = await queryFromFlags(flags, io, 'rank');
      const repo = flags.repo ? resolve(io.cwd, flags.repo) : join(packageRoot(), DEFAULT_REPO);
      // A bare repository has no files to walk: repoSource reads its HEAD tree instead.
      const source = repoSource(repo, flags.commit);
      const store = openCacheStore(flags, io, true);
      let result;
      try {
        result = await repoMap(input.query, source, {
          task: flags.task ?? input.task,
          includeGiven: flags.includeGiven,
          parseJobs: flags.jobs,
          ...(store ? { tagsCache: store } : {}),
        });
      } finally {
        store?.close();
      }
      if (flags.format === 'json') {
        const row = toDetailsRow(result, {
          top: flags.top,
          sampleId: input.sampleId,
          repo: input.repo,
          baseCommit: input.baseCommit ?? result.commit,
        });
        io.stdout.write(JSON.stringify(row) + '\n');
      } else {
        io.stdout.write(renderText(result, { top: flags.top }));
      }
    });
}
