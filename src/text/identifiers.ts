/**
 * Identifier words, and the shapes that make a token look like code. There are two
 * splits on purpose, with different uses:
 *
 * - `identifierParts(name)`: the parts of a name, digits kept with the part before them
 *   (`utf8Decode` → utf8, decode); path and folder words of the rank context.
 * - `identifierTerms(run)`: the BM25 terms of one word run (`src/text/tokens.ts`), the
 *   whole run first, then its parts split at digits too (`utf8Decode` → utf8decode, utf,
 *   8, decode); Unicode-aware.
 */

/**
 * Lowercase parts of a name, split at every character but an ASCII letter or digit
 * (snake_case, kebab-case, dotted names, path segments) and at camelCase and PascalCase
 * humps and the end of a capital run (`HTTPResponse` → `http`, `response`). Digits stay
 * with the part before them (`utf8Decode` → `utf8`, `decode`); the whole name is not a
 * part of its own. `parseHTTPResponse` → `['parse', 'http', 'response']`. The words the
 * paths and folders of a corpus are matched by.
 */
export function identifierParts(name: string): string[] {
  const words: string[] = [];
  for (const chunk of name.split(/[^A-Za-z0-9]+/)) {
    if (!chunk) continue;
    const spaced = chunk
      // aB → a B, 1B → 1 B
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      // ABc → A Bc (end of a capital run before a new hump)
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
    for (const word of spaced.split(' ')) if (word) words.push(word.toLowerCase());
  }
  return words;
}

const NUMBER_CHAR = /\p{N}/u;

// Character kinds inside a word, for identifierTerms.
const LOWER = 0;
const UPPER = 1;
const NUMBER = 2;
const OTHER = 3; // letter without case, or mark
const UNDERSCORE = 4;

function kindOfChar(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c < 128) {
    if (c === 0x5f) return UNDERSCORE;
    if (c >= 0x30 && c <= 0x39) return NUMBER;
    return c >= 0x41 && c <= 0x5a ? UPPER : LOWER;
  }
  if (ch !== ch.toLowerCase()) return UPPER;
  if (ch !== ch.toUpperCase()) return LOWER;
  return NUMBER_CHAR.test(ch) ? NUMBER : OTHER;
}

/**
 * The BM25 terms of one word run (a maximal run of letters, digits, marks and
 * underscores): the whole run lowercased, then its parts lowercased unless the run
 * is a single part. Parts are split at
 * underscores, lower→upper case changes (`parseArgs` → parse, args), before
 * the last capital of an acronym (`HTTPServer` → http, server) and at
 * letter↔digit changes (`utf8` → utf, 8). A run of underscores gives nothing.
 */
export function identifierTerms(run: string): string[] {
  let ascii = true;
  for (let i = 0; i < run.length; i++) {
    if (run.charCodeAt(i) >= 128) {
      ascii = false;
      break;
    }
  }
  const chars = ascii ? null : Array.from(run);
  const n = chars ? chars.length : run.length;
  const kinds = new Uint8Array(n);
  for (let j = 0; j < n; j++) kinds[j] = kindOfChar(chars ? (chars[j] as string) : (run[j] as string));
  // Part boundaries, as [start, end) pairs of character indexes.
  const bounds: number[] = [];
  let start = -1;
  for (let j = 0; j < n; j++) {
    const kind = kinds[j] as number;
    if (kind === UNDERSCORE) {
      if (start >= 0) bounds.push(start, j);
      start = -1;
      continue;
    }
    if (start >= 0) {
      const prev = kinds[j - 1] as number;
      const split =
        (prev === NUMBER) !== (kind === NUMBER) ||
        (prev === LOWER && kind === UPPER) ||
        (prev === UPPER && kind === UPPER && j + 1 < n && kinds[j + 1] === LOWER);
      if (split) {
        bounds.push(start, j);
        start = j;
      }
    } else {
      start = j;
    }
  }
  if (start >= 0) bounds.push(start, n);
  if (bounds.length === 0) return [];
  const whole = run.toLowerCase();
  if (bounds.length === 2 && bounds[0] === 0 && bounds[1] === n) return [whole];
  const out = [whole];
  for (let p = 0; p < bounds.length; p += 2) {
    const a = bounds[p] as number;
    const b = bounds[p + 1] as number;
    out.push((chars ? chars.slice(a, b).join('') : run.slice(a, b)).toLowerCase());
  }
  return out;
}

/** True for camelCase, PascalCase with at least two humps, or a capital run before a hump (`HTTPServer`). */
export function isCamelCase(token: string): boolean {
  return /[a-z0-9][A-Z]/.test(token) || /[A-Z]{2}[a-z]/.test(token);
}

/** True for snake_case or SCREAMING_SNAKE (an underscore between word characters, leading ones allowed). */
export function isSnakeCase(token: string): boolean {
  return /[A-Za-z0-9]_[A-Za-z0-9]/.test(token) || /^_+[A-Za-z]/.test(token);
}

/** `Foo` → `foo`, `FooBar` → `fooBar`; leaves capital runs (`HTTPServer`) alone. */
export function lowerFirst(name: string): string {
  if (/^[A-Z][A-Z]/.test(name)) return name;
  return name.charAt(0).toLowerCase() + name.slice(1);
}
