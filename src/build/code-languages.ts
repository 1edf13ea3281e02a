/** Which grammars read a query's code blocks: the languages of an index's parsed files. */
import { LANGUAGES, type FileTags, type LanguageId } from '../types.js';

/** The languages of the parsed files, in the order first met, and the main one (most files; the first in LANGUAGES on a tie). */
export function codeLanguagesOf(tags: readonly FileTags[]): { languages: LanguageId[]; primary?: LanguageId } {
  const counts = new Map<LanguageId, number>();
  for (const t of tags) counts.set(t.language, (counts.get(t.language) ?? 0) + 1);
  let primary: LanguageId | undefined;
  for (const language of LANGUAGES) if (primary === undefined || (counts.get(language) ?? 0) > (counts.get(primary) ?? 0)) primary = language;
  return primary !== undefined && counts.has(primary) ? { languages: [...counts.keys()], primary } : { languages: [...counts.keys()] };
}
