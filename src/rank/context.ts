import type { PathSuffixIndex } from '../cues/index.js';
import type { EdgeView, SymbolTable } from '../graph/index.js';
import type { FileKind, LanguageId, Task } from '../types.js';
import type { Csr, EdgeFlow } from './csr.js';
import type { PathWords } from './path-tables.js';
import type { LexicalMatch } from './defaults.js';
import type { MessageIndex } from './messages.js';

/** What the rank stage needs from a built index; derived once per index. */
export interface RankContext {
  /** Corpus paths, sorted; position = node id in every CSR. */
  paths: string[];
  /** Node id of a corpus path (paths come from the corpus, so always found). */
  indexOf(path: string): number;
  kinds: FileKind[];
  /** Size in bytes per node. */
  sizes: Int32Array;
  /** Lines of a node's text (`countLines`), counted on first use; Infinity when the text cannot be read. */
  lineCount(i: number): number;
  pathIndex: PathSuffixIndex;
  symbols: SymbolTable;
  /** Lower-case word → node ids whose path contains it (directory names and split file stem). */
  pathWords: PathWords;
  /** The file graph's edges. */
  graph: EdgeView;
  /** BM25 (or BM25F) score of every node for a text (index built on first use). */
  textScores(text: string, match?: LexicalMatch): Float64Array;
  /**
   * How specific a name is to few files, in [0, 1]: the BM25 IDF of the whole name
   * (lowercased, as the BM25 index keeps it) over the IDF of a word in one file.
   */
  specificity(name: string): number;
  /** The index of the corpus messages (error strings), `files` as node ids: built on first use and kept. */
  messages(): MessageIndex;
  /** Corpus files an import written in a snippet of `language` resolves to (sorted paths). */
  moduleFiles(language: LanguageId, specifier: string): string[];
  /** The files among and behind `modules` (through re-exports) that define `name` (sorted paths). */
  exportDefiners(modules: readonly string[], name: string): string[];
  /** CSR for a task's edge flow, built on first use and kept (one per flow: tasks of the same flow share it). */
  csrFor(task: Task): Csr;
  /**
   * The CSRs of several tasks' flows one at a time (`at(k)` for `tasks[k]`): the one built
   * or kept already, else one made from the edges walked once for all of them and not kept
   * (an index snapshot writes each as it goes, holding one at once): a CSR made here is
   * made in the arrays of the one before it, and holds only until the next is asked for.
   */
  csrsOneByOne(tasks: readonly Task[]): (k: number) => Csr;
  /** The CSR of `flow` if one is built or kept already (none is built for it). */
  madeCsr(flow: EdgeFlow): Csr | undefined;
}
