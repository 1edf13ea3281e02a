/**
 * Where a module's public names are defined: a snippet's `from sympy import Matrix`,
 * `import { Foo } from 'lib'`, `use tokio::sync::Mutex` or `import pkg` lands on the
 * file that defines the name, not on the `__init__.py`, `index.ts` or `mod.rs` that
 * re-exports it. Imports are resolved with the graph's own resolvers.
 */
import { languageSpec } from '../languages/index.js';
import type { FileTags, ImportSpec, LanguageId } from '../types.js';
import { resolveImport, type ResolveContext } from './resolve/index.js';
import { compareByteOrder } from '../text/order.js';

/** What export lookups read of a built index. */
export interface ExportSource {
  resolve: ResolveContext;
  tagsOf(path: string): FileTags | undefined;
}

/** How many re-export hops a lookup follows. */
const MAX_HOPS = 4;

/** Corpus files an import written in a snippet (at the repository root) resolves to. */
export function moduleFiles(source: ExportSource, language: LanguageId, specifier: string): string[] {
  try {
    return resolveImport(source.resolve, languageSpec(language).snippetPath, language, {
      specifier,
      line: 1,
      names: [],
    });
  } catch {
    return [];
  }
}

/**
 * The files among and behind `modules` that define `name`: a module that defines it is
 * the answer; one that does not is followed through its imports that name it (or import
 * everything: `from x import *`, `export * from`, `pub use x::*`), up to MAX_HOPS away.
 * Sorted; [] when no file defines it.
 */
export function exportDefiners(source: ExportSource, modules: readonly string[], name: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>(modules);
  let frontier = [...modules];
  for (let hop = 0; hop <= MAX_HOPS && frontier.length > 0 && found.size === 0; hop++) {
    const next: string[] = [];
    for (const path of frontier) {
      const tags = source.tagsOf(path);
      if (!tags) continue;
      if (tags.definitions.some((d) => d.name === name && d.kind !== 'module')) {
        found.add(path);
        continue;
      }
      for (const spec of tags.imports) {
        if (!reExports(spec, name)) continue;
        for (const target of resolved(source, tags, spec)) {
          if (!seen.has(target)) {
            seen.add(target);
            next.push(target);
          }
        }
      }
    }
    frontier = next;
  }
  return [...found].sort(compareByteOrder);
}

/** Whether an import can bring `name` into the importing module. */
function reExports(spec: ImportSpec, name: string): boolean {
  return (
    spec.names.includes(name) ||
    spec.names.includes('*') ||
    spec.specifier.endsWith(`.${name}`) ||
    spec.specifier.endsWith(`::${name}`)
  );
}

function resolved(source: ExportSource, tags: FileTags, spec: ImportSpec): string[] {
  try {
    return resolveImport(source.resolve, tags.path, tags.language, spec);
  } catch {
    return [];
  }
}

/**
 * The module that one of `path`'s imports lands on and that re-exports `name` from one of
 * `definers` (followed as `exportDefiners` does): `from flask import url_for` lands on
 * `flask/__init__.py`, whose `from .helpers import url_for` reaches `flask/helpers.py`.
 * Only imports that can bring the name are followed (they name it, import everything, or
 * import the module itself: `import flask`, then `flask.url_for`). The first such module
 * in import order; null when none reaches a definer.
 */
export function reExporterOf(
  source: ExportSource,
  path: string,
  name: string,
  definers: readonly string[],
): string | null {
  const tags = source.tagsOf(path);
  if (!tags) return null;
  for (const spec of tags.imports) {
    if (spec.names.length > 0 && !reExports(spec, name)) continue;
    for (const module of resolved(source, tags, spec)) {
      if (definers.includes(module)) continue;
      if (exportDefiners(source, [module], name).some((p) => definers.includes(p))) return module;
    }
  }
  return null;
}
