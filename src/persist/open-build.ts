/** The build half of `openIndex` (./open-index.ts): load the corpus, build its index through the tags store, keep its snapshot. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { TagsStore, tagsStorePath } from '../cache/index.js';
import { sqliteDriver } from '../cache/sqlite.js';
import { storeFolderProblem } from '../cache/store-file.js';
import {
  loadCorpus,
  readFilesAhead,
  rereadChangedFiles,
  type CorpusSource,
  type FolderFingerprint,
} from '../corpus/index.js';
import { buildIndex } from '../build/build-index.js';
import type { Index } from '../build/index.js';
import { parseAhead, POOL_DEFAULTS, prestartWhenListed, type ParsedAhead } from '../tags/index.js';
import { TAGS_DEFAULTS } from '../tags/extract.js';
import { describeError, messageWithoutModule, RepoMapError } from '../errors.js';
import { loadSnapshot, snapshotFileOf, snapshotFingerprint, writeSnapshot, type SnapshotSlot } from './kept-index.js';
import type { OpenProgress, IndexHolder, OpenedIndex, OpenIndexOptions } from './open-options.js';

export interface BuildRequest {
  source: CorpusSource;
  options: OpenIndexOptions;
  /** Where the built index is kept, for a folder with a cache. */
  slot: SnapshotSlot | null;
  /** The folder's kept index from before a few files changed, for the build to update, its file, and the paths its fingerprint found changed. */
  earlier?: {
    index: Index;
    file: string;
    changed: readonly string[];
    fingerprint: FolderFingerprint;
    inMemory?: boolean;
    parsedAhead?: ParsedAhead;
  };
}

/**
 * At most this many changed files, none as large as a parse worker is replaced after
 * (`POOL_DEFAULTS.recycleBytes`: WebAssembly memory grows to fit the largest file and
 * never shrinks), and a daemon (`memory`) parses an update in its own thread,
 * where the parsers stay loaded and their queries compiled: a parse worker would load
 * and compile them again (~0.2-0.3 s on the mixed corpus) for the few files.
 */
const DAEMON_UPDATE_IN_THREAD = 16;

function parsedInThread(options: OpenIndexOptions, source: CorpusSource, changed: readonly string[]): boolean {
  if (!options.memory || !('folder' in source) || changed.length > DAEMON_UPDATE_IN_THREAD) return false;
  const at = (path: string): string => join(source.folder, path);
  return changed.every(
    (path) => (statSync(at(path), { throwIfNoEntry: false })?.size ?? 0) < POOL_DEFAULTS.recycleBytes,
  );
}

/**
 * The parse of a folder's `changed` files started on a worker thread (`parseAhead`) as
 * soon as the check of its kept snapshot found them, while this thread decodes the
 * snapshot's index: `beforeBuild` hears of the update then. Undefined
 * where an update parses on this thread (a daemon's few files, `--jobs 1`) or the files
 * cannot be read; never throws: the build then parses them itself.
 */
export async function parseChangedAhead(
  source: CorpusSource,
  options: OpenIndexOptions,
  changed: readonly string[],
): Promise<ParsedAhead | undefined> {
  const { parseJobs } = options;
  if (!('folder' in source) || (parseJobs ?? TAGS_DEFAULTS.jobs) <= 1 || parsedInThread(options, source, changed))
    return undefined;
  try {
    const files = readFilesAhead(source.folder, changed, scopeOf(options));
    // a changed path that is not a file read here (a folder) may bring any number of files to parse
    await options.beforeBuild?.({
      update: true,
      parses: files.length === changed.length ? files.length : Number.POSITIVE_INFINITY,
    });
    return files.length > 0 ? parseAhead(files) : undefined;
  } catch {
    return undefined;
  }
}

/** Builds the index of the request's source (see `openIndex`). */
export async function openBuilt(request: BuildRequest): Promise<OpenedIndex> {
  const { options, earlier } = request;
  if (earlier) {
    try {
      const inThread = parsedInThread(options, request.source, earlier.changed);
      const snapshot = { file: earlier.file, updated: true, ...(earlier.inMemory ? { inMemory: true } : {}) };
      return {
        ...(await build(inThread ? { ...request, options: { ...options, parseJobs: 1 } } : request, earlier)),
        snapshot,
      };
    } catch (error) {
      // the kept index could not be brought up to date (say, a file the update reads again changed as well): a build from the start
      options.onNote?.(`the index snapshot could not be updated (${describeError(error)}); the index is built again`);
    }
  }
  return build(request, undefined);
}

/** The scope of `loadCorpus` the options give. */
function scopeOf(options: OpenIndexOptions): { include: string[]; exclude: string[] } {
  return { include: [...(options.include ?? [])], exclude: [...(options.exclude ?? [])] };
}

/** No progress. */
const SILENT: OpenProgress = { read: () => undefined, parse: () => undefined, stop: () => undefined };

