import type { EdgeType, FileRecord, FileTags } from '../types.js';
import { mergeDefaults } from '../merge-defaults.js';
import type { FileGraph, FileGraphology } from './build.js';
import { GRAPH_DEFAULTS, type GraphOptions } from './defaults.js';
import { EdgeAccumulator, type EdgeSpec } from './edge.js';
import { addImportRows } from './edges/import.js';
import { addSharedSymbolEdges } from './edges/shared-symbol.js';
import type { InlineModule } from './resolve/rust.js';

/** Above this many changed files a full build is about as fast, and simpler. */
const MAX_CHANGED = 256;

/**
 * Non-code files the import resolver may read: package.json, tsconfig/jsconfig and the
 * JSON files they extend (any name), go.mod, Cargo.toml. A change to one rebuilds.
 */
const RESOLVER_INPUT = /(?:\.json|(?:^|\/)go\.mod|(?:^|\/)Cargo\.toml)$/;

/** Edge types whose edges are stored from the file whose tags make them. */
const ROW_TYPES: ReadonlySet<EdgeType> = new Set(['import', 'source-test', 'shared-symbol']);

/** An earlier build and the corpus it was built from. */
export interface GraphBefore {
  graph: FileGraph;
  files: readonly FileRecord[];
  tags: readonly FileTags[];
}

/**
 * The file graph of a corpus that has the same files as an earlier build's, some with
 * new contents, made by updating that build in place: the edges stored from the changed
 * files, and the shared-symbol edges of every file that uses a name whose definers
 * changed, are recomputed; nothing else is. The result equals a full `buildFileGraph`
 * (the same edges, weights and labels; graphology's edge order may differ, and no
 * consumer depends on it).
 *
 * `changed` lists every file whose content changed (with a grammar or not). When no file
 * with tags changed, the earlier FileGraph itself is returned (unchanged, still shared).
 * Returns null when an update does not apply (other paths, kinds
 * or grammars, other options or history, a changed manifest or Java package, too many
 * changes); the earlier graph is then untouched. Otherwise the earlier FileGraph is
 * superseded (`basis.superseded`) and must not be used again.
 */
export function updateFileGraph(
  before: GraphBefore,
  files: readonly FileRecord[],
  tags: readonly FileTags[],
  changedFiles: readonly string[],
  options: GraphOptions = {},
  historyKey = '',
): FileGraph | null {
  const basis = before.graph.basis;
  const o = mergeDefaults(GRAPH_DEFAULTS, options);
  if (basis.superseded || JSON.stringify(o) !== JSON.stringify(basis.options) || historyKey !== basis.historyKey) return null;
  if (changedFiles.length > MAX_CHANGED || !sameFiles(before.files, files)) return null;
  const oldTags = new Map(before.tags.map((t) => [t.path, t]));
  const newTags = new Map(tags.map((t) => [t.path, t]));
  const order = new Map(files.map((f, i) => [f.path, i]));
  const changed = changedFiles.filter((p) => oldTags.has(p) || newTags.has(p)).sort((a, b) => order.get(a)! - order.get(b)!);
  if (changedFiles.some((p) => RESOLVER_INPUT.test(p) || !order.has(p))) return null;
  for (const path of changed) {
    const was = oldTags.get(path);
    const is = newTags.get(path);
    // Without a package in the tags the resolver reads the file's text, which changed.
    if ((was?.language ?? is?.language) === 'java' && (javaPackage(was) === null || javaPackage(was) !== javaPackage(is))) return null;
  }

  // Only files without tags changed (docs, other languages): the graph is the same one.
  if (changed.length === 0) return before.graph;

  // From here on the earlier graph is changed in place.
  basis.superseded = true;
  const { graph, symbols } = before.graph;
  const definersChanged = new Set<string>();
  for (const path of changed) {
    const was = definedNames(oldTags.get(path));
    const is = definedNames(newTags.get(path));
    for (const name of was) if (!is.has(name)) definersChanged.add(name);
    for (const name of is) if (!was.has(name)) definersChanged.add(name);
    symbols.replace(oldTags.get(path), newTags.get(path), (p) => order.get(p)!);
  }
  const users = new Set(changed);
  for (const name of definersChanged) for (const p of symbols.referencers(name)) users.add(p);

  const resolve = { ...basis.resolve, rustInline: inlineModules(basis.resolve.rustInline, changed, newTags) };
  const paths = files.map((f) => f.path);
  const discard = new EdgeAccumulator(paths);
  const old = addImportRows(basis.resolve, present(changed, oldTags), discard, o);
  const rows = new EdgeAccumulator(paths);
  const fresh = addImportRows(resolve, present(changed, newTags), rows, o);
  const imported = new Map<string, string[]>();
  for (const e of rows.list()) imported.set(e.source, [...(imported.get(e.source) ?? []), e.target]);
  for (const path of changed) basis.conventions.addRow(path, imported.get(path) ?? [], rows, o);
  addSharedSymbolEdges(present([...users].sort((a, b) => order.get(a)! - order.get(b)!), newTags), symbols, rows, o.sharedSymbol);

  const edgeCounts = { ...before.graph.edgeCounts };
  const wanted = new Map<string, EdgeSpec>();
  for (const e of rows.specs()) wanted.set(`${e.type}:${e.source}->${e.target}`, e);
  const changedSet = new Set(changed);
  const owned = (type: EdgeType, source: string): boolean => ROW_TYPES.has(type) && (type === 'shared-symbol' ? users.has(source) : changedSet.has(source));
  for (const source of users) replaceRows(graph, source, owned, wanted, edgeCounts);
  for (const [key, e] of wanted) {
    graph.addDirectedEdgeWithKey(key, e.source, e.target, { type: e.type, weight: e.weight, label: e.label });
    edgeCounts[e.type]++;
  }
  const imports = {
    imports: before.graph.imports.imports - old.imports + fresh.imports,
    resolved: before.graph.imports.resolved - old.resolved + fresh.resolved,
  };
  return { graph, symbols, imports, edgeCounts, basis: { ...basis, resolve, superseded: false } };
}

