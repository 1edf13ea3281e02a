/**
 * Go import resolution.
 *
 * Specifiers (from the tags stage): the import path string (`"github.com/a/b/pkg"`,
 * quotes or backticks tolerated), one per imported package.
 *
 * Rules:
 * - Every corpus `go.mod` declares a module (`module x/y`); its folder holds the module.
 * - An import path is matched to the longest module path that equals it or is a prefix
 *   of it at a `/` boundary; the rest names a folder under that module's folder.
 * - A Go package is a folder: the import resolves to every non-test `.go` file directly
 *   in that folder (not `_test.go`).
 * - Without any go.mod, or for paths outside every module (standard library, other
 *   modules) → [] (external).
 */
import { child, dirOf } from './paths.js';
import { defineResolver } from './resolver.js';
import { compareByteOrder } from '../../text/order.js';

export interface GoTables {
  /** Module path → folder of its go.mod. */
  modules: Map<string, string>;
}

/** The module path declared in a go.mod text, or null. */
export function goModulePath(text: string): string | null {
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    const m = /^module\s+("([^"]+)"|`([^`]+)`|(\S+))$/.exec(line);
    if (m) return m[2] ?? m[3] ?? m[4] ?? null;
  }
  return null;
}

/** A go.mod file (the manifest resolution reads the module path of). */
export function isGoMod(path: string): boolean {
  return path === 'go.mod' || path.endsWith('/go.mod');
}

export function buildGoTables(files: readonly { path: string; text?: string }[]): GoTables {
  const modules = new Map<string, string>();
  for (const f of files) {
    if (!isGoMod(f.path) || f.text === undefined) continue;
    const mod = goModulePath(f.text);
    const dir = dirOf(f.path);
    // Two go.mod files declaring one module: keep the shallower folder (byte order breaks ties).
    const prev = mod === null ? undefined : modules.get(mod);
    if (
      mod !== null &&
      (prev === undefined ||
        dir.length < prev.length ||
        (dir.length === prev.length && compareByteOrder(dir, prev) < 0))
    )
      modules.set(mod, dir);
  }
  return { modules };
}

export function resolveGo(tables: GoTables, byFolder: ReadonlyMap<string, readonly string[]>, spec: string): string[] {
  if (tables.modules.size === 0 || spec === '') return [];
  const segs = spec.split('/');
  for (let n = segs.length; n >= 1; n--) {
    const modDir = tables.modules.get(segs.slice(0, n).join('/'));
    if (modDir === undefined) continue;
    const rest = segs.slice(n).join('/');
    const folder = rest === '' ? modDir : child(modDir, rest);
    return (byFolder.get(folder) ?? []).filter((p) => p.endsWith('.go') && !p.endsWith('_test.go'));
  }
  return [];
}

export const goResolver = defineResolver<GoTables>({
  build: ({ files }) => buildGoTables(files),
  resolve: (tables, corpus, _fromPath, specifier) => resolveGo(tables, corpus.byFolder, specifier),
  readsText: isGoMod,
  isInput: isGoMod,
});
