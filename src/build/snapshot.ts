/**
 * A built index as plain data, to persist and load in place of a build (the CLI keeps one
 * per folder and options in its cache: cli/snapshot.ts). Everything a rank reads is
 * kept in typed arrays and joined strings, which deserialize without per-row work: the
 * graph's edges, the symbol table, the BM25 postings, each file's BM25F fields and
 * messages. Tags are kept per file and decoded at the first read of one of their fields (spans,
 * functions); the file graph and the rest of the build record are made again,
 * from the kept edge table, symbol parts, import records, tags and history (no import
 * is resolved again), only when something asks for them (`index.previous`,
 * `index.fileGraph`: the navigate commands, a later incremental build).
 */
import { decodeSection, PartList, sectionChunks, type ByteList } from '../persist/sections.js';
import { restoreCorpus, saveCorpus, type SavedCorpus } from '../corpus/index.js';
import { buildResolveContext, fileGraphOfKept, importRecordParts, keptTablesOf, SymbolTable, tableEdges, type EdgeTable, type ImportRecordParts, type KeptTables, type ResolveContext } from '../graph/index.js';
import type { SymbolTableParts } from '../graph/symbols.js';
import { Bm25Index, type Bm25Dictionary } from '../lexical/bm25.js';
import type { PostingBlock } from '../lexical/bm25-blocks.js';
import { Bm25fIndex, type Bm25fField, type FieldParts } from '../lexical/bm25f.js';
import { fieldsOf, lexicalOf, makeContext, rememberSideFields, sideFieldsOf, type LexicalIndex, type SideFields } from '../rank/index-context.js';
import type { MessageIndexParts } from '../rank/messages.js';
import { UnitWordsCache } from '../rank/functions.js';
import { csrParts, keptCsr, type Csr, type CsrParts, type EdgeFlow } from '../rank/csr.js';
import { savedPathTables, type PathWordsParts } from '../rank/path-tables.js';
import { RepoMapError } from '../errors.js';
import { TASKS, type Diagnostic, type FileTags, type IndexStats, type LanguageId, type Task } from '../types.js';
import { codeLanguagesOf, deferredCodeReading } from './code-languages.js';
import { Index, type IndexParts } from './index.js';
import { keptTags, tagBytesOf, tagCounts } from './kept-tags.js';
import { contentKey, rememberContentKey, textKey, type Previous } from './reuse.js';
import type { StageSettings } from './settings.js';

/** Bumped whenever what a snapshot holds, or how an index reads it, changes: an older snapshot is rebuilt. */
export const SNAPSHOT_VERSION = 15;

/** An index as data (see the module comment). */
export interface Snapshot {
  version: number;
  /** The index's fingerprint (paths, contents, settings, history head). */
  fingerprint: string;
  corpus: SavedCorpus;
  /** Each corpus file's content key (`contentKey`), joined by NUL: a later build from this index does not read unchanged texts to hash them. */
  contentKeys: string;
  tagDiagnostics: Diagnostic[];
  /** The files with tags (corpus positions, ascending). */
  tagFiles: Int32Array;
  /** Per file with tags, in the same order, its definitions as bytes (a snapshot file reads one file's at a time), and apart from them the rest of its tags (`tagBytesOf`, ./tag-bytes.ts). */
  tagDefinitions: ByteList;
  tagRest: ByteList;
  /** Per file with tags, in the same order, its number of definitions and of references (the index's counts after an update, without decoding the tags). */
  tagCounts: Uint32Array;
  /** Per file with tags, in the same order, `[definitions, messages]` as JSON (`SideFields`). */
  sideFields: string;
  /** The message index of the settings' message options, so that a rank that matches error strings reads no file's messages. */
  messages: MessageIndexParts;
  /** The words of the paths and the files having each (the path tables' words, not split again at load). */
  pathWords: PathWordsParts;
  edges: EdgeTable;
  /** The distinct task flows of the settings (`JSON.stringify`), and in the same order the CSR of each (`CsrParts`, `encodeSection`: its arrays read as views), so that a load builds none and reads only its task's. */
  csrFlows: string[];
  csrs: ByteList;
  symbols: SymbolTableParts;
  /** Each file's import record (what an update of the graph checks its imports against). */
  imports: ImportRecordParts;
  /** The import resolvers' tables that were built and that their resolvers let a snapshot keep (`keepsTables`): a load builds none of them again. */
  resolverTables: KeptTables;
  /** The BM25 index without its postings, which are apart in blocks (`encodeSection`): a rank reads those of its query's terms only. */
  bm25: Bm25Dictionary;
  bm25Postings: ByteList;
  bm25f: Record<Bm25fField, FieldParts>;
  /** The history the co-change edges came from (JSON of `string[][]`) and its key. */
  history: { key: string; commits: string };
  stats: IndexStats;
  settings: StageSettings;
  /** The languages of the parsed files (for snippets), and the main one. */
  languages: LanguageId[];
  primary?: LanguageId;
}

