/** What a built index holds and what its verbs and the stages read of it: the base of `Index` (./index.ts). */
import { boundQuery, extractCues, queryCutDiagnostic, type CodeReading } from '../cues/index.js';
import { RepoMapError } from '../errors.js';
import type { FileGraph } from '../graph/index.js';
import type { RankContext } from '../rank/context.js';
import type { Csr, EdgeFlow } from '../rank/csr.js';
import type { FunctionSource } from '../rank/functions.js';
import type { MessageIndex } from '../rank/messages.js';
import { spanSource, type SpanSource } from '../spans/spans.js';
import type { Corpus, Diagnostic, FileTags, IndexStats, LanguageId, Query, QueryCues, Task } from '../types.js';
import { recordParts, type IndexParts } from './index-parts.js';
import { checkNotTaken, contentKey, type Previous } from './reuse.js';
import type { StageSettings } from './settings.js';

/** How an index ranks: every stage's settings, and how it reads a query's code blocks. */
export interface IndexSettings extends StageSettings {
  code?: CodeReading;
}

/**
 * The corpus, tags and file graph of one repository state under an index's settings, and
 * what its verbs and the stages read of them (texts, tags and CSRs; a query's cues). It is
 * `Index` without its verbs: an index is always an `Index` (./index.ts), which adds them.
 */
export class IndexState {
  readonly corpus: Corpus;
  readonly stats: IndexStats;
  readonly diagnostics: Diagnostic[];
  /** Every stage's settings, defaults merged (the graph's as the graph was built with). */
  readonly settings: StageSettings;
  /** How the code blocks of a query are read: with the corpus' grammars, unlabelled ones in its main language. */
  protected readonly code?: CodeReading;
  /** Where the index reads its corpus, tags and graph from. */
  protected readonly parts: IndexParts;
  /** The rank context under this index's rank settings. @internal */
  readonly context: RankContext;
  /** Built on first use: what spans read per file. */
  private spans?: SpanSource;
  /**
   * What `buildIndex({ previous })` compares to return this index as it is ('' for views, which are never returned so).
   * @internal
   */
  readonly fingerprint: string;

  constructor(source: Previous | IndexParts, stats: IndexStats, settings: IndexSettings, fingerprint: string) {
    const parts = 'record' in source && typeof source.record === 'function' ? source : recordParts(source as Previous);
    this.parts = parts;
    this.corpus = parts.corpus;
    this.stats = stats;
    this.diagnostics = [...parts.corpus.diagnostics, ...parts.tagDiagnostics];
    const { code, ...stages } = settings;
    this.settings = stages;
    if (code) this.code = code;
    this.fingerprint = fingerprint;
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
   * Throws `superseded-index` when a later update (`update`, or `buildIndex` with this
   * index as `previous`) took this index's graph over (it updates the graph in place
   * rather than copy it): use the index it returned.
   * @internal
   */
  checkLive(): void {
    if (this.parts.taken()) checkNotTaken(this.parts.record());
  }
}
