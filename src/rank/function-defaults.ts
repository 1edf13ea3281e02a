/**
 * The tunables of function ranking (./functions.ts), in a file of their own so that
 * RANK_DEFAULTS (./defaults.ts) can hold them without importing the ranking, which reads
 * the rank context, which reads the defaults' types.
 */
/** Tunables of function ranking (`RANK_DEFAULTS.functions`). */
export const FUNCTION_DEFAULTS = {
  /**
   * Whether a task whose `ranker` is `learned` also orders functions by the learned function
   * ranker (models/issue2code-functions.json over src/learn/unit-features.ts) rather than
   * by the score below. Off: it wins on the dev issue set's held-out half, but grouped CV
   * over the mined training rows does not say it beats the score below yet
   * (bench/learn/RESULTS-functions.md).
   */
  learned: false,
  /** Functions kept per file. */
  maxPerFile: 10,
  /** Weight of the query naming the unit (its name, or for a method its class's at classShare). */
  nameWeight: 1,
  /** Share of a class name's match a method of the class gets. */
  classShare: 0.3,
  /** Weight of the query's words in the unit's name (`_print_Symbol` for "a symbol … printing"), IDF-weighted. */
  nameWordWeight: 0.5,
  /**
   * The module's import lines as a unit named `imports`, scored at this share of the file's
   * best unit: a fix that changes a function often imports what it now uses. 0 leaves it out.
   */
  importsShare: 0.5,
  /**
   * A class unit's score is multiplied by this: a fix edits a class's methods far more often
   * than its own lines (attributes, docstring), though the class's name is what the issue says.
   */
  classWeight: 0.5,
  /** Across files, a function's score is fileScore^fileExponent × its score in the file. */
  fileExponent: 2,
  /** Weight of query lines (trace frames, source links) inside the unit. */
  lineWeight: 1,
  /** Weight of the unit's lexical match of the query. */
  textWeight: 1,
  /** BM25 saturation and length normalization of the unit match. */
  k1: 1.2,
  b: 0.75,
};
export type FunctionDefaults = typeof FUNCTION_DEFAULTS;
