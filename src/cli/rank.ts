/** `repomap rank`: its arguments and help; ./rank-action.ts, loaded when it runs, does the work. */
import { type Command, Option } from 'commander';
import { positiveInt } from './arguments.js';
import type { CliIo } from './io.js';
import type { RankFlags } from './rank-action.js';
import { addSourceOptions } from './repo-source.js';
import { RANKERS } from '../types.js';

export function registerRank(program: Command, io: CliIo): void {
  addSourceOptions(
    program
      .command('rank')
      .description('Rank the files of a repository (folder, or git commit) for a query.')
      .argument('[query...]', 'query text: one quoted argument, or words joined by spaces (or --query / --query-file)'),
  )
    .option('--top <n>', 'files to show', positiveInt, 20)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .addOption(new Option('--ranker <ranker>', 'which ranker orders the files (default: the task\u2019s, rank.ranker in DESIGN.md)').choices(RANKERS))
    .option('--features', 'with --format json: add the learned ranker\u2019s feature vectors of the tuned ranking\u2019s first files')
    .option('--jobs <n>', 'parse threads (1: parse in the main thread; small repositories always are)', positiveInt, 2)
    .action(async (words: string[], flags: RankFlags) => (await import('./rank-action.js')).rankAction(io, words, flags));
}
