/**
 * C and C++ include resolution (one resolver for both: a C++ file includes C headers).
 *
 * Specifiers (from the tags stage): the path of an `#include`, quotes dropped
 * (`#include "util/buf.h"` → `util/buf.h`) and angle brackets kept (`#include <zlib.h>` →
 * `<zlib.h>`).
 *
 * Rules (the compiler's search, with the include roots a build would pass guessed from the
 * corpus; the first step that finds a file answers):
 * 1. `"x"` only: `x` relative to the including file's folder.
 * 2. For the including file's folder and each folder above it, nearest first: `x` under
 *    that folder (but the including folder itself, which is step 1), then under its
 *    `include/` and its `src/` (a project's `-I.`, `-Iinclude`, `-Isrc`).
 * 3. Any other folder holding `x` (the folder of other headers: a library under `deps/`,
 *    `third_party/x/include/`): the corpus files whose path ends in `/x` (C/C++ sources and
 *    headers, `.inc` and `.def`), the ones whose folder shares the most leading folders with
 *    the including file's; when more than AMBIGUOUS_LIMIT tie, none (a `config.h` of many
 *    libraries names no one of them).
 * `<x>` skips step 1 and is resolved only when the corpus has such a file (`<stdio.h>`,
 * `<vector>` are external → []). Absolute paths → [].
 */
import { languageSpec } from '../../languages/index.js';
import { baseOf, bestScoring, child, dirOf, joinPath } from './paths.js';
import { defineResolver } from './resolver.js';

/** More equally near candidates than this for step 3 resolve to nothing. */
const AMBIGUOUS_LIMIT = 3;

/** Include roots tried under each folder from the including file's up (step 2), after the folder itself. */
const ROOT_FOLDERS = ['include', 'src'] as const;

export interface CTables {
  /** File name → corpus paths of includable files with that name (step 3), in byte order. */
  byName: Map<string, string[]>;
}

/** Extensions an `#include` names, besides C and C++ sources and headers. */
const OTHER_INCLUDED = ['.inc', '.def'];

let includable: Set<string> | undefined;

/** Whether `path` is a file an include may name and the name index holds. */
export function isIncludable(path: string): boolean {
  includable ??= new Set([
    ...languageSpec('c').extensions,
    ...languageSpec('cpp').extensions,
    ...languageSpec('cpp').claims!.extensions,
    ...OTHER_INCLUDED,
  ]);
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') && includable.has(path.slice(dot).toLowerCase());
}

export function buildCTables(paths: readonly string[]): CTables {
  const byName = new Map<string, string[]>();
  for (const p of paths) {
    if (!isIncludable(p)) continue;
    const name = baseOf(p);
    const list = byName.get(name);
    if (list) list.push(p);
    else byName.set(name, [p]);
  }
  return { byName };
}

/** Number of leading folders `a` and `b` share. */
function sharedFolders(a: string, b: string): number {
  if (a === '' || b === '') return 0;
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

export function resolveC(tables: CTables, files: ReadonlySet<string>, fromPath: string, specifier: string): string[] {
  const angled = specifier.startsWith('<') && specifier.endsWith('>');
  const spec = (angled ? specifier.slice(1, -1) : specifier).trim();
  if (spec === '' || spec.startsWith('/') || /^[A-Za-z]:[\\/]/.test(spec)) return [];
  const fromDir = dirOf(fromPath);
  if (!angled) {
    const own = joinPath(fromDir, spec);
    if (own !== null && files.has(own)) return [own];
  }
  for (let dir = fromDir; ; dir = dirOf(dir)) {
    for (const root of [dir, ...ROOT_FOLDERS.map((r) => child(dir, r))]) {
      if (root === fromDir) continue; // step 1's, which `<x>` skips
      const candidate = joinPath(root, spec);
      if (candidate !== null && files.has(candidate)) return [candidate];
    }
    if (dir === '') break;
  }
  return nearestBySuffix(tables, fromDir, spec);
}

/** Step 3: the files ending in `/spec` whose include root is nearest the including folder. */
function nearestBySuffix(tables: CTables, fromDir: string, spec: string): string[] {
  const normalized = joinPath('', spec);
  if (normalized === null || normalized === '' || spec.split('/').includes('..')) return [];
  const matching = (tables.byName.get(baseOf(normalized)) ?? []).filter(
    (p) => p === normalized || p.endsWith('/' + normalized),
  );
  return bestScoring(
    matching,
    (p) => sharedFolders(p.slice(0, p.length - normalized.length).replace(/\/$/, ''), fromDir),
    AMBIGUOUS_LIMIT,
  );
}

/** C and C++ share one resolver (and its tables). */
export const cResolver = defineResolver<CTables>({
  build: ({ paths }) => buildCTables(paths),
  resolve: (tables, corpus, fromPath, specifier) => resolveC(tables, corpus.files, fromPath, specifier),
  // The name index holds every includable file.
  dependsOnPath: (_tables, path) => isIncludable(path),
});
