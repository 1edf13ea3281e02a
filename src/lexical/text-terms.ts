/**
 * A text's BM25 terms: its identifier words (`identifierTerms` of each word run) with
 * their counts, in order of first occurrence. The persistent tags cache keeps them by
 * content, so that a file read again unchanged is not tokenized again.
 */

/** Version of the terms of a text: change it whenever the tokenizer (src/text/tokens.ts, src/text/identifiers.ts) splits differently. */
export const TEXT_TERMS_VERSION = 1;

/**
 * A text's terms in one string: the words, space-separated (a word never holds
 * whitespace), a newline, then their counts, space-separated. Read in place
 * (`forEachTextTerm`): a build reads hundreds of thousands of them, and a string per word
 * cost more than tokenizing the text again.
 */
export type TextTerms = string;

export function textTerms(words: readonly string[], counts: readonly number[]): TextTerms {
  return `${words.join(' ')}\n${counts.join(' ')}`;
}

/** Whether `value` is well-formed `TextTerms`: as many words as counts, each count a whole number ≥ 1. */
export function isTextTerms(value: string): boolean {
  const newline = value.indexOf('\n');
  if (newline < 0) return false;
  if (newline === 0) return value.length === 1;
  let words = 1;
  for (let i = 0; i < newline; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x20) {
      if (i === 0 || value.charCodeAt(i - 1) === 0x20 || i === newline - 1) return false;
      words++;
    } else if (c === 0x0a || c === 0x09 || c === 0x0d) {
      return false;
    }
  }
  let counts = 0;
  let digits = 0;
  for (let i = newline + 1; i <= value.length; i++) {
    const c = i === value.length ? 0x20 : value.charCodeAt(i);
    if (c === 0x20) {
      if (digits === 0) return false;
      counts++;
      digits = 0;
    } else if (c >= 0x30 && c <= 0x39 && !(c === 0x30 && digits === 0)) {
      digits++;
    } else {
      return false;
    }
  }
  return words === counts;
}

/**
 * Calls `each(start, end, count)` for every term of well-formed `terms` (see
 * `isTextTerms`), in order: the word is `terms.slice(start, end)`.
 */
export function forEachTextTerm(terms: TextTerms, each: (start: number, end: number, count: number) => void): void {
  const newline = terms.indexOf('\n');
  let at = newline + 1;
  for (let start = 0; start < newline; ) {
    let end = terms.indexOf(' ', start);
    if (end < 0 || end > newline) end = newline;
    let count = 0;
    for (let c = terms.charCodeAt(at); at < terms.length && c !== 0x20; c = terms.charCodeAt(++at))
      count = count * 10 + (c - 0x30);
    at++;
    each(start, end, count);
    start = end + 1;
  }
}
