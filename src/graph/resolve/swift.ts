/**
 * Swift import resolution: an import names a module, and a module is a folder of files.
 *
 * Specifiers (from the tags stage): the module path as written (`Inventory`, `Foo.Sub`,
 * `Inventory.Money` for `import struct Inventory.Money`, which also names `Money`);
 * `@testable` is not part of it.
 *
 * Rules:
 * - The module is the specifier's first segment.
 * - A module's files are, in order of precedence: the folder a `Package.swift` target gives
 *   with `path:` (relative to the manifest's folder); else SwiftPM's layout,
 *   `Sources/<Module>/**` and `Tests/<Module>/**` (at any depth, for nested packages);
 *   else (Xcode projects without a manifest) the files under the shallowest folders named
 *   like the module.
 * - A kind import (`import struct M.Money`) imports module M like `import M` (the whole
 *   module is built and visible; narrowing it to `Money`'s file would make the tables
 *   depend on every file's definitions).
 * - System and package-dependency modules (`Foundation`, `XCTest`, `ArgumentParser`
 *   checked out under `.build/`) are not in the corpus: [] (external).
 * Files of one module see each other without imports; those links are the shared-symbol
 * edges', so none is invented here.
 */
import { dirOf, isUnder, joinPath } from './paths.js';
import { defineResolver, type ResolveFile } from './resolver.js';

export interface SwiftTables {
  /** Module name → its Swift files, from manifests and the SwiftPM layout. */
  modules: Map<string, string[]>;
  /** Folder name → Swift files under the shallowest folders of that name (modules of projects without a manifest). */
  folders: Map<string, string[]>;
}

const MANIFEST = /(?:^|\/)Package(?:@swift-[\d.]+)?\.swift$/;

/** `.target(name: "X", …, path: "p")` and the other target kinds of a manifest: [name, path?]. */
function manifestTargets(text: string): { name: string; path?: string }[] {
  const out: { name: string; path?: string }[] = [];
  const starts = [
    ...text.matchAll(/\.(?:target|executableTarget|testTarget|macro|plugin)\s*\(\s*name\s*:\s*"([^"]+)"/g),
  ];
  starts.forEach((m, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.index : text.length;
    const body = text.slice(m.index, end);
    const path = /\bpath\s*:\s*"([^"]+)"/.exec(body)?.[1];
    out.push(path === undefined ? { name: m[1]! } : { name: m[1]!, path });
  });
  return out;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The SwiftPM module of a path by its layout: the folder after its last `Sources/` or `Tests/`. */
function layoutModule(path: string): string | null {
  const segs = path.split('/');
  for (let i = segs.length - 3; i >= 0; i--) {
    if (segs[i] === 'Sources' || segs[i] === 'Tests') return segs[i + 1]!;
  }
  return null;
}

export function buildSwiftTables(files: readonly ResolveFile[], paths: readonly string[]): SwiftTables {
  const swiftPaths = paths.filter((p) => p.endsWith('.swift') && !MANIFEST.test(p));
  const modules = new Map<string, string[]>();
  const claimed = new Set<string>();
  // Targets with a custom path first: they take their files from the layout's guess.
  for (const f of files) {
    if (!MANIFEST.test(f.path) || f.text === undefined) continue;
    for (const target of manifestTargets(f.text)) {
      if (target.path === undefined) continue;
      const folder = joinPath(dirOf(f.path), target.path);
      if (folder === null) continue;
      for (const p of swiftPaths) {
        if (isUnder(p, folder) && !claimed.has(p)) {
          push(modules, target.name, p);
          claimed.add(p);
        }
      }
    }
  }
  for (const p of swiftPaths) {
    if (claimed.has(p)) continue;
    const module = layoutModule(p);
    if (module !== null) push(modules, module, p);
  }
  // Folders by name, for projects without a manifest: the shallowest folders of each name.
  const folders = new Map<string, string[]>();
  const depthOf = new Map<string, number>();
  for (const p of swiftPaths) {
    const segs = dirOf(p).split('/');
    const seen = new Set<string>();
    segs.forEach((name, depth) => {
      if (name === '' || seen.has(name)) return;
      seen.add(name);
      const best = depthOf.get(name);
      if (best === undefined || depth < best) {
        depthOf.set(name, depth);
        folders.set(name, [p]);
      } else if (depth === best) push(folders, name, p);
    });
  }
  return { modules, folders };
}

export function resolveSwift(tables: SwiftTables, specifier: string): string[] {
  const module = specifier.split('.')[0]!;
  return tables.modules.get(module) ?? tables.folders.get(module) ?? [];
}

export const swiftResolver = defineResolver<SwiftTables>({
  build: ({ files, paths }) => buildSwiftTables(files, paths),
  resolve: (tables, _corpus, _fromPath, specifier) => resolveSwift(tables, specifier),
  readsText: (path) => MANIFEST.test(path),
  isInput: (path) => MANIFEST.test(path),
  // The module tables hold every Swift file.
  dependsOnPath: (_tables, path) => path.endsWith('.swift'),
});
