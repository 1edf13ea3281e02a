import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contentKey, earlierContents, tagsWithCache } from './build-tags.js';
import { extractCues, type CodeReading, type CueTunables } from './cues/index.js';
import { loadCorpus, readHistory, releaseTexts, resolveCommit, whySkipped, type CorpusOptions, type CorpusSource, type HistoryOptions } from './corpus/index.js';
import { buildFileGraph, GRAPH_DEFAULTS, readsText, updateFileGraph, type FileGraph, type GraphOptions } from './graph/index.js';
import type { RankContext } from './rank/context.js';
import { textTermsOf } from './cache/text-terms.js';
import type { TagsCache, TagsCacheEntry } from './cache/types.js';
import { buildLexical, lexicalAfter, makeContext, pathTablesOf, type LexicalIndex, type PathTables } from './rank/index-context.js';
import { RANK_DEFAULTS, type LexicalMatch, type RankDefaults } from './rank/defaults.js';
import { lexicalText } from './rank/seeds.js';
import { compareDescending } from './text/order.js';
import { rankFiles } from './rank/score.js';
import { attachSpans, SpanFinder, spanSource, type SpanSource } from './spans/spans.js';
import { attachFunctions, rankedFunctionIds } from './rank/functions.js';
import { packQuery, type Pack, type PackOptions } from './pack/index.js';
import { explainFile, type ExplainFileOptions, type FileExplanation } from './explain/explain-file.js';
import { RepoMapError } from './errors.js';
import { mergeDefaults } from './merge-defaults.js';
import { prestartWhenListed, releasePrestarted, snippetReader } from './tags/index.js';
import { TAGS_DEFAULTS } from './tags/extract.js';
import { LANGUAGES, type Corpus, type Diagnostic, type FileTags, type IndexStats, type LanguageId, type Query, type QueryCues, type RepoMapResult, type Task } from './types.js';

/** The tags cache's contract lives with the caches (src/cache/types.ts); re-exported where it always was. */
export type { TagsCache, TagsCacheEntry } from './cache/types.js';

