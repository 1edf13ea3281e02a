/**
 * `openIndex`: the index of a source, opened through a cache folder. A folder's kept
 * snapshot (./kept-index.ts) when nothing changed since it was built; else a build
 * (./open-build.ts, loaded only then: the parsers, the graph builder and the tags store
 * are most of the modules), which updates the kept index when few files changed, and
 * keeps what it built. The command line, the daemon, the MCP server and the eval open
 * indexes through it (the eval a git source at commit after commit, each build updating
 * the one before, through its own tags cache).
 */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { tagsStorePath } from '../cache/location.js';
import type { CorpusSource } from '../corpus/index.js';
import type { ParsedAhead } from '../tags/index.js';
import { RepoMapError } from '../errors.js';
import { changesSince, loadSnapshot, snapshotFileOf, snapshotSlot, type KeptIndex } from './kept-index.js';
import type { IndexHolder, OpenedIndex, OpenIndexOptions } from './open-options.js';

export type { OpenProgress, HeldIndex, IndexHolder, OpenedIndex, OpenIndexOptions } from './open-options.js';

/**
 * Opens the index of `source`: with `options.cache`, a folder's kept snapshot when the
 * folder has not changed since it was built, else a build through the cache folder's tags
 * store that updates the kept index when few paths changed (their tags, BM25 terms and
 * graph edges) and keeps its snapshot; without, a build. A snapshot that cannot be read
 * is rebuilt with a note (`onNote`), never misread. A build updates `options.previous` (an
 * index of the source at another commit) where no kept index stands in for it.
 * The index ranks any query as it
 * comes: the grammars of a query's code blocks are loaded before it returns, unless
 * `deferCodeGrammars` leaves that to `index.prepare(query)`.
 */
export async function openIndex(source: CorpusSource, options: OpenIndexOptions = {}): Promise<OpenedIndex> {
  const opened = await openDeferred(source, options);
  if (options.deferCodeGrammars !== true) await opened.index.prepareAll();
  return opened;
}

/** `openIndex`, its index's code grammars left to `index.prepare` (the kept snapshot's, and the build's: ./open-build.ts). */
async function openDeferred(source: CorpusSource, options: OpenIndexOptions): Promise<OpenedIndex> {
  const clock = options.now ?? ((): number => performance.now());
  const started = clock();
  const { cache } = options;
  const folder = 'folder' in source ? source.folder : null;
  if (cache !== undefined && options.tagsCache !== undefined)
    throw new RepoMapError(
      'bad-option',
      'repomap/persist: openIndex builds through a cache folder (cache) or a tags cache (tagsCache), not both',
      'tagsCache',
    );
  const scope = {
    include: [...(options.include ?? [])],
    exclude: [...(options.exclude ?? [])],
    ...(options.settings !== undefined ? { settings: options.settings } : {}),
  };
  // (a git source keeps no snapshot)
  const slot = cache !== undefined && folder !== null ? snapshotSlot(cache, resolve(folder), scope) : null;
  const note = options.onNote ?? (() => undefined);
  // an index held in memory, else the kept snapshot
  const held = slot ? await heldIndex(options.memory, snapshotFileOf(slot)) : null;
  // an update's changed files start parsing as soon as the snapshot's check finds them
  let parsedAhead: ParsedAhead | undefined;
  const onChanges = async (changed: readonly string[]): Promise<void> => {
    try {
      const { parseChangedAhead } = await import('./open-build.js');
      parsedAhead = await parseChangedAhead(source, options, changed);
    } catch {
      // only a head start: the build meets whatever failed here the usual way
    }
  };
  const kept = held ?? (slot ? await loadSnapshot(slot, note, onChanges) : null);
  const fromMemory = held ? { inMemory: true } : {};
  if (kept?.current && slot && cache !== undefined) {
    const store = tagsStorePath(cache);
    const { index } = kept;
    options.memory?.keep(snapshotFileOf(slot), { index, fingerprint: kept.fingerprint });
    // this call's own time to have the index (the snapshot's read and check, or a look at the held index's folder), not its build's
    const timingsMs = { corpus: Math.round(clock() - started), tags: 0, graph: 0 };
    return {
      index,
      source,
      timingsMs,
      snapshot: { file: snapshotFileOf(slot), updated: false, ...fromMemory },
      ...(existsSync(store) ? { cacheFile: store } : {}),
    };
  }
  const { openBuilt } = await import('./open-build.js');
  const earlier =
    kept && slot
      ? {
          index: kept.index,
          file: snapshotFileOf(slot),
          changed: kept.changed,
          fingerprint: kept.fingerprint,
          ...fromMemory,
          ...(parsedAhead ? { parsedAhead } : {}),
        }
      : undefined;
  return openBuilt({ source, options, slot, ...(earlier ? { earlier } : {}) });
}

/** The slot's index (by its snapshot file) held in memory: current, or to update (as a kept snapshot's); null when none, or when too much changed. */
async function heldIndex(memory: IndexHolder | undefined, file: string): Promise<KeptIndex | null> {
  const entry = memory?.take(file);
  if (!entry) return null;
  const changed = await changesSince(entry.fingerprint);
  return changed && { index: entry.index, current: changed.length === 0, fingerprint: entry.fingerprint, changed };
}
