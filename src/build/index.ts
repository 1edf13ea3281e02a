/** The read API of a built index: rank, lexical rank, explain and pack a query. */
import { boundQuery, extractCues, queryCutDiagnostic, type CodeReading } from '../cues/index.js';
import { whySkipped } from '../corpus/index.js';
import type { FileGraph } from '../graph/index.js';
import type { RankContext } from '../rank/context.js';
import type { Csr, EdgeFlow } from '../rank/csr.js';
import type { MessageIndex } from '../rank/messages.js';
import type { LexicalMatch } from '../rank/defaults.js';
import { lexicalText } from '../rank/seeds.js';
import { compareByteOrder, compareDescending } from '../text/order.js';
import { rankFiles, type RankOutcome } from '../rank/score.js';
import {
  FEATURE_NAMES,
  FEATURE_POOL,
  FEATURE_VERSION,
  learnedFunctions,
  poolVectors,
  predict,
  rerank,
  shippedFunctionModel,
  shippedModel,
  UNIT_FEATURE_NAMES,
  UNIT_FEATURE_VERSION,
  unitVectors,
} from '../learn/index.js';
import { attachSpans, SpanFinder, spanSource, type SpanSource } from '../spans/spans.js';
import { attachFunctions, FunctionFinder, rankedFunctionIds, type FunctionSource } from '../rank/functions.js';
import { checkPackOptions, packFiles, packSourceOf, type Pack, type PackOptions } from '../pack/index.js';
import { explainFile, notInCorpus, type ExplainFileOptions, type FileExplanation } from '../explain/explain-file.js';
import {
  editImpact,
  findReferences,
  findSymbols,
  outlineFile,
  type Edit,
  type FindReferencesOptions,
  type FindSymbolOptions,
  type Impact,
  type Outline,
  type OutlineOptions,
  type ReferenceSearch,
  type SymbolSearch,
} from '../navigate/index.js';
import { RepoMapError } from '../errors.js';
import {
  RANKERS,
  type Corpus,
  type Diagnostic,
  type FileTags,
  type IndexStats,
  type LanguageId,
  type Query,
  type QueryCues,
  type RankedFile,
  type RankFeatures,
  type RepoMapResult,
  type Task,
  type UnitFeatures,
} from '../types.js';
import { recordParts, type IndexParts } from './index-parts.js';
import { checkNotTaken, contentKey, type Previous } from './reuse.js';
import type { RankOptions } from './rank-options.js';
import { resolveStageSettings, type StageOptions, type StageSettings } from './settings.js';
import { checkUpdateOptions, type UpdateOptions } from './update-options.js';

/**
 * How an index makes the index of a later state of its repository (`update`): a build of
 * `corpus` from `from` under its settings, with the options it was built with that an
 * update keeps (`parseJobs`, `releaseTexts`, the history read) overridden by `options`.
 */
export type Successor = (corpus: Corpus, from: Index, options: UpdateOptions) => Promise<Index>;

/** How an index ranks: every stage's settings, and how it reads a query's code blocks. */
export interface IndexSettings extends StageSettings {
  code?: CodeReading;
}

/** A built index: corpus, tags and file graph of one repository state, reusable across queries. */
export class Index {
  readonly corpus: Corpus;
  readonly stats: IndexStats;
  readonly diagnostics: Diagnostic[];
  /** Every stage's settings, defaults merged (the graph's as the graph was built with). */
  readonly settings: StageSettings;
  /** How the code blocks of a query are read: with the corpus' grammars, unlabelled ones in its main language. */
  private readonly code?: CodeReading;
  private readonly parts: IndexParts;
  private readonly context: RankContext;
  /** Built on first use: what spans read per file. */
  private spans?: SpanSource;
  /**
   * What `buildIndex({ previous })` compares to return this index as it is ('' for views, which are never returned so).
   * @internal
   */
  readonly fingerprint: string;

  /** How `update` builds this index's successor. */
  private readonly successor: Successor;

