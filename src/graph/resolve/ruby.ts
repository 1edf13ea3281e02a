/**
 * Ruby require and constant resolution.
 *
 * Specifiers (from the tags stage): `x/y` for `require "x/y"` (and `load`, `autoload`);
 * `require_relative ../x` for `require_relative "../x"`; `const A::B::C` for a qualified
 * constant used where code uses a class (see queries/ruby/tags.scm).
 *
 * Rules:
 * - `require "x/y"` is `x/y.rb` (the name as written when it ends in `.rb`) under a load
 *   root: for the requiring file's folder and each folder above it, nearest first, its
 *   `lib/` (the gem root's), `spec/` and `test/` (RSpec and Minitest put them on the load
 *   path, so `require "spec_helper"` works from any depth); then, when no such root holds
 *   it, any `lib/x/y.rb` of the corpus (another gem of a monorepo), at most
 *   AMBIGUOUS_LIMIT of them. Anything else (stdlib, gems) → [] (external).
 * - `require_relative "x"` is `x.rb` relative to the requiring file's folder.
 * - `const A::B::C` (a leading `::` ignored) is, as Zeitwerk and Rails autoload it,
 *   `a/b/c.rb` (each segment snake_cased: `HTTPClient` → `http_client`) under an autoload
 *   root: any `lib/`, any `app/<x>/` and `app/<x>/concerns/`. Else the files defining a
 *   class, module or constant `C` (from the tags: several classes in one `errors.rb`),
 *   those whose folders name the most of `A`, `B` first; more than AMBIGUOUS_LIMIT tied
 *   → none. Else `A::B` the same way by its path (`Zone::NEAR` → `zone.rb`). External
 *   constants (`JSON::ParserError`) find nothing.
 */
import type { FileTags } from '../../types.js';
import { baseOf, bestScoring, child, dirOf, joinPath } from './paths.js';
import { compareByteOrder } from '../../text/order.js';
import { defineResolver } from './resolver.js';
import { addUnique } from './multimap.js';

/** More equally good candidates than this resolve to nothing. */
const AMBIGUOUS_LIMIT = 3;

/** Folders a `require` is looked up in, under the requiring file's folder and each above it. */
const LOAD_FOLDERS = ['lib', 'spec', 'test'] as const;

const CONST_PREFIX = 'const ';
const RELATIVE_PREFIX = 'require_relative ';

export interface RubyTables {
  /** Folders constants autoload from (`lib`, `app/models`, `engines/x/lib`, …). */
  autoloadRoots: string[];
  /** `y.rb` → the `.rb` files with that name, in byte order (the corpus-wide `lib/` fallback). */
  byName: Map<string, string[]>;
  /** Class, module and constant name → the files defining it, in byte order. */
  definers: Map<string, string[]>;
}

function isRuby(path: string): boolean {
  return path.endsWith('.rb');
}

