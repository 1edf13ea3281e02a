/**
 * Entry point of an evaluation worker process (forked by `runEval` with
 * `jobs > 1`, ./run-workers.ts): evaluates the repositories it is sent, one at
 * a time, asking the run for their snapshots one by one, and reports each
 * sample as it completes. Not meant to be run by hand.
 */
import type { SnapshotJob } from './run-repo.js';
import { evaluateRepository } from './run-repo.js';
import type { WorkerMessage, WorkerRequest } from './run-workers.js';

function send(message: WorkerMessage, then?: () => void): void {
  process.send!(message, undefined, undefined, then ? () => then() : undefined);
}

if (typeof process.send !== 'function') {
  process.stderr.write('repomap eval worker: must be started by runEval (no IPC channel)\n');
  process.exit(2);
}

/** The answer awaited to the last `next`: the run's next snapshot of the job, or none. */
let awaited: ((snapshot: SnapshotJob | undefined) => void) | undefined;
const pull = (): Promise<SnapshotJob | undefined> =>
  new Promise((resolve) => {
    awaited = resolve;
    send({ type: 'next' });
  });

let queue: Promise<void> = Promise.resolve();
process.on('message', (request: WorkerRequest) => {
  if (request.type === 'snapshot') {
    // answers the job running in the queue, so not queued behind it
    const resolve = awaited;
    awaited = undefined;
    resolve?.(request.snapshot ?? undefined);
    return;
  }
  queue = queue.then(async () => {
    if (request.type === 'close') {
      send({ type: 'closed', maxRssKb: process.resourceUsage().maxRSS }, () => process.disconnect());
      return;
    }
    try {
      const result = await evaluateRepository(
        request.job,
        (outcome) => send({ type: 'sample', outcome }),
        (message) => send({ type: 'note', message }),
        pull,
      );
      send({ type: 'done', repo: result.repo, snapshots: result.snapshots });
    } catch (err) {
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () =>
        process.exit(1),
      );
    }
  });
});
