/** A built index (`Index`): the one object a caller ranks, explains, packs and navigates with. */
import type { ExplainFileOptions, FileExplanation } from '../explain/explain-file.js';
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
import type { LexicalMatch } from '../rank/defaults.js';
import type { Corpus, IndexStats, Query, RepoMapResult, Task } from '../types.js';
import { explainQuery } from './explain-verb.js';
import type { IndexParts } from './index-parts.js';
import { IndexState, type IndexSettings } from './index-state.js';
import { lexicalRankQuery } from './lexical-rank-verb.js';
import type { RankOptions } from './rank-options.js';
import { rankQuery } from './rank-verb.js';
import type { Previous } from './reuse.js';
import { resolveStageSettings, type StageOptions } from './settings.js';
import { checkUpdateOptions, type UpdateOptions } from './update-options.js';

/**
 * How an index makes the index of a later state of its repository (`update`): a build of
 * `corpus` from `from` under its settings, with the options it was built with that an
 * update keeps (`parseJobs`, `releaseTexts`, the history read) overridden by `options`.
 */
export type Successor = (corpus: Corpus, from: Index, options: UpdateOptions) => Promise<Index>;

/** A built index: corpus, tags and file graph of one repository state, reusable across queries. */
export class Index extends IndexState {
  /** How `update` builds this index's successor. */
  private readonly successor: Successor;

  constructor(
    source: Previous | IndexParts,
    stats: IndexStats,
    settings: IndexSettings,
    fingerprint: string,
    successor: Successor,
  ) {
    super(source, stats, settings, fingerprint);
    this.successor = successor;
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

  /** Ranks every corpus file for a query. Deterministic: same index and query, same result. */
  rank(query: Query, options: RankOptions = {}): RepoMapResult {
    this.checkLive();
    return rankQuery(this, query, options);
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
}
