import { Command, Option } from 'commander';
import { renderExplanation } from '../explain/render.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import type { CliIo } from './io.js';
import { queryFromFlags } from './query-input.js';
import { positiveInt } from './arguments.js';
import { addSourceOptions, openIndex, repoRelative, type SourceFlags } from './repo-source.js';

interface ExplainFlags extends SourceFlags {
  paths: number;
  format: 'text' | 'json';
  includeGiven?: boolean;
}

export function registerExplain(program: Command, io: CliIo): void {
  addSourceOptions(
    program
      .command('explain')
      .description('Explain why a file ranks where it does for a query: score parts, cues matched, strongest edge paths from seeded files.')
      .argument('<file>', 'repo-relative path of the file to explain')
      .argument('[query]', 'query text (or --query / --query-file)'),
  )
    .option('--paths <n>', 'edge paths to show', positiveInt, 3)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .action(async (file: string, positional: string | undefined, flags: ExplainFlags) => {
      const input = await queryFromFlags(flags, io, 'explain', positional);
      const { index, source } = await openIndex(flags, io, 'explain');
      const explanation = index.explain(input.query, repoRelative(file, source), {
        task: flags.task ?? input.task,
        includeGiven: flags.includeGiven,
        paths: flags.paths,
      });
      io.stdout.write(flags.format === 'json' ? JSON.stringify({ ...explanation, diagnostics: diagnosticsField(index.diagnostics) }) + '\n' : renderExplanation(explanation));
      reportDiagnostics(io, index.diagnostics, flags, flags.format === 'text');
    });
}
