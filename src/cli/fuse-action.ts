/** What `repomap fuse` does once its arguments are parsed (./fuse.ts defines it). */
import { resolve } from 'node:path';
// the harness' leaf modules, not its entry: fusing rows needs none of the engine
import { type DetailsRow, fuseDetails, missingRows, readDetails } from '../eval/index.js';
import { detailsText, writeOutput } from './eval-io.js';
import { CliExit, type CliIo } from './io.js';

export interface FuseFlags {
  k: number;
  weights?: number[];
  top?: number;
  out?: string;
  strict?: boolean;
}

export async function fuseAction(io: CliIo, files: string[], flags: FuseFlags): Promise<void> {
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
}

/** Says on stderr how many samples lack a row in some input (which inputs, how many each); with `strict`, refuses them. */
function checkCoverage(
  io: CliIo,
  files: readonly string[],
  inputs: readonly (readonly DetailsRow[])[],
  strict: boolean,
): void {
  const missing = missingRows(inputs);
  const partial = new Set(missing.flat()).size;
  if (partial === 0) return;
  const total = new Set(inputs.flatMap((rows) => rows.map((r) => r.sample_id))).size;
  const where = missing
    .flatMap((ids, i) => (ids.length > 0 ? [`${files[i]} lacks ${ids.length} (first: ${ids[0]})`] : []))
    .join('; ');
  const what = `${partial} of ${total} samples have a row in only some of the inputs: ${where}`;
  if (strict) throw new CliExit(1, `${what}; --strict refuses them`);
  io.stderr.write(`repomap: note: ${what}; each is fused from the rows it has\n`);
}
