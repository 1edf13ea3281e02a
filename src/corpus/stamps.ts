/**
 * A path's stamp as a folder fingerprint keeps it (mtime, size, inode and mode), and the
 * check of many stamps at once: on this thread, or on the stamp worker (./stamp-worker.ts).
 */
import { existsSync, statSync, type BigIntStats } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { compiledModule } from '../package-root.js';
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
 * costs about what it saves (stating 10k paths takes ~50 ms).
 */
export const STAMP_WORKER_MIN_PATHS = 20_000;

/** How `changedPositionsAside` shares the check with the stamp worker. */
export interface AsideOptions {
  /** Below this many paths everything is checked on the calling thread (default `STAMP_WORKER_MIN_PATHS`). */
  minPaths?: number;
  /**
   * `all` (the default): the worker checks every path, and the calling thread is free until
   * the answer is awaited (to read a kept index meanwhile); `half`: this thread checks the
   * first half while the worker checks the second (a caller with nothing else to do).
   */
  share?: 'all' | 'half';
}

/**
 * `changedPositions` with the stamp worker's help (`AsideOptions`); on this thread alone
 * when there are fewer than `minPaths` paths, or when the worker cannot run (not compiled:
 * `npm run build`; or it failed to start or died). The same answer either way.
 */
export async function changedPositionsAside(
  check: StampCheck,
  { minPaths = STAMP_WORKER_MIN_PATHS, share = 'all' }: AsideOptions = {},
): Promise<number[]> {
  if (check.paths.length < minPaths) return changedPositions(check);
  const module = compiledModule(import.meta.url, 'src/corpus/stamp-worker.js');
  if (!existsSync(module)) return changedPositions(check);
  // the worker checks the paths from `from` on, this thread those before
  const from = share === 'half' ? Math.floor(check.paths.length / 2) : 0;
  const part = (start: number, end: number): StampCheck => ({
    ...check,
    paths: check.paths.slice(start, end),
    stamps: check.stamps.slice(start, end),
  });
  const theirs = from === 0 ? check : part(from, check.paths.length);
  const answer = onWorker(module, theirs);
  const mine = from > 0 ? changedPositions(part(0, from)) : [];
  const rest = (await answer) ?? changedPositions(theirs);
  return [...mine, ...rest.map((i) => i + from)].slice(0, check.limit);
}

/** The stamp worker's answer to `check`; null when it could not give one. */
async function onWorker(module: string, check: StampCheck): Promise<number[] | null> {
  let worker: Worker;
  try {
    worker = new Worker(module, { workerData: check });
  } catch {
    return null;
  }
  const answer = await new Promise<number[] | null>((resolve) => {
    worker.once('message', (positions: number[]) => resolve(positions));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  void worker.terminate();
  return answer;
}