/**
 * A snapshot as `snapshotOf` gives it, to write to a snapshot file (`writeSnapshotFile`):
 * its bigger fields are functions that make them when their section is written, and the
 * per-file tags and the CSRs are made one part at a time, so the write holds one of them
 * at once.
 */
export type SnapshotSections = { [K in keyof Snapshot]: Snapshot[K] | (() => Snapshot[K]) };

/**
 * The snapshot of a built index (its BM25 index is built now if it was not yet), or
 * null when it cannot be kept: a corpus not loaded from a folder by this process
 * (nothing to read texts back from), or a view (`withOptions`).
 */
export function snapshotOf(index: Index): SnapshotSections | null {
  const record = index.previous;
  const corpus = saveCorpus(record.corpus);
  if (!corpus || index.fingerprint === '') return null;
  const { ids } = record.pathTables;
  const bm25 = lexicalOf(record.corpus.files, record.lexical, ids);
  const tagsByPath = new Map(record.tags.map((t) => [t.path, t]));
  // made for the snapshot, kept for the ranks that follow
  const bm25f = fieldsOf(record.lexical, bm25.index, (path) => sideFieldsOf(tagsByPath.get(path)));
  const code = codeLanguagesOf(record.tags);
  const { tags } = record;
  return {
    version: SNAPSHOT_VERSION,
    fingerprint: index.fingerprint,
    corpus,
    contentKeys: () => record.corpus.files.map(contentKey).join('\0'),
    tagDiagnostics: record.tagDiagnostics.map((d) => ({ ...d })),
    tagFiles: Int32Array.from(record.tags, (t) => ids.get(t.path)!),
    // after an update, most files' tags are still the bytes the last snapshot kept
    tagDefinitions: new PartList(tags.length, (k) => tagBytesOf(tags[k]!, 'definitions')),
    tagRest: new PartList(tags.length, (k) => tagBytesOf(tags[k]!, 'rest')),
    tagCounts: () => {
      const counts = new Uint32Array(2 * tags.length);
      tags.forEach((t, k) => {
        const { definitions, references } = tagCounts(t);
        counts[2 * k] = definitions;
        counts[2 * k + 1] = references;
      });
      return counts;
    },
    sideFields: () =>
      JSON.stringify(
        tags.map((t) => {
          const { definitions, messages } = sideFieldsOf(t);
          return [definitions, messages];
        }),
      ),
    // the rank's own, when it matched error strings
    messages: () => index.messageIndex().toParts(),
    pathWords: () => record.pathTables.pathWords.toParts(),
    edges: () => record.graph.table(),
    ...flowCsrs(index),
    symbols: () => record.graph.symbols.toParts(ids),
    imports: () => importRecordParts(record.graph.basis.importRecords, ids),
    resolverTables: () => keptTablesOf(record.graph.basis.resolve),
    ...bm25Sections(bm25.index),
    bm25f: () => bm25f.toParts(),
    history: () => ({ key: record.graph.basis.historyKey, commits: JSON.stringify(record.graph.basis.history) }),
    stats: structuredClone(index.stats),
    settings: structuredClone(index.settings),
    languages: code.languages,
    ...(code.primary !== undefined ? { primary: code.primary } : {}),
  };
}

