import type { EdgeType, FileRecord, FileTags, LanguageId } from '../types.js';
import { resolveOptions } from '../options/resolve.js';
import { addPathEdges, type KeptImports } from './build.js';
import { GRAPH_DEFAULTS, type GraphOptions } from './defaults.js';
import { EdgeAccumulator, type EdgeSpec } from './edge.js';
import { compareEdges, mergeEdges } from './edge-list.js';
import { EDGE_ORDER, newEdgeTable, writeSpecs, type EdgeTable } from './edge-view.js';
import { tableEdgeCounts, tableFileGraph, type FileGraph, type GraphBasis } from './file-graph.js';
import {
  addImportRows,
  importStats,
  importsUnaffected,
  movedPaths,
  type ImportRecord,
  type ImportStats,
  type MovedPaths,
} from './edges/import.js';
import { addSharedSymbolEdges } from './edges/shared-symbol.js';
import type { SourceTestConventions } from './edges/source-test.js';
import {
  isResolverInput,
  readyTables,
  tagsChangeTables,
  withChangedTags,
  type ResolveContext,
} from './resolve/index.js';
import { MAX_CHANGES_UPDATED } from '../corpus/change-limit.js';

/** Edge types whose edges are stored from the file whose tags make them. */
const ROW_TYPES: ReadonlySet<EdgeType> = new Set(['import', 'source-test', 'shared-symbol']);

/** An earlier build and the corpus it was built from. */
export interface GraphBefore {
  graph: FileGraph;
  files: readonly FileRecord[];
  tags: readonly FileTags[];
}

/**
 * The file graph of a corpus that differs from an earlier build's by some files' contents,
 * and by files added or removed, made from that build's: its edge table with the edges
 * made again replaced, and its symbol table updated in place. The shared-symbol
 * edges (most of a graph) are recomputed only from the changed, added and removed files
 * and from every file that uses a name whose definers changed; the symbol table is
 * updated for those files. When the paths are the same and no file the import resolver
 * reads (manifests, a Java file's package) changed, import and source-test edges are
 * recomputed from the changed files only and the rest is kept; otherwise import,
 * source-test, same-module and co-change edges are recomputed for every file against the
 * new paths (still far cheaper than a build: no symbol table, no shared-symbol pass). The result equals a full `buildFileGraph` (the
 * same nodes, edges, weights and labels; the edges' order may differ, and no consumer
 * depends on it). It holds its edges as a table; its graphology graph is made on first use.
 *
 * `changedFiles` lists every file of `files` whose content changed or that is new (with a
 * grammar or not). `history` names the co-change history (`key`, the caller's); when it
 * is not the earlier build's, its `commits` must be given, and co-change edges are redone
 * from them. When no file with tags changed and the paths are the same, the earlier
 * FileGraph itself is returned (unchanged, still shared). Returns null when an update does
 * not apply (other options, another history without its commits, a file whose kind or
 * grammar changed, too many changes); the earlier graph is then untouched. Otherwise the earlier FileGraph's
 * symbol table has been changed in place, and the graph must not be used again (the build marks its record taken: src/build/reuse.ts).
 */
