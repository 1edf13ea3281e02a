/**
 * The contract between the parse pool (./pool.ts) and its worker threads (./worker.ts,
 * driven through ./parse-worker.ts): the files that go out, what parsing one gave, how a
 * batch's outcomes travel back (./wire.ts packs them), and the messages both ways. It
 * lives here, beside neither side, so that the pool, the worker, the batch queue and the
 * wire format all import it and none of them imports another for a type.
 */
import type { ErrorCode } from '../errors.js';
import type { Diagnostic, FileTags, LanguageId } from '../types.js';
import type { TagsBudget } from './budget.js';
import type { SharedWasm } from './wasm-modules.js';

/** Tunables of the parse pool; `extractTags` takes overrides in `TagsOptions.pool`. */
export interface PoolSettings {
  /** Inputs with fewer files than this parse in the calling thread (starting workers costs more than it saves). */
  minFiles: number;
  /** Inputs with fewer bytes than this parse in the calling thread. */
  minBytes: number;
  /** A batch is closed once it holds this many bytes (a larger file is a batch of its own). */
  batchBytes: number;
  /** A batch is closed once it holds this many files. */
  batchFiles: number;
  /** A worker that parsed a file of at least this many bytes is terminated and replaced. */
  recycleBytes: number;
}

/** One file to parse; `index` is its position in the caller's ordered list. */
export interface PoolFile {
  index: number;
  path: string;
  language: LanguageId;
  text: string;
  /** Bytes, for batching and recycling. */
  size: number;
}

/** What parsing one file gave: its tags (absent when it could not be parsed) and at most one diagnostic. */
export interface FileOutcome {
  tags?: FileTags;
  diagnostic?: Diagnostic;
}

/** Outcomes of one batch, in the order packed. */
export interface PackedOutcomes {
  /** The pool's index of each file. */
  indexes: number[];
  /** Distinct strings; `numbers` refers to them by position. */
  strings: string[];
  /**
   * Per outcome: 1 when it has tags, then the tags — path, language, error nodes, the
   * definitions (count, then name, kind, start line, end line each), the references (count,
   * then name, kind, line each), the imports (count, then specifier, line, name count and
   * names each), the messages (count, then text and line each) — else 0.
   */
  numbers: Int32Array<ArrayBuffer>;
  /** The outcomes that carry a diagnostic, by position in `indexes`. */
  diagnostics: { at: number; diagnostic: Diagnostic }[];
}

/** Worker start-up data: the compiled runtime. */
export interface WorkerSetup {
  wasm: SharedWasm[];
}

/** Pool → worker: files of one language and the per-file budget, with that language's compiled grammar the first time the worker gets it. */
export interface BatchRequest {
  files: PoolFile[];
  budget: TagsBudget;
  wasm?: SharedWasm[];
}

/** Worker → pool. */
export type WorkerReply =
  | { type: 'batch'; outcomes: PackedOutcomes }
  | { type: 'fatal'; error: { code?: ErrorCode; message: string; subject?: string } };
