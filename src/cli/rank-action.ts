/** What `repomap rank` does once its arguments are parsed (./rank.ts defines it). */
import type { Ranker } from '../index.js';
import { renderText, TEXT_FUNCTION_FILES, toDetailsRow } from '../unstable.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import { CliExit, type CliIo } from './io.js';
import { everyTask } from './ranker-flag.js';
import { openIndex } from './open-index.js';
import { queryFromFlags } from './query-input.js';
import type { SourceFlags } from './repo-source.js';

export interface RankFlags extends SourceFlags {
  top: number;
  format: 'text' | 'json';
  includeGiven?: boolean;
  jobs: number;
  ranker?: Ranker;
  features?: boolean;
}

export async function rankAction(io: CliIo, words: readonly string[], flags: RankFlags): Promise<void> {
  if (flags.features && flags.format !== 'json') throw new CliExit(2, '--features needs --format json');
  const input = await queryFromFlags(flags, io, 'rank', words);
  const opened = await openIndex(flags, io, 'rank', flags.jobs);
  const index = flags.ranker ? opened.index.withOptions({ rank: { ranker: everyTask(flags.ranker) } }) : opened.index;
  await index.prepare(input.query, { task: flags.task ?? input.task });
  // the text format shows paths, scores, reasons and, for its first TEXT_FUNCTION_FILES
  // files, the functions likely to change: no spans to find; either format lists --top
  // files (default DETAILS_MIN_FILES, the contract's deepest cut-off) and orders no others
  const json = flags.format === 'json';
  const result = index.rank(input.query, {
    task: flags.task ?? input.task,
    includeGiven: flags.includeGiven,
    spans: json,
    ...(json ? {} : { functions: TEXT_FUNCTION_FILES }),
    top: flags.top,
    features: flags.features === true,
  });
  result.stats.timingsMs = { ...opened.timingsMs };
  if (flags.format === 'json') {
    const row = toDetailsRow(result, {
      top: flags.top,
      sampleId: input.sampleId,
      repo: input.repo,
      baseCommit: input.baseCommit ?? result.commit,
    });
    io.stdout.write(
      JSON.stringify({
        ...row,
        ...(result.features ? { features: result.features } : {}),
        diagnostics: diagnosticsField(result.diagnostics),
      }) + '\n',
    );
  } else {
    io.stdout.write(renderText(result, { top: flags.top }));
  }
  reportDiagnostics(io, result.diagnostics, flags, flags.format === 'text', result.stats.skipped);
}
