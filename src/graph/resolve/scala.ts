/**
 * Scala import resolution: packages as in Java, but a file may declare any package in
 * any folder, hold several classes and objects under other names, and import relative to
 * the package it is in.
 *
 * Specifiers (from the tags stage): the dotted path as written, a wildcard joined to it,
 * selectors as names: `a.b.C`, `a.b._`, `a.b` [C, D] for `import a.b.{C, D => E}` (or
 * `{C, D as E}`), and Scala 3's `a.b.*` and `a.b.given`.
 *
 * Rules:
 * - A file's package is its package clauses joined in order (`package a.b` then
 *   `package c` is `a.b.c`), from the tags (else the file's text).
 * - A member `a.b.C` is every file of package `a.b` that defines a class, trait, object or
 *   type `C`, or is named `C.scala`; else (Java's layout) every file whose path ends in
 *   `a/b/C.scala`.
 * - A wildcard (`a.b._`, `a.b.*`, `a.b.given`, a `_` selector) is every file of package
 *   `a.b`; when there is none, `a.b` is a member whose contents are imported (`Money._`).
 * - Selectors `a.b.{C, D}` are the members `a.b.C` and `a.b.D` (a selector naming a
 *   package, its files); when none is found, `a.b` as a member (`import Money.{zero}`).
 * - A plain `a.b.c` is a member, else a package (`import scala.collection.mutable`),
 *   else its trailing segments are dropped until a member is found
 *   (`a.b.Money.zero` → Money), keeping two.
 * - A name that resolves nowhere is tried relative to the importing file's package and
 *   each package enclosing it (`import money.Money` inside `package com.x`).
 * - From main code, test sources (`src/test/`, `test/src/`) are dropped when anything else
 *   matched. The Scala and Java libraries are not in the corpus → [] (external).
 */
import type { FileTags } from '../../types.js';
import { baseOf } from './paths.js';
import { defineResolver, type ResolveFile } from './resolver.js';
import { addUnique } from './multimap.js';
import { compareByteOrder } from '../../text/order.js';
import { visibleFrom } from './test-sources.js';

export interface ScalaTables {
  /** Declared package → files declaring it. */
  filesByPackage: Map<string, string[]>;
  /** `package.Name` → files of that package defining a type named Name or named `Name.scala`. */
  filesByMember: Map<string, string[]>;
  /** `Name.scala` → files with that name (Java's layout, package folders). */
  filesByName: Map<string, string[]>;
  /** File → its package ('' for none). */
  packageOf: Map<string, string>;
}

const SCALA_FILE = /\.(?:scala|sc)$/;
const PACKAGE_LINE = /^[ \t]*package[ \t]+(?!object\b)([A-Za-z_][\w]*(?:[ \t]*\.[ \t]*[A-Za-z_]\w*)*)/gm;
/** Definition kinds an import can name. */
const MEMBER_KINDS = new Set(['class', 'interface', 'type']);

/** The package of a file by its tags: its package clauses (module definitions) in order. */
function tagsPackage(tags: FileTags): string {
  return tags.definitions
    .filter((d) => d.kind === 'module')
    .map((d) => d.name.replace(/\s+/g, ''))
    .join('.');
}

/** The package of a file by its text, when it has no tags: its package lines in order. */
function textPackage(text: string): string {
  const head = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, '');
  return [...head.matchAll(PACKAGE_LINE)].map((m) => m[1]!.replace(/\s+/g, '')).join('.');
}

function memberNames(tags: FileTags): string[] {
  return tags.definitions.filter((d) => MEMBER_KINDS.has(d.kind)).map((d) => d.name);
}

