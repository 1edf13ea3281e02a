/** Tunables of the agent tools over a built index (find_symbol, references, outline, impact). */
export const NAVIGATE_DEFAULTS = {
  /** find_symbol: definitions returned. */
  symbolLimit: 20,
  /**
   * find_symbol: a name within this many edits of the query (case-insensitive Levenshtein)
   * matches fuzzily, per `fuzzyCharsPerEdit` characters of the query: 1 edit up to 7
   * characters, 2 up to 11, at most `maxFuzzyEdits`. Typos, not other words.
   */
  fuzzyCharsPerEdit: 4,
  maxFuzzyEdits: 3,
  /** references: files returned. */
  referenceFiles: 50,
  /** references: lines shown per file (the rest are counted). */
  linesPerFile: 10,
  /** references and outline: a source line is cut at this many characters. */
  lineChars: 160,
  /** outline: token budget of the rendered outline. */
  outlineBudget: 2000,
  /** outline: a signature split over lines is shown up to its body, at most this many lines (brackets left open by a mistake stop here). */
  signatureLines: 30,
  /** impact: files returned. */
  impactTop: 20,
} as const;

/** A source line as a tool shows it: trailing space off, cut at `NAVIGATE_DEFAULTS.lineChars` with `…`. */
export function shownLine(text: string | undefined): string {
  const line = (text ?? '').trimEnd();
  return line.length > NAVIGATE_DEFAULTS.lineChars ? `${line.slice(0, NAVIGATE_DEFAULTS.lineChars - 1)}…` : line;
}