  constructor(
    source: Previous | IndexParts,
    stats: IndexStats,
    settings: IndexSettings,
    fingerprint: string,
    successor: Successor,
  ) {
    const parts = 'record' in source && typeof source.record === 'function' ? source : recordParts(source as Previous);
    this.parts = parts;
    this.corpus = parts.corpus;
    this.stats = stats;
    this.diagnostics = [...parts.corpus.diagnostics, ...parts.tagDiagnostics];
    const { code, ...stages } = settings;
    this.settings = stages;
    if (code) this.code = code;
    this.fingerprint = fingerprint;
    this.successor = successor;
    this.context = parts.context(settings.rank);
  }

  /**
   * The CSR of a task's edge flow under this index's rank settings (built on first use and kept: an index snapshot holds them).
   * @internal
   */
  csrFor(task: Task): Csr {
    return this.context.csrFor(task);
  }

  /** The CSR of a flow if this index has it built or kept already (`RankContext.madeCsr`). @internal */
  madeCsr(flow: EdgeFlow): Csr | undefined {
    return this.context.madeCsr(flow);
  }

  /** Lets go of the earlier index this one was updated from (a later build starts from this one). @internal */
  forgetEarlier(): void {
    this.parts.forgetEarlier?.();
  }

  /**
   * The CSRs of several tasks' flows, one at a time, those not built yet not kept (`RankContext.csrsOneByOne`).
   * @internal
   */
  csrsOneByOne(tasks: readonly Task[]): (k: number) => Csr {
    return this.context.csrsOneByOne(tasks);
  }

  /**
   * The index of the corpus messages under this index's rank settings (built on first use and kept: an index snapshot holds it).
   * @internal
   */
  messageIndex(): MessageIndex {
    return this.context.messages();
  }

  /** Every parsed file's tags, in corpus order. @internal */
  get tags(): readonly FileTags[] {
    return this.parts.tags();
  }

  /** The file graph (an index loaded from a snapshot builds it on first use). @internal */
  get fileGraph(): FileGraph {
    return this.parts.record().graph;
  }

  /**
   * What this build leaves for the next build of the repository (`IndexOptions.previous`); shared by its `withOptions` views.
   * @internal
   */
  get previous(): Previous {
    return this.parts.record();
  }

  /**
   * Loads what ranking `query` needs that an index with deferred code grammars reads
   * lazily (the grammars of the query's code blocks); nothing for any other index. Only
   * the CLI's and persist/'s indexes defer them (`deferCodeGrammars`), and they call it
   * before `rank`, `explain` or `pack` of a query.
   * @internal
   */
  async prepare(query: Query, options: { task?: Task } = {}): Promise<void> {
    if (!this.parts.prepare || !this.code) return;
    await this.parts.prepare(
      query,
      (code) =>
        void extractCues(query, {
          ...(options.task ? { task: options.task } : {}),
          tunables: this.settings.cues,
          code,
        }),
    );
  }

  /**
   * Loads whatever `prepare` would for any query (every parsed language's grammar for
   * the query's code blocks), so that the index ranks any query as it comes: what an
   * index opened for a library caller does (`openIndex`).
   * @internal
   */
  async prepareAll(): Promise<void> {
    await this.parts.prepareAll?.();
  }

  /**
   * The same corpus, tags and graph under other settings of the stages that read the
   * built graph rather than make it (cues, rank, spans and pack: overrides of this
   * index's own, merged key by key): a parameter sweep ranks many configurations without
   * re-parsing or rebuilding the graph (the BM25 index is shared too). An unknown key is
   * an error naming its path.
   */
  withOptions(options: Omit<StageOptions, 'graph'>): Index {
    this.checkLive();
    const stages = resolveStageSettings(options, this.settings);
    const settings = { ...stages, ...(this.code ? { code: this.code } : {}) };
    return new Index(this.parts, this.stats, settings, '', this.successor);
  }

