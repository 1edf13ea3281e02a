/**
 * An evaluation run: every sample ranked by one method on the tree at its base
 * commit, and scored. Samples are grouped by repository and snapshot
 * (`planRepositories`); repositories are evaluated in plan order, in this
 * process or sharded over worker processes (each takes whole repositories, or
 * the back half of one's snapshots; they share the tags they parse through the
 * persistent store, else through a store made for the run). Results are merged
 * by input position, so a run gives the same rows and scores whatever the number
 * of workers.
 *
 * A sample whose repository or commit cannot be read (or whose query the
 * ranker rejects) gets no row: it is listed in `errors` and scored as a
 * missing row, as `repomap score` would score the written details.
 *
 * A resumed run is given the rows an interrupted one wrote (`done`): their
 * samples are scored, not ranked again, so its rows and scores are those of
 * an uninterrupted run.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RepoMapError } from '../errors.js';
import { parseEvalConfig, type EvalConfig } from './config.js';
import type { DetailsRow } from './details.js';
import type { SampleScores } from './metrics.js';
import { planRepositories } from './run-plan.js';
import { checkEvalPackOptions, type EvalPackOptions } from './run-pack.js';
import { RUN_DEFAULTS, type EvalMethod } from './run-defaults.js';
import { evaluateRepository, type JobSample, type RepositoryJob, type SampleOutcome } from './run-repo.js';
import { openRunStore } from './run-store.js';
import { runInWorkers, workerCount } from './run-workers.js';
import type { Sample } from './samples.js';

export interface RunOptions {
  /** Folder holding the repositories, as `owner+name`, `owner+name/repo` or `owner/name` (bare or not). */
  reposDir: string;
  /** Default `RUN_DEFAULTS.method`. */
  method?: EvalMethod;
  /** Files per row (at least 20 are written). Default `RUN_DEFAULTS.top`. */
  top?: number;
  /** Worker processes (default 1: everything in this process). */
  jobs?: number;
  /** Write `timing_ms` in the rows (default true). */
  timings?: boolean;
  /** Called after each sample: `done` of `total`. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Overrides of GRAPH_DEFAULTS and RANK_DEFAULTS for every index of the run
   * (repomap method only); checked like a `--config` file (`parseEvalConfig`).
   */
  config?: EvalConfig;
  /** Module the worker processes run (default: the compiled `run-worker.js` beside this module). */
  workerModule?: string;
  /** Folder of a persistent tags store every job reads and writes (see `RepositoryJob.cacheDir`); default none. */
  cacheDir?: string;
  /** Size cap of that store in bytes (see `RepositoryJob.cacheMaxBytes`); default the store's. */
  cacheMaxBytes?: number;
  /**
   * With worker processes and no `cacheDir`: whether they share the tags they parse
   * through a store made for the run under `runStoreRoot` and removed when it ends
   * (./run-store.ts). Default true; false, or without the store's driver, each keeps its own in memory.
   */
  shareTags?: boolean;
  /** Folder the run's shared store is made in (default the system's temp folder). */
  runStoreRoot?: string;
  /** Messages of the tags store (a rebuilt or unusable cache), from this process or a worker. */
  onNote?: (message: string) => void;
  /** Also pack every sample at these budgets (repomap method): rows gain `pack` and `pack_whole` ranges. Default none. */
  pack?: EvalPackOptions;
  /** Folder to append each sample's candidate feature vectors to, a file a repository (see `RepositoryJob.featuresDir`); repomap method only. */
  featuresDir?: string;
  /**
   * Rows of an earlier run by sample id (a resumed run, ./resume.ts): their samples are
   * not ranked again but scored as those rows, on their snapshot's texts, so the run's
   * scores are those of an uninterrupted one. Rows of other samples are ignored.
   */
  done?: ReadonlyMap<string, DetailsRow>;
  /**
   * Samples whose feature vectors are in `featuresDir` already: they are not appended
   * again. With `featuresDir`, a sample with a row in `done` but not here is ranked again
   * for its vectors (its row stays the earlier one).
   */
  featured?: ReadonlySet<string>;
  /** Called with each new row (not those of `done`) as its sample finishes, in this process: to write it as it comes. */
  onRow?: (row: DetailsRow) => void;
}

/** A sample that got no row (or kept an earlier row whose texts could not be read), and why. */
export interface SampleError {
  sample_id: string;
  repo: string;
  base_commit: string;
  message: string;
}

export interface EvalRun {
  /** Details rows in input order; undefined for samples in `errors`. */
  rows: (DetailsRow | undefined)[];
  /** Scores in input order (every sample). */
  scores: SampleScores[];
  /** Failed samples in input order. */
  errors: SampleError[];
  /** Rows taken from `RunOptions.done` (the others are new). */
  kept: number;
  /** Distinct repositories of the samples. */
  repositories: number;
  /** Snapshots read and indexed: one per (repository, base commit) that could be read. */
  snapshots: number;
  /** Processes that did the work (1 when nothing was sharded). */
  processes: number;
  /** Largest peak resident set size among those processes and this one, in KiB. */
  peakRssKb: number;
  /** Where the tags were kept: the persistent store, a store the workers shared for the run, or each process's memory. */
  tagsStore: 'persistent' | 'run' | 'memory';
}

