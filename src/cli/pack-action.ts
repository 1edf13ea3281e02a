/** What `repomap pack` does once its arguments are parsed (./pack.ts defines it). */
import type { PackFormat, TokenizerName } from '../index.js';
import { reportDiagnostics } from './diagnostics.js';
import type { CliIo } from './io.js';
import { openIndex } from './open-index.js';
import { queryFromFlags } from './query-input.js';
import type { SourceFlags } from './repo-source.js';

export interface PackFlags extends SourceFlags {
  budget: number;
  tokenizer: TokenizerName;
  format: PackFormat;
}

export async function packAction(io: CliIo, words: readonly string[], flags: PackFlags): Promise<void> {
  const input = await queryFromFlags(flags, io, 'pack', words);
  const { index } = await openIndex(flags, io, 'pack');
  await index.prepare(input.query, { task: flags.task ?? input.task });
  const pack = await index.pack(input.query, {
    budget: flags.budget,
    tokenizer: flags.tokenizer,
    format: flags.format,
    ...((flags.task ?? input.task) ? { task: flags.task ?? input.task } : {}),
  });
  if (pack.files.length === 0) {
    const why =
      pack.omitted.length + pack.omittedMore === 0
        ? 'the query ranks no file'
        : `no ranked file fits in --budget ${flags.budget} (${flags.tokenizer} tokens)`;
    if (!flags.quiet) io.stderr.write(`repomap: note: nothing packed: ${why}\n`);
  }
  // printed as packed: the text is what `tokens` counted (a JSON pack lists the index's and the query's diagnostics)
  io.stdout.write(pack.text);
  const diagnostics = [...index.diagnostics, ...index.queryDiagnostics(input.query)];
  reportDiagnostics(io, diagnostics, flags, flags.format !== 'json', index.stats.skipped);
  if (flags.format === 'json' && pack.text !== '' && !flags.quiet && !flags.diagnostics) {
    const more = (JSON.parse(pack.text) as { diagnosticsMore: number }).diagnosticsMore;
    if (more > 0)
      io.stderr.write(
        `repomap: note: ${more} diagnostic${more === 1 ? '' : 's'} not listed in the JSON within --budget ${flags.budget} (--diagnostics lists them)\n`,
      );
  }
}
