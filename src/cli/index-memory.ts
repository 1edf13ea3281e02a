/**
 * The indexes a long-running CLI process (`repomap daemon`) keeps between the commands it
 * runs, by snapshot file (a cache folder, and in it the slot of a folder, its scope and
 * this build of repomap), each with the
 * folder's fingerprint when it was built. A command takes the index of its slot: as it is
 * when nothing changed since, else updated from it as from a kept snapshot
 * (./open-index.ts). Writing a built index's snapshot waits until the command has
 * answered (`defer`, `settle`).
 */
import type { Index } from '../index.js';
import type { FolderFingerprint } from '../unstable.js';

/** An index kept in memory, and the fingerprint its folder had when it was built. */
export interface RememberedIndex {
  index: Index;
  fingerprint: FolderFingerprint;
}

/** How many folders' indexes a daemon keeps by default; the least recently used goes first. */
export const DEFAULT_KEPT_INDEXES = 2;

export class IndexMemory {
  private readonly held = new Map<string, RememberedIndex>();
  private readonly pending: (() => void | Promise<void>)[] = [];

  constructor(readonly capacity = DEFAULT_KEPT_INDEXES) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`IndexMemory: capacity must be a whole number of at least 1, not ${capacity}`);
  }

  /**
   * Takes the slot's index out of memory: a command gives it back (`keep`) once it is
   * current again, so one that fails leaves nothing half-updated behind (an update takes
   * over the earlier index's graph).
   */
  take(key: string): RememberedIndex | undefined {
    const entry = this.held.get(key);
    this.held.delete(key);
    return entry;
  }

  /** Keeps the slot's index as the most recently used, dropping the least recently used past the capacity. */
  keep(key: string, entry: RememberedIndex): void {
    this.held.delete(key);
    this.held.set(key, entry);
    for (const oldest of this.held.keys()) {
      if (this.held.size <= this.capacity) break;
      this.held.delete(oldest);
    }
  }

  /** Puts `entry` in the place of the slot's index when that is still `index` (the same place in the order). */
  replace(key: string, index: Index, entry: RememberedIndex): void {
    if (this.held.get(key)?.index === index) this.held.set(key, entry);
  }

  /** The kept indexes, least recently used first: their folders and file counts. */
  list(): { root: string; files: number }[] {
    return [...this.held.values()].map(({ index }) => ({ root: index.corpus.root, files: index.corpus.files.length }));
  }

  /** Work to do once the command has answered (a snapshot write); `settle` runs it. */
  defer(work: () => void | Promise<void>): void {
    this.pending.push(work);
  }

  /** Runs the deferred work in order; a failure of one is reported to `onError` and the rest still run. */
  async settle(onError: (error: unknown) => void): Promise<void> {
    while (this.pending.length > 0) {
      const work = this.pending.shift()!;
      try {
        await work();
      } catch (error) {
        onError(error);
      }
    }
  }
}