/** Any part of a defaults object, at any depth. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export interface IndexOptions {
  graph?: GraphOptions;
  /** Overrides of CUE_DEFAULTS (how strong each cue read from a query is); checked at the first rank. */
  cues?: Partial<CueTunables>;
  /** Overrides of RANK_DEFAULTS, merged key by key at every depth. */
  rank?: DeepPartial<RankDefaults>;
  /**
   * Per-file tags shared across indexes, keyed by language and content (git blob id,
   * or a hash of the text for folders): a new snapshot of a known repository only
   * parses the files that changed. Any Map works; the caller bounds its size. A
   * `TagsStore` (src/cache) keeps them on disk across processes.
   */
  tagsCache?: Map<string, TagsCacheEntry> | TagsCache;
  /**
   * Git history for co-change edges (git corpora, and folders that are git working
   * trees): bounds of the read, or false to read none. Only commits before the
   * corpus' commit (a working tree's HEAD) are read.
   */
  history?: boolean | HistoryOptions;
  /** Progress of the slow stages; the library never prints. */
  onProgress?: (stage: 'tags', done: number, total: number) => void;
  /** Parse threads for the tags stage (1: parse in this thread); see `TagsOptions.jobs`. Default 2. */
  parseJobs?: number;
  /**
   * An index built earlier, of an earlier state of the same repository. When the
   * corpus has the same files with the same contents, the options are the same and so
   * is the commit the history is read before, that index is returned as it is: nothing
   * is parsed or rebuilt. Otherwise the files whose content is unchanged keep their
   * tags, and when only contents changed (the same paths, options and history) the
   * graph is updated rather than rebuilt: then the earlier index's graph becomes the
   * new one's, and the earlier index (and its `withRank` views) throws if used again
   * (`superseded-index`). Use only the index this call returns.
   */
  previous?: Index;
  /**
   * Folder corpora: once the tags stage has parsed and tokenized them, drop the files'
   * texts from memory (all but the manifests import resolution reads); `file.text` and
   * `textOf` read a file again when asked, and `textOf` is undefined for a file changed
   * since it was loaded (see `releaseTexts`, src/corpus). On a 10k-file corpus the texts
   * are ~67 MB of heap. The BM25 index, which reads every text, is then made during the
   * build rather than at the first rank. The CLI and `repomap mcp` set it.
   */
  releaseTexts?: boolean;
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
  private readonly cueTunables: Partial<CueTunables>;
  /** How the code blocks of a query are read: with the corpus' grammars, unlabelled ones in its main language. */
  private readonly code?: CodeReading;
  private readonly context: RankContext;
  private readonly lexical: LexicalIndex;
  /** @internal What the context derives from paths alone (shared with views and later indexes of the same paths). */
  readonly pathTables: PathTables;
  /** Built on first use: tags by path, and what spans read per file. */
  private tagsByPath?: Map<string, FileTags>;
  private spans?: SpanSource;
  /** What `buildIndex({ previous })` compares: contents, options and history head ('' for views). */
  readonly fingerprint: string;

  constructor(
    corpus: Corpus,
    tags: readonly FileTags[],
    fileGraph: FileGraph,
    tagDiagnostics: Diagnostic[],
    stats: IndexStats,
    rank: RankDefaults,
    lexical: LexicalIndex = {},
    fingerprint = '',
    tables?: PathTables,
    cues: Partial<CueTunables> = {},
    code?: CodeReading,
  ) {
    this.corpus = corpus;
    this.tags = tags;
    this.fileGraph = fileGraph;
    this.stats = stats;
    this.diagnostics = [...corpus.diagnostics, ...tagDiagnostics];
    this.options = rank;
    this.cueTunables = cues;
    if (code) this.code = code;
    this.lexical = lexical;
    this.fingerprint = fingerprint;
    this.pathTables = pathTablesOf(corpus.files, tables);
    this.context = makeContext(corpus.files, fileGraph, rank, lexical, this.pathTables, (p) => this.tagsOf(p));
  }

  /**
   * The same corpus, tags and graph under other rank options (overrides of this
   * index's own, merged key by key) and, when given, other cue tunables (overrides of
   * this index's own): a parameter sweep ranks many configurations without re-parsing
   * or rebuilding the graph (the BM25 index is shared too).
   */
  withRank(rank: DeepPartial<RankDefaults>, cues: Partial<CueTunables> = {}): Index {
    this.checkLive();
    const tagDiagnostics = this.diagnostics.slice(this.corpus.diagnostics.length);
    const tunables = { ...this.cueTunables, ...cues };
    return new Index(this.corpus, this.tags, this.fileGraph, tagDiagnostics, this.stats, mergeDefaults(this.options, rank), this.lexical, '', this.pathTables, tunables, this.code);
  }

  /** The cues of a query under this index's cue tunables. */
  private cuesOf(query: Query, task: Task | undefined): QueryCues {
    return extractCues(query, { ...(task ? { task } : {}), tunables: this.cueTunables, ...(this.code ? { code: this.code } : {}) });
  }

  /** @internal The BM25 index holder, for the next `buildIndex({ previous })` to update. */
  get lexicalIndex(): LexicalIndex {
    return this.lexical;
  }

  /**
   * File text by repo-relative path (undefined for paths not in the corpus, and for a
   * released text whose file changed or vanished since: `IndexOptions.releaseTexts`).
   */
  textOf(path: string): string | undefined {
    const i = this.context.indexOf(path);
    if (i < 0) return undefined;
    try {
      return this.corpus.files[i]!.text;
    } catch (error) {
      if (error instanceof RepoMapError && error.code === 'file-changed') return undefined;
      throw error;
    }
  }

  /** The grammar a corpus file was parsed with (null for files without one or outside the corpus). */
  languageOf(path: string): LanguageId | null {
    const i = this.context.indexOf(path);
    return i < 0 ? null : this.corpus.files[i]!.language;
  }

  /** The tags of a parsed file (undefined for files without tags or outside the corpus). */
  tagsOf(path: string): FileTags | undefined {
    this.tagsByPath ??= new Map(this.tags.map((t) => [t.path, t]));
    return this.tagsByPath.get(path);
  }

  /** Ranks every corpus file for a query. Deterministic: same index and query, same result. */
  rank(query: Query, options: RankOptions = {}): RepoMapResult {
    this.checkLive();
    const started = performance.now();
    const cues = this.cuesOf(query, options.task);
    const outcome = rankFiles(cues, this.context, this.options, { includeGiven: options.includeGiven, limit: options.top });
    const top = outcome.files;
    const given = new Set([...outcome.seeds.given].map((i) => this.context.paths[i]!));
    const finder = new SpanFinder(cues, query, [...given].sort(), (this.spans ??= spanSource(this.context, (p) => this.tagsOf(p), (p) => this.textOf(p))));
    const withFunctions = attachFunctions(attachSpans(top, finder), cues, this.options.functionFiles[outcome.task], {
      ctx: this.context,
      tagsOf: (p) => this.tagsOf(p),
      textOf: (p) => this.textOf(p),
    }, this.options.functions);
    const files = withFunctions.map((f) => (given.has(f.path) ? { ...f, given: true } : f));
    return {
      task: outcome.task,
      ...(this.corpus.commit !== undefined ? { commit: this.corpus.commit } : {}),
      files,
      confidence: outcome.confidence,
      ...(files.some((f) => f.functions && f.functions.length > 0) ? { functions: rankedFunctionIds(files, this.options.functions.fileExponent) } : {}),
      diagnostics: this.diagnostics.map((d) => ({ ...d })),
      stats: { ...structuredClone(this.stats), rankMs: Math.round(performance.now() - started) },
    };
  }

  /**
   * The lexical match alone (BM25, or BM25F over a file's fields) of a query, as the task
   * reads it (an issue's title repeated as `titleTextRepeat` says): every file with a
   * positive score, best first (ties in path order), at most `top`.
   */
  lexicalRank(query: Query, options: { task?: Task; match?: LexicalMatch; top?: number } = {}): { path: string; score: number }[] {
    this.checkLive();
    const cues = this.cuesOf(query, options.task);
    const scores = this.context.textScores(lexicalText(cues, this.options), options.match ?? this.options.lexical[cues.task]);
    const order: number[] = [];
    for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) order.push(i);
    order.sort((a, b) => compareDescending(scores[a]!, scores[b]!) || (this.context.paths[a]! < this.context.paths[b]! ? -1 : 1));
    return order.slice(0, options.top).map((i) => ({ path: this.context.paths[i]!, score: Number(scores[i]!.toPrecision(6)) }));
  }

  /**
   * Why one file (repo-relative path) is where it is in the ranking of a query: score
   * parts, matched cues, strongest edge paths from seeded files. A path outside the
   * corpus is a RepoMapError naming it, and saying which rule skipped it when one did.
   */
  explain(query: Query, path: string, options: ExplainFileOptions & { task?: Task } = {}): FileExplanation {
    this.checkLive();
    const skipped = this.context.indexOf(path) < 0 ? whySkipped(this.corpus, path) : undefined;
    if (skipped !== undefined) throw new RepoMapError('bad-option', `repomap/explain: ${path} is not a file of the corpus (${skipped})`, path);
    const cues = this.cuesOf(query, options.task);
    return explainFile(cues, path, this.context, this.options, options);
  }

  /**
   * A context pack for the query: the ranked files' spans (with the signature lines
   * above them, line numbers and `⋮` where lines are left out), small files whole,
   * chosen by value per token under a hard token budget that the rendered text
   * (headers and trailer included) never exceeds. Given files are left out.
   *
   * @param query a string or an ARB query object, as for `rank`
   * @param options `budget` (tokens, a whole number ≥ 1), `tokenizer` (`o200k_base`
   *   by default, `cl100k_base`, or the contract's `regex`), `format` (`markdown` by
   *   default, or `json`), `task` (inferred when absent)
   * @returns the pack: `text` in the chosen format, `tokens`, packed `files` with their
   *   spans, and the ranked files left out. A bad option is a RepoMapError naming it.
   */
  pack(query: Query, options: PackOptions): Promise<Pack> {
    this.checkLive();
    return packQuery(this, query, options);
  }

  /**
   * Throws when a later `buildIndex({ previous })` took this index's graph over (it
   * updates the graph in place rather than copy it): rank with the index it returned.
   */
  checkLive(): void {
    if (this.fileGraph.basis.superseded) {
      throw new RepoMapError('superseded-index', 'repomap: this index was given as `previous` to buildIndex, which took its graph over; use the index that call returned', 'previous');
    }
  }
}

