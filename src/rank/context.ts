import type { PathSuffixIndex } from '../cues/index.js';
import type { FileGraphology, SymbolTable } from '../graph/index.js';
import type { FileKind, Task } from '../types.js';
import type { Csr } from './csr.js';

/** What the rank stage needs from a built index; derived once per index. */
export interface RankContext {
  /** Corpus paths, sorted; position = node id in every CSR. */
  paths: string[];
  /** Node id of a corpus path (paths come from the corpus, so always found). */
  indexOf(path: string): number;
  kinds: FileKind[];
  /** Size in bytes per node. */
  sizes: Int32Array;
  pathIndex: PathSuffixIndex;
  symbols: SymbolTable;
  /** Lower-case word → node ids whose path contains it (directory names and split file stem). */
  pathWords: Map<string, number[]>;
  graph: FileGraphology;
  /** BM25 score of every node for a text (index built on first use). */
  textScores(text: string): Float64Array;
  /** CSR for a task's edge flow, built on first use and kept. */
  csrFor(task: Task): Csr;
}
