import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { extractCues, PathSuffixIndex, splitIdentifier } from './cues/index.js';
import { loadCorpus, readHistory, type CorpusOptions, type CorpusSource, type HistoryOptions } from './corpus/index.js';
import { buildFileGraph, GRAPH_DEFAULTS, type FileGraph, type GraphOptions } from './graph/index.js';
import { Bm25Index } from './rank/bm25.js';
import { buildCsr, type Csr } from './rank/csr.js';
import type { RankContext } from './rank/context.js';
import { RANK_DEFAULTS, type RankDefaults } from './rank/defaults.js';
import { rankFiles } from './rank/score.js';
import { RepoMapError } from './errors.js';
import { mergeDefaults } from './merge-defaults.js';
import { extractTags } from './tags/index.js';
import type { Corpus, Diagnostic, FileRecord, FileTags, IndexStats, Query, RepoMapResult, Task } from './types.js';

/** What the tags cache keeps per file content: the tags (path-free) and its diagnostics. */
export interface TagsCacheEntry {
  tags: Omit<FileTags, 'path'>;
  diagnostics: Omit<Diagnostic, 'file'>[];
}

/** Any part of a defaults object, at any depth. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export interface IndexOptions {
  graph?: GraphOptions;
  /** Overrides of RANK_DEFAULTS, merged key by key at every depth. */
  rank?: DeepPartial<RankDefaults>;
  /**
   * Per-file tags shared across indexes, keyed by language and content (git blob id,
   * or a hash of the text for folders): a new snapshot of a known repository only
   * parses the files that changed. Any Map works; the caller bounds its size.
   */
  tagsCache?: Map<string, TagsCacheEntry>;
  /**
   * Git history for co-change edges (git corpora, and folders that are git working
   * trees): bounds of the read, or false to read none. Only commits before the
   * corpus' commit (a working tree's HEAD) are read.
   */
  history?: boolean | HistoryOptions;
  /** Progress of the slow stages; the library never prints. */
  onProgress?: (stage: 'tags', done: number, total: number) => void;
}

export interface RankOptions {
  /** Task mode; inferred from the query's fields when absent. */
  task?: Task;
  /** How many files to return (default: all). */
  top?: number;
  /** Keep given files at their earned rank instead of last. */
  includeGiven?: boolean;
}

/** A built index: corpus, tags and file graph of one repository state, reusable across queries. */
export class Index {
  readonly corpus: Corpus;
  readonly tags: readonly FileTags[];
  readonly fileGraph: FileGraph;
  readonly stats: IndexStats;
  readonly diagnostics: Diagnostic[];
  private readonly options: RankDefaults;
  private readonly context: RankContext;

  constructor(corpus: Corpus, tags: readonly FileTags[], fileGraph: FileGraph, tagDiagnostics: Diagnostic[], stats: IndexStats, rank: RankDefaults) {
    this.corpus = corpus;
    this.tags = tags;
    this.fileGraph = fileGraph;
    this.stats = stats;
    this.diagnostics = [...corpus.diagnostics, ...tagDiagnostics];
    this.options = rank;
    this.context = makeContext(corpus.files, fileGraph, rank);
  }

  /** File text by repo-relative path (undefined for paths not in the corpus). */
  textOf(path: string): string | undefined {
    const i = this.context.indexOf(path);
    return i < 0 ? undefined : this.corpus.files[i]!.text;
  }

  /** Ranks every corpus file for a query. Deterministic: same index and query, same result. */
  rank(query: Query, options: RankOptions = {}): RepoMapResult {
    const started = performance.now();
    const cues = extractCues(query, options.task ? { task: options.task } : {});
    const outcome = rankFiles(cues, this.context, this.options, { includeGiven: options.includeGiven });
    const files = options.top !== undefined ? outcome.files.slice(0, options.top) : outcome.files;
    return {
      task: outcome.task,
      ...(this.corpus.commit !== undefined ? { commit: this.corpus.commit } : {}),
      files,
      confidence: outcome.confidence,
      diagnostics: this.diagnostics.map((d) => ({ ...d })),
      stats: { ...structuredClone(this.stats), rankMs: Math.round(performance.now() - started) },
    };
  }
}

/** Parses, tags and links a loaded corpus into a reusable index. */
export async function buildIndex(corpus: Corpus, options: IndexOptions = {}): Promise<Index> {
  const t0 = performance.now();
  const { tags, diagnostics } = await tagsWithCache(corpus.files, options);
  const t1 = performance.now();
  const coChange = options.graph?.coChangeWeight ?? GRAPH_DEFAULTS.coChangeWeight;
  const history = coChange > 0 && options.history !== false ? await historyOf(corpus, options.history === true ? {} : options.history) : [];
  const fileGraph = buildFileGraph(corpus.files, tags, options.graph, history);
  const t2 = performance.now();
  const stats: IndexStats = {
    files: corpus.files.length,
    parsed: tags.length,
    parseErrors: diagnostics.filter((d) => d.code === 'parse-error' || d.code === 'parse-failed').length,
    skipped: { ...corpus.skipped },
    definitions: tags.reduce((n, t) => n + t.definitions.length, 0),
    references: tags.reduce((n, t) => n + t.references.length, 0),
    imports: fileGraph.imports.imports,
    importsResolved: fileGraph.imports.resolved,
    edges: fileGraph.edgeCounts,
    timingsMs: { corpus: 0, tags: Math.round(t1 - t0), graph: Math.round(t2 - t1) },
  };
  return new Index(corpus, tags, fileGraph, diagnostics, stats, mergeDefaults(RANK_DEFAULTS, options.rank));
}

