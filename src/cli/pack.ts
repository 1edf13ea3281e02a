/** `repomap pack`: its arguments and help; ./pack-action.ts, loaded when it runs, does the work. */
import { type Command, Option } from 'commander';
// the pack stage's leaf modules, not its entry: --help shows their names without loading the packer
import { DEFAULT_TOKENIZER, PACK_FORMATS, TOKENIZERS } from '../unstable.js';
import { positiveInt } from './arguments.js';
import type { CliIo } from './io.js';
import type { PackFlags } from './pack-action.js';
import { addSourceOptions } from './repo-source.js';

/** Default budget: the contract's BCY@8k point, a common context share for retrieved code. */
export const DEFAULT_BUDGET = 8000;

export function registerPack(program: Command, io: CliIo): void {
  addSourceOptions(
    program
      .command('pack')
      .description(
        'Pack the ranked spans of a repository for a query into a token budget (Markdown for a prompt, or JSON).',
      )
      .argument(
        '[query...]',
        'query text: one quoted argument, or words joined by spaces, or - for standard input (or --query / --query-file)',
      ),
  )
    .option(
      '--budget <n>',
      'hard budget of everything printed, in --tokenizer tokens (Markdown: headers, line numbers, fences and trailer; JSON: the whole line)',
      positiveInt,
      DEFAULT_BUDGET,
    )
    .addOption(
      new Option('--tokenizer <name>', 'how tokens are counted').choices(TOKENIZERS).default(DEFAULT_TOKENIZER),
    )
    .addOption(new Option('--format <format>', 'output format').choices(PACK_FORMATS).default('markdown'))
    .action(async (words: string[], flags: PackFlags) =>
      (await import('./pack-action.js')).packAction(io, words, flags),
    );
}