/** Parses, tags and links a loaded corpus into a reusable index. */
export async function buildIndex(corpus: Corpus, options: IndexOptions = {}): Promise<Index> {
  const t0 = performance.now();
  const keys = corpus.files.map(contentKey);
  const coChange = options.graph?.coChangeWeight ?? GRAPH_DEFAULTS.coChangeWeight;
  const readsHistory = coChange > 0 && options.history !== false;
  const head = readsHistory ? await historyHead(corpus) : null;
  const fingerprint = fingerprintOf(corpus, keys, options, head);
  const previous = options.previous;
  previous?.checkLive();
  if (previous && previous.fingerprint === fingerprint) return previous;
  const earlier = previous ? earlierContents(previous, corpus.files, keys) : null;
  const lexical: LexicalIndex = previous && earlier ? lexicalAfter(previous.lexicalIndex, earlier.changed) : {};
  // A cold build's BM25 index is made on this thread while workers parse (if they do),
  // instead of at the first rank, from the terms a persistent cache keeps where it can.
  // The terms of texts tokenized while workers parse are not kept (the next build, which
  // parses nothing, keeps them): the cores are full then, and keeping them cost ~0.1-0.2 s.
  const terms = previous ? undefined : textTermsOf(options.tagsCache, corpus.files, keys);
  const meanwhile = previous ? undefined : () => buildLexical(corpus.files, lexical, terms && { get: (doc) => terms.get(doc) });
  const { tags, diagnostics, cache } = await tagsWithCache(corpus.files, keys, { ...options, meanwhile }, earlier).finally(
    // parse workers started ahead (repoMap, the CLI) that no pool took: every file came from a cache, or few needed parsing
    () => void releasePrestarted(),
  );
  const releasing = options.releaseTexts && corpus.source === 'folder';
  if ((releasing || terms) && !lexical.bm25 && !lexical.earlier) {
    // BM25 reads every text: a build that did not make it on the way makes it now (an
    // update of an earlier one reads only the changed files, again, at the first rank)
    await buildLexical(corpus.files, lexical, terms);
  }
  terms?.save();
  if (releasing) releaseTexts(corpus, (f) => readsText(f.path));
  const t1 = performance.now();
  const historyKey = JSON.stringify({ head, history: options.history ?? null });
  let history: string[][] | undefined;
  const historyNow = async (): Promise<string[][]> =>
    (history ??= head !== null && options.history !== false ? await readHistory(corpus.root, head, options.history === true ? {} : options.history) : []);
  let fileGraph: FileGraph | null = null;
  if (previous && earlier) {
    // Another history (a new commit, a moved HEAD) is read first: the update redoes co-change from it.
    const commits = previous.fileGraph.basis.historyKey === historyKey ? undefined : await historyNow();
    const before = { graph: previous.fileGraph, files: previous.corpus.files, tags: previous.tags };
    fileGraph = updateFileGraph(before, corpus.files, tags, earlier.changed, options.graph, { key: historyKey, commits });
  }
  fileGraph ??= buildFileGraph(corpus.files, tags, options.graph, await historyNow(), historyKey);
  const t2 = performance.now();
  const stats: IndexStats = {
    files: corpus.files.length,
    parsed: tags.length,
    parseErrors: diagnostics.filter((d) => d.code === 'parse-error' || d.code === 'parse-failed').length,
    tooComplex: diagnostics.filter((d) => d.code === 'too-complex').length,
    skipped: { ...corpus.skipped },
    definitions: tags.reduce((n, t) => n + t.definitions.length, 0),
    references: tags.reduce((n, t) => n + t.references.length, 0),
    imports: fileGraph.imports.imports,
    importsResolved: fileGraph.imports.resolved,
    edges: fileGraph.edgeCounts,
    timingsMs: { corpus: 0, tags: Math.round(t1 - t0), graph: Math.round(t2 - t1) },
    ...(cache ? { cache } : {}),
  };
  const code = await codeReading(tags);
  return new Index(corpus, tags, fileGraph, diagnostics, stats, mergeDefaults(RANK_DEFAULTS, options.rank), lexical, fingerprint, previous?.pathTables, options.cues, code);
}

