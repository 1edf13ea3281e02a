/**
 * A path's stamp as a folder fingerprint keeps it (mtime, size, inode and mode), and the
 * check of many stamps at once: on this thread, or on the stamp worker (./stamp-worker.ts).
 */
import { existsSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../package-root.js';
import { inRoot } from './paths.js';

/** A path's stats, or null when it cannot be stated (gone, or a folder above it unreadable). */
export function statOf(path: string): BigIntStats | null {
  try {
    return statSync(path, { bigint: true });
  } catch {
    return null;
  }
}

/** What a fingerprint compares of a path's stats. */
export function stampOf(s: BigIntStats | null): string {
  // the mode too: a folder that becomes readable again changes nothing else
  return s === null ? 'missing' : `${s.mtimeNs}:${s.size}:${s.ino}:${s.mode}`;
}

/** What the stamp check reads: paths under `root` and the stamps they had. */
export interface StampCheck {
  root: string;
  paths: readonly string[];
  stamps: readonly string[];
  /** Stop after this many changed paths. */
  limit: number;
}

/** The positions of the paths whose stamp differs now, ascending, up to `limit` of them. */
export function changedPositions({ root, paths, stamps, limit }: StampCheck): number[] {
  const at = inRoot(root);
  const changed: number[] = [];
  for (let i = 0; i < paths.length && changed.length < limit; i++) {
    if (stampOf(statOf(at(paths[i]!))) !== stamps[i]) changed.push(i);
  }
  return changed;
}

/**
 * Below this many paths the check runs on the calling thread: starting a worker (~20-50 ms)
 * costs more than it saves (stating 10k paths takes ~50 ms).
 */
export const STAMP_WORKER_MIN_PATHS = 20_000;

/**
 * `changedPositions` on the stamp worker, so that this thread is free until the answer is
 * awaited; on this thread (at once) when there are fewer than `minPaths` paths, or when the
 * worker cannot run (not compiled: `npm run build`; or it failed to start or died).
 */
export async function changedPositionsAside(check: StampCheck, minPaths = STAMP_WORKER_MIN_PATHS): Promise<number[]> {
  const module = stampWorkerModule();
  if (check.paths.length < minPaths || module === null) return changedPositions(check);
  let worker: Worker;
  try {
    worker = new Worker(module, { workerData: check });
  } catch {
    return changedPositions(check);
  }
  const answer = await new Promise<number[] | null>((resolve) => {
    worker.once('message', (positions: number[]) => resolve(positions));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  void worker.terminate();
  return answer ?? changedPositions(check);
}

/** The compiled stamp worker (beside this module when built; from `src/` under vitest, the one `npm run build` wrote to `dist/`); null when it does not exist. */
function stampWorkerModule(): string | null {
  const here = fileURLToPath(import.meta.url);
  const module = here.endsWith('.ts') ? join(packageRoot(), 'dist', 'src', 'corpus', 'stamp-worker.js') : join(here, '..', 'stamp-worker.js');
  return existsSync(module) ? module : null;
}
