/**
 * An evaluation run sharded over worker processes (`runEval` with `jobs > 1`). Each worker
 * evaluates one chain of a repository's snapshots at a time, asking for them one by one,
 * so that each index is built from the one before. A chain is first a whole repository,
 * those with the most snapshots first; a worker with none left takes the back half of the
 * chain with the most snapshots not yet handed out (at least `SPLIT_MIN_SNAPSHOTS`), so one
 * large repository does not run alone at the end. A taken half starts with a full build,
 * which costs several updates: shorter chains are not split. Every snapshot is evaluated
 * once, and its rows do not depend on which chain it was in (an update equals a fresh build).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { RepoMapError } from '../errors.js';
import type { RepositoryJob, SampleOutcome, SnapshotJob } from './run-repo.js';

/** Fewest snapshots not yet handed out of a chain that an idle worker takes half of. */
export const SPLIT_MIN_SNAPSHOTS = 8;

/** Parent → worker. */
export type WorkerRequest =
  | { type: 'job'; job: RepositoryJob }
  | { type: 'snapshot'; snapshot: SnapshotJob | null }
  | { type: 'close' };
/** Worker → parent. */
export type WorkerMessage =
  | { type: 'next' }
  | { type: 'sample'; outcome: SampleOutcome }
  | { type: 'note'; message: string }
  | { type: 'done'; repo: string; snapshots: number }
  | { type: 'error'; message: string }
  | { type: 'closed'; maxRssKb: number };

/** A repository's job and the snapshots of it not yet handed to the worker that runs it. */
interface Chain {
  job: RepositoryJob;
  left: SnapshotJob[];
}

/** How many worker processes have work: at most `jobs`, and no more than the chains the repositories can give. */
export function workerCount(repositories: readonly { snapshots: readonly unknown[] }[], jobs: number): number {
  const chains = repositories.reduce(
    (n, r) => n + Math.max(1, Math.floor(r.snapshots.length / (SPLIT_MIN_SNAPSHOTS / 2))),
    0,
  );
  return Math.min(jobs, chains);
}

/**
 * Runs the jobs on `count` worker processes (see the module comment); rows keep the input
 * order whichever worker made them. Fails the run when a worker fails.
 */
export async function runInWorkers(
  work: readonly RepositoryJob[],
  count: number,
  module: string,
  onSample: (o: SampleOutcome) => void,
  onNote?: (message: string) => void,
): Promise<{ snapshots: number; peakRssKb: number }> {
  const pool = Array.from({ length: count }, () => new WorkerProcess(module, onSample, onNote));
  const queue = [...work].sort((a, b) => b.snapshots.length - a.snapshots.length);
  const running = new Set<Chain>();
  const nextChain = (): Chain | undefined => {
    const job = queue.shift();
    if (job) return { job, left: [...job.snapshots] };
    // the running chain with the most snapshots left gives its back half
    let longest: Chain | undefined;
    for (const c of running) if (!longest || c.left.length > longest.left.length) longest = c;
    if (!longest || longest.left.length < SPLIT_MIN_SNAPSHOTS) return undefined;
    return { job: longest.job, left: longest.left.splice(longest.left.length - Math.floor(longest.left.length / 2)) };
  };
  let snapshots = 0;
  try {
    await Promise.all(
      pool.map(async (worker) => {
        for (let chain = nextChain(); chain; chain = nextChain()) {
          running.add(chain);
          const indexed = await worker.run(chain); // not `snapshots += await …`: that reads the total before waiting
          running.delete(chain);
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

/** One worker process running `run-worker.js`, one chain at a time. */
class WorkerProcess {
  private readonly child: ChildProcess;
  private stderr = '';
  private pending: { chain: Chain; resolve: (snapshots: number) => void; reject: (err: Error) => void } | null = null;
  private rssKb = 0;
  private exited = false;

  constructor(module: string, onSample: (o: SampleOutcome) => void, onNote?: (message: string) => void) {
    this.child = fork(module, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      execArgv: [],
    });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      if (this.stderr.length < 65536) this.stderr += chunk;
    });
    this.child.on('message', (message: WorkerMessage) => {
      if (message.type === 'next') this.send({ type: 'snapshot', snapshot: this.pending?.chain.left.shift() ?? null });
      else if (message.type === 'sample') onSample(message.outcome);
      else if (message.type === 'note') onNote?.(message.message);
      else if (message.type === 'done') this.settle((p) => p.resolve(message.snapshots));
      else if (message.type === 'error')
        this.settle((p) =>
          p.reject(new RepoMapError('internal', `repomap/eval: the eval worker failed: ${message.message}`, 'worker')),
        );
      else if (message.type === 'closed') this.rssKb = message.maxRssKb;
    });
    // a fork that failed, or a signal that could not be sent: no 'exit' may follow
    this.child.on('error', (error) => {
      this.exited ||= this.child.pid === undefined;
      this.settle((p) =>
        p.reject(new RepoMapError('internal', `repomap/eval: the eval worker failed: ${error.message}`, 'worker')),
      );
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      const err = this.exitError(signal ?? `code ${code}`);
      this.settle((p) => p.reject(err));
    });
  }

  /** The error of a worker that exited (`how`: its signal or exit code), with what it wrote to stderr. */
  private exitError(how?: string): RepoMapError {
    return new RepoMapError(
      'internal',
      `repomap/eval: the eval worker exited${how ? ` (${how})` : ''}${this.stderr ? `: ${this.stderr.trim()}` : ''}`,
      'worker',
    );
  }

  /**
   * Sends a request unless the worker is gone. A worker whose channel closes between asking
   * and the answer (it died, or disconnected) makes the write fail: that failure is left to
   * the worker's exit, which settles its chain with what it wrote to stderr, instead of
   * surfacing as an uncaught EPIPE.
   */
  private send(request: WorkerRequest): void {
    if (!this.exited && this.child.connected) this.child.send(request, () => undefined);
  }

  private settle(action: (p: NonNullable<WorkerProcess['pending']>) => void): void {
    const p = this.pending;
    this.pending = null;
    if (p) action(p);
  }

  /** Evaluates one chain, handing its snapshots out as the worker asks; resolves to the number of snapshots indexed. */
  run(chain: Chain): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(this.exitError());
      this.pending = { chain, resolve, reject };
      // the snapshots go one by one (`next`), not with the job
      this.send({ type: 'job', job: { ...chain.job, snapshots: [] } });
    });
  }

  /** Asks the worker to finish; resolves to its peak RSS in KiB once it has exited. */
  close(): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.exited) return resolve(this.rssKb);
      this.child.once('exit', (code, signal) => {
        if (code === 0) resolve(this.rssKb);
        else reject(this.exitError(signal ?? `code ${code}`));
      });
      this.send({ type: 'close' });
    });
  }

  kill(): void {
    if (!this.exited) this.child.kill();
  }
}
