/** `repomap rank`: its arguments and help; ./rank-action.ts, loaded when it runs, does the work. */
import { type Command, Option } from 'commander';
import { DETAILS_MIN_FILES, RANKERS } from '../unstable.js';
import { positiveInt } from './arguments.js';
import type { CliIo } from './io.js';
import type { RankFlags } from './rank-action.js';
import { addSourceOptions } from './repo-source.js';

export function registerRank(program: Command, io: CliIo): void {
  addSourceOptions(
    program
      .command('rank')
      .description('Rank the files of a repository (folder, or git commit) for a query.')
      .argument(
        '[query...]',
        'query text: one quoted argument, or words joined by spaces, or - for standard input (or --query / --query-file)',
      ),
  )
    .option(
      '--top <n>',
      'files to show (with --format json, files the details row lists)',
      positiveInt,
      DETAILS_MIN_FILES,
    )
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--include-given', 'rank given files where they fall instead of last')
    .addOption(
      new Option(
        '--ranker <ranker>',
        'which ranker orders the files (default: the task\u2019s, rank.ranker in DESIGN.md)',
      ).choices(RANKERS),
    )
    .option(
      '--features',
      'with --format json: add the learned ranker\u2019s feature vectors of the tuned ranking\u2019s first files',
    )
    .option('--jobs <n>', 'parse threads (1: parse in the main thread; small repositories always are)', positiveInt, 2)
    .addHelpText('after', `\n${CONFIDENCE_HELP}`)
    .action(async (words: string[], flags: RankFlags) =>
      (await import('./rank-action.js')).rankAction(io, words, flags),
    );
}

/** What the header's confidence means and how to act on it (DESIGN.md, "Confidence"). */
export const CONFIDENCE_HELP = `Confidence (0 to 1, in the header and the JSON row) is how much of what the query
names (paths, stack frames, identifiers, failing tests, diff hunks) the repository
holds, and how many such names matched; it is not the chance that the first file is
right. A query that names nothing of the code (a bug report in prose) ranks by its
words alone and reads 0.00, however right its first file. Near 1 (several names,
all found): the ranking follows them. Low or 0: read the first files with care, or add what you
know (a path, a stack trace, a function or test name) and rank again; to abstain
below a threshold, \`repomap eval --selective\` picks one on your samples.`;
