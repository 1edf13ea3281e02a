import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { repoMap } from '../repomap.js';
import { packageRoot } from '../package-root.js';
import { renderText, toDetailsRow } from '../render/index.js';
import { TASKS, type Task } from '../types.js';
import { cacheOption, noCacheOption, openCacheStore } from './cache-flags.js';
import { CliExit, type CliIo } from './io.js';
import { readQueryFile, type QueryInput } from './query-input.js';

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
      const input = await queryInput(flags, io);
      const repo = flags.repo ? resolve(io.cwd, flags.repo) : join(packageRoot(), DEFAULT_REPO);
      // A bare repository has no files to walk: read its HEAD tree instead.
      const commit = flags.commit ?? (isBareRepository(repo) ? 'HEAD' : undefined);
      const source = commit ? { gitDir: repo, commit } : { folder: repo };
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

/** A bare git repository: HEAD, objects/ and refs/ at its top and no work tree. */
function isBareRepository(dir: string): boolean {
  return existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs')) && !existsSync(join(dir, '.git'));
}

async function queryInput(flags: RankFlags, io: CliIo): Promise<QueryInput> {
  if (flags.query !== undefined && flags.queryFile !== undefined) throw new CliExit(2, 'give --query or --query-file, not both');
  if (flags.query !== undefined) return { query: flags.query };
  if (flags.queryFile !== undefined) return readQueryFile(resolve(io.cwd, flags.queryFile));
  throw new CliExit(2, 'rank needs --query TEXT or --query-file FILE');
}