async function build({ options, source, slot }: BuildRequest, earlier: BuildRequest['earlier']): Promise<OpenedIndex> {
  const { parseJobs, cache } = options;
  const previous = earlier?.index ?? options.previous;
  const scope = scopeOf(options);
  const readStartedMs = Date.now();
  // where only some files' contents changed, those are read again and the folder is not listed
  const reread =
    earlier && 'folder' in source
      ? rereadChangedFiles(source.folder, earlier.index.corpus, earlier.changed, scope)
      : null;
  // (an update that reads the folder again may parse any number of files)
  await options.beforeBuild?.({
    update: previous !== undefined,
    parses: reread ? earlier!.changed.length : Number.POSITIVE_INFINITY,
  });
  const progress = (await options.progress?.()) ?? SILENT;
  const started = performance.now();
  try {
    // and parsed on a worker meanwhile (not with --jobs 1: no worker threads), while this thread opens the store and makes the snapshot's record (its graph)
    const changed = new Set(earlier?.changed);
    const parsedAhead =
      earlier?.parsedAhead ??
      (reread && (parseJobs ?? TAGS_DEFAULTS.jobs) > 1
        ? parseAhead(reread.files.filter((f) => changed.has(f.path)))
        : undefined);
    // parse workers start while the files are read, once the listing is large enough for them (not for an update: few files are parsed)
    const corpus =
      reread ??
      (await loadCorpus(source, {
        ...scope,
        ...(previous ? {} : { onListed: prestartWhenListed(parseJobs ?? TAGS_DEFAULTS.jobs) }),
        onProgress: (done, total) => progress.read(done, total),
        ...(previous ? { previous: previous.corpus } : {}),
      }));
    const corpusMs = Math.round(performance.now() - started);
    options.onCorpus?.(corpus);
    const store =
      cache === undefined ? undefined : options.openStore ? await options.openStore() : defaultStore(cache, options);
    const tagsCache = store ?? options.tagsCache;
    try {
      const index = await buildIndex(corpus, {
        ...options.settings,
        releaseTexts: options.releaseTexts ?? true,
        // every command that reads a query prepares it (its code blocks' grammars load then)
        deferCodeGrammars: options.deferCodeGrammars === true,
        onProgress: (_stage, done, total) => progress.parse(done, total),
        ...(tagsCache ? { tagsCache } : {}),
        ...(parseJobs !== undefined ? { parseJobs } : {}),
        ...(previous ? { previous } : {}),
        ...(parsedAhead ? { parsedAhead } : {}),
      });
      // the snapshot is kept with the tags cache: none without a usable, writable store, nor of an empty index (nothing to rank: the command fails)
      if (slot && store && !store.readOnly && corpus.files.length > 0) {
        const fingerprint = await snapshotFingerprint(
          slot,
          index,
          readStartedMs,
          reread && earlier ? earlier : undefined,
        );
        const cap = { cacheMaxMb: options.cacheMaxMb, storeFile: store.file };
        const write = (): void => {
          const warning = fingerprint && writeSnapshot(slot, index, fingerprint, cap);
          if (warning) options.onWarning?.(warning);
        };
        // the snapshot is written once the caller has answered (`defer`)
        const later = options.defer ?? ((work: () => void) => work());
        if (options.memory) {
          // a daemon keeps the index; an update of a folder that changed as it was read is kept
          // with the fingerprint it was updated from, so the next command reads those files
          // again (as it would the snapshot)
          const { memory } = options;
          const kept = fingerprint ?? (reread && earlier ? earlier.fingerprint : null);
          if (kept) memory.keep(snapshotFileOf(slot), { index, fingerprint: kept });
          if (fingerprint) {
            later(async () => {
              write();
              // a build from the start is replaced by its snapshot read back; an update keeps its index
              if (!earlier) await keepLoaded(memory, slot, index);
            });
          }
        } else later(write);
      }
      const timingsMs = { corpus: corpusMs, tags: index.stats.timingsMs.tags, graph: index.stats.timingsMs.graph };
      return { index, source, timingsMs, ...(store ? { cacheFile: store.file } : {}) };
    } finally {
      store?.close();
    }
  } finally {
    progress.stop();
  }
}

/**
 * A daemon's index built from the start is replaced by the same index read back from the
 * snapshot just written, when that is current: a loaded index holds its postings in
 * blocks read when a query needs them and its words joined, and lets go of what the build
 * made on the way (at 100k files a daemon held 2.3 GB after the build, where a loaded index
 * takes ~0.6 GB). Its answers are the built index's (the snapshot tests hold loaded and
 * built output byte-identical).
 */
async function keepLoaded(memory: IndexHolder, slot: SnapshotSlot, built: Index): Promise<void> {
  const loaded = await loadSnapshot(slot, () => undefined);
  if (loaded?.current)
    memory.replace(snapshotFileOf(slot), built, { index: loaded.index, fingerprint: loaded.fingerprint });
}

/**
 * The tags store of the cache folder, capped at `cacheMaxMb`; undefined where it cannot be
 * opened (its driver, an optional dependency, missing; the folder not usable), with a note.
 */
function defaultStore(cache: string, options: OpenIndexOptions): TagsStore | undefined {
  const file = tagsStorePath(cache);
  const note = options.onNote ?? (() => undefined);
  try {
    sqliteDriver();
    const problem = storeFolderProblem(file);
    if (problem !== null) {
      note(`${problem}; running without a cache`);
      return undefined;
    }
    return TagsStore.open(file, {
      onMessage: note,
      ...(options.cacheMaxMb !== undefined ? { maxBytes: options.cacheMaxMb * 1024 ** 2 } : {}),
    });
  } catch (error) {
    if (!(error instanceof RepoMapError)) throw error;
    note(`${messageWithoutModule(error)}; running without the tags cache`);
    return undefined;
  }
}
