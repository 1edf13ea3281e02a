import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { RRF_DEFAULTS, fuseDetails, missingRows, readDetails, type DetailsRow } from '../eval/index.js';
import { detailsText, writeOutput } from './eval.js';
import { CliExit, type CliIo } from './io.js';
import { positiveInt } from './arguments.js';

function nonNegativeNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number ≥ 0');
  return n;
}

function weightList(value: string): number[] {
  return value.split(',').map((part) => nonNegativeNumber(part));
}

interface FuseFlags {
  k: number;
  weights?: number[];
  top?: number;
  out?: string;
  strict?: boolean;
}

export function registerFuse(program: Command, io: CliIo): void {
  program
    .command('fuse')
    .description('Fuse details files by Reciprocal Rank Fusion (docs/eval-contract.md, section 4), row by row on sample_id.')
    .argument('<details...>', 'details JSONL files (any retriever)')
    .option('--k <k>', 'RRF rank offset k of 1/(k + rank)', nonNegativeNumber, RRF_DEFAULTS.k)
    .option('--weights <list>', 'comma-separated weight per input (default all 1)', weightList)
    .option('--top <n>', 'keep the first n fused files per row (default: all)', positiveInt)
    .option('--out <file>', 'write the fused rows here (default: stdout)')
    .option('--strict', 'refuse inputs whose samples differ (by default a sample missing from some inputs is fused from the rows it has, and counted on stderr)')
    .action(async (files: string[], flags: FuseFlags) => {
      const inputs = [];
      for (const file of files) inputs.push(await readDetails(resolve(io.cwd, file)));
      checkCoverage(io, files, inputs, flags.strict === true);
      const fused = fuseDetails(inputs, {
        k: flags.k,
        ...(flags.weights !== undefined ? { weights: flags.weights } : {}),
        ...(flags.top !== undefined ? { top: flags.top } : {}),
      });
      const text = detailsText(fused);
      if (flags.out !== undefined) await writeOutput(resolve(io.cwd, flags.out), text);
      else io.stdout.write(text);
    });
}

/** Says on stderr how many samples lack a row in some input (which inputs, how many each); with `strict`, refuses them. */
function checkCoverage(io: CliIo, files: readonly string[], inputs: readonly (readonly DetailsRow[])[], strict: boolean): void {
  const missing = missingRows(inputs);
  const partial = new Set(missing.flat()).size;
  if (partial === 0) return;
  const total = new Set(inputs.flatMap((rows) => rows.map((r) => r.sample_id))).size;
  const where = missing.flatMap((ids, i) => (ids.length > 0 ? [`${files[i]} lacks ${ids.length} (first: ${ids[0]})`] : [])).join('; ');
  const what = `${partial} of ${total} samples have a row in only some of the inputs: ${where}`;
  if (strict) throw new CliExit(1, `${what}; --strict refuses them`);
  io.stderr.write(`repomap: note: ${what}; each is fused from the rows it has\n`);
}