export function buildScalaTables(files: readonly ResolveFile[], tags: readonly FileTags[]): ScalaTables {
  const tagsByPath = new Map(tags.filter((t) => t.language === 'scala').map((t) => [t.path, t]));
  const filesByPackage = new Map<string, string[]>();
  const filesByMember = new Map<string, string[]>();
  const filesByName = new Map<string, string[]>();
  const packageOf = new Map<string, string>();
  const sorted = files.filter((f) => SCALA_FILE.test(f.path)).sort((a, b) => compareByteOrder(a.path, b.path));
  for (const f of sorted) {
    const t = tagsByPath.get(f.path);
    const pkg = t ? tagsPackage(t) : f.text !== undefined ? textPackage(f.text) : '';
    packageOf.set(f.path, pkg);
    addUnique(filesByPackage, pkg, f.path);
    const name = baseOf(f.path);
    addUnique(filesByName, name, f.path);
    const prefix = pkg === '' ? '' : pkg + '.';
    addUnique(filesByMember, prefix + name.replace(SCALA_FILE, ''), f.path);
    for (const member of t ? memberNames(t) : []) addUnique(filesByMember, prefix + member, f.path);
  }
  return { filesByPackage, filesByMember, filesByName, packageOf };
}

function memberFiles(tables: ScalaTables, name: string): string[] {
  const found = tables.filesByMember.get(name);
  if (found) return found;
  const segs = name.split('.');
  if (segs.length < 2) return [];
  const suffix = segs.join('/') + '.scala';
  return (tables.filesByName.get(segs[segs.length - 1]! + '.scala') ?? []).filter(
    (p) => p === suffix || p.endsWith('/' + suffix),
  );
}

function packageFiles(tables: ScalaTables, name: string): string[] {
  return tables.filesByPackage.get(name) ?? [];
}

const WILDCARDS = new Set(['_', '*', 'given']);

/** The files an import names, read from the root package. */
function resolveAbsolute(tables: ScalaTables, path: string, names: readonly string[]): string[] {
  const segs = path.split('.');
  const last = segs[segs.length - 1]!;
  if (WILDCARDS.has(last)) {
    const owner = segs.slice(0, -1).join('.');
    const files = packageFiles(tables, owner);
    return files.length > 0 ? files : memberFiles(tables, owner);
  }
  if (names.length > 0) {
    const out: string[] = [];
    for (const n of names) {
      if (WILDCARDS.has(n)) out.push(...packageFiles(tables, path));
      else {
        const member = memberFiles(tables, `${path}.${n}`);
        out.push(...(member.length > 0 ? member : packageFiles(tables, `${path}.${n}`)));
      }
    }
    return out.length > 0 ? out : memberFiles(tables, path);
  }
  const member = memberFiles(tables, path);
  if (member.length > 0) return member;
  const pkg = packageFiles(tables, path);
  if (pkg.length > 0) return pkg;
  for (let n = segs.length - 1; n >= 2; n--) {
    const owner = memberFiles(tables, segs.slice(0, n).join('.'));
    if (owner.length > 0) return owner;
  }
  return [];
}

export function resolveScala(
  tables: ScalaTables,
  fromPath: string,
  specifier: string,
  names: readonly string[],
): string[] {
  const path = specifier.replace(/^_root_\./, '');
  if (path === '') return [];
  let found = resolveAbsolute(tables, path, names);
  if (found.length === 0 && !specifier.startsWith('_root_.')) {
    // Relative to the enclosing packages, innermost first.
    const pkg = tables.packageOf.get(fromPath) ?? '';
    const segs = pkg === '' ? [] : pkg.split('.');
    for (let n = segs.length; n >= 1 && found.length === 0; n--)
      found = resolveAbsolute(tables, `${segs.slice(0, n).join('.')}.${path}`, names);
  }
  return visibleFrom('scala', fromPath, found);
}

/** What the tables read of a file's tags: its package and the names it defines. */
function tablesKey(tags: FileTags | undefined): string {
  return tags
    ? `${tagsPackage(tags)}\u0000${[...new Set(memberNames(tags))].sort(compareByteOrder).join('\u0000')}`
    : '';
}

export const scalaResolver = defineResolver<ScalaTables>({
  // the tags it reads (the build below keeps only these languages' files)
  tagLanguages: ['scala'],
  build: ({ files, tags }) => buildScalaTables(files, tags),
  keepsTables: true,
  resolve: (tables, _corpus, fromPath, specifier, spec) => resolveScala(tables, fromPath, specifier, spec.names),
  // The package and member indexes hold every Scala file.
  dependsOnPath: (_tables, path) => SCALA_FILE.test(path),
  // Its package or the classes, traits, objects and types it defines changed.
  tagsChangeTables: (was, is) => tablesKey(was) !== tablesKey(is),
});
