/** Which grammars read a query's code blocks: the languages of an index's parsed files, loaded with the build or on demand. */
import type { CodeReading } from '../cues/index.js';
import { deferredSnippetReader } from '../tags/deferred-snippets.js';
import { LANGUAGES, type FileTags, type LanguageId } from '../types.js';
import type { IndexParts } from './index-parts.js';

/** The languages of the parsed files, in the order first met, and the main one (most files; the first in LANGUAGES on a tie). */
export function codeLanguagesOf(tags: readonly FileTags[]): { languages: LanguageId[]; primary?: LanguageId } {
  const counts = new Map<LanguageId, number>();
  for (const t of tags) counts.set(t.language, (counts.get(t.language) ?? 0) + 1);
  let primary: LanguageId | undefined;
  for (const language of LANGUAGES)
    if (primary === undefined || (counts.get(language) ?? 0) > (counts.get(primary) ?? 0)) primary = language;
  return primary !== undefined && counts.has(primary)
    ? { languages: [...counts.keys()], primary }
    : { languages: [...counts.keys()] };
}

/**
 * A code reading whose grammars load in `prepare`, for the languages a query's code
 * blocks are written in (most queries hold none, and loading every grammar and
 * compiling its tags query costs more than the rest of a rank). Reading a block of a
 * language `prepare` did not load throws (`deferredSnippetReader`); `prepareAll` loads
 * them all, for an index that must read any query as it comes.
 */
export function deferredCodeReading(
  languages: readonly LanguageId[],
  primary: LanguageId | undefined,
): {
  code: CodeReading;
  prepare: NonNullable<IndexParts['prepare']>;
  prepareAll: NonNullable<IndexParts['prepareAll']>;
} {
  const snippets = deferredSnippetReader(languages);
  const withPrimary = primary !== undefined ? { primary } : {};
  return {
    code: { reader: snippets.reader, ...withPrimary },
    async prepare(_query, cues) {
      const wanted = new Set<LanguageId>();
      cues({ reader: { languages, read: (language) => void wanted.add(language) }, ...withPrimary });
      await snippets.load(wanted);
    },
    prepareAll: () => snippets.load(languages),
  };
}
