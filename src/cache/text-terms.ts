/** The texts' BM25 terms a tags cache keeps (`TagsCache.getTerms`), for one index build. */
import type { Bm25Document, TextTermsCache } from '../lexical/bm25.js';
import { TEXT_TERMS_VERSION, type TextTerms } from '../lexical/text-terms.js';
import type { TagsCache, TagsCacheEntry } from './types.js';
import type { FileRecord } from '../types.js';

/**
 * The terms `cache` keeps for the texts of `files` (content keys `keys`), read in one
 * lookup at the first `get` (a cold build's first is on the way, while workers parse),
 * and the terms tokenized during the build, written by `save()`, which also lets go of
 * what was read. Undefined when the cache keeps no terms (a plain Map, or none).
 */
export function textTermsOf(
  cache: Map<string, TagsCacheEntry> | TagsCache | undefined,
  files: readonly FileRecord[],
  keys: readonly string[],
): (Required<TextTermsCache> & { save(): void; held: boolean }) | undefined {
  if (!cache || cache instanceof Map || !cache.getTerms || !cache.putTerms) return undefined;
  // made at the first use: a build that keeps an earlier index's terms never asks
  let byDoc: Map<Bm25Document, string> | undefined;
  const keyOf = (): Map<Bm25Document, string> =>
    (byDoc ??= new Map(files.map((f, i) => [f, `${TEXT_TERMS_VERSION}:${keys[i]}`])));
  let known: Map<string, TextTerms> | undefined;
  const fresh = new Map<string, TextTerms>();
  return {
    /** Whether the cache holds the terms in memory for the builds that follow (`TagsCache.holdsTerms`). */
    held: cache.holdsTerms === true,
    get(doc) {
      known ??= cache.getTerms!([...new Set(keyOf().values())]);
      return known.get(keyOf().get(doc) ?? '');
    },
    set(doc, terms) {
      const key = keyOf().get(doc);
      if (key !== undefined) fresh.set(key, terms);
    },
    save() {
      if (fresh.size > 0) cache.putTerms!(fresh);
      fresh.clear();
      known = new Map();
    },
  };
}
