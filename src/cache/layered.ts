/** Small TagsCache adapters: a plain Map, a cache held in memory, and memory kept in front of a slower cache. */
import type { TextTerms } from '../lexical/text-terms.js';
import type { TagsCache, TagsCacheEntry } from './types.js';

/** A Map as a TagsCache (the form `IndexOptions.tagsCache` has always accepted). */
export function mapTagsCache(map: Map<string, TagsCacheEntry>): TagsCache {
  return {
    getMany: (keys) => pick(map, keys),
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
  const terms = layer(new Map<string, TextTerms>(), {});
  return { ...mapTagsCache(new Map()), holdsTerms: true, getTerms: terms.get, putTerms: terms.put };
}

/**
 * A store read and written as it is, with the terms put in it held for the builds that
 * follow (`holdsTerms`). Used by eval with a store (`--cache`, or the one its workers share
 * for the run): a build reads the few entries it needs from the store, rather than a Map
 * in front of it keeping every snapshot's tags and terms in memory as well (sympy's 53
 * issue rows: 1.28 → 0.83-1.07 GB peak RSS, bench/NOTES.md).
 */
export function storeTagsCache(store: TagsCache): TagsCache {
  return {
    holdsTerms: true,
    getMany: (keys) => store.getMany(keys),
    putMany: (entries) => store.putMany(entries),
    ...(store.getTerms ? { getTerms: (keys: readonly string[]) => store.getTerms!(keys) } : {}),
    ...(store.putTerms
      ? { putTerms: (entries: Iterable<readonly [string, TextTerms]>) => store.putTerms!(entries) }
      : {}),
  };
}

/**
 * `front` answers what it holds; the rest is asked of `back` and remembered in `front`.
 * Writes go to both. Texts' BM25 terms are layered the same way (in a Map of their own;
 * `back` may keep none). For a program that asks for the same entries again and again;
 * eval, whose later snapshots ask mostly for new blobs, reads its store as it is
 * (`storeTagsCache`).
 */
export function layeredTagsCache(front: Map<string, TagsCacheEntry>, back: TagsCache): TagsCache {
  const tags = layer(front, { get: (keys) => back.getMany(keys), put: (entries) => back.putMany(entries) });
  const terms = layer(new Map<string, TextTerms>(), {
    ...(back.getTerms ? { get: (keys: readonly string[]) => back.getTerms!(keys) } : {}),
    ...(back.putTerms ? { put: (entries: Iterable<readonly [string, TextTerms]>) => back.putTerms!(entries) } : {}),
  });
  return { holdsTerms: true, getMany: tags.get, putMany: tags.put, getTerms: terms.get, putTerms: terms.put };
}

/** A Map in front of a slower store (`get`/`put` absent: nothing behind it). */
function layer<T>(
  front: Map<string, T>,
  back: { get?: (keys: readonly string[]) => Map<string, T>; put?: (entries: Iterable<readonly [string, T]>) => void },
): { get(keys: readonly string[]): Map<string, T>; put(entries: Iterable<readonly [string, T]>): void } {
  return {
    get(keys) {
      const found = pick(front, keys);
      const rest = keys.filter((k) => !found.has(k));
      if (rest.length === 0 || !back.get) return found;
      for (const [key, value] of back.get(rest)) {
        front.set(key, value);
        found.set(key, value);
      }
      return found;
    },
    put(entries) {
      const list = [...entries];
      for (const [key, value] of list) front.set(key, value);
      back.put?.(list);
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
