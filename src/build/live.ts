import { resolve } from 'node:path';
import { TagsStore } from '../cache/index.js';
import { FolderFingerprint, loadCorpus, pathKind, resolveCommit, type CorpusOptions, type CorpusSource } from '../corpus/index.js';
import { RepoMapError } from '../errors.js';
import type { TagsCacheEntry } from '../cache/types.js';
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
 * One repository kept indexed for a long-running server. The index is built once and
 * rebuilt before a call only when the repository changed: a folder's fingerprint
 * (stat of its folders and corpus files) differs, or a git source's ref now names
 * another commit. Rebuilds share one tags cache, so only changed files are parsed again.
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

  constructor(repo: string, commit?: string, tagsCache: NonNullable<IndexOptions['tagsCache']> = new Map<string, TagsCacheEntry>(), scope: WorkspaceScope = {}) {
    this.root = resolve(repo);
    this.tagsCache = tagsCache;
    this.scope = { ...scope };
    const kind = pathKind(this.root);
    if (kind === 'missing') throw new RepoMapError('missing-folder', `repomap/build: repository folder ${this.root} does not exist`, this.root);
    if (kind !== 'folder') throw new RepoMapError('missing-folder', `repomap/build: repository folder ${this.root} is a file, not a folder`, this.root);
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

  private report(phase: 'reading' | 'parsing', done: number, total: number): void {
    const now = phase === 'reading' ? { reading: { done, total }, parsing: null } : { reading: this.progress?.reading ?? { done: 0, total: 0 }, parsing: { done, total } };
    this.progress = now;
    for (const listener of this.listeners) listener(now);
  }

  private async fresh(): Promise<Index> {
    if (this.current && !(await this.changed())) return this.current.index;
    const started = Date.now();
    const commit = 'gitDir' in this.source ? await resolveCommit(this.source.gitDir, this.source.commit) : null;
    const earlier = this.current;
    const previous = earlier?.index.corpus;
    let corpus;
    let index;
    try {
      corpus = await loadCorpus(commit ? { gitDir: this.root, commit } : this.source, {
        ...this.scope,
        onProgress: (done, total) => this.report('reading', done, total),
        ...(previous && previous.source === 'folder' ? { previous } : {}),
      });
      // The earlier index may hand its graph to the new one even if a later step fails:
      // until the new one is in place, a failure starts the next call from scratch.
      this.current = null;
      // A touched file with the same contents rebuilds nothing: `previous` is returned as it is.
      index = await buildIndex(corpus, {
        tagsCache: this.tagsCache,
        releaseTexts: true,
        onProgress: (_stage, done, total) => this.report('parsing', done, total),
        ...(earlier ? { previous: earlier.index } : {}),
      });
    } finally {
      this.progress = null;
    }
    const fingerprint = this.folder ? await FolderFingerprint.take(this.root, corpus.files.map((f) => f.path), started) : null;
    const same = index === earlier?.index;
    this.current = { index, fingerprint, commit };
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

  private async changed(): Promise<boolean> {
    const { fingerprint, commit } = this.current!;
    if (fingerprint) return fingerprint.changed();
    if ('gitDir' in this.source) return (await resolveCommit(this.source.gitDir, this.source.commit)) !== commit;
    return false;
  }
}
