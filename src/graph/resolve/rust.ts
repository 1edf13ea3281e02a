/**
 * Rust import resolution.
 *
 * Specifiers (from the tags stage): `mod name` for `mod name;`; the path of a `use`
 * (`crate::a::b`, `super::x`, `self::x`, `other_crate::y`, `a::b`), with `names` for the
 * items of a braced list (`use crate::a::{b, c}` → `crate::a` + [b, c]). A specifier that
 * still holds a use tree (`crate::a::{b, c::d}`, `use …;`, `as` aliases, `::*`) is expanded
 * here; its `names` are then ignored.
 *
 * Rules (a module is a file plus the folder its child modules live in):
 * - A crate root (`src/lib.rs`, `src/main.rs`, `[lib] path`, `src/bin/x.rs`,
 *   `src/bin/x/main.rs`, top-level files of `tests/`, `examples/`, `benches/`) and a
 *   `mod.rs` keep their children beside them; `foo.rs` keeps them in `foo/`.
 * - `mod name` → `name.rs` or `name/mod.rs` in the current module's child folder.
 * - Inline modules (`mod tests { … }`, from the file's `module` definitions in the tags)
 *   that enclose the import's line nest the current module: `super` inside them first
 *   climbs back to the file's own module (so `use super::*` in `mod tests` is the file
 *   itself, no edge), and their `mod x;` children live in `<dir>/tests/x.rs`.
 * - The crate root of a file: from the nearest folder with a `Cargo.toml` (the file itself
 *   for bins, tests, examples, benches; else the lib root, else `src/main.rs`). Without a
 *   Cargo.toml, the nearest `lib.rs`/`main.rs` above the file.
 * - The first segment of a use path picks the start module: `crate` (and `$crate`) the
 *   crate root; `self` the current module; each `super` one module up; a child module of
 *   the current module (2018 uniform paths); a workspace crate (`[package] name` with `-`
 *   → `_`, or `[lib] name`) its lib root; a child module of the crate root (2015 paths).
 *   Anything else (std, external crates) → [].
 * - From the start module, each further segment descends into a child module while one
 *   exists as a file; the rest names items (or inline modules) of the deepest file found,
 *   which is the result. Each of `names` is tried as one more segment (a name that is a
 *   module gives its file, an item gives the module's file).
 */
import type { FileTags } from '../../types.js';
import { baseOf, child, cleanName, dirOf } from './paths.js';
import { defineResolver } from './resolver.js';
import { compareByteOrder } from '../../text/order.js';

interface Crate {
  dir: string;
  /** Library crate root, or null. */
  lib: string | null;
  /** `src/main.rs` when present. */
  main: string | null;
}

export interface RustTables {
  /** Crate by folder of its Cargo.toml. */
  cratesByDir: Map<string, Crate>;
  /** Library root by crate name (underscored). */
  libsByName: Map<string, string>;
  /** Memo: folder → nearest crate (or null), filled as imports resolve. */
  nearest: Map<string, Crate | null>;
  /** The crate roots (lib and main candidates) whose existence the tables record. */
  probed: Set<string>;
}

interface Module {
  file: string;
  /** Folder of its child modules. */
  dir: string;
  /** Inline modules (`mod x { … }`) between the file's module and this one. */
  inline: number;
}

/** An inline module (`mod tests { … }`) of a file: its name and 1-based line range. */
export interface InlineModule {
  name: string;
  startLine: number;
  endLine: number;
}

/** `[package] name`, `[lib] name` and `[lib] path` of a Cargo.toml text. */
export function parseCargoToml(text: string): { name: string | null; libName: string | null; libPath: string | null } {
  let section = '';
  const out = { name: null as string | null, libName: null as string | null, libPath: null as string | null };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const kv = /^([A-Za-z0-9_-]+)\s*=\s*["']([^"']*)["']/.exec(line);
    if (!kv) continue;
    if (section === 'package' && kv[1] === 'name') out.name = kv[2]!;
    if (section === 'lib' && kv[1] === 'name') out.libName = kv[2]!;
    if (section === 'lib' && kv[1] === 'path') out.libPath = kv[2]!;
  }
  return out;
}

/** A Cargo.toml file (the manifest resolution reads a crate's library path from). */
export function isCargoToml(path: string): boolean {
  return path === 'Cargo.toml' || path.endsWith('/Cargo.toml');
}