export function updateFileGraph(
  before: GraphBefore,
  files: readonly FileRecord[],
  tags: readonly FileTags[],
  changedFiles: readonly string[],
  options: GraphOptions = {},
  history: { key: string; commits?: readonly (readonly string[])[] | undefined } = { key: '' },
): FileGraph | null {
  const basis = before.graph.basis;
  const o = resolveOptions(GRAPH_DEFAULTS, options, 'graph');
  const historyChanged = history.key !== basis.historyKey;
  if (JSON.stringify(o) !== JSON.stringify(basis.options) || (historyChanged && !history.commits)) return null;
  const commits = historyChanged ? history.commits! : basis.history;
  const order = new Map(files.map((f, i) => [f.path, i]));
  const earlierFiles = new Map(before.files.map((f) => [f.path, f]));
  const removed = before.files.filter((f) => !order.has(f.path)).map((f) => f.path);
  const added = files.filter((f) => !earlierFiles.has(f.path)).map((f) => f.path);
  if (changedFiles.length + removed.length > MAX_CHANGES_UPDATED) return null;
  // A file that stays must keep its kind and grammar (the node's attributes, the tags' language).
  for (const f of files) {
    const was = earlierFiles.get(f.path);
    if (was && (was.kind !== f.kind || was.language !== f.language)) return null;
  }
  const oldTags = new Map(before.tags.map((t) => [t.path, t]));
  const newTags = new Map(tags.map((t) => [t.path, t]));
  const byOrder = (paths: Iterable<string>): string[] => [...paths].sort((a, b) => order.get(a)! - order.get(b)!);
  const changed = byOrder(changedFiles.filter((p) => order.has(p) && (oldTags.has(p) || newTags.has(p))));
  const samePaths = added.length === 0 && removed.length === 0;
  // A changed or removed manifest (package.json, tsconfig/jsconfig and the JSON files they extend, go.mod, Cargo.toml), or a file whose tags feed the tables (a Java package).
  const resolverInputChanged =
    changedFiles.some(isResolverInput) ||
    removed.some(isResolverInput) ||
    changed.some((p) => tagsChangeTables(oldTags.get(p), newTags.get(p)));
  // Import edges are redone for every file when the paths or what the resolver reads changed (most are kept as they were).
  const broad = !samePaths || historyChanged || resolverInputChanged;
  if (samePaths && changed.length === 0 && !broad) return before.graph;

  // From here on the earlier symbol table is changed in place.
  const { symbols } = before.graph;
  const earlierTable = before.graph.table();

  const definersChanged = new Set<string>();
  const touched = [...removed, ...changed];
  for (const path of touched) {
    const before = oldTags.get(path);
    const after = newTags.get(path);
    // a removed file that had no tags (a doc, a file without a grammar) names nothing
    if (!before && !after) continue;
    const was = definedNames(before);
    const is = definedNames(after);
    for (const name of was) if (!is.has(name)) definersChanged.add(name);
    for (const name of is) if (!was.has(name)) definersChanged.add(name);
    symbols.replace(before, after, (p) => order.get(p)!);
  }
  const users = new Set(changed);
  for (const name of definersChanged) for (const p of symbols.referencers(name)) users.add(p);

  const paths = files.map((f) => f.path);
  const rows = new EdgeAccumulator(paths);
  let resolve: ResolveContext;
  let conventions: SourceTestConventions;
  let imports: ImportStats;
  let importRecords: Map<string, ImportRecord>;
  const changedSet = new Set(changed);
  if (broad) {
    // With the same manifests, a file whose imports never looked up a moved path keeps its import edges.
    const kept = resolverInputChanged
      ? undefined
      : keptImports(basis, tags, changedSet, movedPaths([...added, ...removed], basis.resolve));
    ({ imports, resolve, conventions, importRecords } = addPathEdges(files, tags, commits, rows, rows, o, kept));
  } else {
    resolve = withChangedTags(basis.resolve, changed, newTags);
    conventions = basis.conventions;
    importRecords = new Map(basis.importRecords);
    for (const path of changed) importRecords.delete(path);
    addImportRows(resolve, present(changed, newTags), rows, importRecords, o);
    // (rows holds the changed files' import edges only, so far)
    const imported = new Map<string, string[]>();
    for (const e of rows.list()) {
      const targets = imported.get(e.source);
      if (targets) targets.push(e.target);
      else imported.set(e.source, [e.target]);
    }
    for (const path of changed) conventions.addRow(path, imported.get(path) ?? [], rows, o);
    imports = importStats(importRecords);
  }
  addSharedSymbolEdges(present(byOrder(users), newTags), symbols, rows, o.sharedSymbol);

  // The other edges: all of them made again (broad), or the changed files' rows of the types a file owns.
  const shared: EdgeSpec[] = [];
  const made: EdgeSpec[] = [];
  for (const e of rows.specs()) (e.type === 'shared-symbol' ? shared : made).push(e);
  const otherEdges = broad
    ? made
    : mergeEdges(
        basis.otherEdges.filter((e) => !(ROW_TYPES.has(e.type) && changedSet.has(e.source))),
        made,
      );
  // Over the same paths, the nodes at either end of an edge dropped, added or reweighed: the rest keep their edges, and their CSR rows
  const rowsChanged = broad ? undefined : new Set<string>();
  const earlierPaths = before.graph.paths;
  const dropped =
    rowsChanged && ((s: number, t: number): void => void rowsChanged.add(earlierPaths[s]!).add(earlierPaths[t]!));
  const table = nextTable(earlierTable, earlierPaths, order, users, [...shared, ...otherEdges], dropped);
  if (rowsChanged) {
    for (const e of shared) rowsChanged.add(e.source).add(e.target);
    for (const e of edgesNotIn(basis.otherEdges, otherEdges)) rowsChanged.add(e.source).add(e.target);
  }
  const next: GraphBasis = {
    ...basis,
    historyKey: history.key,
    history: commits,
    otherEdges,
    resolve,
    importRecords,
    conventions,
  };
  return tableFileGraph(files, table, {
    symbols,
    imports,
    edgeCounts: tableEdgeCounts(table),
    basis: next,
    ...(rowsChanged ? { rowsChanged } : {}),
  });
}

