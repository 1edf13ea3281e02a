/**
 * C# import resolution.
 *
 * Specifiers (from the tags stage): the dotted name of a using directive (`Ledger.Core`;
 * `Ledger.Core.Guards` for `using static`; the target `Ledger.Core.Account` of an alias
 * `using Acc = …`; a leading `static` or `global::` tolerated).
 *
 * Rules (folders say nothing in C#: a namespace is what files declare):
 * - A namespace `A.B` is every `.cs` file declaring it (`namespace A.B { … }`, nested
 *   `namespace A { namespace B { … } }`, or file-scoped `namespace A.B;`, from the tags).
 *   Of those, the files defining a type or member the importing file names (a reference in
 *   its tags) are the result when there are any, else all of them: `using Ledger.Core;`
 *   in a file using `Account` links to `Account.cs`, not to the whole namespace.
 * - Not a namespace: a type (`using static A.B.Guards`, an alias of a type), so the files
 *   defining type `Guards` in namespace `A.B`; trailing segments are dropped until one
 *   names a type (a nested type `A.B.Outer.Inner` → Outer's file), keeping at least two.
 * - The BCL and packages are not in the corpus → [] (external).
 */
import type { Definition, FileTags } from '../../types.js';
import { defineResolver } from './resolver.js';
import { addUnique } from './multimap.js';
import { compareByteOrder } from '../../text/order.js';

export interface CSharpTables {
  /** Namespace (`A.B`) → files declaring it. */
  filesByNamespace: Map<string, string[]>;
  /** `Namespace.Type` → files defining that type (partial classes: several). */
  filesByType: Map<string, string[]>;
  /** File → names of the types and members it defines. */
  definedNames: Map<string, ReadonlySet<string>>;
  /** File → names it references (read to prefer, among a namespace's files, those it uses). */
  referencedNames: Map<string, ReadonlySet<string>>;
}

const TYPE_KINDS: ReadonlySet<Definition['kind']> = new Set(['class', 'interface', 'type']);

function contains(outer: Definition, inner: Definition): boolean {
  return outer !== inner && outer.startLine <= inner.startLine && inner.endLine <= outer.endLine;
}

/** Each namespace a file declares with its full name, and each type with its namespace (`A.B.Account`). */
export function csharpDeclarations(tags: FileTags): { namespaces: string[]; types: string[] } {
  const modules = tags.definitions.filter((d) => d.kind === 'module');
  const fullName = (d: Definition): string =>
    [...modules.filter((m) => contains(m, d)).map((m) => m.name), d.name].join('.').replace(/\s+/g, '');
  // The innermost namespace around a definition, and the types around it (nested types).
  const namespaceOf = (d: Definition): string => {
    const around = modules.filter((m) => contains(m, d));
    return around.length === 0 ? '' : fullName(around.reduce((a, b) => (b.startLine >= a.startLine ? b : a)));
  };
  const namespaces = modules.map(fullName);
  const types = tags.definitions
    .filter((d) => TYPE_KINDS.has(d.kind))
    .map((d) => [namespaceOf(d), d.name].filter((s) => s !== '').join('.'));
  return { namespaces, types };
}

export function buildCSharpTables(tags: readonly FileTags[]): CSharpTables {
  const tables: CSharpTables = {
    filesByNamespace: new Map(),
    filesByType: new Map(),
    definedNames: new Map(),
    referencedNames: new Map(),
  };
  for (const t of tags) {
    if (t.language !== 'csharp') continue;
    const { namespaces, types } = csharpDeclarations(t);
    for (const ns of namespaces) addUnique(tables.filesByNamespace, ns, t.path);
    for (const type of types) addUnique(tables.filesByType, type, t.path);
    tables.definedNames.set(t.path, new Set(t.definitions.filter((d) => d.kind !== 'module').map((d) => d.name)));
    tables.referencedNames.set(t.path, new Set(t.references.map((r) => r.name)));
  }
  return tables;
}

export function resolveCSharp(tables: CSharpTables, fromPath: string, specifier: string): string[] {
  const name = specifier
    .replace(/^\s*using\s+/, '')
    .replace(/^\s*static\s+/, '')
    .replace(/^\s*global::/, '')
    .replace(/\s+/g, '');
  if (name === '') return [];
  const inNamespace = tables.filesByNamespace.get(name);
  if (inNamespace) {
    const used = tables.referencedNames.get(fromPath);
    const defining = used
      ? inNamespace.filter((p) => [...(tables.definedNames.get(p) ?? [])].some((n) => used.has(n)))
      : [];
    return defining.length > 0 ? defining : inNamespace;
  }
  const segs = name.split('.');
  for (let n = segs.length; n >= 2; n--) {
    const files = tables.filesByType.get(segs.slice(0, n).join('.'));
    if (files) return files;
  }
  return [];
}

function declarationKey(tags: FileTags | undefined): string {
  if (!tags) return '';
  const { namespaces, types } = csharpDeclarations(tags);
  return [
    ...namespaces,
    '|',
    ...types,
    '|',
    ...[...new Set(tags.definitions.map((d) => d.name))].sort(compareByteOrder),
  ].join('\n');
}

export const csharpResolver = defineResolver<CSharpTables>({
  // the tags it reads (the build below keeps only these languages' files)
  tagLanguages: ['csharp'],
  build: ({ tags }) => buildCSharpTables(tags),
  keepsTables: true,
  resolve: (tables, _corpus, fromPath, specifier) => resolveCSharp(tables, fromPath, specifier),
  // The namespace and type indexes hold every C# file.
  dependsOnPath: (_tables, path) => path.endsWith('.cs'),
  // What other files' usings resolve to: the namespaces, types and names a file defines.
  tagsChangeTables: (was, is) => declarationKey(was) !== declarationKey(is),
  // A changed file's own references only steer its own usings, which are resolved again.
  withTags: (tables, changed, tags) => {
    const referencedNames = new Map(tables.referencedNames);
    for (const path of changed) {
      const t = tags.get(path);
      if (t?.language === 'csharp') referencedNames.set(path, new Set(t.references.map((r) => r.name)));
      else referencedNames.delete(path);
    }
    return { ...tables, referencedNames };
  },
});