/**
 * How an index reads a query's code blocks: a snippet reader for the languages of its
 * parsed files, and the language of most of them for blocks that do not name one.
 */
async function codeReading(tags: readonly FileTags[]): Promise<CodeReading> {
  const counts = new Map<LanguageId, number>();
  for (const t of tags) counts.set(t.language, (counts.get(t.language) ?? 0) + 1);
  let primary: LanguageId | undefined;
  for (const language of LANGUAGES) if (primary === undefined || (counts.get(language) ?? 0) > (counts.get(primary) ?? 0)) primary = language;
  const reader = await snippetReader(counts.keys());
  return primary !== undefined && counts.has(primary) ? { reader, primary } : { reader };
}

/** Hash of what an index is built from: every path with its content key, what was skipped, the options, the history head. */
function fingerprintOf(corpus: Corpus, keys: readonly string[], options: IndexOptions, head: string | null): string {
  const hash = createHash('sha1');
  const { graph, rank, cues, history } = options;
  const { root, source, skipped, diagnostics } = corpus;
  hash.update(JSON.stringify({ root, source, skipped, diagnostics, graph, rank, cues, history, head }));
  corpus.files.forEach((f, i) => hash.update(`\0${f.path}\0${keys[i]}`));
  return hash.digest('hex');
}