/** The edges of either sorted list (`compareEdges` order) that the other has not, or has with another weight. */
function edgesNotIn(a: readonly EdgeSpec[], b: readonly EdgeSpec[]): EdgeSpec[] {
  const out: EdgeSpec[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = compareEdges(a[i]!, b[j]!);
    if (c < 0) out.push(a[i++]!);
    else if (c > 0) out.push(b[j++]!);
    else {
      if (a[i]!.weight !== b[j]!.weight) out.push(a[i]!);
      i++;
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * Makes now, from `graph` alone, what `updateFileGraph` reads of it first, each part as the
 * update would make it: the symbol table's lists, the edge table, the other edges, and the
 * resolver tables of the changed files' `languages`. For a caller that waits on the parse
 * of the changed files (a worker's): the update that follows starts from them. Changes no
 * answer: a graph readied and not updated ranks as before.
 */
export function readyForUpdate(graph: FileGraph, languages: ReadonlySet<LanguageId>): void {
  graph.symbols.thaw();
  graph.table();
  void graph.basis.otherEdges;
  readyTables(graph.basis.resolve, languages);
}

const SHARED_SYMBOL = EDGE_ORDER.indexOf('shared-symbol');

/**
 * The edge table after an update: the earlier table's shared-symbol edges between files
 * that stay, except those from `remade` files (whose shared-symbol edges were made
 * again), renumbered to the new positions (`order`); then `added` (the remade
 * shared-symbol edges and every other edge, as the update has them). `dropped` hears the
 * earlier positions of each shared-symbol edge left out.
 */
function nextTable(
  earlier: EdgeTable,
  earlierPaths: readonly string[],
  order: ReadonlyMap<string, number>,
  remade: ReadonlySet<string>,
  added: readonly EdgeSpec[],
  dropped?: (source: number, target: number) => void,
): EdgeTable {
  // an earlier node's new position, or -1 when it went
  const to = Int32Array.from(earlierPaths, (p) => order.get(p) ?? -1);
  const fromRemade = Uint8Array.from(earlierPaths, (p) => (remade.has(p) ? 1 : 0));
  const { sources, targets, types } = earlier;
  const keep = (k: number): boolean =>
    types[k] === SHARED_SYMBOL && fromRemade[sources[k]!] === 0 && to[sources[k]!]! >= 0 && to[targets[k]!]! >= 0;
  let kept = 0;
  for (let k = 0; k < sources.length; k++) {
    if (keep(k)) kept++;
    else if (dropped && types[k] === SHARED_SYMBOL) dropped(sources[k]!, targets[k]!);
  }
  const { table, labelId } = newEdgeTable(kept + added.length);
  let at = 0;
  // (labels come again through labelId: those only dropped edges named go with them)
  for (let k = 0; k < sources.length; k++) {
    if (!keep(k)) continue;
    table.sources[at] = to[sources[k]!]!;
    table.targets[at] = to[targets[k]!]!;
    table.types[at] = SHARED_SYMBOL;
    table.weights[at] = earlier.weights[k]!;
    table.labelIds[at] = labelId(earlier.labels[earlier.labelIds[k]!]!);
    at++;
  }
  writeSpecs({ table, labelId }, at, added, order);
  return table;
}

/** The files whose import edges stand as they are: unchanged, and unaffected by the moved paths. */
function keptImports(
  basis: GraphBasis,
  tags: readonly FileTags[],
  changed: ReadonlySet<string>,
  moved: MovedPaths,
): KeptImports {
  const kept = new Map<string, { record: ImportRecord; edges: EdgeSpec[] }>();
  for (const t of tags) {
    const record = basis.importRecords.get(t.path);
    if (record && !changed.has(t.path) && importsUnaffected(record, t.language, moved))
      kept.set(t.path, { record, edges: [] });
  }
  for (const e of basis.otherEdges) if (e.type === 'import') kept.get(e.source)?.edges.push(e);
  return kept;
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
