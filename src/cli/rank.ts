import { Command, Option } from 'commander';
import { renderText, toDetailsRow } from '../render/index.js';
import { positiveInt } from './arguments.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import type { CliIo } from './io.js';
import { queryFromFlags } from './query-input.js';
import { addSourceOptions, openIndex, type SourceFlags } from './repo-source.js';

interface RankFlags extends SourceFlags {
  top: number;
  format: 'text' | 'json';
  includeGiven?: boolean;
  jobs: number;
}

export function registerRank(program: Command, io: CliIo): void {
  addSourceOptions(
    program
      .command('rank')
      .description('Rank the files of a repository (folder, or git commit) for a query.')
      .argument('[query]', 'query text (or --query / --query-file)'),
  )
    .option('--top <n>', 'files to show', positiveInt, 20)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .option('--jobs <n>', 'parse threads (1: parse in the main thread; small repositories always are)', positiveInt, 2)
    .action(async (positional: string | undefined, flags: RankFlags) => {
      const input = await queryFromFlags(flags, io, 'rank', positional);
      const { index, corpusMs } = await openIndex(flags, io, 'rank', flags.jobs);
      const result = index.rank(input.query, { task: flags.task ?? input.task, includeGiven: flags.includeGiven });
      result.stats.timingsMs.corpus = corpusMs;
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
