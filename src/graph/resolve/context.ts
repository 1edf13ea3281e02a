/**
 * Import resolution: the lookup tables of one corpus, built once by each language's
 * resolver (`registry.ts`), and the dispatch of one import to its language's resolver.
 * Each language's rules are documented at the top of its own file.
 */
import type { FileTags, ImportSpec, LanguageId } from '../../types.js';
import { cleanSpecifier, filesByFolder, finish } from './paths.js';
import { compareByteOrder } from '../../text/order.js';
import { RESOLVERS, UNIQUE_RESOLVERS } from './registry.js';
import type { AnyResolver, CorpusLookups, ResolveFile, ResolveInput } from './resolver.js';

/**
 * Whether resolution reads the text of the file at `path` in every build: the manifests
 * (package.json, `[jt]sconfig*.json`, go.mod, Cargo.toml). A Java source's text is read
 * only when its tags hold no package declaration.
 */
export function readsText(path: string): boolean {
  return UNIQUE_RESOLVERS.some((r) => r.readsText?.(path) ?? false);
}

/** Whether a change to the content of `path` can change some resolver's tables (a manifest). */
export function isResolverInput(path: string): boolean {
  return UNIQUE_RESOLVERS.some((r) => r.isInput?.(path) ?? false);
}

/** Lookup tables of one corpus. Build with `buildResolveContext`; treat as opaque. */
export interface ResolveContext extends CorpusLookups {
  /** All corpus paths, in byte order. */
  readonly paths: readonly string[];
  /** Each resolver's tables. */
  readonly tables: ReadonlyMap<AnyResolver, unknown>;
}

/**
 * Builds the lookup tables once per corpus: the path set and folder index, and each
 * resolver's tables (Python source roots, workspace packages and tsconfig paths from
 * `package.json`/`tsconfig.json` texts, Go modules from `go.mod`, Cargo crates from
 * `Cargo.toml`, Java class/package indexes, …). Manifests without `text` are ignored.
 * From `tags` come what resolvers read of parsed files (Rust inline modules, Java package
 * declarations). Given as a function (an index loaded from a snapshot, whose tags are
 * decoded when read), each resolver's tables are built at their first use
 * (`ResolverTables`), and the function is called only when a resolver that reads tags
 * builds them, with the languages it reads (`tagLanguages`; undefined for all); given as
 * a list, every resolver's tables are built now, while the texts some of them read (a
 * Java file without a package declaration) are at hand. `kept`: tables an index snapshot
 * kept for these files (`keptTablesOf`), taken as they are instead of built.
 */
export function buildResolveContext(
  files: readonly ResolveFile[],
  tags: readonly FileTags[] | TagsOfLanguages = [],
  kept: KeptTables = [],
): ResolveContext {
  const paths = [...new Set(files.map((f) => f.path))].sort(compareByteOrder);
  const pathSet = new Set(paths);
  const inputOf = (resolver: AnyResolver): ResolveInput => ({
    files,
    paths,
    pathSet,
    get tags() {
      return typeof tags === 'function' ? tags(resolver.tagLanguages) : tags;
    },
  });
  const keptByResolver = new Map(kept.map(([at, tables]) => [UNIQUE_RESOLVERS[at], tables]));
  const make = (r: AnyResolver): unknown => (keptByResolver.has(r) ? keptByResolver.get(r) : r.build(inputOf(r)));
  const tables =
    typeof tags === 'function' ? new ResolverTables(make) : new Map(UNIQUE_RESOLVERS.map((r) => [r, make(r)]));
  return { paths, files: pathSet, byFolder: filesByFolder(paths), tables };
}

/** Resolver tables as an index snapshot keeps them: each with its resolver's position in the registry (`UNIQUE_RESOLVERS`). */
export type KeptTables = readonly (readonly [number, unknown])[];

/** The tables of `ctx` that their resolvers let a snapshot keep (`keepsTables`), those built already (none is built for it). */
export function keptTablesOf(ctx: ResolveContext): [number, unknown][] {
  const out: [number, unknown][] = [];
  UNIQUE_RESOLVERS.forEach((resolver, at) => {
    const built = ctx.tables instanceof ResolverTables ? ctx.tables.built(resolver) : ctx.tables.has(resolver);
    if (resolver.keepsTables && built) out.push([at, ctx.tables.get(resolver)]);
  });
  return out;
}

/** The tags of the files of `languages` (every file's when undefined), in the order of the whole list. */
export type TagsOfLanguages = (languages: readonly LanguageId[] | undefined) => readonly FileTags[];

/**
 * Each resolver's tables, built at the first `get` of that resolver: a query whose cues
 * resolve only Python modules on an index loaded from a snapshot builds no Java or Rust
 * tables, and decodes no file's tags for them. Iterating builds them all, in the
 * resolvers' order.
 */
class ResolverTables extends Map<AnyResolver, unknown> {
  /** `make`: a resolver's tables as first built (from the corpus and the tags the context was made with). */
  constructor(private readonly make: (resolver: AnyResolver) => unknown) {
    super();
  }

  override get(resolver: AnyResolver): unknown {
    if (!super.has(resolver) && UNIQUE_RESOLVERS.includes(resolver)) super.set(resolver, this.make(resolver));
    return super.get(resolver);
  }

