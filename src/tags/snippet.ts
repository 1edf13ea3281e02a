/**
 * Tags of code snippets (an issue's code blocks), read synchronously at rank time with
 * the parsers and queries the tags stage uses for files: what a snippet imports, calls,
 * constructs, subclasses and defines.
 */
import type { LanguageId } from '../types.js';
import { parseWithinBudget } from './budget.js';
import type { CollectedTags } from './collect.js';
import { languageTools, renewParser, type LanguageTools } from './language-tools.js';

/** Tags of one snippet: the definitions, references and imports it writes. */
export type SnippetTags = CollectedTags;

/**
 * Reads snippets of the languages it was made for: the tags of `code`, or undefined when
 * the language was not loaded, the code is longer than `SNIPPET_DEFAULTS.maxChars`, it
 * cannot be parsed, or it is past the tags stage's budget (TAGS_BUDGET: deeply nested
 * code in a query would otherwise stall the rank as it stalled the tags stage). Never throws.
 */
export interface SnippetReader {
  /** The languages it reads. */
  readonly languages: readonly LanguageId[];
  read(language: LanguageId, code: string): SnippetTags | undefined;
}

export const SNIPPET_DEFAULTS = Object.freeze({
  /** Longest snippet parsed (characters); a longer one is a pasted file or a log, read as text only. */
  maxChars: 50_000,
});

/** A reader for `languages` (their parsers and queries loaded now; a language that fails to load is left out). */
export async function snippetReader(languages: Iterable<LanguageId>): Promise<SnippetReader> {
  const tools = new Map<LanguageId, LanguageTools>();
  for (const language of new Set(languages)) {
    try {
      tools.set(language, await languageTools(language));
    } catch {
      // a grammar that cannot load leaves its snippets to the text extractors
    }
  }
  return {
    languages: [...tools.keys()],
    read(language, code) {
      const t = tools.get(language);
      if (!t || code.length > SNIPPET_DEFAULTS.maxChars) return undefined;
      try {
        const parsed = parseWithinBudget(t, code);
        if (!('tags' in parsed)) return undefined;
        const { definitions, references, imports, messages } = parsed.tags;
        return { definitions, references, imports, messages };
      } catch {
        renewParser(t);
        return undefined;
      }
    },
  };
}
