/**
 * One parse worker thread as the pool sees it (./pool.ts), and the messages between the
 * two: the worker (./worker.ts) gets the compiled runtime at start-up and batches of one
 * language, each language's compiled grammar with its first batch, and answers each batch
 * with the files' outcomes.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { RepoMapError, type ErrorCode } from '../errors.js';
import { compiledModule } from '../package-root.js';
import type { TagsBudget } from './budget.js';
import type { BatchRequest, PackedOutcomes, PoolFile, WorkerReply, WorkerSetup } from './protocol.js';
import type { SharedWasm } from './wasm-modules.js';

/** The compiled worker module (`compiledModule`). */
export function workerModule(): string {
  const module = compiledModule(import.meta.url, 'src/tags/worker.js');
  if (!existsSync(module)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/tags: jobs > 1 runs the compiled worker ${module}, which does not exist (run \`npm run build\`)`,
      'jobs',
    );
  }
  return module;
}

/**
 * A parse worker's young generation, in MB. V8's default keeps two 16 MB semi-spaces
 * committed in each worker while ~10 MB of a batch's garbage is live at a time; at 8 MB
 * the tags stage of union-10k peaked at 403–431 MB of RSS instead of 442–467 MB, and the
 * mixed corpus' cold index at 238–255 MB instead of 280–293 MB, with the tags stage's
 * time within the runs' noise (2.50–3.14 s against 2.59–3.04 s, 3 runs each).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/** One worker thread running `worker.js`, one batch at a time. */
export class ParseWorker {
  private readonly worker: Worker;
  private pending: { resolve: (outcomes: PackedOutcomes) => void; reject: (error: Error) => void } | null = null;
  exited = false;

  /** `idle`: started ahead of its pool; it keeps no process alive until `busy()`. */
  constructor(module: string, setup: WorkerSetup, { idle = false } = {}) {
    this.worker = new Worker(module, {
      workerData: setup,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    this.worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'batch') this.settle((p) => p.resolve(reply.outcomes));
      else this.settle((p) => p.reject(workerError(reply.error)));
    });
    this.worker.on('error', (error) =>
      this.settle((p) =>
        p.reject(new RepoMapError('internal', `repomap/tags: parse worker failed: ${error.message}`, 'worker')),
      ),
    );
    this.worker.on('exit', (code) => {
      this.exited = true;
      this.settle((p) =>
        p.reject(
          new RepoMapError(
            'internal',
            `repomap/tags: parse worker exited (code ${code}) before finishing its batch`,
            'worker',
          ),
        ),
      );
    });
    // after the listeners: adding a 'message' listener refs the worker's port again
    if (idle) this.worker.unref();
  }

  private settle(action: (p: NonNullable<ParseWorker['pending']>) => void): void {
    const p = this.pending;
    this.pending = null;
    if (p) action(p);
  }

  /** Taken by a pool: it keeps the process alive while it works. */
  busy(): void {
    this.worker.ref();
  }

  run(files: PoolFile[], budget: TagsBudget, wasm?: SharedWasm[]): Promise<PackedOutcomes> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(new RepoMapError('internal', 'repomap/tags: parse worker exited', 'worker'));
      this.pending = { resolve, reject };
      this.worker.postMessage((wasm ? { files, budget, wasm } : { files, budget }) satisfies BatchRequest);
    });
  }

  async terminate(): Promise<void> {
    if (this.exited) return;
    this.exited = true;
    await this.worker.terminate();
  }
}

function workerError(error: { code?: ErrorCode; message: string; subject?: string }): RepoMapError {
  return error.code !== undefined
    ? new RepoMapError(error.code, error.message, error.subject)
    : new RepoMapError('internal', `repomap/tags: parse worker failed: ${error.message}`, 'worker');
}
