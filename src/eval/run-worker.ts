/**
 * Entry point of an evaluation worker process (forked by `runEval` with
 * `jobs > 1`): evaluates the repositories it is sent, one at a time, and
 * reports each sample as it completes. Not meant to be run by hand.
 */
import type { WorkerMessage, WorkerRequest } from './run.js';
import { evaluateRepository } from './run-repo.js';

function send(message: WorkerMessage, then?: () => void): void {
  process.send!(message, undefined, undefined, then ? () => then() : undefined);
}

if (typeof process.send !== 'function') {
  process.stderr.write('repomap eval worker: must be started by runEval (no IPC channel)\n');
  process.exit(2);
}

let queue: Promise<void> = Promise.resolve();
process.on('message', (request: WorkerRequest) => {
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
      );
      send({ type: 'done', repo: result.repo, snapshots: result.snapshots });
    } catch (err) {
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () => process.exit(1));
    }
  });
});
