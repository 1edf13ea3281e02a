/** What `repomap pack` does once its arguments are parsed (./pack.ts defines it). */
import type { PackFormat, TokenizerName } from '../pack/index.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
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
    const why = pack.omitted.length + pack.omittedMore === 0 ? 'the query ranks no file' : `no ranked file fits in --budget ${flags.budget} (${flags.tokenizer} tokens)`;
    if (!flags.quiet) io.stderr.write(`repomap: note: nothing packed: ${why}\n`);
  }
  // the JSON pack gains the index's diagnostics and the query's; its text is what `tokens` counted
  const diagnostics = [...index.diagnostics, ...index.queryDiagnostics(input.query)];
  io.stdout.write(flags.format === 'json' ? JSON.stringify({ ...JSON.parse(pack.text), diagnostics: diagnosticsField(diagnostics) }) + '\n' : pack.text);
  reportDiagnostics(io, diagnostics, flags, flags.format !== 'json', index.stats.skipped);
}
