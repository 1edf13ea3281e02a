/**
 * An evaluation run: every sample ranked by one method on the tree at its base
 * commit, and scored. Samples are grouped by repository and snapshot
 * (`planRepositories`); repositories are evaluated in plan order, in this
 * process or sharded over worker processes (each takes whole repositories, so
 * tags caches stay per repository). Results are merged by input position, so a
 * run gives the same rows and scores whatever the number of workers.
 *
 * A sample whose repository or commit cannot be read (or whose query the
 * ranker rejects) gets no row: it is listed in `errors` and scored as a
 * missing row, as `repomap score` would score the written details.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RepoMapError } from '../errors.js';
import { parseEvalConfig, type EvalConfig } from './config.js';
import type { DetailsRow } from './details.js';
import type { SampleScores } from './metrics.js';
import { planRepositories } from './run-plan.js';
import { checkEvalPackOptions, type EvalPackOptions } from './run-pack.js';
import { RUN_DEFAULTS, type EvalMethod } from './run-defaults.js';
import { evaluateRepository, type RepositoryJob, type SampleOutcome } from './run-repo.js';
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
  /** Messages of the tags store (a rebuilt or unusable cache), from this process or a worker. */
  onNote?: (message: string) => void;
  /** Also pack every sample at these budgets (repomap method): rows gain `pack` and `pack_whole` ranges. Default none. */
  pack?: EvalPackOptions;
}

/** A sample that got no row, and why. */
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
  /** Distinct repositories of the samples. */
  repositories: number;
  /** Snapshots read and indexed: one per (repository, base commit) that could be read. */
  snapshots: number;
  /** Processes that did the work (1 when nothing was sharded). */
  processes: number;
  /** Largest peak resident set size among those processes and this one, in KiB. */
  peakRssKb: number;
}

/** Parent → worker. */
export type WorkerRequest = { type: 'job'; job: RepositoryJob } | { type: 'close' };
/** Worker → parent. */
export type WorkerMessage =
  | { type: 'sample'; outcome: SampleOutcome }
  | { type: 'note'; message: string }
  | { type: 'done'; repo: string; snapshots: number }
  | { type: 'error'; message: string }
  | { type: 'closed'; maxRssKb: number };

/** Evaluates `samples` (see the module comment). */
export async function runEval(samples: readonly Sample[], options: RunOptions): Promise<EvalRun> {
  const method = options.method ?? RUN_DEFAULTS.method;
  const top = options.top ?? RUN_DEFAULTS.top;
  const jobs = options.jobs ?? RUN_DEFAULTS.jobs;
  if (!(Number.isInteger(top) && top >= 1)) throw new RepoMapError('bad-option', `repomap/eval: top must be an integer ≥ 1, got ${top}`, 'top');
  if (!(Number.isInteger(jobs) && jobs >= 1)) throw new RepoMapError('bad-option', `repomap/eval: jobs must be an integer ≥ 1, got ${jobs}`, 'jobs');

  let config: EvalConfig | undefined;
  if (options.config !== undefined) {
    if (method !== 'repomap') throw new RepoMapError('bad-option', `repomap/eval: a configuration applies to the repomap method, not ${method}`, 'config');
    config = parseEvalConfig(options.config, 'eval config');
  }
  let pack: EvalPackOptions | undefined;
  if (options.pack !== undefined) {
    if (method !== 'repomap') throw new RepoMapError('bad-option', `repomap/eval: packs need the repomap method, not ${method}`, 'pack');
    pack = checkEvalPackOptions(options.pack);
  }

  const plan = planRepositories(samples);
  const work: RepositoryJob[] = plan.map((p) => ({
    repo: p.repo,
    reposDir: options.reposDir,
    snapshots: p.snapshots.map((s) => ({ commit: s.commit, samples: s.samples.map((index) => ({ index, sample: samples[index] as Sample })) })),
    method,
    top,
    timings: options.timings ?? RUN_DEFAULTS.timings,
    // Several worker processes already share the cores; one process parses on two threads.
    parseJobs: Math.min(jobs, plan.length) > 1 ? 1 : 2,
    ...(config !== undefined ? { config } : {}),
    ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
    ...(options.cacheMaxBytes !== undefined ? { cacheMaxBytes: options.cacheMaxBytes } : {}),
    ...(pack !== undefined ? { pack } : {}),
  }));

  const outcomes: (SampleOutcome | undefined)[] = new Array(samples.length);
  let done = 0;
  const onSample = (o: SampleOutcome): void => {
    outcomes[o.index] = o;
    options.onProgress?.(++done, samples.length);
  };
  let snapshots = 0;
  let processes = 1;
  let peakRssKb = 0;
  const workers = Math.min(jobs, work.length);
  if (workers <= 1) {
    for (const job of work) snapshots += (await evaluateRepository(job, onSample, options.onNote)).snapshots;
  } else {
    const sharded = await runInWorkers(work, workers, options.workerModule ?? defaultWorkerModule(), onSample, options.onNote);
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
    if (o.error !== undefined) errors.push({ sample_id: sample.id, repo: sample.repo, base_commit: sample.base_commit, message: o.error });
  });
  return { rows, scores, errors, repositories: plan.length, snapshots, processes, peakRssKb };
}