/**
 * Updates the out-edges of `source` that an update owns: each one still wanted takes its
 * new weight and label (and leaves `wanted`), the others are dropped.
 */
function replaceRows(
  graph: FileGraphology,
  source: string,
  owned: (type: EdgeType, source: string) => boolean,
  wanted: Map<string, EdgeSpec>,
  edgeCounts: Record<EdgeType, number>,
): void {
  const drop: string[] = [];
  graph.forEachOutEdge(source, (key, attr) => {
    if (!owned(attr.type, source)) return;
    const e = wanted.get(key);
    if (!e) {
      drop.push(key);
      edgeCounts[attr.type]--;
      return;
    }
    wanted.delete(key);
    graph.replaceEdgeAttributes(key, { type: e.type, weight: e.weight, label: e.label });
  });
  for (const key of drop) graph.dropEdge(key);
}

function sameFiles(a: readonly FileRecord[], b: readonly FileRecord[]): boolean {
  return a.length === b.length && a.every((f, i) => f.path === b[i]!.path && f.kind === b[i]!.kind && f.language === b[i]!.language);
}

function present(paths: readonly string[], tags: ReadonlyMap<string, FileTags>): FileTags[] {
  return paths.flatMap((p) => {
    const t = tags.get(p);
    return t ? [t] : [];
  });
}

/** Names a file defines, module kind left out (as in the symbol table). */
function definedNames(tags: FileTags | undefined): Set<string> {
  return new Set((tags?.definitions ?? []).filter((d) => d.kind !== 'module').map((d) => d.name));
}

/** The Java package a file declares (its first module definition), as the resolver reads it; null when none. */
function javaPackage(tags: FileTags | undefined): string | null {
  const decl = tags?.definitions.find((d) => d.kind === 'module');
  return decl ? decl.name.replace(/\s+/g, '') : null;
}

/** Rust inline modules per file with the changed files' taken from their new tags. */
function inlineModules(
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
    const list = t.definitions.filter((d) => d.kind === 'module').map((d) => ({ name: d.name, startLine: d.startLine, endLine: d.endLine }));
    if (list.length > 0) out.set(path, list);
  }
  return out;
}
