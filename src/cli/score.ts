/** `repomap score`: its arguments and help; ./score-action.ts, loaded when it runs, does the work. */
import type { Command } from 'commander';
import { collect } from './arguments.js';
import type { CliIo } from './io.js';
import type { ScoreFlags } from './score-action.js';

export function registerScore(program: Command, io: CliIo): void {
  program
    .command('score')
    .description(
      'Score a details file (whoever wrote it) against samples, with the same code as `repomap eval`. ' +
        'BCY needs file texts: they are read at each sample\u2019s base commit when --repos is given, else BCY is reported as null.',
    )
    .option('--samples <file>', 'samples JSONL (repeatable)', collect, [])
    .option('--details <file>', 'details JSONL (repeatable; rows of all files together)', collect, [])
    .option('--repos <dir>', 'folder of git repositories (as for eval): read texts to compute BCY')
    .option('--summary <file>', 'write the summary JSON')
    .option('--sample-scores <file>', 'write each sample\u2019s metrics as JSONL (for tables by language or half)')
    .option('--only-rows', 'score only the samples that have a row (compare on a baseline\u2019s subset)')
    .option(
      '--restrict-to <file>',
      'score only the samples that have a row in this details file (repeatable: in all of them)',
      collect,
      [],
    )
    .option('--selective', 'add the repository-grouped cross-validated abstention report (rows need a confidence)')
    .option('--name <label>', 'method label in the summary (default: the details file names)')
    .option(
      '--repo-list <file[#key]>',
      'score only the samples of the repositories listed (e.g. bench/split.json#held-out)',
    )
    .action(async (flags: ScoreFlags, command: Command) =>
      (await import('./score-action.js')).scoreAction(io, flags, command),
    );
}
