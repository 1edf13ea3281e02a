/**
 * Java import resolution.
 *
 * Specifiers (from the tags stage): the dotted name of an import declaration
 * (`com.x.y.Z`, `com.x.y.*`, `com.x.Y.method` for a static import; a leading `static`
 * and a trailing `;` tolerated).
 *
 * Rules:
 * - A class `com.x.y.Z` is every `.java` file whose path ends in `com/x/y/Z.java` (under
 *   `src/main/java/`, `src/test/java/`, or any folder), plus any file whose `package`
 *   declaration is `com.x.y` (from the tags, else the file text) and whose name is `Z.java`.
 * - `com.x.y.*` → every `.java` file of package `com.x.y` (a folder ending in `com/x/y`,
 *   or files declaring that package); when no such package exists, `com.x.y` is tried
 *   as a class (a static import on demand, `com.x.Y.*`).
 * - A name that is not a class file drops trailing segments until one is (static imports
 *   `com.x.Y.method`, nested classes `com.x.Y.Inner` → `Y.java`), keeping at least two.
 * - From main code, test sources (`src/test/`) are dropped when anything else matched.
 * - JDK and library classes are not in the corpus → [] (external). Same-package
 *   references need no import and are not resolved here.
 */
import type { FileTags } from '../../types.js';
import { baseOf, dirOf } from './paths.js';
import { defineResolver } from './resolver.js';
import { compareByteOrder } from '../../text/order.js';
import { visibleFrom } from './test-sources.js';

export interface JavaTables {
  /** `Z.java` → paths of files with that name. */
  filesByName: Map<string, string[]>;
  /** Last folder segment → folders holding `.java` files. */
  foldersByName: Map<string, string[]>;
  /** Declared package (`com.x.y`) → files declaring it. */
  filesByPackage: Map<string, string[]>;
  /** Declared package + file name (`com.x.y.Z`) → files. */
  filesByClass: Map<string, string[]>;
}

const PACKAGE_DECL = /^\s*package\s+([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*;/m;

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== value) list.push(value);
  } else {
    map.set(key, [value]);
  }
}

/** `packages`: declared package by path (from the tags); files absent from it have their text read. */
export function buildJavaTables(
  files: readonly { path: string; text?: string }[],
  packages: ReadonlyMap<string, string> = new Map(),
): JavaTables {
  const filesByName = new Map<string, string[]>();
  const foldersByName = new Map<string, string[]>();
  const filesByPackage = new Map<string, string[]>();
  const filesByClass = new Map<string, string[]>();
  const sorted = files.filter((f) => f.path.endsWith('.java')).sort((a, b) => compareByteOrder(a.path, b.path));
  for (const f of sorted) {
    push(filesByName, baseOf(f.path), f.path);
    const dir = dirOf(f.path);
    push(foldersByName, baseOf(dir), dir);
    // Only the head of the file: the package declaration comes before any type.
    const known = packages.get(f.path);
    const decl =
      known !== undefined || f.text === undefined ? null : PACKAGE_DECL.exec(stripComments(f.text.slice(0, 4096)));
    const pkg = known ?? decl?.[1]?.replace(/\s+/g, '');
    if (pkg) {
      push(filesByPackage, pkg, f.path);
      push(filesByClass, `${pkg}.${baseOf(f.path).slice(0, -'.java'.length)}`, f.path);
    }
  }
  return { filesByName, foldersByName, filesByPackage, filesByClass };
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, '');
}

function endsWithPath(path: string, suffix: string): boolean {
  return path === suffix || path.endsWith('/' + suffix);
}

function classFiles(tables: JavaTables, segs: readonly string[], out: string[]): boolean {
  const name = segs[segs.length - 1]! + '.java';
  const suffix = segs.join('/') + '.java';
  const before = out.length;
  for (const p of tables.filesByName.get(name) ?? []) if (endsWithPath(p, suffix)) out.push(p);
  for (const p of tables.filesByClass.get(segs.join('.')) ?? []) out.push(p);
  return out.length > before;
}

function packageFiles(
  tables: JavaTables,
  byFolder: ReadonlyMap<string, readonly string[]>,
  segs: readonly string[],
  out: string[],
): boolean {
  const suffix = segs.join('/');
  const before = out.length;
  for (const dir of tables.foldersByName.get(segs[segs.length - 1]!) ?? []) {
    if (!endsWithPath(dir, suffix)) continue;
    for (const p of byFolder.get(dir) ?? []) if (p.endsWith('.java')) out.push(p);
  }
  for (const p of tables.filesByPackage.get(segs.join('.')) ?? []) out.push(p);
  return out.length > before;
}

export function resolveJava(
  tables: JavaTables,
  byFolder: ReadonlyMap<string, readonly string[]>,
  fromPath: string,
  specifier: string,
): string[] {
  const found = resolveName(tables, byFolder, specifier);
  return visibleFrom('java', fromPath, found);
}

function resolveName(
  tables: JavaTables,
  byFolder: ReadonlyMap<string, readonly string[]>,
  specifier: string,
): string[] {
  const spec = specifier
    .replace(/^\s*import\s+/, '')
    .replace(/^\s*static\s+/, '')
    .replace(/;\s*$/, '')
    .replace(/\s+/g, '');
  if (spec === '') return [];
  const segs = spec.split('.');
  const out: string[] = [];
  if (segs[segs.length - 1] === '*') {
    segs.pop();
    if (segs.length === 0 || packageFiles(tables, byFolder, segs, out)) return out;
  }
  for (let n = segs.length; n >= 2; n--) {
    if (classFiles(tables, segs.slice(0, n), out)) return out;
  }
  return out;
}

/** The package each Java file declares in its tags (its first module definition). */
function declaredPackages(tags: readonly FileTags[]): Map<string, string> {
  const packages = new Map<string, string>();
  for (const t of tags) {
    if (t.language !== 'java') continue;
    const pkg = javaPackage(t);
    if (pkg !== null) packages.set(t.path, pkg);
  }
  return packages;
}

/** The Java package a file declares (its first module definition), as the tables read it; null when none. */
function javaPackage(tags: FileTags | undefined): string | null {
  const decl = tags?.definitions.find((d) => d.kind === 'module');
  return decl ? decl.name.replace(/\s+/g, '') : null;
}

export const javaResolver = defineResolver<JavaTables>({
  // the tags it reads (the build below keeps only these languages' files)
  tagLanguages: ['java'],
  build: ({ files, tags }) => buildJavaTables(files, declaredPackages(tags)),
  keepsTables: true,
  resolve: (tables, corpus, fromPath, specifier) => resolveJava(tables, corpus.byFolder, fromPath, specifier),
  // The class and package indexes hold every Java file.
  dependsOnPath: (_tables, path) => path.endsWith('.java'),
  // Its package changed, or it has none in the tags (the tables then read the text, which changed).
  tagsChangeTables: (was, is) => javaPackage(was) === null || javaPackage(was) !== javaPackage(is),
});