  /**
   * The index of `corpus`, a later state of this index's repository (the folder loaded
   * again after edits, a later commit), built from this one: the files whose content is
   * unchanged keep their tags, and when only contents changed the graph is updated
   * rather than rebuilt. It ranks as a fresh `buildIndex(corpus)` with this index's
   * options would, and is this index itself when nothing changed. The stages' settings
   * and the history read are this index's; `options` are the call's tags cache and
   * progress, and may change `parseJobs` and `releaseTexts` (default: this index's).
   *
   * Use only the index it returns. An update that changed the graph took it over from
   * this index (it is updated in place: keeping the old index valid would copy the graph
   * on every update); this index and its `withOptions` views are then superseded, and
   * each of their methods throws a `superseded-index` RepoMapError saying so.
   */
  async update(corpus: Corpus, options: UpdateOptions = {}): Promise<Index> {
    this.checkLive();
    checkUpdateOptions(options);
    return this.successor(corpus, this, options);
  }

  /** The cues of a query under this index's cue tunables. */
  private cuesOf(query: Query, task: Task | undefined): QueryCues {
    return extractCues(query, {
      ...(task ? { task } : {}),
      tunables: this.settings.cues,
      ...(this.code ? { code: this.code } : {}),
    });
  }

  /**
   * File text by repo-relative path (undefined for paths not in the corpus, and for a
   * released text whose file changed or vanished since: `IndexOptions.releaseTexts`).
   * @internal
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

  /** The grammar a corpus file was parsed with (null for files without one or outside the corpus). @internal */
  languageOf(path: string): LanguageId | null {
    const i = this.context.indexOf(path);
    return i < 0 ? null : this.corpus.files[i]!.language;
  }

  /** The tags of a parsed file (undefined for files without tags or outside the corpus). @internal */
  tagsOf(path: string): FileTags | undefined {
    return this.parts.tagsOf(path);
  }

  /** Ranks every corpus file for a query. Deterministic: same index and query, same result. */
  rank(query: Query, options: RankOptions = {}): RepoMapResult {
    this.checkLive();
    if (options.top !== undefined && !(Number.isInteger(options.top) && options.top >= 0)) {
      throw new RepoMapError(
        'bad-option',
        `repomap/build: rank's top must be a whole number ≥ 0, got ${options.top}`,
        'top',
      );
    }
    if (options.functions !== undefined && !(Number.isInteger(options.functions) && options.functions >= 0)) {
      throw new RepoMapError(
        'bad-option',
        `repomap/build: rank's functions must be a whole number ≥ 0, got ${options.functions}`,
        'functions',
      );
    }
    const started = performance.now();
    // spans read the query's diff and files too: the bounded query, as the cues read it
    const bounded = boundQuery(query, this.settings.cues.maxQueryChars).query;
    const cues = this.cuesOf(bounded, options.task);
    const { outcome, top, features } = this.rankedFiles(cues, options);
    const given = new Set([...outcome.seeds.given].map((i) => this.context.paths[i]!));
    const spanned = options.spans === false ? top : this.withSpans(top, cues, bounded, given);
    const functionFiles = Math.min(
      options.functions ?? (options.spans === false ? 0 : Infinity),
      this.settings.rank.functionFiles[outcome.task],
    );
    const withFunctions = functionFiles > 0 ? this.withFunctions(spanned, cues, functionFiles) : { files: spanned };
    const unitFeatures =
      options.unitFeatures && functionFiles > 0 ? this.unitFeaturesOf(spanned, cues, functionFiles) : undefined;
    const files = withFunctions.files.map((f) => (given.has(f.path) ? { ...f, given: true } : f));
    const functionIds =
      withFunctions.ids ??
      (files.some((f) => f.functions && f.functions.length > 0)
        ? rankedFunctionIds(files, this.settings.rank.functions.fileExponent)
        : undefined);
    return {
      task: outcome.task,
      ...(this.corpus.commit !== undefined ? { commit: this.corpus.commit } : {}),
      files,
      confidence: outcome.confidence,
      ...(functionIds && functionIds.length > 0 ? { functions: functionIds } : {}),
      ...(features ? { features } : {}),
      ...(unitFeatures ? { unitFeatures } : {}),
      diagnostics: [...this.diagnostics.map((d) => ({ ...d })), ...this.queryDiagnostics(query)],
      stats: { ...structuredClone(this.stats), rankMs: Math.round(performance.now() - started) },
    };
  }

