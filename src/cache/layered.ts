/** Small TagsCache adapters: a plain Map, and a Map kept in front of a slower cache. */
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
 * `front` answers what it holds; the rest is asked of `back` and remembered in `front`.
 * Writes go to both. Used by eval: a repository's snapshots share the Map, and the
 * persistent store fills it across runs.
 */
export function layeredTagsCache(front: Map<string, TagsCacheEntry>, back: TagsCache): TagsCache {
  const near = mapTagsCache(front);
  return {
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
  };
}