/** One-call form: load the corpus (or take a loaded one), build the index, rank for the query. */
export async function repoMap(
  query: Query,
  corpus: CorpusSource | Corpus,
  options: IndexOptions & RankOptions & { corpus?: CorpusOptions } = {},
): Promise<RepoMapResult> {
  const t0 = performance.now();
  const loaded = 'files' in corpus ? corpus : await loadCorpus(corpus, options.corpus);
  const corpusMs = Math.round(performance.now() - t0);
  const index = await buildIndex(loaded, options);
  const result = index.rank(query, options);
  result.stats.timingsMs.corpus = corpusMs;
  return result;
}

/**
 * Earlier commits' file lists for co-change: a git corpus' history before its
 * commit; a folder that is a git working tree (has a `.git`), the history before
 * its HEAD; any other folder, none.
 */
async function historyOf(corpus: Corpus, options: HistoryOptions | undefined): Promise<string[][]> {
  if (corpus.source === 'git' && corpus.commit) return readHistory(corpus.root, corpus.commit, options);
  if (corpus.source !== 'folder' || !existsSync(join(corpus.root, '.git'))) return [];
  try {
    return await readHistory(corpus.root, 'HEAD', options);
  } catch (error) {
    // A working tree without commits has no history.
    if (error instanceof RepoMapError && error.code === 'missing-commit') return [];
    throw error;
  }
}

async function tagsWithCache(files: readonly FileRecord[], options: IndexOptions): Promise<{ tags: FileTags[]; diagnostics: Diagnostic[] }> {
  const onProgress = options.onProgress ? (d: number, t: number) => options.onProgress!('tags', d, t) : undefined;
  const cache = options.tagsCache;
  if (!cache) return extractTags(files, { onProgress });
  const keyOf = (f: FileRecord): string => `${f.language}:${f.blobId ?? createHash('sha1').update(f.text).digest('hex')}`;
  const missing = files.filter((f) => f.language !== null && !cache.has(keyOf(f)));
  const fresh = await extractTags(missing, { onProgress });
  const byPath = new Map(fresh.tags.map((t) => [t.path, t]));
  for (const f of missing) {
    const t = byPath.get(f.path);
    const { path: _path, ...rest } = t ?? { path: f.path, language: f.language!, definitions: [], references: [], imports: [], errorNodes: 0 };
    const diags = fresh.diagnostics.filter((d) => d.file === f.path).map(({ file: _file, ...d }) => d);
    cache.set(keyOf(f), { tags: rest, diagnostics: diags });
  }
  const tags: FileTags[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const f of files) {
    if (f.language === null) continue;
    const entry = cache.get(keyOf(f))!;
    if (entry.diagnostics.every((d) => d.code !== 'parse-failed')) tags.push({ path: f.path, ...entry.tags });
    for (const d of entry.diagnostics) diagnostics.push({ ...d, file: f.path });
  }
  return { tags, diagnostics };
}

function makeContext(files: readonly FileRecord[], fileGraph: FileGraph, rank: RankDefaults): RankContext {
  const paths = files.map((f) => f.path);
  const ids = new Map<string, number>();
  paths.forEach((p, i) => ids.set(p, i));
  const pathWords = new Map<string, number[]>();
  paths.forEach((p, i) => {
    const words = new Set<string>();
    const parts = p.split('/');
    const last = parts.pop()!;
    for (const dir of parts) for (const w of splitIdentifier(dir)) words.add(w);
    for (const w of splitIdentifier(last.replace(/\.[^.]*$/, ''))) words.add(w);
    for (const w of words) {
      const list = pathWords.get(w);
      if (list) list.push(i);
      else pathWords.set(w, [i]);
    }
  });
  const csrs = new Map<Task, Csr>();
  let bm25: { index: Bm25Index; order: Int32Array } | undefined;
  return {
    paths,
    indexOf: (path) => ids.get(path) ?? -1,
    kinds: files.map((f) => f.kind),
    sizes: Int32Array.from(files.map((f) => f.size)),
    pathIndex: new PathSuffixIndex(paths),
    symbols: fileGraph.symbols,
    pathWords,
    graph: fileGraph.graph,
    textScores(text) {
      if (!bm25) {
        const index = new Bm25Index(files);
        bm25 = { index, order: Int32Array.from(index.paths, (p) => ids.get(p)!) };
      }
      const raw = bm25.index.scores(text);
      const out = new Float64Array(paths.length);
      for (let d = 0; d < raw.length; d++) out[bm25.order[d]!] = raw[d]!;
      return out;
    },
    csrFor(task) {
      let csr = csrs.get(task);
      if (!csr) csrs.set(task, (csr = buildCsr(fileGraph.graph, rank.flow[task], paths)));
      return csr;
    },
  };
}
