/** `repomap explain`: its arguments and help; ./explain-action.ts, loaded when it runs, does the work. */
import { type Command, Option } from 'commander';
import { positiveInt } from './arguments.js';
import type { ExplainFlags } from './explain-action.js';
import type { CliIo } from './io.js';
import { addSourceOptions } from './repo-source.js';

export function registerExplain(program: Command, io: CliIo): void {
  addSourceOptions(
    program
      .command('explain')
      .description(
        'Explain why a file ranks where it does for a query: score parts, cues matched, strongest edge paths from seeded files.',
      )
      .argument('<file>', 'repo-relative path of the file to explain')
      .argument(
        '[query...]',
        'query text: one quoted argument, or words joined by spaces, or - for standard input (or --query / --query-file)',
      ),
  )
    .option('--paths <n>', 'edge paths to show', positiveInt, 3)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .action(async (file: string, words: string[], flags: ExplainFlags) =>
      (await import('./explain-action.js')).explainAction(io, file, words, flags),
    );
}