  /**
   * The ranked files (the first `top`) by the task's ranker: the tuned ranking, or the
   * learned one over the tuned ranking's first files; with their feature vectors when asked.
   */
  private rankedFiles(
    cues: QueryCues,
    options: RankOptions,
  ): { outcome: RankOutcome; top: RankedFile[]; features?: RankFeatures } {
    const o = this.settings.rank;
    const ranker = o.ranker[cues.task];
    if (!(RANKERS as readonly string[]).includes(ranker)) {
      throw new RepoMapError(
        'bad-option',
        `repomap/build: rank.ranker.${cues.task} must be one of ${RANKERS.join(', ')}, got ${JSON.stringify(ranker)}`,
        `rank.ranker.${cues.task}`,
      );
    }
    const learned = ranker === 'learned';
    if (!learned && !options.features) {
      const outcome = rankFiles(cues, this.context, o, { includeGiven: options.includeGiven, limit: options.top });
      return { outcome, top: outcome.files };
    }
    const model = learned ? shippedModel() : undefined;
    const pool = model?.pool ?? FEATURE_POOL;
    // the pool's files all get reasons: the model may lift any of them to the top
    const explained = { ...o, explainedFiles: Math.max(o.explainedFiles, pool) };
    const limit = options.top === undefined ? undefined : Math.max(options.top, pool);
    const outcome = rankFiles(cues, this.context, explained, { includeGiven: options.includeGiven, limit });
    const vectors = poolVectors(cues, outcome, this.context, o, pool);
    const files = model ? rerank(outcome.files, vectors, model) : outcome.files;
    const top = options.top === undefined ? files : files.slice(0, options.top);
    const features = options.features
      ? { version: FEATURE_VERSION, names: [...FEATURE_NAMES], paths: vectors.paths, values: vectors.values }
      : undefined;
    return { outcome, top, ...(features ? { features } : {}) };
  }

  /**
   * Notes about a query itself, which `rank` adds to its diagnostics: a `query-cut` when it is longer than `cues.maxQueryChars`.
   * @internal
   */
  queryDiagnostics(query: Query): Diagnostic[] {
    const max = this.settings.cues.maxQueryChars;
    const { cut } = boundQuery(query, max);
    return cut ? [queryCutDiagnostic(cut, max)] : [];
  }

  /** The ranked files with the line spans that earned their rank. */
  private withSpans(
    top: readonly RankedFile[],
    cues: QueryCues,
    query: Query,
    given: ReadonlySet<string>,
  ): RankedFile[] {
    const { spans, rank, graph } = this.settings;
    const limits = {
      minNameLength: graph.sharedSymbol.minNameLength,
      maxDefiners: rank.maxSymbolDefiners,
      maxReferencers: rank.maxSymbolReferencers,
    };
    const source = (this.spans ??= spanSource(this.context, (p) => this.tagsOf(p)));
    const finder = new SpanFinder(cues, query, [...given].sort(compareByteOrder), source, { ...spans, ...limits });
    return attachSpans(top, finder, spans.maxFiles);
  }

