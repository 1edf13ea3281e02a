import { RepoMapError } from '../../errors.js';
import type { FileTags, LanguageId } from '../../types.js';
import { GRAPH_DEFAULTS } from '../defaults.js';
import type { EdgeAccumulator, EdgeSpec } from '../edge.js';
import {
  resolveImport,
  resolverOf,
  resolversDependingOn,
  type AnyResolver,
  type ResolveContext,
} from '../resolve/index.js';
import { dirOf } from '../resolve/paths.js';

export interface ImportStats {
  /** Imports written in the corpus' files. */
  imports: number;
  /** Of those, imports that resolved to at least one corpus file. */
  resolved: number;
}

/**
 * What one file's imports were resolved from: the corpus lookups the resolver made for
 * them, so that an update that adds or removes paths can tell whether it could change
 * them (`importsUnaffected`).
 */
export interface ImportRecord {
  /**
   * 32-bit hashes of the lookups, sorted (`probeHash`): each path asked for, each folder
   * listed. A collision can only make an update resolve a file again that it need not.
   */
  probes: Uint32Array;
  imports: number;
  resolved: number;
}

/**
 * The `import` edges of some files (each file's out-edges) under a built resolve context.
 * Each file's record goes into `records`.
 */
export function addImportRows(
  ctx: ResolveContext,
  tags: readonly FileTags[],
  edges: EdgeAccumulator,
  records: Map<string, ImportRecord>,
  options: { importWeight: number } = GRAPH_DEFAULTS,
): void {
  const probes: number[] = [];
  const probing = probingContext(ctx, probes);
  for (const file of tags) {
    probes.length = 0;
    let resolved = 0;
    for (const spec of file.imports) {
      const targets = resolveImport(probing, file.path, file.language, spec);
      if (targets.length > 0) resolved++;
      for (const target of targets) edges.add('import', file.path, target, options.importWeight, spec.specifier);
    }
    records.set(file.path, { probes: Uint32Array.from(probes).sort(), imports: file.imports.length, resolved });
  }
}

/** Import counts summed over records. */
export function importStats(records: ReadonlyMap<string, ImportRecord>): ImportStats {
  const stats = { imports: 0, resolved: 0 };
  for (const r of records.values()) {
    stats.imports += r.imports;
    stats.resolved += r.resolved;
  }
  return stats;
}

/**
 * Whether the imports of a file, resolved when its record was made, resolve the same with
 * `moved` paths added or removed (the same manifests; a changed manifest resolves every
 * import again): none of the lookups named a moved path or its folder, and no table of the
 * file's resolver depends on the moved paths (Python's source roots and Java's class
 * index do on any file of theirs, Rust's crate roots on theirs).
 */
export function importsUnaffected(record: ImportRecord, language: LanguageId, moved: MovedPaths): boolean {
  if (moved.resolvers.has(resolverOf(language))) return false;
  for (const h of moved.probes) if (includes(record.probes, h)) return false;
  return true;
}

/** Added and removed paths, as `importsUnaffected` tests them. */
export interface MovedPaths {
  probes: ReadonlySet<number>;
  /** The resolvers whose tables depend on a moved path. */
  resolvers: ReadonlySet<AnyResolver>;
}

/** `paths` added or removed, against the resolve tables they were resolved with. */
export function movedPaths(paths: readonly string[], ctx: ResolveContext): MovedPaths {
  const probes = new Set<number>();
  for (const p of paths) probes.add(probeHash(FILE_PROBE, p)).add(probeHash(FOLDER_PROBE, dirOf(p)));
  return { probes, resolvers: resolversDependingOn(ctx, paths) };
}

/** A file's import edges as they stand in a graph, to add again unchanged. */
export function keptImportEdges(edges: readonly EdgeSpec[], into: EdgeAccumulator): void {
  for (const e of edges) into.add('import', e.source, e.target, e.weight, e.label);
}

/** The context with its path set and folder index recording the hash of each lookup into `probes`. */
export function probingContext(ctx: ResolveContext, probes: number[]): ResolveContext {
  const files = Object.assign(Object.create(NOT_WALKABLE), {
    has: (path: string) => (probes.push(probeHash(FILE_PROBE, path)), ctx.files.has(path)),
  }) as ReadonlySet<string>;
  const byFolder = Object.assign(Object.create(NOT_WALKABLE), {
    get: (dir: string) => (probes.push(probeHash(FOLDER_PROBE, dir)), ctx.byFolder.get(dir)),
    has: (dir: string) => (probes.push(probeHash(FOLDER_PROBE, dir)), ctx.byFolder.has(dir)),
  }) as ReadonlyMap<string, readonly string[]>;
  return { ...ctx, files, byFolder };
}

/** What a recording set or map is made from: everything that would walk it throws. */
const NOT_WALKABLE = {
  get size(): never {
    return unsupported();
  },
  forEach: unsupported,
  entries: unsupported,
  keys: unsupported,
  values: unsupported,
  [Symbol.iterator]: unsupported,
};

/** A resolver that walks the whole path set could depend on any path: records would be wrong, so it is an error. */
function unsupported(): never {
  throw new RepoMapError(
    'internal',
    'repomap/graph: an import resolver walked the whole path set; only has/get lookups are recorded',
    'resolver',
  );
}

/** What a probe looked up: a path, or a folder's listing. */
export const FILE_PROBE = 0x66; // 'f'
export const FOLDER_PROBE = 0x64; // 'd'

/** FNV-1a over the probe's kind and the UTF-16 code units of what it named (no string is built per lookup). */
export function probeHash(kind: number, text: string): number {
  let h = Math.imul(0x811c9dc5 ^ kind, 0x01000193);
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function includes(sorted: Uint32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