/** `HTTPClient` → `http_client`, `WeightBased` → `weight_based` (Zeitwerk's inflection). */
export function snakeCase(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** Folders that Zeitwerk or Rails autoload from, found among the corpus' folders. */
function autoloadRoots(paths: readonly string[]): string[] {
  const roots = new Set<string>();
  for (const p of paths) {
    if (!isRuby(p)) continue;
    const segs = p.split('/');
    for (let i = 0; i < segs.length - 1; i++) {
      if (segs[i] === 'lib') roots.add(segs.slice(0, i + 1).join('/'));
      if (segs[i] === 'app' && i + 2 < segs.length) {
        roots.add(segs.slice(0, i + 2).join('/'));
        if (segs[i + 2] === 'concerns' && i + 3 < segs.length) roots.add(segs.slice(0, i + 3).join('/'));
      }
    }
  }
  return [...roots].sort(compareByteOrder);
}

/** The names each file defines as a class, a module or a constant. */
function definedConstants(tags: readonly FileTags[]): Map<string, string[]> {
  const definers = new Map<string, string[]>();
  for (const t of [...tags].sort((a, b) => compareByteOrder(a.path, b.path))) {
    if (t.language !== 'ruby') continue;
    for (const d of t.definitions)
      if (d.kind === 'class' || d.kind === 'module' || d.kind === 'constant') addUnique(definers, d.name, t.path);
  }
  return definers;
}

export function buildRubyTables(paths: readonly string[], tags: readonly FileTags[]): RubyTables {
  const byName = new Map<string, string[]>();
  for (const p of paths) if (isRuby(p)) addUnique(byName, baseOf(p), p);
  return { autoloadRoots: autoloadRoots(paths), byName, definers: definedConstants(tags) };
}

function withExtension(spec: string): string {
  return spec.endsWith('.rb') ? spec : `${spec}.rb`;
}

export function resolveRuby(
  tables: RubyTables,
  files: ReadonlySet<string>,
  fromPath: string,
  specifier: string,
): string[] {
  if (specifier.startsWith(CONST_PREFIX)) return resolveConstant(tables, files, specifier.slice(CONST_PREFIX.length));
  if (specifier.startsWith(RELATIVE_PREFIX)) {
    const target = joinPath(dirOf(fromPath), withExtension(specifier.slice(RELATIVE_PREFIX.length).trim()));
    return target !== null && files.has(target) ? [target] : [];
  }
  return resolveRequire(tables, files, fromPath, specifier);
}

function resolveRequire(tables: RubyTables, files: ReadonlySet<string>, fromPath: string, specifier: string): string[] {
  const spec = specifier.trim();
  if (spec === '' || spec.startsWith('/') || spec.split('/').includes('..')) return [];
  const file = withExtension(spec.replace(/^\.\//, ''));
  for (let dir = dirOf(fromPath); ; dir = dirOf(dir)) {
    for (const folder of LOAD_FOLDERS) {
      const candidate = child(child(dir, folder), file);
      if (files.has(candidate)) return [candidate];
    }
    if (dir === '') break;
  }
  const inLib = (tables.byName.get(baseOf(file)) ?? []).filter(
    (p) => p === `lib/${file}` || p.endsWith(`/lib/${file}`),
  );
  return inLib.length > AMBIGUOUS_LIMIT ? [] : inLib;
}

function resolveConstant(tables: RubyTables, files: ReadonlySet<string>, written: string): string[] {
  const segs = written
    .replace(/\s+/g, '')
    .replace(/^::/, '')
    .split('::')
    .filter((s) => s !== '');
  if (segs.length === 0) return [];
  const autoloaded = autoloadedFile(tables, files, segs);
  if (autoloaded !== null) return [autoloaded];
  const defining = definingFiles(tables, segs);
  if (defining.length > 0) return defining;
  if (segs.length < 2) return [];
  const outer = autoloadedFile(tables, files, segs.slice(0, -1));
  return outer === null ? [] : [outer];
}

/** The file Zeitwerk would load `segs` from, or null. */
function autoloadedFile(tables: RubyTables, files: ReadonlySet<string>, segs: readonly string[]): string | null {
  const rel = segs.map(snakeCase).join('/') + '.rb';
  for (const root of tables.autoloadRoots) {
    const candidate = child(root, rel);
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** Files defining the last segment, those whose folders name the most outer segments first. */
function definingFiles(tables: RubyTables, segs: readonly string[]): string[] {
  const candidates = tables.definers.get(segs[segs.length - 1]!) ?? [];
  if (candidates.length <= 1) return [...candidates];
  const outer = new Set(segs.slice(0, -1).map(snakeCase));
  return bestScoring(
    candidates,
    (p) =>
      dirOf(p)
        .split('/')
        .filter((d) => outer.has(d)).length,
    AMBIGUOUS_LIMIT,
  );
}

/** The class, module and constant names a file's tags define, for `tagsChangeTables`. */
function constantNames(tags: FileTags | undefined): string {
  if (tags?.language !== 'ruby') return '';
  const names = tags.definitions
    .filter((d) => d.kind === 'class' || d.kind === 'module' || d.kind === 'constant')
    .map((d) => d.name);
  return [...new Set(names)].sort(compareByteOrder).join('\n');
}

export const rubyResolver = defineResolver<RubyTables>({
  // the tags it reads (the build below keeps only these languages' files)
  tagLanguages: ['ruby'],
  build: ({ paths, tags }) => buildRubyTables(paths, tags),
  keepsTables: true,
  resolve: (tables, corpus, fromPath, specifier) => resolveRuby(tables, corpus.files, fromPath, specifier),
  // The autoload roots and the name index come from every Ruby file's path.
  dependsOnPath: (_tables, path) => isRuby(path),
  // The constants a file defines feed the constant lookup.
  tagsChangeTables: (was, is) => constantNames(was) !== constantNames(is),
});