  /**
   * The ranked files with, for the first `count`, the functions most likely to change; with
   * the learned function ranker (the task's ranker is `learned` and `functions.learned` is
   * on), also its list across files.
   */
  private withFunctions(
    top: readonly RankedFile[],
    cues: QueryCues,
    count: number,
  ): { files: RankedFile[]; ids?: string[] } {
    const o = this.settings.rank.functions;
    if (o.learned && this.settings.rank.ranker[cues.task] === 'learned') {
      return learnedFunctions(
        top,
        cues,
        count,
        new FunctionFinder(cues, this.functionSource(), o),
        shippedFunctionModel(),
        o,
      );
    }
    return { files: attachFunctions(top, cues, count, this.functionSource(), o) };
  }

  /** The unit feature vectors of the first `count` files' units (the learned function ranker's inputs). */
  private unitFeaturesOf(top: readonly RankedFile[], cues: QueryCues, count: number): UnitFeatures {
    const o = this.settings.rank.functions;
    const v = unitVectors(
      cues,
      new FunctionFinder(cues, this.functionSource(), o),
      top.slice(0, count),
      o.fileExponent,
      o.importsShare,
    );
    return { version: UNIT_FEATURE_VERSION, names: [...UNIT_FEATURE_NAMES], ids: v.ids, values: v.values };
  }

  /** What function ranking reads of this index. */
  private functionSource(): FunctionSource {
    return {
      ctx: this.context,
      tagsOf: (p) => this.tagsOf(p),
      textOf: (p) => this.textOf(p),
      // kept by path and content: the cache outlives this index (`Previous.unitWords`)
      unitWordsOf: (p, count) =>
        this.parts.unitWords.get(p, contentKey(this.corpus.files[this.context.indexOf(p)]!), count),
    };
  }

