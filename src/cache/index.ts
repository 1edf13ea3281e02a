export { TagsStore, STORE_DEFAULTS, STORE_SCHEMA_VERSION, type TagsStoreOptions } from './tags-store.js';
export type { PruneReport, StoreRows, StoreStats } from './store-lru.js';
export { lookAtStore } from './store-look.js';
export { TAGS_INDEX_VERSION, currentIdentity, type CacheIdentity } from './identity.js';
export { CACHE_ENV, TAGS_STORE_FILE, cacheDirFromEnv, defaultCacheDir, tagsStorePath } from './location.js';
export { layeredTagsCache, mapTagsCache, memoryTagsCache, storeTagsCache } from './layered.js';
export type { TagsCache, TagsCacheEntry } from './types.js';
