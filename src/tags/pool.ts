/**
 * A small pool of worker threads that parse files for the tags stage. Files go out in
 * batches of one language, bounded by a byte budget, largest first, to whichever worker is
 * free, preferring a language that worker has loaded (./batch-queue.ts), so one huge file
 * does not leave the other worker idle at the end and few languages load twice. A worker that parsed
 * files over `recycleBytes` is replaced by a fresh one before its next batch of smaller files: WASM
 * memory grows to fit the largest tree and never shrinks. Outcomes come back tagged with their input position,
 * so the caller's merge does not depend on scheduling. Each worker is a ParseWorker
 * (./parse-worker.ts); workers can be started ahead of the pool (`prestartParseWorkers`).
 */
import type { LanguageId } from '../types.js';
import { languageOf } from '../languages/index.js';
import { BatchQueue } from './batch-queue.js';
import type { TagsBudget } from './budget.js';
import { grammarWasmPath } from './grammar.js';
import { StringPool } from './intern.js';
import { ParseWorker, workerModule } from './parse-worker.js';
import type { FileOutcome, PoolFile, PoolSettings, WorkerSetup } from './protocol.js';
import { compiledWasm, runtimeWasmPath, type SharedWasm } from './wasm-modules.js';
import { unpackOutcomes } from './wire.js';
import { compareByteOrder } from '../text/order.js';

export type { FileOutcome, PoolFile, PoolSettings } from './protocol.js';

/**
 * Defaults from CPU accounting of cold runs on two cores (vite: 1,564 files / 3 MB;
 * tokio: 793 files / 5.4 MB). Each worker pays its own start-up and a cold JavaScript
 * JIT (0.3–0.6 s more CPU in all), and WASM tier-up already keeps a second core busy
 * in a single-threaded run, so two workers only break even around 5 MB of source; below
 * 4 MiB files are parsed in the calling thread. Corpus files are at most 1 MiB
 * (`CORPUS_DEFAULTS.maxFileBytes`); parsing a 512 KiB file grows a worker's WASM memory by
 * tens of MB for good.
 */
export const POOL_DEFAULTS: Readonly<PoolSettings> = Object.freeze({
  minFiles: 300,
  minBytes: 4 * 1024 * 1024,
  batchBytes: 256 * 1024,
  batchFiles: 128,
  recycleBytes: 512 * 1024,
});

/** What a pool run did, for tests and measurements. */
export interface PoolStats {
  /** Workers started, replacements included. */
  workersStarted: number;
  /** Workers replaced after a run of large files. */
  recycled: number;
  batches: number;
  /** Languages loaded, summed over workers: each load instantiates a grammar and compiles its query. */
  languageLoads: number;
  /** Workers taken from those started ahead (`prestartParseWorkers`). */
  prestarted: number;
}

/**
 * Parses `files` on `workers` worker threads; `onOutcome` gets each file's outcome as its
 * batch completes (in no particular order), with names and kinds pooled across batches. Rejects with the first worker failure — a
 * grammar or query that cannot load is a RepoMapError with the worker's code and message —
 * after stopping every worker.
 */
export async function parseInWorkers(
  files: readonly PoolFile[],
  workers: number,
  settings: PoolSettings,
  budget: TagsBudget,
  onOutcome: (index: number, outcome: FileOutcome) => void,
): Promise<PoolStats> {
  const module = workerModule();
  const queue = new BatchQueue(files, settings);
  const [runtime, grammars] = await Promise.all([
    compiledWasm(runtimeWasmPath()),
    sharedGrammars(new Set(files.map((f) => f.language))),
  ]);
  const setup: WorkerSetup = { wasm: runtime ? [runtime] : [] };
  const ahead = await takePrestarted(workers);
  const stats: PoolStats = { workersStarted: 0, recycled: 0, batches: queue.total, languageLoads: 0, prestarted: 0 };
  /** Each live worker and the languages it has been sent. */
  const live = new Map<ParseWorker, Set<LanguageId>>();
  const strings = new StringPool();
  const start = (): ParseWorker => {
    let worker = ahead.shift();
    if (worker) stats.prestarted += 1;
    else worker = new ParseWorker(module, setup);
    stats.workersStarted += 1;
    live.set(worker, new Set());
    return worker;
  };
  const stop = async (worker: ParseWorker): Promise<void> => {
    live.delete(worker);
    await worker.terminate();
  };
  const loadedByOthers = (worker: ParseWorker): Set<LanguageId> => {
    const others = new Set<LanguageId>();
    for (const [w, languages] of live) if (w !== worker) for (const l of languages) others.add(l);
    return others;
  };

  let failed = false;
  const lane = async (): Promise<void> => {
    let worker = start();
    // whether the worker parsed a file of `recycleBytes` or more: its WASM memory grew for good
    let grown = false;
    try {
      for (;;) {
        if (failed) break;
        const batch = queue.take(live.get(worker)!, loadedByOthers(worker));
        if (!batch) break;
        const large = batch.files[0]!.size >= settings.recycleBytes;
        if (grown && !large) {
          // replaced once its run of large files ends (a language's come first), not after each:
          // a fresh worker pays its start-up, grammars and queries again
          stats.recycled += 1;
          void stop(worker);
          worker = start();
        }
        grown = large;
        const mine = live.get(worker)!;
        const first = !mine.has(batch.language);
        if (first) {
          mine.add(batch.language);
          stats.languageLoads += 1;
        }
        const grammar = first ? grammars.get(batch.language) : undefined;
        unpackOutcomes(await worker.run(batch.files, budget, grammar ? [grammar] : undefined), strings, onOutcome);
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      await stop(worker);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(workers, queue.total) }, lane));
  } finally {
    await Promise.all([...live.keys(), ...ahead].map((w) => stop(w)));
  }
  return stats;
}

