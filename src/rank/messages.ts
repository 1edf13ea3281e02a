/**
 * Error strings: the messages files raise, throw, panic, report or log with (tags'
 * `messages`), matched against the query's text. "ValueError: Invalid IPv6 URL" in an
 * issue points at the file that raises "Invalid IPv6 URL". A message is split at its
 * placeholders (`%s`, `{}`, `{name}`, `${x}`, `%(key)s`) into fragments; a fragment
 * long enough to say something matches when the query holds it (case and white space
 * folded), and it matches the files that have it.
 */
import type { Message } from '../types.js';

/** Tunables of message matching (`RANK_DEFAULTS.messages`). */
export const MESSAGE_DEFAULTS = {
  /** Shortest fragment matched (characters): `not found` says too little. */
  minChars: 12,
  /** Fewest words in a fragment matched. */
  minWords: 2,
  /** A fragment this long (characters) or longer matches at full strength; shorter ones in proportion. */
  fullChars: 40,
  /** A fragment more files than this have is too common to point anywhere. */
  maxFiles: 12,
};
export type MessageDefaults = typeof MESSAGE_DEFAULTS;

/** Placeholders of format strings in the languages repomap reads. */
const PLACEHOLDER = /%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]|\$\{[^}]*\}|\{[^{}]*\}|\\[nrt"'\\]/g;

/** Text folded for matching: lowercased, white space runs as one space, trimmed. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The fragments of a message that can match: its text between placeholders, folded, long enough. */
export function messageFragments(text: string, o: Pick<MessageDefaults, 'minChars' | 'minWords'> = MESSAGE_DEFAULTS): string[] {
  const out: string[] = [];
  for (const part of text.split(PLACEHOLDER)) {
    const f = foldText(part).replace(/^[\s:;,.'"`([-]+|[\s:;,'"`([-]+$/g, '');
    if (f.length >= o.minChars && f.split(' ').filter((w) => /[a-z]/.test(w)).length >= o.minWords) out.push(f);
  }
  return out;
}

/** One message of the corpus the query quotes. */
export interface MessageMatch {
  /** Files that have the fragment (positions in the index's file list). */
  files: number[];
  /** The fragment the query holds. */
  fragment: string;
  /** In (0, 1]: the fragment's length over `fullChars`. */
  strength: number;
}

/** Fragments of every file's messages, keyed by their first two words for a fast scan of the query. */
export class MessageIndex {
  /** First two words → fragment → files having it. */
  private readonly byKey = new Map<string, Map<string, number[]>>();

  /** `messagesOf(i)`: the messages of the i-th file of `count` (undefined for files without tags). */
  constructor(count: number, messagesOf: (i: number) => readonly Message[] | undefined, private readonly o: MessageDefaults = MESSAGE_DEFAULTS) {
    for (let i = 0; i < count; i++) {
      for (const m of messagesOf(i) ?? []) {
        for (const fragment of messageFragments(m.text, o)) {
          const key = fragment.split(' ', 2).join(' ');
          let fragments = this.byKey.get(key);
          if (!fragments) this.byKey.set(key, (fragments = new Map()));
          const files = fragments.get(fragment);
          if (!files) fragments.set(fragment, [i]);
          else if (files[files.length - 1] !== i) files.push(i);
        }
      }
    }
  }

  /** The corpus fragments the text holds, each once, longest first (ties in byte order). */
  matches(text: string): MessageMatch[] {
    const folded = foldText(text);
    const words = folded.split(' ');
    const found = new Map<string, number[]>();
    for (let i = 0; i + 1 < words.length; i++) {
      // a fragment may start inside a query word (`ValueError: Invalid …` holds `invalid …`)
      for (const key of [`${words[i]} ${words[i + 1]}`, `${words[i]!.replace(/^.*[^a-z0-9_]/, '')} ${words[i + 1]}`]) {
        const fragments = this.byKey.get(key);
        if (!fragments) continue;
        for (const [fragment, files] of fragments) {
          if (!found.has(fragment) && files.length <= this.o.maxFiles && folded.includes(fragment)) found.set(fragment, files);
        }
      }
    }
    return [...found]
      .sort((a, b) => b[0].length - a[0].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([fragment, files]) => ({ fragment, files, strength: Math.min(1, fragment.length / this.o.fullChars) }));
  }
}
