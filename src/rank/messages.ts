/**
 * Error strings: the messages files raise, throw, panic, report or log with (tags'
 * `messages`), matched against the query's text. "ValueError: Invalid IPv6 URL" in an
 * issue points at the file that raises "Invalid IPv6 URL". A message is a template: its
 * literal parts between placeholders (`%s`, `{}`, `{name}`, `${x}`, `%(key)s`), case and
 * white space folded. It matches when the query holds its longest part and, after it or
 * before it, in order, as many of its other parts as it can; the literal characters found
 * measure the match (`discount {p}% outside 0..{max}` matches "discount 120% outside 0..90").
 */
import type { Message } from '../types.js';
import { compareByteOrder } from '../text/order.js';
import { findInSorted } from '../text/sorted-names.js';

/** Tunables of message matching (`RANK_DEFAULTS.messages`). */
export const MESSAGE_DEFAULTS = {
  /** Fewest literal characters a match finds (`not found` says too little). */
  minChars: 12,
  /** Fewest words with a letter a match finds. */
  minWords: 2,
  /** A match finding this many literal characters or more has full strength; fewer, in proportion. */
  fullChars: 40,
  /** A message more files than this have is too common to point anywhere. */
  maxFiles: 12,
};
export type MessageDefaults = typeof MESSAGE_DEFAULTS;

/**
 * Placeholders of format strings (Python, Go, Rust, Java, JS), interpolations (Ruby `#{x}`,
 * PHP `{$x}` and `$x`) and escapes written in literals.
 */
