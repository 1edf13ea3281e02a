/**
 * The tags cache's contract, which `buildIndex` consumes and every cache here provides
 * (a plain Map through `mapTagsCache`, `layeredTagsCache`, the SQLite `TagsStore`).
 */
import type { TextTerms } from '../lexical/text-terms.js';
import type { Diagnostic, FileTags } from '../types.js';

/** What the tags cache keeps per file content: the tags (path-free) and its diagnostics. */
export interface TagsCacheEntry {
  tags: Omit<FileTags, 'path'>;
  diagnostics: Omit<Diagnostic, 'file'>[];
}

/**
 * A tags cache `buildIndex` can use besides a plain Map: bulk lookup and bulk write
 * (a persistent `TagsStore` reads and writes each in one transaction).
 */
export interface TagsCache {
  /** The entries found among `keys`; keys not cached are absent from the result. */
  getMany(keys: readonly string[]): Map<string, TagsCacheEntry>;
  putMany(entries: Iterable<readonly [string, TagsCacheEntry]>): void;
  /**
   * Optional: texts' BM25 terms by `${TEXT_TERMS_VERSION}:${content key}`. A cache that
   * keeps them lets `buildIndex` skip tokenizing the texts it has seen before.
   */
  getTerms?(keys: readonly string[]): Map<string, TextTerms>;
  putTerms?(entries: Iterable<readonly [string, TextTerms]>): void;
  /**
   * Whether terms put here are held for the builds that follow, in memory or in a store
   * (eval's snapshots): a build then keeps the terms of the texts it tokenizes while workers
   * parse too, which a build with only a persistent store skips to keep the cores free.
   */
  readonly holdsTerms?: boolean;
}
