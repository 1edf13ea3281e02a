import type { Definition, LanguageId, RankedFunction, SpanKind, Task } from '../types.js';
import type { TokenizerName } from './tokenizers.js';

/** Output formats of a pack. */
export const PACK_FORMATS = ['markdown', 'json'] as const;
export type PackFormat = (typeof PACK_FORMATS)[number];

/**
 * What a packed line range is: a span kind, a `function` the ranking names as likely
 * to change, the enclosing `signature` line of a span, a file's `head` (a ranked file
 * without spans), or a `whole` small file.
 */
export type PackedKind = SpanKind | 'function' | 'signature' | 'head' | 'whole';

/** A contiguous run of packed lines (1-based, inclusive) and its text, without line numbers. */
export interface PackedSpan {
  start: number;
  end: number;
  kind: PackedKind;
  symbol?: string;
  why: string;
  text: string;
}

export interface PackedFile {
  path: string;
  score: number;
  /** Lines of the whole file. */
  lines: number;
  /** In line order, never adjacent or overlapping. */
  spans: PackedSpan[];
}

/** A budgeted context pack. */
export interface Pack {
  budget: number;
  tokenizer: TokenizerName;
  format: PackFormat;
  /** Tokens of `text` as printed (Markdown: headers, line numbers, fences, markers and trailer; JSON: the whole line); never above `budget`. */
  tokens: number;
  /** The pack rendered in `format`. */
  text: string;
  /** Packed files in rank order. */
  files: PackedFile[];
  /** Ranked files not packed, in rank order, as many as the trailer could list. */
  omitted: string[];
  /** Ranked files not packed and not listed in `omitted`. */
  omittedMore: number;
}

/** Options of `index.pack` (and `repomap pack`). */
export interface PackOptions {
  /** Hard token budget of the rendered pack, in `tokenizer` tokens, of all of `text` (a whole number ≥ 1). */
  budget: number;
  /** How tokens are counted (default o200k_base). */
  tokenizer?: TokenizerName;
  /** markdown (default): for a prompt; json: the same pack as data for a program. */
  format?: PackFormat;
  /** Task mode; inferred from the query's fields when absent. */
  task?: Task;
}

/** File contents and definitions a pack reads, by repo-relative path. */
export interface PackSource {
  textOf(path: string): string | undefined;
  languageOf(path: string): LanguageId | null;
  definitionsOf(path: string): readonly Definition[];
}

/** A ranked file as the packer takes it. */
export interface PackInputFile {
  path: string;
  score: number;
  spans?: readonly { start: number; end: number; kind: SpanKind; symbol?: string; why: string }[];
  /** The functions most likely to change, best first (`RankedFile.functions`). */
  functions?: readonly RankedFunction[];
}