const PLACEHOLDER =
  /%(?:\([^)]*\))?[-#0+]*\d*(?:\.\d+)?[diouxXeEfFgGcrsaqvwbtTpU%]|\$\{[^}]*\}|#\{[^{}]*\}|\{[^{}]*\}|\$[A-Za-z_]\w*(?:->\w+)?|\\[nrt"'\\]/g;

/** Text folded for matching: lowercased, white space runs as one space, trimmed. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The literal parts of a message, folded, in order (empty parts dropped). */
export function messageParts(text: string): string[] {
  return text
    .split(PLACEHOLDER)
    .map((p) => foldText(p))
    .filter((p) => p !== '');
}

/** One message of the corpus the query quotes. */
export interface MessageMatch {
  /** Files that have the message (positions in the index's file list). */
  files: number[];
  /** The message as written. */
  message: string;
  /** In (0, 1]: the literal characters found over `fullChars`. */
  strength: number;
}

interface Template {
  text: string;
  parts: string[];
  /** Index of the longest part. */
  anchor: number;
  files: number[];
}

/**
 * A message index as data (an index snapshot keeps it): the first words in byte order,
 * and under each its templates' texts and files, so that a load decodes only the templates
 * under the words a query holds.
 */
export interface MessageIndexParts {
  /** The `minChars` it was made with (the only option that decides which templates it holds). */
  minChars: number;
  /** The first words, sorted, joined by NUL (a word has letters, digits and `_` only). */
  words: string;
  /** Word k's templates are [wordStarts[k], wordStarts[k + 1]). */
  wordStarts: Int32Array;
  /** Template t's text is texts.slice(textStarts[t], textStarts[t + 1]). */
  texts: string;
  textStarts: Int32Array;
  /** Template t's files (ascending positions) are files[fileStarts[t] .. fileStarts[t + 1]). */
  fileStarts: Int32Array;
  files: Int32Array;
}

/** Every file's messages as templates, keyed by their longest part's first word for a fast scan of the query. */
export class MessageIndex {
  /**
   * The templates under a first word: all of them made at construction, or (from parts)
   * made the first time a query holds the word.
   */
  private constructor(
    private readonly byWord: Map<string, Template[]>,
    private readonly kept: { parts: MessageIndexParts; words: string[] } | null,
    private readonly o: MessageDefaults,
  ) {}

  /** `messagesOf(i)`: the messages of the i-th file of `count` (undefined for files without tags). */
  static of(
    count: number,
    messagesOf: (i: number) => readonly Message[] | undefined,
    o: MessageDefaults = MESSAGE_DEFAULTS,
  ): MessageIndex {
    const byWord = new Map<string, Template[]>();
    const byText = new Map<string, Template>();
    for (let i = 0; i < count; i++) {
      for (const m of messagesOf(i) ?? []) {
        let t = byText.get(m.text);
        if (!t) {
          t = template(m.text, o);
          byText.set(m.text, t ?? NO_TEMPLATE);
          if (!t) continue;
          const word = firstWord(t.parts[t.anchor]!);
          if (word === '') continue;
          const list = byWord.get(word);
          if (list) list.push(t);
          else byWord.set(word, [t]);
        }
        if (t === NO_TEMPLATE) continue;
        if (t.files[t.files.length - 1] !== i) t.files.push(i);
      }
    }
    return new MessageIndex(byWord, null, o);
  }

  /** The index kept as `parts`, matching as the index they were taken of (undefined when `o` would keep other templates). */
  static fromParts(parts: MessageIndexParts, o: MessageDefaults = MESSAGE_DEFAULTS): MessageIndex | undefined {
    if (parts.minChars !== o.minChars) return undefined;
    return new MessageIndex(new Map(), { parts, words: parts.words === '' ? [] : parts.words.split('\0') }, o);
  }

  /** The index as data (see `MessageIndexParts`); an index made from parts gives them back. */
  toParts(): MessageIndexParts {
    if (this.kept) return this.kept.parts;
    const words = [...this.byWord.keys()].sort(compareByteOrder);
    const wordStarts = [0];
    const texts: string[] = [];
    const textStarts = [0];
    const fileStarts = [0];
    const files: number[] = [];
    for (const word of words) {
      for (const t of this.templatesOf(word)) {
        texts.push(t.text);
        textStarts.push(textStarts[textStarts.length - 1]! + t.text.length);
        for (const i of t.files) files.push(i);
        fileStarts.push(files.length);
      }
      wordStarts.push(texts.length);
    }
    return {
      minChars: this.o.minChars,
      words: words.join('\0'),
      wordStarts: Int32Array.from(wordStarts),
      texts: texts.join(''),
      textStarts: Int32Array.from(textStarts),
      fileStarts: Int32Array.from(fileStarts),
      files: Int32Array.from(files),
    };
  }

  /** The corpus messages the text quotes, strongest first (ties in byte order of the message). */
  matches(text: string): MessageMatch[] {
    const folded = foldText(text);
    const seen = new Set<Template>();
    const out: MessageMatch[] = [];
    for (const token of new Set(folded.split(/[^\p{L}\p{N}_]+/u))) {
      for (const t of this.templatesOf(token)) {
        if (seen.has(t)) continue;
        seen.add(t);
        if (t.files.length > this.o.maxFiles) continue;
        const found = foundChars(t, folded);
        if (found.chars < this.o.minChars || found.words < this.o.minWords) continue;
        out.push({ files: t.files, message: t.text, strength: Math.min(1, found.chars / this.o.fullChars) });
      }
    }
    return out.sort((a, b) => b.strength - a.strength || compareByteOrder(a.message, b.message));
  }

  private templatesOf(word: string): Template[] {
    let list = this.byWord.get(word);
    if (list || !this.kept) return list ?? [];
    const { parts, words } = this.kept;
    const k = findInSorted(words, word);
    list = [];
    if (k >= 0) {
      for (let t = parts.wordStarts[k]!; t < parts.wordStarts[k + 1]!; t++) {
        const made = template(parts.texts.slice(parts.textStarts[t], parts.textStarts[t + 1]), this.o)!;
        made.files = Array.from(parts.files.subarray(parts.fileStarts[t], parts.fileStarts[t + 1]));
        list.push(made);
      }
    }
    this.byWord.set(word, list);
    return list;
  }
}

/** What `MessageIndex.of` remembers of a message too short to match. */
const NO_TEMPLATE: Template = { text: '', parts: [], anchor: 0, files: [] };

/** A message's template with no files yet, or undefined when its literal parts are too short to match. */
function template(text: string, o: MessageDefaults): Template | undefined {
  const parts = messageParts(text);
  if (parts.reduce((n, p) => n + p.length, 0) < o.minChars) return undefined;
  let anchor = 0;
  parts.forEach((p, k) => {
    if (p.length > parts[anchor]!.length) anchor = k;
  });
  return { text, parts, anchor, files: [] };
}

/** The first word (letters, digits, `_`) of a folded part, '' when it has none. */
function firstWord(part: string): string {
  return /[\p{L}\p{N}_]+/u.exec(part)?.[0] ?? '';
}

/**
 * Literal characters (and words with a letter) of a template the text holds: its longest
 * part, then each later part after the one before, and each earlier part before the one
 * after, as long as they are found (a part not found ends that side).
 */
function foundChars(t: Template, text: string): { chars: number; words: number } {
  const at = text.indexOf(t.parts[t.anchor]!);
  if (at < 0) return { chars: 0, words: 0 };
  const found = [t.parts[t.anchor]!];
  let end = at + t.parts[t.anchor]!.length;
  for (let k = t.anchor + 1; k < t.parts.length; k++) {
    const next = text.indexOf(t.parts[k]!, end);
    if (next < 0) break;
    found.push(t.parts[k]!);
    end = next + t.parts[k]!.length;
  }
  let start = at;
  for (let k = t.anchor - 1; k >= 0; k--) {
    const before = text.lastIndexOf(t.parts[k]!, start - t.parts[k]!.length);
    if (before < 0) break;
    found.push(t.parts[k]!);
    start = before;
  }
  const chars = found.reduce((n, p) => n + p.trim().length, 0);
  const words = found.reduce((n, p) => n + p.split(' ').filter((w) => /\p{L}/u.test(w)).length, 0);
  return { chars, words };
}