export function buildRustTables(
  files: readonly { path: string; text?: string }[],
  paths: ReadonlySet<string>,
): RustTables {
  const cratesByDir = new Map<string, Crate>();
  const libsByName = new Map<string, string>();
  const probed = new Set<string>();
  for (const f of [...files].sort((a, b) => compareByteOrder(a.path, b.path))) {
    if (!isCargoToml(f.path) || f.text === undefined) continue;
    const dir = dirOf(f.path);
    const toml = parseCargoToml(f.text);
    const libCandidate = child(dir, toml.libPath ?? 'src/lib.rs').replace(/^\.\//, '');
    const lib = paths.has(libCandidate) ? libCandidate : null;
    const mainCandidate = child(dir, 'src/main.rs');
    probed.add(libCandidate).add(mainCandidate);
    cratesByDir.set(dir, { dir, lib, main: paths.has(mainCandidate) ? mainCandidate : null });
    if (lib === null) continue;
    for (const name of [toml.name, toml.libName]) {
      if (name && !libsByName.has(name.replace(/-/g, '_'))) libsByName.set(name.replace(/-/g, '_'), lib);
    }
  }
  return { cratesByDir, libsByName, nearest: new Map(), probed };
}

function nearestCrate(tables: RustTables, dir: string): Crate | null {
  const memo = tables.nearest.get(dir);
  if (memo !== undefined) return memo;
  const found = tables.cratesByDir.get(dir) ?? (dir === '' ? null : nearestCrate(tables, dirOf(dir)));
  tables.nearest.set(dir, found);
  return found;
}

/** The crate root file of `path`, or null when none can be told. */
function crateRootOf(tables: RustTables, files: ReadonlySet<string>, path: string): string | null {
  const crate = nearestCrate(tables, dirOf(path));
  if (crate) {
    const rel = crate.dir === '' ? path : path.slice(crate.dir.length + 1);
    const parts = rel.split('/');
    if (parts[0] === 'src' && parts[1] === 'bin') {
      if (parts.length === 3) return path;
      const main = child(crate.dir, `src/bin/${parts[2]}/main.rs`);
      return files.has(main) ? main : null;
    }
    if (parts[0] === 'tests' || parts[0] === 'examples' || parts[0] === 'benches') {
      if (parts.length === 2) return path;
      const main = child(crate.dir, `${parts[0]}/${parts[1]}/main.rs`);
      return files.has(main) ? main : null;
    }
    if (parts.length === 1) return path; // build.rs
    if (path === crate.main) return path;
    return crate.lib ?? crate.main;
  }
  for (let d = dirOf(path); ; d = dirOf(d)) {
    for (const name of ['lib.rs', 'main.rs']) if (files.has(child(d, name))) return child(d, name);
    if (d === '') return null;
  }
}

function rootModule(root: string): Module {
  return { file: root, dir: dirOf(root), inline: 0 };
}

/** The module of a file, nested into the inline modules that enclose `line`. */
function currentModule(path: string, root: string | null, inline: readonly InlineModule[], line: number): Module {
  const base = baseOf(path);
  const fileDir =
    path === root || base === 'mod.rs' || base === 'lib.rs' || base === 'main.rs'
      ? dirOf(path)
      : path.slice(0, -'.rs'.length);
  const m: Module = { file: path, dir: fileDir, inline: 0 };
  const enclosing = inline.filter((mod) => mod.startLine <= line && line <= mod.endLine);
  enclosing.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  for (const mod of enclosing) {
    m.dir = child(m.dir, mod.name);
    m.inline++;
  }
  return m;
}

function childModule(files: ReadonlySet<string>, m: Module, name: string): Module | null {
  const flat = child(m.dir, `${name}.rs`);
  if (files.has(flat)) return { file: flat, dir: child(m.dir, name), inline: 0 };
  const nested = child(m.dir, `${name}/mod.rs`);
  if (files.has(nested)) return { file: nested, dir: child(m.dir, name), inline: 0 };
  return null;
}

function parentModule(files: ReadonlySet<string>, m: Module, root: string | null): Module | null {
  if (m.inline > 0) return { file: m.file, dir: dirOf(m.dir), inline: m.inline - 1 };
  if (root === null || m.file === root || m.dir === dirOf(root)) return null;
  const dir = dirOf(m.dir);
  if (dir === dirOf(root)) return rootModule(root);
  for (const owner of [`${dir}.rs`, child(dir, 'mod.rs')]) if (files.has(owner)) return { file: owner, dir, inline: 0 };
  return null;
}

/** Expands a use tree (`a::{b, c::{d, self}}`) into paths of segments. */
export function expandUseTree(tree: string): string[][] {
  const s = tree.replace(/\s+/g, ' ').trim();
  const open = s.indexOf('{');
  if (open < 0) {
    const path = (cleanName(s.replace(/\s*::\s*/g, '::')) ?? '').replace(/::\*$/, '');
    return path === '' ? [] : [path.split('::')];
  }
  const prefix = s.slice(0, open).replace(/\s/g, '');
  let depth = 0;
  let close = -1;
  const parts: string[] = [];
  let start = open + 1;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) {
      close = i;
      break;
    } else if (s[i] === ',' && depth === 1) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start, close < 0 ? s.length : close));
  const out: string[][] = [];
  const head = prefix.replace(/::$/, '');
  for (const part of parts) {
    const p = part.trim();
    if (p === '') continue;
    if (p === 'self') out.push(head === '' ? [] : head.split('::'));
    else for (const segs of expandUseTree(prefix + p)) out.push(segs);
  }
  return out.filter((segs) => segs.length > 0);
}

