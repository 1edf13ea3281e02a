import type { PackedKind } from './types.js';

/** Tunables of packing; DESIGN.md ("Spans and packs") explains each. */
export const PACK_DEFAULTS = {
  /** Ranked files (not given, score > 0) a pack chooses from. */
  maxFiles: 50,
  /**
   * Worth of a packed range per kind, times the file's score over the top
   * score (a function likely to change: times its score in the file, in (0, 1]):
   * what the query names is worth more than what merely uses it.
   * Signature lines ride with their span and have no worth of their own.
   */
  kindValue: {
    function: 1,
    definition: 1,
    changed: 1,
    frame: 0.9,
    test: 0.8,
    caller: 0.5,
    link: 0.3,
    head: 0.25,
    whole: 0,
    signature: 0,
  } satisfies Record<PackedKind, number>,
  /**
   * Each further span of the same kind in a file is worth this much of the one
   * before it (in line order): the second test of a function tells less than the first.
   */
  repeatDecay: 0.5,
  /** A file whose whole text costs at most this many tokens goes in whole or not at all. */
  wholeFileTokens: 300,
  /**
   * Functions the ranking names as likely to change (issue2code's function stage), taken
   * first, best first by file weight × function score, each when it fits; the rest of the
   * budget is then filled by value per token. 0 takes none first.
   */
  firstFunctions: 5,
  /** A function likely to change is packed up to this many lines (its head), as spans cut definitions. */
  maxFunctionLines: 120,
  /** Files longer than this (characters) are never counted whole. */
  wholeFileMaxChars: 3000,
  /** Lines of a file's head, packed for a ranked file that has no span. */
  headLines: 30,
  /**
   * A file with spans may also go in whole, replacing its spans, worth its spans
   * plus this (times the file's weight): the lines around a span are where an
   * edit usually lands. 0 never upgrades a file to whole.
   */
  wholeValue: 2,
  /** A file's weight is (score / top score) ^ scorePower: above 1, value concentrates on the best-ranked files. */
  scorePower: 3,
  /**
   * JSON packs list the index's and the query's diagnostics (files skipped or not fully
   * parsed) within this share of the budget, the first that fit; the rest are counted
   * (`diagnosticsMore`). The budget counts them: they are part of what is printed.
   */
  diagnosticsShare: 0.1,
};
export type PackDefaults = typeof PACK_DEFAULTS;
