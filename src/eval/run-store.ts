/**
 * The tags store an eval's worker processes share when the run has no persistent one:
 * made in the system's temp folder for the run and removed when it ends. Without it each
 * worker keeps the tags it parses in its own memory, and the two workers that split one
 * repository's snapshots (./run-workers.ts) parse again the blobs their halves share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagsStore, tagsStorePath } from '../cache/index.js';
import { isReportable, messageWithoutModule, RepoMapError } from '../errors.js';

/** A run's store: the folder to hand the workers as `cacheDir`, and its removal. */
export interface RunStore {
  dir: string;
  remove(): void;
}

/**
 * Makes a run's store in a new folder under `root`, or says why not through `onNote` and
 * returns undefined (the workers then keep their tags in memory). Without the store's
 * driver (better-sqlite3, an optional dependency) it returns undefined with no note: that
 * is the documented way of running without it.
 */
export function openRunStore(root: string = tmpdir(), onNote?: (message: string) => void): RunStore | undefined {
  let dir: string;
  try {
    dir = mkdtempSync(join(root, 'repomap-eval-'));
  } catch (err) {
    onNote?.(
      `cannot make the run's shared tags store under ${root} (${(err as Error).message}); each worker keeps its tags in memory`,
    );
    return undefined;
  }
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    TagsStore.open(tagsStorePath(dir)).close();
  } catch (err) {
    remove();
    if (err instanceof RepoMapError && err.code === 'cache-unavailable') return undefined;
    if (!isReportable(err)) throw err;
    onNote?.(`${messageWithoutModule(err)}; each worker keeps its tags in memory`);
    return undefined;
  }
  return { dir, remove };
}