  /**
   * The lexical match alone (BM25, or BM25F over a file's fields) of a query, as the task
   * reads it (an issue's title repeated as `titleTextRepeat` says): every file with a
   * positive score, best first (ties in path order), at most `top`.
   * @internal
   */
  lexicalRank(
    query: Query,
    options: { task?: Task; match?: LexicalMatch; top?: number } = {},
  ): { path: string; score: number }[] {
    this.checkLive();
    const cues = this.cuesOf(query, options.task);
    const scores = this.context.textScores(
      lexicalText(cues, this.settings.rank),
      options.match ?? this.settings.rank.lexical[cues.task],
    );
    const order: number[] = [];
    for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) order.push(i);
    order.sort(
      (a, b) =>
        compareDescending(scores[a]!, scores[b]!) || compareByteOrder(this.context.paths[a]!, this.context.paths[b]!),
    );
    return order
      .slice(0, options.top)
      .map((i) => ({ path: this.context.paths[i]!, score: Number(scores[i]!.toPrecision(6)) }));
  }

  /**
   * Why one file (repo-relative path) is where it is in the ranking of a query: score
   * parts, matched cues, strongest edge paths from seeded files. A path outside the
   * corpus is a RepoMapError naming it, and saying which rule skipped it when one did.
   */
  explain(query: Query, path: string, options: ExplainFileOptions & { task?: Task } = {}): FileExplanation {
    this.checkLive();
    const skipped = this.context.indexOf(path) < 0 ? whySkipped(this.corpus, path) : undefined;
    if (skipped !== undefined) throw notInCorpus(path, this.context, skipped);
    const cues = this.cuesOf(query, options.task);
    const explanation = this.withLearned(
      explainFile(cues, path, this.context, this.settings.rank, options),
      cues,
      options,
    );
    if (!(this.settings.rank.functionFiles[cues.task] > 0)) return explanation;
    const o = this.settings.rank.functions;
    const tuned = new FunctionFinder(cues, this.functionSource(), o).explainedFunctionsOf(path);
    if (!(o.learned && this.settings.rank.ranker[cues.task] === 'learned'))
      return tuned.length > 0 ? { ...explanation, functions: tuned } : explanation;
    // the learned function ranker: the file's functions as rank names them, each with its tuned parts where the tuned ranking kept it
    const parts = new Map(tuned.map((f) => [f.name, f.parts]));
    const ranked =
      this.rank(query, { task: cues.task, ...(options.includeGiven ? { includeGiven: true } : {}) }).files.find(
        (f) => f.path === path,
      )?.functions ?? [];
    const functions = ranked.map((f) => {
      const p = parts.get(f.name);
      return p ? { ...f, parts: p } : f;
    });
    return functions.length > 0 ? { ...explanation, functions } : explanation;
  }

  /** An explanation with the learned ranking's place and score, when the task's ranker is the learned one. */
  private withLearned(
    explanation: FileExplanation,
    cues: QueryCues,
    options: { includeGiven?: boolean },
  ): FileExplanation {
    if (this.settings.rank.ranker[cues.task] !== 'learned') return explanation;
    const { top, features } = this.rankedFiles(cues, { includeGiven: options.includeGiven, features: true });
    const place = top.findIndex((f) => f.path === explanation.path);
    const k = features!.paths.indexOf(explanation.path);
    const values = k >= 0 ? features!.values[k]! : null;
    const model = values ? predict(shippedModel(), values) : null;
    const learned = {
      tunedRank: explanation.rank,
      tunedScore: explanation.score,
      model,
      features: values ? Object.fromEntries(features!.names.map((n, j) => [n, values[j]!])) : null,
    };
    return { ...explanation, rank: place + 1, score: top[place]!.score, reasons: top[place]!.reasons, learned };
  }

  /**
   * A context pack for the query: the ranked files' spans (with the signature lines
   * above them, line numbers and `⋮` where lines are left out), small files whole,
   * chosen by value per token under a hard token budget that the rendered text, in
   * its format (Markdown headers, line numbers, fences and trailer; or the whole
   * JSON, with the index's and the query's diagnostics), never exceeds. Given files
   * are left out.
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
    return this.packOf(query, options);
  }

  private async packOf(query: Query, options: PackOptions): Promise<Pack> {
    checkPackOptions(options); // a bad option fails before the ranking
    const ranked = this.rank(query, options.task ? { task: options.task } : {});
    return packFiles(ranked.files, packSourceOf(this), options, this.settings.pack, [
      ...this.diagnostics,
      ...this.queryDiagnostics(query),
    ]);
  }

  /**
   * Definitions whose name matches `query` (exactly, as a prefix, as a substring, or
   * within a few edits), best match first, at most `options.limit`; `options.kind` keeps
   * one kind. An empty query is a RepoMapError.
   */
  symbols(query: string, options: FindSymbolOptions = {}): SymbolSearch {
    this.checkLive();
    return findSymbols(this, query, options);
  }

  /**
   * The files that use `symbol` and the lines they use it on: the references that resolve
   * to its definitions (`options.path`: the definitions of one file), by how the using file
   * reaches it (same file, import, same module).
   */
  refs(symbol: string, options: FindReferencesOptions = {}): ReferenceSearch {
    this.checkLive();
    return findReferences(this, symbol, options);
  }

  /**
   * What an edit (a unified `diff`, and/or the edited `file`) ripples to: the edit2ripple
   * ranking of it, each file with how it is linked to the edited ones; the edited files
   * left out. An edit naming no file of the corpus is a RepoMapError naming it.
   */
  impact(edit: Edit, options: { top?: number } = {}): Impact {
    this.checkLive();
    return editImpact(this, edit, options);
  }

  /**
   * The signatures of a file's definitions in line order within a token budget
   * (`options.budget`, counted by `options.tokenizer`). A path outside the corpus, or
   * without a grammar, is a RepoMapError naming it.
   */
  outline(path: string, options: OutlineOptions = {}): Promise<Outline> {
    this.checkLive();
    return outlineFile(this, path, options);
  }

  /**
   * Throws `superseded-index` when a later update (`update`, or `buildIndex` with this
   * index as `previous`) took this index's graph over (it updates the graph in place
   * rather than copy it): use the index it returned.
   * @internal
   */
  checkLive(): void {
    if (this.parts.taken()) checkNotTaken(this.parts.record());
  }
}
