import { resolve } from 'node:path';
import { TagsStore } from '../cache/index.js';
import {
  FolderFingerprint,
  loadCorpus,
  pathKind,
  resolveCommit,
  watchedFiles,
  type CorpusOptions,
  type CorpusSource,
} from '../corpus/index.js';
import { RepoMapError } from '../errors.js';
import type { TagsCacheEntry } from '../cache/types.js';
import type { Corpus } from '../types.js';
import { buildIndex } from './build-index.js';
import type { Index } from './index.js';
import type { IndexOptions } from './options.js';

/** What the last (re)build did, for tool results and logs. */
export interface BuildInfo {
  /** Builds so far (1 after the first). */
  builds: number;
  files: number;
  /** Files parsed by this build (the rest came from the tags cache). */
  parsed: number;
  reused: number;
  ms: number;
  /** When it finished (ISO 8601), or null before the first. */
  at: string | null;
}

/** How far a build is: the files read, then (once reading is done) the files parsed. */
export interface BuildProgress {
  reading: { done: number; total: number };
  parsing: { done: number; total: number } | null;
}

/** The scope options a workspace loads its corpus with. */
export type WorkspaceScope = Pick<CorpusOptions, 'include' | 'exclude'>;

/**
 * Where a folder workspace finds an index an earlier process kept, and keeps its own
 * first build (the CLI's index snapshots, persist/kept-index.ts).
 */
export interface IndexKeeper {
  /**
   * The kept index: with the fingerprint it was kept with (`current`) when the folder has
   * not changed since, else (`current` null) an index to build from; null when none.
   */
  load(): Promise<{ index: Index; current: FolderFingerprint | null } | null>;
  /** Keeps a built index whose corpus load began at `readStartedMs` (Date.now()); never throws. */
  save(index: Index, readStartedMs: number): Promise<void>;
}

/**
 * One repository kept indexed for a long-running server. The index is built once and
 * rebuilt before a call only when the repository changed: a folder's fingerprint
 * (stat of its folders and corpus files) differs, or a git source's ref now names
 * another commit. Rebuilds share one tags cache, so only changed files are parsed again.
 * With a keeper, a folder's first index is the one an earlier process kept (as it is
 * when nothing changed since, else updated from it), and the first build is kept.
 */
export class Workspace {
  /** Repo root on disk (the folder, or the git directory). */
  readonly root: string;
  readonly source: CorpusSource;
  /** Per-content tags shared by every rebuild (and, with a TagsStore, by every process and run). */
  private readonly tagsCache: NonNullable<IndexOptions['tagsCache']>;
  private current: { index: Index; fingerprint: FolderFingerprint | null; commit: string | null } | null = null;
  private pending: Promise<unknown> | null = null;
  private last: BuildInfo = { builds: 0, files: 0, parsed: 0, reused: 0, ms: 0, at: null };
  private readonly scope: WorkspaceScope;
  /** Calls waiting on or running a build that asked to hear how far it is. */
  private readonly listeners = new Set<(progress: BuildProgress) => void>();
  private progress: BuildProgress | null = null;

  /** The kept index to start from (a folder's only), until the first build. */
  private keeper: IndexKeeper | undefined;

  constructor(
    repo: string,
    commit?: string,
    tagsCache: NonNullable<IndexOptions['tagsCache']> = new Map<string, TagsCacheEntry>(),
    scope: WorkspaceScope = {},
    keeper?: IndexKeeper,
  ) {
    this.root = resolve(repo);
    this.tagsCache = tagsCache;
    this.scope = { ...scope };
    this.keeper = commit ? undefined : keeper;
    const kind = pathKind(this.root);
    if (kind === 'missing')
      throw new RepoMapError(
        'missing-folder',
        `repomap/build: repository folder ${this.root} does not exist`,
        this.root,
      );
    if (kind !== 'folder')
      throw new RepoMapError(
        'missing-folder',
        `repomap/build: repository folder ${this.root} is a file, not a folder`,
        this.root,
      );
    this.source = commit ? { gitDir: this.root, commit } : { folder: this.root };
  }

  /** The persistent tags cache file the builds share, or null when they share one in memory only. */
  get cacheFile(): string | null {
    return this.tagsCache instanceof TagsStore ? this.tagsCache.file : null;
  }

  /** The folder on disk whose paths tools may name, or null for a git source (read from objects, no work tree). */
  get folder(): string | null {
    return 'folder' in this.source ? this.root : null;
  }

  get lastBuild(): BuildInfo {
    return { ...this.last };
  }

  /** The index of the repository as it is now: built on first use, rebuilt when it changed. Calls never overlap a build. */
  index(): Promise<Index> {
    return this.use((index) => index);
  }