export function resolveRust(
  tables: RustTables,
  files: ReadonlySet<string>,
  fromPath: string,
  specifier: string,
  rawNames: readonly string[],
  line = 0,
  inline: readonly InlineModule[] = [],
): string[] {
  const root = crateRootOf(tables, files, fromPath);
  const current = currentModule(fromPath, root, inline, line);
  let spec = specifier.replace(/^\s*(pub(\([^)]*\))?\s+)?/, '').trim();
  const mod = /^mod\s+([A-Za-z_][A-Za-z0-9_]*)$/.exec(spec);
  if (mod) {
    const m = childModule(files, current, mod[1]!);
    return m ? [m.file] : [];
  }
  spec = spec
    .replace(/^(use|extern\s+crate)\s+/, '')
    .replace(/;$/, '')
    .trim();
  const paths = expandUseTree(spec);
  if (!spec.includes('{')) {
    const names = rawNames.map((n) => n.trim()).filter((n) => n !== '' && n !== '*' && n !== 'self');
    if (names.length > 0 && paths.length === 1) {
      const base = paths[0]!;
      paths.length = 0;
      for (const name of names) for (const tail of expandUseTree(name)) paths.push([...base, ...tail]);
      if (paths.length === 0) paths.push(base);
    }
  }
  const out: string[] = [];
  for (const segs of paths) {
    const file = resolvePath(tables, files, current, root, segs);
    if (file !== null) out.push(file);
  }
  return out;
}

/** The deepest module file that `segs` reaches, or null when the path leaves the corpus. */
function resolvePath(
  tables: RustTables,
  files: ReadonlySet<string>,
  current: Module,
  root: string | null,
  segs: readonly string[],
): string | null {
  let i = 0;
  if (segs[0] === '') i++; // `::name`: a crate name
  const first = segs[i];
  if (first === undefined) return null;
  let m: Module | null = null;
  if (first === 'crate' || first === '$crate') {
    m = root === null ? null : rootModule(root);
    i++;
  } else if (first === 'self') {
    m = current;
    i++;
  } else if (first === 'super') {
    m = current;
    while (segs[i] === 'super' && m) {
      m = parentModule(files, m, root);
      i++;
    }
  } else {
    const local = i === 0 ? childModule(files, current, first) : null;
    const lib = tables.libsByName.get(first);
    const fromRoot = i === 0 && root !== null ? childModule(files, rootModule(root), first) : null;
    if (local) m = local;
    else if (lib !== undefined) m = rootModule(lib);
    else if (fromRoot) m = fromRoot;
    i++;
  }
  if (m === null) return null;
  for (; i < segs.length; i++) {
    if (segs[i] === 'self') continue;
    const next = childModule(files, m, segs[i]!);
    if (next === null) break;
    m = next;
  }
  return m.file;
}

/** Rust's tables: the crates, and each file's inline modules (from the tags). */
interface RustResolveTables {
  crates: RustTables;
  inline: ReadonlyMap<string, readonly InlineModule[]>;
}

function inlineModulesOf(t: FileTags): InlineModule[] {
  return t.definitions
    .filter((d) => d.kind === 'module')
    .map((d) => ({ name: d.name, startLine: d.startLine, endLine: d.endLine }));
}

function inlineModules(tags: readonly FileTags[]): Map<string, readonly InlineModule[]> {
  const out = new Map<string, readonly InlineModule[]>();
  for (const t of tags) {
    if (t.language !== 'rust') continue;
    const list = inlineModulesOf(t);
    if (list.length > 0) out.set(t.path, list);
  }
  return out;
}

/** Inline modules per file with the changed files' taken from their new tags. */
function withInlineModules(
  before: ReadonlyMap<string, readonly InlineModule[]>,
  changed: readonly string[],
  tags: ReadonlyMap<string, FileTags>,
): ReadonlyMap<string, readonly InlineModule[]> {
  const rust = changed.filter((p) => tags.get(p)?.language === 'rust' || before.has(p));
  if (rust.length === 0) return before;
  const out = new Map(before);
  for (const path of rust) {
    out.delete(path);
    const t = tags.get(path);
    if (t?.language !== 'rust') continue;
    const list = inlineModulesOf(t);
    if (list.length > 0) out.set(path, list);
  }
  return out;
}

export const rustResolver = defineResolver<RustResolveTables>({
  // the tags it reads (the build below keeps only these languages' files)
  tagLanguages: ['rust'],
  build: ({ files, tags, pathSet }) => ({ crates: buildRustTables(files, pathSet), inline: inlineModules(tags) }),
  resolve: (tables, corpus, fromPath, specifier, spec) =>
    resolveRust(
      tables.crates,
      corpus.files,
      fromPath,
      specifier,
      spec.names ?? [],
      spec.line,
      tables.inline.get(fromPath),
    ),
  readsText: isCargoToml,
  isInput: isCargoToml,
  // The crate roots the tables looked for.
  dependsOnPath: (tables, path) => tables.crates.probed.has(path),
  withTags: (tables, changed, tags) => ({
    crates: tables.crates,
    inline: withInlineModules(tables.inline, changed, tags),
  }),
});
