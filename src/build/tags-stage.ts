/**
 * The tags stage of a build: per-file tags from an earlier build (unchanged contents),
 * from the tags cache, or from the parser.
 */
import { mapTagsCache } from '../cache/layered.js';
import type { TagsCache, TagsCacheEntry } from '../cache/types.js';
import { extractTags, type ParsedAhead } from '../tags/index.js';
import type { Diagnostic, FileRecord, FileTags } from '../types.js';
import type { EarlierContents } from './reuse.js';

/** What the tags stage reads of the index options (see `IndexOptions`), and work to overlap with worker parsing. */
export interface TagsStageOptions {
  tagsCache?: Map<string, TagsCacheEntry> | TagsCache | undefined;
  onProgress?: ((stage: 'tags', done: number, total: number) => void) | undefined;
  parseJobs?: number | undefined;
  meanwhile?: (() => Promise<void>) | undefined;
  parsedAhead?: ParsedAhead | undefined;
  onParsing?: ((paths: readonly string[]) => void) | undefined;
  onParsed?: ((path: string) => void) | undefined;
}

/**
 * Tags of every file with a grammar, in corpus order: an earlier build's for unchanged
 * contents, then the tags cache's, then the parser's for the rest.
 */
export async function tagsWithCache(
  files: readonly FileRecord[],
  contentKeys: readonly string[],
  options: TagsStageOptions,
  earlier: EarlierContents | null,
): Promise<{ tags: FileTags[]; diagnostics: Diagnostic[]; cache?: { hits: number; misses: number } }> {
  if (!earlier || earlier.tags.size === 0) return tagsFromCache(files, contentKeys, options);
  const rest = files.flatMap((f, i) => (earlier.tags.has(f.path) ? [] : [i]));
  const fresh = await tagsFromCache(
    rest.map((i) => files[i]!),
    rest.map((i) => contentKeys[i]!),
    options,
  );
  const freshTags = new Map(fresh.tags.map((t) => [t.path, t]));
  const freshDiagnostics = new Map<string, Diagnostic[]>();
  for (const d of fresh.diagnostics) freshDiagnostics.set(d.file!, [...(freshDiagnostics.get(d.file!) ?? []), d]);
  const tags: FileTags[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const f of files) {
    if (f.language === null) continue;
    const reused = earlier.tags.get(f.path);
    const t = reused ? reused.tags : freshTags.get(f.path);
    if (t) tags.push(t);
    diagnostics.push(...(reused ? reused.diagnostics : (freshDiagnostics.get(f.path) ?? [])));
  }
  const cache = fresh.cache ? { hits: fresh.cache.hits + earlier.tags.size, misses: fresh.cache.misses } : undefined;
  return { tags, diagnostics, ...(cache ? { cache } : {}) };
}

/** Tags of files through the tags cache (when one is given): only the files it lacks are parsed. */
async function tagsFromCache(
  files: readonly FileRecord[],
  contentKeys: readonly string[],
  options: TagsStageOptions,
): Promise<{ tags: FileTags[]; diagnostics: Diagnostic[]; cache?: { hits: number; misses: number } }> {
  const onProgress = options.onProgress ? (d: number, t: number) => options.onProgress!('tags', d, t) : undefined;
  const { meanwhile, parsedAhead, onParsing, onParsed } = options;
  const parse = { onProgress, jobs: options.parseJobs, meanwhile, parsedAhead, onParsing, onParsed };
  if (!options.tagsCache) return extractTags(files, parse);
  const cache = options.tagsCache instanceof Map ? mapTagsCache(options.tagsCache) : options.tagsCache;
  const parseable = files.filter((f) => f.language !== null);
  const keys = files.flatMap((f, i) => (f.language !== null ? [`${f.language}:${contentKeys[i]}`] : []));
  const entries = cache.getMany([...new Set(keys)]);
  const missing = parseable.filter((_, i) => !entries.has(keys[i]!));
  const hits = parseable.length - missing.length;
  const fresh = await extractTags(missing, parse);
  const byPath = new Map(fresh.tags.map((t) => [t.path, t]));
  const diagsByPath = new Map<string, Omit<Diagnostic, 'file'>[]>();
  for (const { file, ...d } of fresh.diagnostics)
    if (file !== undefined) diagsByPath.set(file, [...(diagsByPath.get(file) ?? []), d]);
  const added = new Map<string, TagsCacheEntry>();
  parseable.forEach((f, i) => {
    if (entries.has(keys[i]!)) return;
    const t = byPath.get(f.path);
    const { path: _path, ...rest } = t ?? {
      path: f.path,
      language: f.language!,
      definitions: [],
      references: [],
      imports: [],
      messages: [],
      errorNodes: 0,
    };
    const entry = { tags: rest, diagnostics: diagsByPath.get(f.path) ?? [] };
    entries.set(keys[i]!, entry);
    // A failed parse is not kept: it may be transient (a parse worker that died).
    if (entry.diagnostics.every((d) => d.code !== 'parse-failed')) added.set(keys[i]!, entry);
  });
  cache.putMany(added);
  const tags: FileTags[] = [];
  const diagnostics: Diagnostic[] = [];
  parseable.forEach((f, i) => {
    const entry = entries.get(keys[i]!)!;
    // a file past the tags budget is kept as such (the verdict holds for its content), with no tags
    if (entry.diagnostics.every((d) => d.code !== 'parse-failed' && d.code !== 'too-complex'))
      tags.push({ path: f.path, ...entry.tags });
    for (const d of entry.diagnostics) diagnostics.push({ ...d, file: f.path });
  });
  return { tags, diagnostics, cache: { hits, misses: missing.length } };
}
