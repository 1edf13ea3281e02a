import { Command, Option } from 'commander';
import { DEFAULT_TOKENIZER, PACK_FORMATS, TOKENIZERS, type PackFormat, type TokenizerName } from '../pack/index.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import type { CliIo } from './io.js';
import { queryFromFlags } from './query-input.js';
import { positiveInt } from './arguments.js';
import { addSourceOptions, openIndex, type SourceFlags } from './repo-source.js';

/** Default budget: the contract's BCY@8k point, a common context share for retrieved code. */
export const DEFAULT_BUDGET = 8000;

interface PackFlags extends SourceFlags {
  budget: number;
  tokenizer: TokenizerName;
  format: PackFormat;
}

export function registerPack(program: Command, io: CliIo): void {
  addSourceOptions(
    program
      .command('pack')
      .description('Pack the ranked spans of a repository for a query into a token budget (Markdown for a prompt, or JSON).')
      .argument('[query]', 'query text (or --query / --query-file)'),
  )
    .option('--budget <n>', 'hard token budget of the whole output (headers and trailer included)', positiveInt, DEFAULT_BUDGET)
    .addOption(new Option('--tokenizer <name>', 'how tokens are counted').choices(TOKENIZERS).default(DEFAULT_TOKENIZER))
    .addOption(new Option('--format <format>', 'output format').choices(PACK_FORMATS).default('markdown'))
    .action(async (positional: string | undefined, flags: PackFlags) => {
      const input = await queryFromFlags(flags, io, 'pack', positional);
      const { index } = await openIndex(flags, io, 'pack');
      const pack = await index.pack(input.query, {
        budget: flags.budget,
        tokenizer: flags.tokenizer,
        format: flags.format,
        ...((flags.task ?? input.task) ? { task: flags.task ?? input.task } : {}),
      });
      if (pack.files.length === 0) {
        const why = pack.omitted.length + pack.omittedMore === 0 ? 'the query ranks no file' : `no ranked file fits in --budget ${flags.budget} (${flags.tokenizer} tokens)`;
        if (!flags.quiet) io.stderr.write(`repomap: note: nothing packed: ${why}\n`);
      }
      // the JSON pack gains the index's diagnostics; its text is what `tokens` counted
      io.stdout.write(flags.format === 'json' ? JSON.stringify({ ...JSON.parse(pack.text), diagnostics: diagnosticsField(index.diagnostics) }) + '\n' : pack.text);
      reportDiagnostics(io, index.diagnostics, flags, flags.format !== 'json');
    });
}
