/**
 * The contract of a language's import resolver (`<lang>.ts` in this folder), listed per
 * language in `registry.ts`. A resolver builds lookup tables once per corpus and then
 * resolves one import at a time; the hooks after `resolve` tell an index update which
 * changes make those tables stale.
 */
import type { FileTags, ImportSpec, LanguageId } from '../../types.js';

/** A corpus file as the resolvers need it; `text` is given for the files some resolver `readsText` (manifests) and may be for others. */
export interface ResolveFile {
  path: string;
  language: LanguageId | null;
  text?: string;
}

/** What a resolver builds its tables from. */
export interface ResolveInput {
  files: readonly ResolveFile[];
  /** Tags of the parsed files (Rust inline modules, Java package declarations). */
  tags: readonly FileTags[];
  /** Every corpus path, in byte order, unique. */
  paths: readonly string[];
  pathSet: ReadonlySet<string>;
}

/**
 * The corpus as `resolve` may look at it: only `has` and `get` (an update records each
 * lookup to tell which imports a new or removed path can change; walking the whole set is
 * an error).
 */
export interface CorpusLookups {
  readonly files: ReadonlySet<string>;
  /** Folder → the files directly in it, sorted. */
  readonly byFolder: ReadonlyMap<string, readonly string[]>;
}

export interface ImportResolver<T> {
  /**
   * The languages whose files' tags `build` reads (it skips the others): an index loaded
   * from a snapshot decodes only theirs. Absent when `build` reads no tags.
   */
  tagLanguages?: readonly LanguageId[];
  /** The lookup tables of one corpus. */
  build(input: ResolveInput): T;
  /**
   * Whether its tables are plain data (maps, sets and arrays of strings, plain records)
   * that an index snapshot keeps once they are built: a load then reads them instead of
   * decoding the tags of every file of `tagLanguages` to build them again (at 100k files,
   * 0.45 s of a Java-heavy corpus' issue query). Not Rust's: they hold a memo filled as
   * imports resolve.
   */
  keepsTables?: boolean;
  /**
   * The corpus files one import of `fromPath` refers to, in any order, duplicates allowed
   * (the caller sorts, de-duplicates and drops `fromPath`); [] for external imports.
   * `specifier` is `spec.specifier` without quotes, whitespace and a trailing `;`.
   */
  resolve(tables: T, corpus: CorpusLookups, fromPath: string, specifier: string, spec: ImportSpec): string[];
  /** Whether `build` reads the text of the file at `path` (a manifest), so it is kept in memory. */
  readsText?(path: string): boolean;
  /** Whether a change to the content of `path` can change the tables (manifests): every import is then resolved again. */
  isInput?(path: string): boolean;
  /**
   * Whether adding or removing `path` can change how any import of this resolver's
   * languages resolves through the tables (beyond the recorded lookups): Python's source
   * roots depend on every Python file.
   */
  dependsOnPath?(tables: T, path: string): boolean;
  /** Whether a changed file's new tags change the tables (a Java file's package declaration). */
  tagsChangeTables?(was: FileTags | undefined, is: FileTags | undefined): boolean;
  /** The tables with the parts read from the changed files' tags taken from their new tags (Rust inline modules). */
  withTags?(tables: T, changed: readonly string[], tags: ReadonlyMap<string, FileTags>): T;
}

/** A resolver as the registry holds it: its tables' type erased. */
export type AnyResolver = ImportResolver<unknown>;

/** Erases the tables' type of a resolver for the registry (each resolver only ever sees its own tables). */
export function defineResolver<T>(resolver: ImportResolver<T>): AnyResolver {
  return resolver as unknown as AnyResolver;
}