/** The BM25 index's sections: its dictionary, and its postings a block at a time. */
function bm25Sections(index: Bm25Index): { bm25: () => Bm25Dictionary; bm25Postings: PartList } {
  const blocked = index.toBlocks();
  return { bm25: () => blocked.dictionary, bm25Postings: new PartList(blocked.blocks, (k) => sectionChunks(blocked.block(k))) };
}

/**
 * The CSR of each distinct task flow of an index's settings, one part at a time: the one
 * a rank has built already, else one made for the part and let go once it is written (at
 * 100k files, five CSRs held together took ~230 MB at the build's peak).
 */
function flowCsrs(index: Index): { csrFlows: string[]; csrs: PartList } {
  const flows = new Map<string, Task>();
  for (const task of TASKS) {
    const key = JSON.stringify(index.settings.rank.flow[task]);
    if (!flows.has(key)) flows.set(key, task);
  }
  const tasks = [...flows.values()];
  let csrAt: ((k: number) => Csr) | undefined;
  const part = (k: number): Uint8Array[] => {
    const csr = (csrAt ??= index.csrsOneByOne(tasks))(k);
    // after the last, the maker's arrays go (at 100k files ~150 MB, held through the sections after it before)
    if (k === tasks.length - 1) csrAt = undefined;
    return sectionChunks(csrParts(csr, index.settings.rank.flow[tasks[k]!]));
  };
  return { csrFlows: [...flows.keys()], csrs: new PartList(tasks.length, part) };
}

/** The CSR kept for `flow`, if any (decoded from its bytes). */
function keptFlowCsr(snapshot: Snapshot, flow: EdgeFlow, paths: string[], ids: Map<string, number>): Csr | undefined {
  const k = snapshot.csrFlows.indexOf(JSON.stringify(flow));
  return k < 0 ? undefined : keptCsr([decodeSection(snapshot.csrs.at(k)!) as CsrParts], flow, paths, ids);
}

/**
 * The index a snapshot holds, ranking exactly as the index it was taken of. Texts are
 * read from the corpus folder when asked (a file changed since throws `file-changed`),
 * and the grammars of a query's code blocks load in `index.prepare(query)`. Its stats' load
 * time (`timingsMs.corpus`) is 0: the caller that read and checked the snapshot sets it.
 */
