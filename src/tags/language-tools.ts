/**
 * One Parser and one compiled tags Query per language, created on first use and reused
 * for every file of that language.
 */
import { Parser, type Query } from 'web-tree-sitter';
import type { LanguageId } from '../types.js';
import { loadGrammar } from './grammar.js';
import { loadTagsQuery } from './query.js';

/**
 * A language's parser and tags query.
 * @internal
 */
export interface LanguageTools {
  language: LanguageId;
  parser: Parser;
  query: Query;
}

const tools = new Map<LanguageId, Promise<LanguageTools>>();

/**
 * Parser and query for a language; `forFile` names the file that needed them, for errors.
 * @internal
 */
export function languageTools(language: LanguageId, forFile?: string): Promise<LanguageTools> {
  let pending = tools.get(language);
  if (!pending) {
    pending = createTools(language, forFile);
    tools.set(language, pending);
    pending.catch(() => tools.delete(language));
  }
  return pending;
}

async function createTools(language: LanguageId, forFile: string | undefined): Promise<LanguageTools> {
  const grammar = await loadGrammar(language, forFile);
  const query = loadTagsQuery(language, grammar);
  const parser = new Parser();
  parser.setLanguage(grammar);
  return { language, parser, query };
}

/**
 * Replaces a language's parser after a parse threw, so a parser left in a bad
 * state is not reused for the next file.
 * @internal
 */
export function renewParser(entry: LanguageTools): void {
  const grammar = entry.parser.language;
  try {
    entry.parser.delete();
  } catch {
    // The old parser may be unusable; it is dropped either way.
  }
  entry.parser = new Parser();
  if (grammar) entry.parser.setLanguage(grammar);
}

/** Frees every cached parser and query (grammars stay loaded); the next use recreates them. */
export async function releaseLanguageTools(): Promise<void> {
  const pending = [...tools.values()];
  tools.clear();
  for (const settled of await Promise.allSettled(pending)) {
    if (settled.status === 'fulfilled') {
      settled.value.parser.delete();
      settled.value.query.delete();
    }
  }
}
