/** `repomap eval`: its arguments and help; ./eval-action.ts, loaded when it runs, does the work. */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { RANKERS, TOKENIZERS } from '../unstable.js';
import { EVAL_METHODS, RUN_DEFAULTS } from '../eval/index.js';
// leaf modules, not the stages' entries: --help shows these names without loading the engine
import { collect, positiveInt, shardSpec } from './arguments.js';
import { cacheMaxMbOption, cacheOption, noCacheOption } from './cache-flags.js';
import type { EvalFlags } from './eval-action.js';
import type { CliIo } from './io.js';

/** Commander parser of `--pack-budgets 4000,8000`. */
function budgetList(value: string): number[] {
  return value.split(',').map((part) => {
    const n = Number(part.trim());
    if (part.trim() === '' || !Number.isInteger(n) || n < 1)
      throw new InvalidArgumentError(`expected whole numbers ≥ 1 separated by commas, got "${part}"`);
    return n;
  });
}

export function registerEval(program: Command, io: CliIo): void {
  program
    .command('eval')
    .description(
      'Rank every sample of contract JSONL files on its repository at its base commit (read from git) and score the rankings. ' +
        'A sample whose repository or commit is missing gets no row; it is counted, listed under "errors" in the summary, and the run goes on ' +
        '(exit code 0, or 1 when no sample got a row).',
    )
    .option('--samples <file>', 'samples JSONL (repeatable)', collect, [])
    .requiredOption(
      '--repos <dir>',
      'folder of git repositories named owner+name, owner+name/repo or owner/name (bare or not)',
    )
    .addOption(new Option('--method <method>', 'retriever').choices(EVAL_METHODS).default(RUN_DEFAULTS.method))
    .option('--out <file>', 'write the details rows (JSONL: appended as samples finish, input order once the run ends)')
    .option(
      '--resume',
      'keep the rows already in --out (complete lines; a cut last line is run again) and run only the other samples; with --features, also the samples without vectors there',
    )
    .option(
      '--shard <i/n>',
      'run only the i-th of n shards: whole repositories, most samples first, each to the shard with the fewest (cat the shards\u2019 --out files and `repomap score` them for the whole run)',
      shardSpec,
    )
    .option('--summary <file>', 'write the summary JSON')
    .option('--sample-scores <file>', 'write each sample\u2019s metrics as JSONL (for tables by language or half)')
    .option(
      '--jobs <n>',
      "worker processes (each takes a repository's snapshots in order; an idle one takes the back half of another's)",
      positiveInt,
      RUN_DEFAULTS.jobs,
    )
    .option('--top <n>', 'files per row (at least 20 are written)', positiveInt, RUN_DEFAULTS.top)
    .option(
      '--selective',
      'add the repository-grouped cross-validated abstention report (needs no-gold samples among the inputs)',
    )
    .option('--no-timing', 'leave timing_ms out of the rows (runs become byte-comparable)')
    .option(
      '--config <file>',
      'JSON overrides of the graph and rank defaults: {"graph": {…}, "rank": {…}}, deep-merged (repomap method)',
    )
    .option('--name <label>', 'label of the run in the summary (default: the config file name, else the method)')
    .option(
      '--repo-list <file[#key]>',
      'evaluate only the repositories listed (JSON array, JSON object with #key, or one owner/name a line)',
    )
    .addOption(cacheOption(false, "a store the run's worker processes share, removed when it ends"))
    .addOption(
      noCacheOption('no tags store on disk, not even for the run: each process keeps the tags it parses in memory'),
    )
    .addOption(cacheMaxMbOption())
    .addOption(
      new Option(
        '--ranker <ranker>',
        'which ranker orders the files for every task (repomap method; default: each task\u2019s rank.ranker)',
      ).choices(RANKERS),
    )
    .option(
      '--features <dir>',
      'also append each sample\u2019s candidate feature vectors (the learned ranker\u2019s inputs) to <dir>/<owner+name>.jsonl (repomap method)',
    )
    .option(
      '--pack-budgets <list>',
      'also pack each sample at these token budgets (e.g. 4000,8000): rows gain "pack" and "pack_whole" line ranges, scored against gold spans (repomap method)',
      budgetList,
    )
    .addOption(
      new Option('--pack-tokenizer <name>', 'how pack tokens are counted (regex: the contract\u2019s tokens, as BCY)')
        .choices(TOKENIZERS)
        .default('regex'),
    )
    .action(async (flags: EvalFlags, command: Command) =>
      (await import('./eval-action.js')).evalAction(io, flags, command),
    );
}
