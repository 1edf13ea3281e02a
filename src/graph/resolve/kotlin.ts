/**
 * Kotlin import resolution.
 *
 * Specifiers (from the tags stage): the dotted name of an import (`com.x.ledger.Account`,
 * `com.x.ledger.*`, `com.x.ledger.formatAmount` for a top-level function or property;
 * an alias `… as Y` is dropped by the query).
 *
 * Rules (a package is what files declare; Kotlin files need not sit in folders named
 * after it):
 * - A name `com.x.Y` is every file of package `com.x` that declares `Y` at its top level
 *   (a class, object, interface, typealias, function or constant, from the tags), and
 *   every Java file of package `com.x` named `Y.java` (mixed Kotlin/Java modules).
 * - A name that is not declared drops trailing segments until one is (a member of an
 *   object or companion `com.x.Registry.lookup`, a nested class `com.x.Outer.Inner`),
 *   keeping at least two.
 * - `com.x.*` → every Kotlin and Java file of package `com.x`; when no file declares that
 *   package, `com.x` is tried as a name (`import com.x.Kind.*` imports an enum's entries).
 * - From main code, test sources (`src/test/`, `src/<set>Test/`) are dropped when anything
 *   else matched.
 * - The standard library and dependencies are not in the corpus → [] (external).
 */
import type { Definition, FileTags } from '../../types.js';
import { baseOf } from './paths.js';
import { defineResolver } from './resolver.js';
import { addUnique } from './multimap.js';
import { visibleFrom } from './test-sources.js';

export interface KotlinTables {
  /** Package (`com.x`) → Kotlin and Java files declaring it. */
  filesByPackage: Map<string, string[]>;
  /** `package.Name` of each top-level declaration → files declaring it. */
  filesByName: Map<string, string[]>;
}

const CONTAINER_KINDS: ReadonlySet<Definition['kind']> = new Set(['class', 'interface']);

/** The package a file declares (its first module definition), or '' for the default package. */
function packageOf(tags: FileTags): string {
  return tags.definitions.find((d) => d.kind === 'module')?.name.replace(/\s+/g, '') ?? '';
}

/** Names a Kotlin file declares at its top level (outside any class, object or interface). */
export function topLevelNames(tags: FileTags): string[] {
  const containers = tags.definitions.filter((d) => CONTAINER_KINDS.has(d.kind));
  const inside = (d: Definition): boolean =>
    containers.some(
      (c) =>
        c !== d &&
        c.startLine <= d.startLine &&
        d.endLine <= c.endLine &&
        (c.startLine < d.startLine || d.endLine < c.endLine),
    );
  return [...new Set(tags.definitions.filter((d) => d.kind !== 'module' && !inside(d)).map((d) => d.name))];
}

export function buildKotlinTables(tags: readonly FileTags[]): KotlinTables {
  const tables: KotlinTables = { filesByPackage: new Map(), filesByName: new Map() };
  for (const t of tags) {
    if (t.language !== 'kotlin' && t.language !== 'java') continue;
    const pkg = packageOf(t);
    const qualify = (name: string): string => (pkg === '' ? name : `${pkg}.${name}`);
    addUnique(tables.filesByPackage, pkg, t.path);
    if (t.language === 'java') addUnique(tables.filesByName, qualify(baseOf(t.path).slice(0, -'.java'.length)), t.path);
    else for (const name of topLevelNames(t)) addUnique(tables.filesByName, qualify(name), t.path);
  }
  return tables;
}

function resolveName(tables: KotlinTables, specifier: string): string[] {
  const segs = specifier
    .replace(/^\s*import\s+/, '')
    .replace(/\s+as\s+\w+$/, '')
    .replace(/\s+/g, '')
    .split('.');
  if (segs[segs.length - 1] === '*') {
    segs.pop();
    const files = tables.filesByPackage.get(segs.join('.'));
    if (files && segs.length > 0) return files;
  }
  for (let n = segs.length; n >= 2; n--) {
    const files = tables.filesByName.get(segs.slice(0, n).join('.'));
    if (files) return files;
  }
  return [];
}

export function resolveKotlin(tables: KotlinTables, fromPath: string, specifier: string): string[] {
  const found = resolveName(tables, specifier);
  return visibleFrom('kotlin', fromPath, found);
}

function declarationKey(tags: FileTags | undefined): string {
  return tags ? [packageOf(tags), ...topLevelNames(tags)].join('\n') : '';
}

export const kotlinResolver = defineResolver<KotlinTables>({
  // the tags it reads (the build below keeps only these languages' files)
  tagLanguages: ['kotlin', 'java'],
  build: ({ tags }) => buildKotlinTables(tags),
  keepsTables: true,
  resolve: (tables, _corpus, fromPath, specifier) => resolveKotlin(tables, fromPath, specifier),
  // The package and name indexes hold every Kotlin and Java file.
  dependsOnPath: (_tables, path) => /\.(?:kts?|java)$/.test(path),
  // Its package or its top-level declarations changed.
  tagsChangeTables: (was, is) => declarationKey(was) !== declarationKey(is),
});