  /**
   * Runs `work` on the index of the repository as it is now, in turn with every other
   * call: a rebuild (which updates the earlier index's graph in place) never starts
   * while a tool is still using that index, even across the tool's own awaits.
   * `onProgress` hears how far any build is while the call waits on it or runs it.
   */
  use<T>(work: (index: Index) => T | Promise<T>, onProgress?: (progress: BuildProgress) => void): Promise<T> {
    const previous = this.pending ?? Promise.resolve();
    if (onProgress) {
      this.listeners.add(onProgress);
      if (this.progress) onProgress(this.progress);
    }
    // A failed build or tool fails its own call only; the next call tries again.
    const run = previous.then(
      async () => work(await this.fresh()),
      async () => work(await this.fresh()),
    );
    this.pending = run;
    return onProgress ? run.finally(() => this.listeners.delete(onProgress)) : run;
  }

  /**
   * Resolves once no build or call is running or queued (their failures are their calls'
   * own): a server that stops takes its tags store away only after the build's writes.
   */
  async settled(): Promise<void> {
    for (let last = this.pending; last !== null; last = this.pending) {
      await last.catch(() => undefined);
      if (this.pending === last) return;
    }
  }

  private report(phase: 'reading' | 'parsing', done: number, total: number): void {
    const now =
      phase === 'reading'
        ? { reading: { done, total }, parsing: null }
        : { reading: this.progress?.reading ?? { done: 0, total: 0 }, parsing: { done, total } };
    this.progress = now;
    for (const listener of this.listeners) listener(now);
  }

  private async fresh(): Promise<Index> {
    if (this.current && !(await this.changed())) return this.current.index;
    const started = Date.now();
    const keeper = this.keeper;
    this.keeper = undefined;
    const kept = (await keeper?.load()) ?? null;
    if (kept?.current) {
      // the folder is as an earlier process kept its index: no build at all
      this.current = { index: kept.index, fingerprint: kept.current, commit: null };
      this.last = {
        builds: 1,
        files: kept.index.corpus.files.length,
        parsed: 0,
        reused: kept.index.stats.parsed,
        ms: Date.now() - started,
        at: new Date().toISOString(),
      };
      return kept.index;
    }
    const commit = 'gitDir' in this.source ? await resolveCommit(this.source.gitDir, this.source.commit) : null;
    let built;
    try {
      built = await this.build(this.current?.index ?? kept?.index, commit);
    } catch (error) {
      // a kept index that cannot be brought up to date (a file its graph reads changed too): a build from the start
      if (!kept || this.current) throw error;
      built = await this.build(undefined, commit);
    }
    const { corpus, index, earlier } = built;
    const fingerprint = this.folder ? await FolderFingerprint.take(this.root, watchedFiles(corpus), started) : null;
    const same = index === earlier;
    this.current = { index, fingerprint, commit };
    // the first build is kept for the next process (before a later build can take its graph over)
    if (keeper) await keeper.save(index, started);
    const cache = index.stats.cache;
    this.last = {
      builds: this.last.builds + 1,
      files: corpus.files.length,
      parsed: same ? 0 : (cache?.misses ?? index.stats.parsed),
      reused: same ? index.stats.parsed : (cache?.hits ?? 0),
      ms: Date.now() - started,
      at: new Date().toISOString(),
    };
    return index;
  }

  /** Loads the corpus and builds its index from `earlier` (when given). */
  private async build(
    earlier: Index | undefined,
    commit: string | null,
  ): Promise<{ corpus: Corpus; index: Index; earlier: Index | undefined }> {
    const previous = earlier?.corpus;
    try {
      const corpus = await loadCorpus(commit ? { gitDir: this.root, commit } : this.source, {
        ...this.scope,
        onProgress: (done, total) => this.report('reading', done, total),
        ...(previous && previous.source === 'folder' ? { previous } : {}),
      });
      // The earlier index may hand its graph to the new one even if a later step fails:
      // until the new one is in place, a failure starts the next call from scratch.
      this.current = null;
      // A touched file with the same contents rebuilds nothing: `previous` is returned as it is.
      const index = await buildIndex(corpus, {
        tagsCache: this.tagsCache,
        releaseTexts: true,
        onProgress: (_stage, done, total) => this.report('parsing', done, total),
        ...(earlier ? { previous: earlier } : {}),
      });
      return { corpus, index, earlier };
    } finally {
      this.progress = null;
    }
  }

  private async changed(): Promise<boolean> {
    const { fingerprint, commit } = this.current!;
    if (fingerprint) return fingerprint.changed();
    if ('gitDir' in this.source) return (await resolveCommit(this.source.gitDir, this.source.commit)) !== commit;
    return false;
  }
}
