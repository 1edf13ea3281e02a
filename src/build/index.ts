/** A built index (`Index`): the one object a caller ranks, explains, packs and navigates with. */
import { boundQuery, extractCues, queryCutDiagnostic, type CodeReading } from '../cues/index.js';
import type { ExplainFileOptions, FileExplanation } from '../explain/explain-file.js';
import type { FileGraph } from '../graph/index.js';
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
import { checkPackOptions, packFiles, packSourceOf, type Pack, type PackOptions } from '../pack/index.js';
import type { RankContext } from '../rank/context.js';
import type { Csr, EdgeFlow } from '../rank/csr.js';
import type { LexicalMatch } from '../rank/defaults.js';
import type { FunctionSource } from '../rank/functions.js';
import type { MessageIndex } from '../rank/messages.js';
import { spanSource, type SpanSource } from '../spans/spans.js';
import { RepoMapError } from '../errors.js';
import type {
  Corpus,
  Diagnostic,
  FileTags,
  IndexStats,
  LanguageId,
  Query,
  QueryCues,
  RepoMapResult,
  Task,
} from '../types.js';
import { explainQuery } from './explain-verb.js';
import { recordParts, type IndexParts } from './index-parts.js';
import { lexicalRankQuery } from './lexical-rank-verb.js';
import type { RankOptions } from './rank-options.js';
import { rankQuery } from './rank-verb.js';
import { checkNotTaken, contentKey, type Previous } from './reuse.js';
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
  /** The rank context under this index's rank settings. @internal */
  readonly context: RankContext;
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

  /** The cues of a query under this index's cue tunables. @internal */
  cuesOf(query: Query, task: Task | undefined): QueryCues {
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
    return rankQuery(this, query, options);
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

  /** What spans read per file (built on first use). @internal */
  spanSource(): SpanSource {
    return (this.spans ??= spanSource(this.context, (p) => this.tagsOf(p)));
  }

  /** What function ranking reads of this index. @internal */
  functionSource(): FunctionSource {
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
    return lexicalRankQuery(this, query, options);
  }

  /**
   * Why one file (repo-relative path) is where it is in the ranking of a query: score
   * parts, matched cues, strongest edge paths from seeded files. A path outside the
   * corpus is a RepoMapError naming it, and saying which rule skipped it when one did.
   */
  explain(query: Query, path: string, options: ExplainFileOptions & { task?: Task } = {}): FileExplanation {
    this.checkLive();
    return explainQuery(this, query, path, options);
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