/** The commit the co-change history is read before: a git corpus' commit, a working tree's HEAD (none before its first commit), else null. */
async function historyHead(corpus: Corpus): Promise<string | null> {
  if (corpus.source === 'git') return corpus.commit ?? null;
  if (!existsSync(join(corpus.root, '.git'))) return null;
  try {
    return await resolveCommit(corpus.root, 'HEAD');
  } catch (error) {
    if (error instanceof RepoMapError && error.code === 'missing-commit') return null;
    throw error;
  }
}

/** One-call form: load the corpus (or take a loaded one), build the index, rank for the query. */
export async function repoMap(
  query: Query,
  corpus: CorpusSource | Corpus,
  options: IndexOptions & RankOptions & { corpus?: CorpusOptions } = {},
): Promise<RepoMapResult> {
  const t0 = performance.now();
  // Parse workers start while the files are read, once the listing is large enough for them.
  const jobs = options.parseJobs ?? TAGS_DEFAULTS.jobs;
  const loaded = 'files' in corpus ? corpus : await loadCorpus(corpus, { ...options.corpus, onListed: prestartWhenListed(jobs, options.corpus?.onListed) });
  const corpusMs = Math.round(performance.now() - t0);
  const index = await buildIndex(loaded, options);
  const result = index.rank(query, options);
  result.stats.timingsMs.corpus = corpusMs;
  return result;
}
