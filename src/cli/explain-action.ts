/** What `repomap explain` does once its arguments are parsed (./explain.ts defines it). */
import { renderExplanation } from '../unstable.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import type { CliIo } from './io.js';
import { openIndex } from './open-index.js';
import { queryFromFlags } from './query-input.js';
import { fileOf } from './open-index.js';
import type { SourceFlags } from './repo-source.js';

export interface ExplainFlags extends SourceFlags {
  paths: number;
  format: 'text' | 'json';
  includeGiven?: boolean;
}

export async function explainAction(
  io: CliIo,
  file: string,
  words: readonly string[],
  flags: ExplainFlags,
): Promise<void> {
  const input = await queryFromFlags(flags, io, 'explain', words);
  const opened = await openIndex(flags, io, 'explain');
  const { index } = opened;
  await index.prepare(input.query, { task: flags.task ?? input.task });
  const explanation = index.explain(input.query, fileOf(opened, file, io), {
    task: flags.task ?? input.task,
    includeGiven: flags.includeGiven,
    paths: flags.paths,
  });
  const diagnostics = [...index.diagnostics, ...index.queryDiagnostics(input.query)];
  io.stdout.write(
    flags.format === 'json'
      ? JSON.stringify({ ...explanation, diagnostics: diagnosticsField(diagnostics) }) + '\n'
      : renderExplanation(explanation),
  );
  reportDiagnostics(io, diagnostics, flags, flags.format === 'text', index.stats.skipped);
}