/** Workers started ahead of a pool, and the generation they belong to (a release starts a new one). */
let prestarted: Promise<ParseWorker[]> = Promise.resolve([]);
let generation = 0;

/**
 * Starts `count` parse workers ahead of the pool that will take them, so that their start-up
 * (a thread, its module graph, the runtime's instance: ~0.2 s each) overlaps the corpus
 * read instead of following it. `repoMap` and the CLI call it once the read has listed
 * enough files for a pool. Until a pool takes them they keep no process alive, and
 * `releasePrestarted` (which the index build calls after its tags stage) ends any left.
 */
export function prestartParseWorkers(count: number): void {
  const mine = generation;
  prestarted = prestarted.then(async (ready) => {
    const live = ready.filter((w) => !w.exited);
    if (live.length >= count) return live;
    // Only a head start: whatever fails here (no compiled worker, no runtime, no thread)
    // is left for the pool to meet, and report, the usual way.
    try {
      const module = workerModule();
      const runtime = await compiledWasm(runtimeWasmPath());
      if (generation !== mine) return live;
      while (live.length < count)
        live.push(new ParseWorker(module, { wasm: runtime ? [runtime] : [] }, { idle: true }));
    } catch {
      // the workers started so far stay
    }
    return live;
  });
}

/**
 * A corpus listing callback (`CorpusOptions.onListed`) that, when the listing holds at
 * least `POOL_DEFAULTS.minFiles` files (the least a pool parses), starts `jobs` parse
 * workers ahead and compiles the grammars of the languages listed, while the files are
 * read; then passes the listing on to `then`. Whether the bytes reach `minBytes` is known
 * only once the files are read: workers no pool takes are ended after the tags stage.
 * Compiled here, a grammar is ready when the pool starts: on the mixed corpus, the
 * pool's first batches left 0.12–0.14 s after it started, waiting for the grammars.
 */
export function prestartWhenListed(
  jobs: number,
  then?: (paths: readonly string[]) => void,
): (paths: readonly string[]) => void {
  return (paths) => {
    if (jobs > 1 && paths.length >= POOL_DEFAULTS.minFiles) {
      prestartParseWorkers(jobs);
      void sharedGrammars(languagesOf(paths));
    }
    then?.(paths);
  };
}

/** The languages with a grammar among `paths`. */
function languagesOf(paths: readonly string[]): Set<LanguageId> {
  const languages = new Set<LanguageId>();
  for (const path of paths) {
    const language = languageOf(path);
    if (language !== null) languages.add(language);
  }
  return languages;
}

/** Takes at most `count` of the workers started ahead (live ones), ending the rest. */
async function takePrestarted(count: number): Promise<ParseWorker[]> {
  const ready = await swapPrestarted();
  const taken = ready.filter((w) => !w.exited).slice(0, count);
  for (const w of ready) if (!taken.includes(w)) void w.terminate();
  for (const w of taken) w.busy();
  return taken;
}

/** Ends the workers started ahead that no pool took. */
export async function releasePrestarted(): Promise<void> {
  const ready = await swapPrestarted();
  await Promise.all(ready.map((w) => w.terminate()));
}

function swapPrestarted(): Promise<ParseWorker[]> {
  generation += 1;
  const ready = prestarted;
  prestarted = Promise.resolve([]);
  return ready;
}

/**
 * The grammars of `languages`, compiled once per process (./wasm-modules.ts) and handed to
 * the workers (the runtime at start-up, a grammar with the first batch of its language),
 * which instantiate them instead of compiling their own copy (web-tree-sitter only takes
 * bytes, so the worker's `WebAssembly.instantiate` is wrapped). A file that cannot be read
 * or compiled is left out: the worker then loads it itself and reports the usual error.
 */
async function sharedGrammars(languages: ReadonlySet<LanguageId>): Promise<Map<LanguageId, SharedWasm>> {
  const paths = [...languages].sort(compareByteOrder).flatMap((language): [LanguageId, string][] => {
    try {
      return [[language, grammarWasmPath(language)]];
    } catch {
      return [];
    }
  });
  // All at once: each read and compile is a round trip through an event loop that the
  // BM25 slices keep busy meanwhile (one at a time, they took ~180 ms on the mixed corpus).
  const compiled = await Promise.all(paths.map(([, path]) => compiledWasm(path)));
  const out = new Map<LanguageId, SharedWasm>();
  paths.forEach(([language], i) => {
    const wasm = compiled[i];
    if (wasm) out.set(language, wasm);
  });
  return out;
}