function defaultWorkerModule(): string {
  const module = fileURLToPath(new URL('./run-worker.js', import.meta.url));
  if (!existsSync(module)) {
    throw new RepoMapError('bad-option', `repomap/eval: jobs > 1 runs the compiled worker ${module}, which does not exist (run \`npm run build\`)`, 'jobs');
  }
  return module;
}

/**
 * Hands repositories to whichever worker is free, those with the most snapshots first (a
 * large repository started last would run alone at the end); rows keep the input order
 * whichever worker made them. Fails the run when a worker fails.
 */
async function runInWorkers(
  work: readonly RepositoryJob[],
  count: number,
  module: string,
  onSample: (o: SampleOutcome) => void,
  onNote?: (message: string) => void,
): Promise<{ snapshots: number; peakRssKb: number }> {
  const pool = Array.from({ length: count }, () => new WorkerProcess(module, onSample, onNote));
  const queue = [...work].sort((a, b) => b.snapshots.length - a.snapshots.length);
  let next = 0;
  let snapshots = 0;
  try {
    await Promise.all(
      pool.map(async (worker) => {
        while (next < queue.length) {
          const job = queue[next++] as RepositoryJob;
          const indexed = await worker.run(job); // not `snapshots += await …`: that reads the total before waiting
          snapshots += indexed;
        }
      }),
    );
    const rss = await Promise.all(pool.map((w) => w.close()));
    return { snapshots, peakRssKb: Math.max(0, ...rss) };
  } catch (err) {
    for (const w of pool) w.kill();
    throw err;
  }
}

/** One worker process running `run-worker.js`, one repository at a time. */
class WorkerProcess {
  private readonly child: ChildProcess;
  private stderr = '';
  private pending: { resolve: (snapshots: number) => void; reject: (err: Error) => void } | null = null;
  private rssKb = 0;
  private exited = false;

  constructor(module: string, onSample: (o: SampleOutcome) => void, onNote?: (message: string) => void) {
    this.child = fork(module, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [] });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      if (this.stderr.length < 65536) this.stderr += chunk;
    });
    this.child.on('message', (message: WorkerMessage) => {
      if (message.type === 'sample') onSample(message.outcome);
      else if (message.type === 'note') onNote?.(message.message);
      else if (message.type === 'done') this.settle((p) => p.resolve(message.snapshots));
      else if (message.type === 'error') this.settle((p) => p.reject(new RepoMapError('internal', `repomap/eval: the eval worker failed: ${message.message}`, 'worker')));
      else if (message.type === 'closed') this.rssKb = message.maxRssKb;
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      const err = new RepoMapError('internal', `repomap/eval: the eval worker exited (${signal ?? `code ${code}`})${this.stderr ? `: ${this.stderr.trim()}` : ''}`, 'worker');
      this.settle((p) => p.reject(err));
    });
  }

  private settle(action: (p: NonNullable<WorkerProcess['pending']>) => void): void {
    const p = this.pending;
    this.pending = null;
    if (p) action(p);
  }

  /** Evaluates one repository; resolves to the number of snapshots indexed. */
  run(job: RepositoryJob): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(new RepoMapError('internal', `repomap/eval: the eval worker exited${this.stderr ? `: ${this.stderr.trim()}` : ''}`, 'worker'));
      this.pending = { resolve, reject };
      this.child.send({ type: 'job', job } satisfies WorkerRequest);
    });
  }

  /** Asks the worker to finish; resolves to its peak RSS in KiB once it has exited. */
  close(): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.exited) return resolve(this.rssKb);
      this.child.once('exit', (code, signal) => {
        if (code === 0) resolve(this.rssKb);
        else reject(new RepoMapError('internal', `repomap/eval: the eval worker exited (${signal ?? `code ${code}`})${this.stderr ? `: ${this.stderr.trim()}` : ''}`, 'worker'));
      });
      this.child.send({ type: 'close' } satisfies WorkerRequest);
    });
  }

  kill(): void {
    if (!this.exited) this.child.kill();
  }
}
