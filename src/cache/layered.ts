/** Small TagsCache adapters: a plain Map, a cache held in memory, and memory kept in front of a slower cache. */
import type { TextTerms } from '../lexical/text-terms.js';
import type { TagsCache, TagsCacheEntry } from './types.js';

/** A Map as a TagsCache (the form `IndexOptions.tagsCache` has always accepted). */
export function mapTagsCache(map: Map<string, TagsCacheEntry>): TagsCache {
  return {
    getMany(keys) {
      const found = new Map<string, TagsCacheEntry>();
      for (const key of keys) {
        const entry = map.get(key);
        if (entry) found.set(key, entry);
      }
      return found;
    },
    putMany(entries) {
      for (const [key, entry] of entries) map.set(key, entry);
    },
  };
}

/**
 * A cache held in memory: tags and texts' BM25 terms. Used by eval without a persistent
 * cache: a repository's snapshots share it, so a file seen at an earlier commit is
 * neither parsed nor tokenized again.
 */
export function memoryTagsCache(): TagsCache {
  const terms = new Map<string, TextTerms>();
  return {
    ...mapTagsCache(new Map()),
    holdsTerms: true,
    getTerms: (keys) => pick(terms, keys),
    putTerms(entries) {
      for (const [key, value] of entries) terms.set(key, value);
    },
  };
}

/**
 * `front` answers what it holds; the rest is asked of `back` and remembered in `front`.
 * Writes go to both. Texts' BM25 terms are layered the same way (in a Map of their own;
 * `back` may keep none). Used by eval: a repository's snapshots share the Maps, and the
 * persistent store fills them across runs.
 */
export function layeredTagsCache(front: Map<string, TagsCacheEntry>, back: TagsCache): TagsCache {
  const near = mapTagsCache(front);
  const nearTerms = new Map<string, TextTerms>();
  return {
    holdsTerms: true,
    getMany(keys) {
      const found = near.getMany(keys);
      const rest = keys.filter((k) => !found.has(k));
      if (rest.length === 0) return found;
      const far = back.getMany(rest);
      near.putMany(far);
      for (const [key, entry] of far) found.set(key, entry);
      return found;
    },
    putMany(entries) {
      const list = [...entries];
      near.putMany(list);
      back.putMany(list);
    },
    getTerms(keys) {
      const found = pick(nearTerms, keys);
      const rest = keys.filter((k) => !found.has(k));
      if (rest.length === 0 || !back.getTerms) return found;
      for (const [key, value] of back.getTerms(rest)) {
        nearTerms.set(key, value);
        found.set(key, value);
      }
      return found;
    },
    putTerms(entries) {
      const list = [...entries];
      for (const [key, value] of list) nearTerms.set(key, value);
      back.putTerms?.(list);
    },
  };
}

/** The entries of `map` among `keys`. */
function pick<T>(map: ReadonlyMap<string, T>, keys: readonly string[]): Map<string, T> {
  const found = new Map<string, T>();
  for (const key of keys) {
    const value = map.get(key);
    if (value !== undefined) found.set(key, value);
  }
  return found;
}