export function indexOfSnapshot(snapshot: Snapshot): Index {
  if (snapshot.version !== SNAPSHOT_VERSION) {
    throw new RepoMapError('internal', `repomap/build: snapshot version ${snapshot.version}, this build reads ${SNAPSHOT_VERSION}`, 'version');
  }
  const keys = snapshot.contentKeys === '' ? [] : snapshot.contentKeys.split('\0');
  // a file touched since (another stamp) whose text is the same still reads
  const corpus = restoreCorpus(snapshot.corpus, (i, text) => textKey(text) === keys[i]);
  const { files } = corpus;
  if (keys.length !== files.length) throw new RepoMapError('internal', `repomap/build: a snapshot of ${corpus.root} has ${keys.length} content keys for ${files.length} files`, 'contentKeys');
  files.forEach((f, i) => rememberContentKey(f, keys[i]!));
  const tables = savedPathTables(files, snapshot.pathWords);
  const { paths, ids } = tables;
  const tagIndex = new Map<string, number>();
  snapshot.tagFiles.forEach((file, k) => tagIndex.set(paths[file]!, k));
  if (snapshot.tagCounts.length !== 2 * snapshot.tagFiles.length) throw new RepoMapError('internal', `repomap/build: a snapshot of ${corpus.root} has ${snapshot.tagCounts.length / 2} tag counts for ${snapshot.tagFiles.length} files with tags`, 'tagCounts');
  // each file's tags decode at the first read of a field
  const made = new Map<number, FileTags>();
  const tagsAt = (k: number): FileTags => {
    let t = made.get(k);
    if (!t) {
      const file = files[snapshot.tagFiles[k]!]!;
      const counts = { definitions: snapshot.tagCounts[2 * k]!, references: snapshot.tagCounts[2 * k + 1]! };
      made.set(k, (t = keptTags(file.path, file.language!, counts, { definitions: () => snapshot.tagDefinitions.at(k)!, rest: () => snapshot.tagRest.at(k)! })));
      rememberSideFields(t, () => sidesAt(k));
    }
    return t;
  };
  const tagsOf = (path: string): FileTags | undefined => {
    const k = tagIndex.get(path);
    return k === undefined ? undefined : tagsAt(k);
  };
  let allTags: FileTags[] | undefined;
  const tags = (): FileTags[] => (allTags ??= Array.from(snapshot.tagFiles, (_, k) => tagsAt(k)));
  let sides: SideFields[] | undefined;
  const sidesAt = (k: number): SideFields => {
    sides ??= (JSON.parse(snapshot.sideFields) as [string[], FileTags['messages']][]).map(([definitions, messages]) => ({ definitions, messages }));
    return sides[k]!;
  };
  if (snapshot.bm25Postings.length !== snapshot.bm25.blockTerms.length - 1) {
    throw new RepoMapError('internal', `repomap/build: a snapshot of ${corpus.root} has ${snapshot.bm25Postings.length} blocks of BM25 postings for ${snapshot.bm25.blockTerms.length - 1}`, 'bm25Postings');
  }
  const bm25 = Bm25Index.fromBlocks(snapshot.bm25, (k) => decodeSection(snapshot.bm25Postings.at(k)!) as PostingBlock);
  const lexical: LexicalIndex = {
    bm25: { index: bm25, order: Int32Array.from(bm25.paths, (p) => ids.get(p)!) },
    bm25f: { body: bm25, index: Bm25fIndex.fromParts(bm25, snapshot.bm25f) },
  };
  const symbols = SymbolTable.fromParts(snapshot.symbols, paths);
  const edges = tableEdges(snapshot.edges, paths, ids);
  let resolve: ResolveContext | undefined;
  // a resolver's tables decode the tags of its languages' files only
  const tagsIn = (languages: readonly LanguageId[] | undefined): FileTags[] => {
    if (!languages) return tags();
    const out: FileTags[] = [];
    snapshot.tagFiles.forEach((file, k) => {
      const language = files[file]!.language;
      if (language !== null && languages.includes(language)) out.push(tagsAt(k));
    });
    return out;
  };
  const resolveOf = (): ResolveContext => (resolve ??= buildResolveContext(files, tagsIn, snapshot.resolverTables));
  let record: Previous | undefined;
  const unitWords = new UnitWordsCache();
  const recordOf = (): Previous => {
    if (!record) {
      const history = JSON.parse(snapshot.history.commits) as string[][];
      const kept = { edges: snapshot.edges, symbols: snapshot.symbols, imports: snapshot.imports };
      // the resolvers' tables a query's cues may have made already (resolveOf); the rest as an update of the graph asks for them
      const graph = fileGraphOfKept(files, resolveOf(), kept, snapshot.settings.graph, history, snapshot.history.key);
      record = { fingerprint: snapshot.fingerprint, corpus, tags: tags(), tagDiagnostics: snapshot.tagDiagnostics, lexical, pathTables: tables, graph, unitWords, claim: { taken: false } };
    }
    return record;
  };
  const { code, prepare } = deferredCodeReading(snapshot.languages, snapshot.primary);
  const parts: IndexParts = {
    corpus,
    tagDiagnostics: snapshot.tagDiagnostics,
    tagsOf,
    tags,
    record: recordOf,
    taken: () => record?.claim.taken ?? false,
    unitWords,
    context: (rank) =>
      makeContext(files, { edges, symbols, resolve: resolveOf }, rank, lexical, tables, tagsOf, { csr: (flow) => keptFlowCsr(snapshot, flow, paths, ids), messages: () => snapshot.messages }),
    prepare,
  };
  // the cache counts were the build's: this load read no tags cache
  const { cache: _cache, ...built } = structuredClone(snapshot.stats);
  const stats: IndexStats = { ...built, timingsMs: { corpus: 0, tags: 0, graph: 0 } };
  return new Index(parts, stats, { ...snapshot.settings, code }, snapshot.fingerprint);
}