  /**
   * Tables after some files' tags changed (the same paths): `changedTables` for the
   * resolvers that take tags in (`withTags`), built now from this one's where built
   * already or `touched` by the change (the tags of their languages changed); every other
   * resolver's as this one has it or, not built yet, as first built when asked (tags
   * reach those tables only through a change that rebuilds every table: `tagsChangeTables`).
   */
  derived(
    changedTables: (resolver: AnyResolver, before: unknown) => unknown,
    touched: (resolver: AnyResolver) => boolean,
  ): ResolverTables {
    const next = new ResolverTables(this.make);
    for (const resolver of UNIQUE_RESOLVERS) {
      // tables not built yet that the change does not touch are built when first asked, as here
      if (resolver.withTags && (super.has(resolver) || touched(resolver)))
        next.set(resolver, changedTables(resolver, this.get(resolver)));
      else if (super.has(resolver)) next.set(resolver, super.get(resolver));
    }
    return next;
  }

  override has(resolver: AnyResolver): boolean {
    return UNIQUE_RESOLVERS.includes(resolver);
  }

  /** Whether the resolver's tables are built (`get` builds them; `has` is true of every resolver). */
  built(resolver: AnyResolver): boolean {
    return super.has(resolver);
  }

  override get size(): number {
    return UNIQUE_RESOLVERS.length;
  }

  override entries(): MapIterator<[AnyResolver, unknown]> {
    return this.all().entries();
  }

  override keys(): MapIterator<AnyResolver> {
    return this.all().keys();
  }

  override values(): MapIterator<unknown> {
    return this.all().values();
  }

  override forEach(
    fn: (value: unknown, key: AnyResolver, map: Map<AnyResolver, unknown>) => void,
    thisArg?: unknown,
  ): void {
    this.all().forEach((v, k) => fn.call(thisArg, v, k, this));
  }

  override [Symbol.iterator](): MapIterator<[AnyResolver, unknown]> {
    return this.entries();
  }

  /** Every resolver's tables, in the resolvers' order. */
  private all(): Map<AnyResolver, unknown> {
    return new Map(UNIQUE_RESOLVERS.map((r) => [r, this.get(r)]));
  }
}

/**
 * The corpus files an import of `fromPath` refers to: sorted, de-duplicated, never
 * `fromPath` itself; [] when the import is external or cannot be resolved.
 */
export function resolveImport(ctx: ResolveContext, fromPath: string, language: LanguageId, spec: ImportSpec): string[] {
  const resolver = RESOLVERS[language];
  return finish(
    resolver.resolve(ctx.tables.get(resolver), ctx, fromPath, cleanSpecifier(spec.specifier), spec),
    fromPath,
  );
}

/** Whether a changed file's new tags change its language's tables. */
export function tagsChangeTables(was: FileTags | undefined, is: FileTags | undefined): boolean {
  const language = was?.language ?? is?.language;
  return language !== undefined && (RESOLVERS[language].tagsChangeTables?.(was, is) ?? false);
}

/** The context with every resolver's tables taking the changed files' new tags (same paths). */
export function withChangedTags(
  ctx: ResolveContext,
  changed: readonly string[],
  tags: ReadonlyMap<string, FileTags>,
): ResolveContext {
  const change = (resolver: AnyResolver, before: unknown): unknown => resolver.withTags!(before, changed, tags);
  // tables built at first use stay so: a changed Rust file builds no JavaScript manifests'
  // tables, and a changed Python file no Rust inline modules (a file without tags now may
  // have had any language's)
  if (ctx.tables instanceof ResolverTables) {
    const languages = new Set(changed.map((p) => tags.get(p)?.language));
    return { ...ctx, tables: ctx.tables.derived(change, (r) => languages.has(undefined) || readsTagsOf(r, languages)) };
  }
  const tables = new Map(ctx.tables);
  for (const resolver of UNIQUE_RESOLVERS)
    if (resolver.withTags) tables.set(resolver, change(resolver, ctx.tables.get(resolver)));
  return { ...ctx, tables };
}

/**
 * Builds now the tables an update of the files of `languages` reads (`withChangedTags`
 * and the import resolution of those files), as it would build them: those of the
 * resolvers that take in the tags of those languages, and those of the languages' resolvers.
 */
export function readyTables(ctx: ResolveContext, languages: ReadonlySet<LanguageId>): void {
  for (const resolver of UNIQUE_RESOLVERS)
    if (resolver.withTags && readsTagsOf(resolver, languages)) ctx.tables.get(resolver);
  for (const language of languages) ctx.tables.get(RESOLVERS[language]);
}

/** Whether a resolver's tables read the tags of one of `languages` (every resolver without `tagLanguages` reads all). */
function readsTagsOf(resolver: AnyResolver, languages: ReadonlySet<LanguageId | undefined>): boolean {
  return !resolver.tagLanguages || resolver.tagLanguages.some((l) => languages.has(l));
}

/** The resolvers whose tables adding or removing one of `paths` can change. */
export function resolversDependingOn(ctx: ResolveContext, paths: readonly string[]): Set<AnyResolver> {
  const out = new Set<AnyResolver>();
  for (const resolver of UNIQUE_RESOLVERS) {
    const depends = resolver.dependsOnPath;
    if (depends && paths.some((p) => depends(ctx.tables.get(resolver), p))) out.add(resolver);
  }
  return out;
}

/** The resolver of a language. */
export function resolverOf(language: LanguageId): AnyResolver {
  return RESOLVERS[language];
}
