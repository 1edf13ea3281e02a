/** `repomap fuse`: its arguments and help; ./fuse-action.ts, loaded when it runs, does the work. */
import { InvalidArgumentError, type Command } from 'commander';
// fuse.ts alone, not the eval harness's entry: --help shows the default without loading the harness
import { RRF_DEFAULTS } from '../eval/index.js';
import { positiveInt } from './arguments.js';
import type { FuseFlags } from './fuse-action.js';
import type { CliIo } from './io.js';

function nonNegativeNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number ≥ 0');
  return n;
}

function weightList(value: string): number[] {
  return value.split(',').map((part) => nonNegativeNumber(part));
}

export function registerFuse(program: Command, io: CliIo): void {
  program
    .command('fuse')
    .description(
      'Fuse details files by Reciprocal Rank Fusion (docs/eval-contract.md, section 4), row by row on sample_id.',
    )
    .argument('<details...>', 'details JSONL files (any retriever)')
    .option('--k <k>', 'RRF rank offset k of 1/(k + rank)', nonNegativeNumber, RRF_DEFAULTS.k)
    .option('--weights <list>', 'comma-separated weight per input (default all 1)', weightList)
    .option('--top <n>', 'keep the first n fused files per row (default: all)', positiveInt)
    .option('--out <file>', 'write the fused rows here (default: stdout)')
    .option(
      '--strict',
      'refuse inputs whose samples differ (by default a sample missing from some inputs is fused from the rows it has, and counted on stderr)',
    )
    .action(async (files: string[], flags: FuseFlags) =>
      (await import('./fuse-action.js')).fuseAction(io, files, flags),
    );
}
