/** A snippet reader whose grammars load on demand (./snippet.ts, imported only then: it loads web-tree-sitter). */
import { RepoMapError } from '../errors.js';
import type { LanguageId } from '../types.js';
import type { SnippetReader } from './snippet.js';

/**
 * A reader for `languages` whose grammars load when `load` asks for them (an index
 * loaded from a snapshot: most queries hold no code, and loading every grammar costs
 * more than the rest of a rank). Reading a language that was not loaded throws, so a
 * caller that forgot `load` fails instead of ranking without its code cues.
 */
export function deferredSnippetReader(languages: Iterable<LanguageId>): {
  reader: SnippetReader;
  load(wanted: Iterable<LanguageId>): Promise<void>;
} {
  const all = [...new Set(languages)];
  let loaded: SnippetReader | undefined;
  const loadedFor = new Set<LanguageId>();
  return {
    reader: {
      languages: all,
      read(language, code) {
        if (!all.includes(language)) return undefined;
        if (!loadedFor.has(language))
          throw new RepoMapError(
            'internal',
            `repomap/tags: the ${language} grammar for a query's code was not loaded (Index.prepare)`,
            language,
          );
        return loaded!.read(language, code);
      },
    },
    async load(wanted) {
      const missing = [...new Set(wanted)].filter((l) => all.includes(l) && !loadedFor.has(l));
      if (missing.length === 0) return;
      const { snippetReader } = await import('./snippet.js');
      loaded = await snippetReader([...loadedFor, ...missing]);
      for (const l of missing) loadedFor.add(l);
    },
  };
}
