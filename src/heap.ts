/**
 * How far V8 lets the JavaScript heap grow between full garbage collections, for a
 * process that holds a large index.
 */
import { setFlagsFromString } from 'node:v8';
import { RepoMapError } from './errors.js';

/** The heap may grow by this percent of what the last full collection left (useLeanHeap's default). */
export const LEAN_HEAP_GROWING_PERCENT = 10;

/**
 * Makes V8 run a full garbage collection once the heap has grown by `growingPercent`
 * percent over what the last one left alive. V8's own factor follows its GC and
 * allocation speeds, between 1.1× and 4×; on a 10k-file corpus it let the main thread's
 * heap reach ~390 MB around ~230 MB of live data while the graph was built, and the
 * peak RSS of `rank` was 564–576 MB; at 25 % it was 493–500 MB. At 10 %, 1,000 queries
 * on the built index peaked at 444 MB against 469 MB at 25 %, with cold-index and query
 * times within the run-to-run noise (bench/perf; DESIGN.md, "Lean heap").
 *
 * It sets a V8 flag for the whole process (parse workers included), so it is for a
 * process of its own: the CLI calls it once a command is about to run
 * (src/cli/process-flags.ts; not for --help or --version, which load next to nothing). Call it before the corpus loads; a
 * library embedded in another program should leave that program's heap to it.
 */
export function useLeanHeap(growingPercent: number = LEAN_HEAP_GROWING_PERCENT): void {
  if (!(Number.isInteger(growingPercent) && growingPercent >= 1 && growingPercent <= 300)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/heap: useLeanHeap's growingPercent must be a whole number from 1 to 300, got ${growingPercent}`,
      'growingPercent',
    );
  }
  setFlagsFromString(`--heap-growing-percent=${growingPercent}`);
}
