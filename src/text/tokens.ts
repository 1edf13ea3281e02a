/**
 * Tokenizers shared by evaluation and lexical ranking.
 *
 * - Contract tokens (eval contract section 3) measure text for the BCY budget:
 *   `[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[^A-Za-z0-9_\s]`, matched per Unicode code point.
 *   `\s` is Python's (the reference implementation is Python): it includes
 *   U+001C–U+001F and U+0085 and excludes U+FEFF, unlike JavaScript's `\s`.
 * - Identifier words feed BM25: identifiers split on case changes, digits and
 *   underscores, lowercased, plus the whole identifier lowercased (`identifierTerms`,
 *   src/text/identifiers.ts).
 */
import { identifierTerms } from './identifiers.js';

/** The contract's token regex, verbatim (Python syntax; see `contractTokens` for the JS equivalent). */
export const CONTRACT_TOKEN_PATTERN = String.raw`[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[^A-Za-z0-9_\s]`;

/** Python's `\s` (str patterns) as a JS character-class body. */
const PY_WHITESPACE_CLASS = String.raw`\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;

const CONTRACT_TOKEN_RE = new RegExp(`[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[^A-Za-z0-9_${PY_WHITESPACE_CLASS}]`, 'gu');

// ASCII classes for the hand-written scanners: 1 identifier start, 2 digit, 3 whitespace, 0 other.
const IDENT = 1;
const DIGIT = 2;
const SPACE = 3;
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_]/.test(ch)) ASCII_CLASS[c] = IDENT;
  else if (/[0-9]/.test(ch)) ASCII_CLASS[c] = DIGIT;
  else if (c === 0x09 || c === 0x0a || c === 0x0b || c === 0x0c || c === 0x0d || (c >= 0x1c && c <= 0x20)) {
    ASCII_CLASS[c] = SPACE;
  }
}

function isPyWhitespaceNonAscii(c: number): boolean {
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** The contract tokens of `text`, in order. */
export function contractTokens(text: string): string[] {
  return text.match(CONTRACT_TOKEN_RE) ?? [];
}

/**
 * Number of contract tokens in `text`, the same as `contractTokens(text).length`
 * without building the array. With `limit`, stops counting at `limit` and returns it:
 * budget packing only needs to know whether a text fits.
 */
export function countContractTokens(text: string, limit = Number.POSITIVE_INFINITY): number {
  const len = text.length;
  let n = 0;
  let i = 0;
  while (i < len && n < limit) {
    const c = text.charCodeAt(i);
    const cls = c < 128 ? ASCII_CLASS[c] : 0;
    if (cls === IDENT) {
      i++;
      while (i < len) {
        const d = text.charCodeAt(i);
        if (d >= 128 || (ASCII_CLASS[d] !== IDENT && ASCII_CLASS[d] !== DIGIT)) break;
        i++;
      }
      n++;
    } else if (cls === DIGIT) {
      i++;
      while (i < len) {
        const d = text.charCodeAt(i);
        if (d >= 128 || ASCII_CLASS[d] !== DIGIT) break;
        i++;
      }
      n++;
    } else if (cls === SPACE || (c >= 128 && isPyWhitespaceNonAscii(c))) {
      i++;
    } else {
      // Any other code point is a token of its own; a surrogate pair is one code point.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
        const d = text.charCodeAt(i + 1);
        i += d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
      } else {
        i++;
      }
      n++;
    }
  }
  return Math.min(n, limit);
}

const NON_ASCII_WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

function isWordUnit(text: string, i: number, c: number): boolean {
  if (c < 128) return ASCII_CLASS[c] === IDENT || ASCII_CLASS[c] === DIGIT;
  return NON_ASCII_WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i) as number));
}

/**
 * Calls `emit(start, end)` for each word run of `text`: a maximal run of
 * letters, digits, marks and underscores (ASCII or not), as UTF-16 offsets.
 */
export function forEachWordSpan(text: string, emit: (start: number, end: number) => void): void {
  const len = text.length;
  let i = 0;
  while (i < len) {
    const c = text.charCodeAt(i);
    if (c < 128 ? ASCII_CLASS[c] !== IDENT && ASCII_CLASS[c] !== DIGIT : !isWordUnit(text, i, c)) {
      i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      continue;
    }
    const start = i;
    while (i < len) {
      const d = text.charCodeAt(i);
      if (d < 128) {
        if (ASCII_CLASS[d] !== IDENT && ASCII_CLASS[d] !== DIGIT) break;
        i++;
      } else {
        if (!isWordUnit(text, i, d)) break;
        i += d >= 0xd800 && d <= 0xdbff ? 2 : 1;
      }
    }
    emit(start, i);
  }
}

/**
 * Calls `emit` with each word run of `text` as written (see `forEachWordSpan`).
 * `identifierTerms` turns a run into identifier words; callers that see the
 * same runs often can cache that.
 */
export function forEachWordRun(text: string, emit: (run: string) => void): void {
  forEachWordSpan(text, (start, end) => emit(text.slice(start, end)));
}

/** Calls `emit` with the identifier words of `text`, in order (see `identifierTerms`). */
export function forEachIdentifierWord(text: string, emit: (word: string) => void): void {
  forEachWordRun(text, (run) => {
    for (const word of identifierTerms(run)) emit(word);
  });
}

/** The identifier words of `text`: each identifier lowercased, then its parts (see `identifierTerms`). */
export function identifierWords(text: string): string[] {
  const out: string[] = [];
  forEachIdentifierWord(text, (w) => out.push(w));
  return out;
}
