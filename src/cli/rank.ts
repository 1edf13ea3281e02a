import { Command, InvalidArgumentError, Option } from 'commander';
import { repoMap } from '../repomap.js';
import { renderText, toDetailsRow } from '../render/index.js';
import { openCacheStore } from './cache-flags.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import type { CliIo } from './io.js';
import { queryFromFlags } from './query-input.js';
import { addSourceOptions, repoOf, repoSource, type SourceFlags } from './repo-source.js';

export { DEFAULT_REPO } from './repo-source.js';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

interface RankFlags extends SourceFlags {
  top: number;
  format: 'text' | 'json';
  includeGiven?: boolean;
  jobs: number;
}

export function registerRank(program: Command, io: CliIo): void {
  addSourceOptions(program.command('rank').description('Rank the files of a repository (folder, or git commit) for a query.'))
    .option('--top <n>', 'files to show', positiveInt, 20)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .option('--jobs <n>', 'parse threads (1: parse in the main thread; small repositories always are)', positiveInt, 2)
    .action(async (flags: RankFlags) => {
      const input = await queryFromFlags(flags, io, 'rank');
      const repo = repoOf(flags, io);
      // A bare repository has no files to walk: repoSource reads its HEAD tree instead.
      const source = repoSource(repo, flags.commit);
      const store = openCacheStore(flags, io, true);
      let result;
      try {
        result = await repoMap(input.query, source, {
          task: flags.task ?? input.task,
          includeGiven: flags.includeGiven,
          parseJobs: flags.jobs,
          releaseTexts: true,
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
        io.stdout.write(JSON.stringify({ ...row, diagnostics: diagnosticsField(result.diagnostics) }) + '\n');
      } else {
        io.stdout.write(renderText(result, { top: flags.top }));
      }
      reportDiagnostics(io, result.diagnostics, flags, flags.format === 'text');
    });
}