/** Evaluates `samples` (see the module comment). */
export async function runEval(samples: readonly Sample[], options: RunOptions): Promise<EvalRun> {
  const method = options.method ?? RUN_DEFAULTS.method;
  const top = options.top ?? RUN_DEFAULTS.top;
  const jobs = options.jobs ?? RUN_DEFAULTS.jobs;
  if (!(Number.isInteger(top) && top >= 1))
    throw new RepoMapError('bad-option', `repomap/eval: top must be an integer ≥ 1, got ${top}`, 'top');
  if (!(Number.isInteger(jobs) && jobs >= 1))
    throw new RepoMapError('bad-option', `repomap/eval: jobs must be an integer ≥ 1, got ${jobs}`, 'jobs');

  let config: EvalConfig | undefined;
  if (options.config !== undefined) {
    if (method !== 'repomap')
      throw new RepoMapError(
        'bad-option',
        `repomap/eval: a configuration applies to the repomap method, not ${method}`,
        'config',
      );
    config = parseEvalConfig(options.config, 'eval config');
  }
  let pack: EvalPackOptions | undefined;
  if (options.pack !== undefined) {
    if (method !== 'repomap')
      throw new RepoMapError('bad-option', `repomap/eval: packs need the repomap method, not ${method}`, 'pack');
    pack = checkEvalPackOptions(options.pack);
  }

  const plan = planRepositories(samples);
  const workers = workerCount(plan, jobs);
  // found before the run's store is made: a missing worker fails the run with nothing to remove
  const module = workers > 1 ? (options.workerModule ?? defaultWorkerModule()) : undefined;
  // the workers' shared store when they have none, removed once they are done
  const shared =
    workers > 1 && method !== 'bm25' && options.cacheDir === undefined && options.shareTags !== false
      ? openRunStore(options.runStoreRoot, options.onNote)
      : undefined;
  const cacheDir = options.cacheDir ?? shared?.dir;
  const work: RepositoryJob[] = plan.map((p) => ({
    repo: p.repo,
    reposDir: options.reposDir,
    snapshots: p.snapshots.map((s) => ({
      commit: s.commit,
      samples: s.samples.map((index) => jobSample(samples, index, options)),
    })),
    method,
    top,
    timings: options.timings ?? RUN_DEFAULTS.timings,
    // Several worker processes already share the cores; one process parses on two threads.
    parseJobs: workers > 1 ? 1 : 2,
    ...(config !== undefined ? { config } : {}),
    ...(cacheDir !== undefined ? { cacheDir } : {}),
    ...(options.cacheMaxBytes !== undefined ? { cacheMaxBytes: options.cacheMaxBytes } : {}),
    ...(pack !== undefined ? { pack } : {}),
    ...(options.featuresDir !== undefined ? { featuresDir: options.featuresDir } : {}),
  }));

  const outcomes: (SampleOutcome | undefined)[] = new Array(samples.length);
  let done = 0;
  let kept = 0;
  const onSample = (o: SampleOutcome): void => {
    outcomes[o.index] = o;
    if (o.kept) kept++;
    else if (o.row !== undefined) options.onRow?.(o.row);
    options.onProgress?.(++done, samples.length);
  };
  let snapshots = 0;
  let processes = 1;
  let peakRssKb = 0;
  if (workers <= 1) {
    for (const job of work) snapshots += (await evaluateRepository(job, onSample, options.onNote)).snapshots;
  } else {
    const sharded = await runInWorkers(work, workers, module!, onSample, options.onNote).finally(() =>
      shared?.remove(),
    );
    snapshots = sharded.snapshots;
    processes = workers;
    peakRssKb = sharded.peakRssKb;
  }
  peakRssKb = Math.max(peakRssKb, process.resourceUsage().maxRSS);

  const rows: (DetailsRow | undefined)[] = [];
  const scores: SampleScores[] = [];
  const errors: SampleError[] = [];
  samples.forEach((sample, i) => {
    const o = outcomes[i];
    if (!o) throw new RepoMapError('internal', `repomap/eval: sample ${sample.id} was not evaluated`, sample.id);
    rows.push(o.row);
    scores.push(o.scores);
    if (o.error !== undefined)
      errors.push({ sample_id: sample.id, repo: sample.repo, base_commit: sample.base_commit, message: o.error });
  });
  const tagsStore = shared ? 'run' : cacheDir !== undefined ? 'persistent' : 'memory';
  return { rows, scores, errors, kept, repositories: plan.length, snapshots, processes, peakRssKb, tagsStore };
}

/** The job's record of the sample at `index`: with its earlier row and whether its vectors are written, when resumed. */
function jobSample(samples: readonly Sample[], index: number, options: RunOptions): JobSample {
  const sample = samples[index] as Sample;
  const row = options.done?.get(sample.id);
  return {
    index,
    sample,
    ...(row !== undefined ? { row } : {}),
    ...(options.featured?.has(sample.id) ? { featured: true } : {}),
  };
}

function defaultWorkerModule(): string {
  const module = fileURLToPath(new URL('./run-worker.js', import.meta.url));
  if (!existsSync(module)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/eval: jobs > 1 runs the compiled worker ${module}, which does not exist (run \`npm run build\`)`,
      'jobs',
    );
  }
  return module;
}
