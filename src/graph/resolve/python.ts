/**
 * Python import resolution.
 *
 * Specifiers (from the tags stage): `a.b.c` for `import a.b.c` and `from a.b.c import …`;
 * `.x`, `..x`, `.`, `..` for relative imports; `names` lists the names after `import`
 * in a `from` import (`b as c` and `*` tolerated).
 *
 * Rules:
 * - A dotted module `a.b.c` is the file `a/b/c.py`, `a/b/c.pyi`, `a/b/c/__init__.py` or
 *   `a/b/c/__init__.pyi` (first found; `.py` before `.pyi`) under a source root.
 * - Source roots: the repo root, `src/`, and the parent folder of every top-level
 *   package (a folder with `__init__.py` whose parent has none). For a file in a folder
 *   without `__init__.py` (a script or a pytest test folder), that folder is a last
 *   resort root too, as Python puts it on `sys.path`.
 * - `from a.b import c` → `a/b/c.py` when `c` is a submodule; names that are not
 *   submodules (or no names, or `*`) resolve to the module `a.b` itself.
 * - Every root where the module exists contributes (layouts with the same module under two
 *   roots are ambiguous; both are returned).
 * - Relative: one dot is the importing file's package (its folder), each further dot one
 *   folder up; `from . import y` → the package's `y.py`, else its `__init__.py`.
 * - When the full dotted module is not a file, the longest prefix that is one stands in
 *   (`import pkg.missing` → `pkg/__init__.py`); nothing in the corpus → [] (external).
 */
import { child, cleanName, dirOf, joinPath } from './paths.js';
import { compareByteOrder } from '../../text/order.js';
import { defineResolver } from './resolver.js';

export interface PythonTables {
  /** Source roots (`''` is the repo root). */
  roots: Set<string>;
  /** Top-level module name → the roots (in byte order) holding a module or folder of that name. */
  rootsByTopName: Map<string, string[]>;
  /** Folders holding an `__init__.py` (or `.pyi`). */
  packages: Set<string>;
}

export function buildPythonTables(paths: readonly string[]): PythonTables {
  const packages = new Set<string>();
  for (const p of paths) {
    if (p.endsWith('/__init__.py') || p.endsWith('/__init__.pyi')) packages.add(dirOf(p));
  }
  const roots = new Set<string>(['', 'src']);
  for (const pkg of packages) {
    const parent = dirOf(pkg);
    if (!packages.has(parent)) roots.add(parent);
  }
  // Which top-level names each root offers, so an import only tries the roots that can hold it.
  const byTop = new Map<string, Set<string>>();
  for (const p of paths) {
    if (!p.endsWith('.py') && !p.endsWith('.pyi')) continue;
    const segs = p.split('/');
    for (let i = 0; i < segs.length; i++) {
      const root = segs.slice(0, i).join('/');
      if (!roots.has(root)) continue;
      const top = segs[i]!.replace(/\.pyi?$/, '');
      const set = byTop.get(top) ?? new Set<string>();
      set.add(root);
      byTop.set(top, set);
    }
  }
  const rootsByTopName = new Map<string, string[]>();
  for (const [top, set] of byTop) rootsByTopName.set(top, [...set].sort(compareByteOrder));
  return { roots, rootsByTopName, packages };
}

/** The file of module folder-path `mod` (slash-separated), or null. */
function moduleFile(files: ReadonlySet<string>, mod: string): string | null {
  for (const cand of [`${mod}.py`, `${mod}.pyi`, `${mod}/__init__.py`, `${mod}/__init__.pyi`]) {
    if (files.has(cand)) return cand;
  }
  return null;
}

function initOf(files: ReadonlySet<string>, dir: string): string | null {
  for (const cand of [child(dir, '__init__.py'), child(dir, '__init__.pyi')]) if (files.has(cand)) return cand;
  return null;
}

/**
 * Module `segs` under folder `base` with imported `names`: names that are submodules
 * give their files, the others (or no names) the module's own file. Returns whether
 * anything was found.
 */
function resolveExact(
  files: ReadonlySet<string>,
  base: string,
  segs: readonly string[],
  names: readonly string[],
  out: string[],
): boolean {
  const full = segs.length ? child(base, segs.join('/')) : base;
  const own = segs.length ? moduleFile(files, full) : initOf(files, base);
  let found = false;
  let needOwn = names.length === 0;
  for (const name of names) {
    if (name === '') {
      needOwn = true;
      continue;
    }
    const sub = moduleFile(files, child(full, name.replace(/\./g, '/')));
    if (sub !== null) {
      out.push(sub);
      found = true;
    } else {
      needOwn = true;
    }
  }
  if (needOwn && own !== null) {
    out.push(own);
    found = true;
  }
  return found;
}

/** The longest proper prefix of `segs` (at least one segment) that is a module under `base`. */
function resolvePrefix(files: ReadonlySet<string>, base: string, segs: readonly string[], out: string[]): boolean {
  for (let n = segs.length - 1; n >= 1; n--) {
    const f = moduleFile(files, child(base, segs.slice(0, n).join('/')));
    if (f !== null) {
      out.push(f);
      return true;
    }
  }
  return false;
}

export function resolvePython(
  tables: PythonTables,
  files: ReadonlySet<string>,
  fromPath: string,
  specifier: string,
  rawNames: readonly string[],
): string[] {
  const names = rawNames.map(cleanName).filter((n): n is string => n !== null);
  // `from m import *` imports the module itself; an empty name stands for it.
  if (rawNames.some((n) => n.trim() === '*')) names.push('');
  const out: string[] = [];
  const m = /^(\.*)(.*)$/.exec(specifier.replace(/\s+/g, ''));
  if (!m) return out;
  const dots = m[1]!.length;
  const segs = m[2]!.split('.').filter((s) => s !== '');
  if (dots > 0) {
    const base = joinPath(dirOf(fromPath), '../'.repeat(dots - 1));
    if (base === null) return out;
    if (!resolveExact(files, base, segs, names, out)) resolvePrefix(files, base, segs, out);
    return out;
  }
  if (segs.length === 0) return out;
  const roots = tables.rootsByTopName.get(segs[0]!) ?? [];
  for (const base of roots) resolveExact(files, base, segs, names, out);
  // A script or test folder (no __init__.py) is on sys.path when its file runs.
  const own = dirOf(fromPath);
  const scriptDir = !tables.packages.has(own) && !tables.roots.has(own);
  if (out.length === 0 && scriptDir) resolveExact(files, own, segs, names, out);
  if (out.length === 0) for (const base of roots) if (resolvePrefix(files, base, segs, out)) break;
  if (out.length === 0 && scriptDir) resolvePrefix(files, own, segs, out);
  return out;
}

export const pythonResolver = defineResolver<PythonTables>({
  build: ({ paths }) => buildPythonTables(paths),
  resolve: (tables, corpus, fromPath, specifier, spec) =>
    resolvePython(tables, corpus.files, fromPath, specifier, spec.names ?? []),
  // Source roots and the top-level names under them come from every Python file.
  dependsOnPath: (_tables, path) => /\.pyi?$/.test(path),
});
