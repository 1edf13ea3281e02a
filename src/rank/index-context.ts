/**
 * The rank context of an index: over its path tables (./path-tables.ts), the BM25 index
 * (built on first use, or while workers parse, or updated from an earlier index's), and
 * the CSR of each task's flow.
 */
import {
  exportDefiners,
  moduleFiles,
  type EdgeView,
  type ExportSource,
  type FileGraph,
  type ResolveContext,
  type SymbolTable,
} from '../graph/index.js';
import { RepoMapError } from '../errors.js';
import { countLines } from '../text/lines.js';
import type { FileRecord, FileTags } from '../types.js';
import { Bm25Index, type TextTermsCache } from '../lexical/bm25.js';
import { Bm25fIndex, type Bm25fDocument } from '../lexical/bm25f.js';
import { MessageIndex, type MessageIndexParts } from './messages.js';
import type { RankContext } from './context.js';
import { buildCsr, csrBuilder, type Csr, type EdgeFlow } from './csr.js';
import type { RankDefaults } from './defaults.js';
import type { PathTables } from './path-tables.js';

/**
 * The BM25 holder of an index built after one holding `before`: it will update the
 * nearest built BM25 index on first use. When `before` was never used (no BM25 index
 * yet), its own earlier one is taken with both change sets, so that a chain of unused
 * indexes keeps one BM25 index alive, not one per link.
 */
export function lexicalAfter(before: LexicalIndex, changed: readonly string[]): LexicalIndex {
  if (before.bm25) return { earlier: { lexical: before, changed: new Set(changed) } };
  if (before.earlier)
    return { earlier: { lexical: before.earlier.lexical, changed: new Set([...before.earlier.changed, ...changed]) } };
  return {};
}

/**
 * Builds the BM25 index of the files in slices, yielding to the event loop between them;
 * with `terms`, texts whose terms it knows are not tokenized (see `Bm25Index.inSlices`).
 */
export async function buildLexical(
  files: readonly FileRecord[],
  lexical: LexicalIndex,
  terms?: TextTermsCache,
): Promise<void> {
  const index = await Bm25Index.inSlices(files, {}, () => new Promise((resolve) => setImmediate(resolve)), terms);
  lexical.bm25 = held(index, new Map(files.map((f, i) => [f.path, i])));
}

/** A BM25 index with, per document, its position among the corpus files (`ids`: path → position). */
function held(index: Bm25Index, ids: ReadonlyMap<string, number>): NonNullable<LexicalIndex['bm25']> {
  return { index, order: Int32Array.from(index.paths, (p) => ids.get(p)!) };
}

/**
 * The BM25 index a holder has, built now when it has none: an update of the earlier
 * index it points to, or a fresh build over `files` (`ids`: path → position).
 */
export function lexicalOf(
  files: readonly Pick<FileRecord, 'path' | 'text'>[],
  lexical: LexicalIndex,
  ids: ReadonlyMap<string, number>,
): NonNullable<LexicalIndex['bm25']> {
  if (!lexical.bm25) {
    const before = lexical.earlier?.lexical.bm25?.index;
    const index = before ? Bm25Index.updated(before, files, lexical.earlier!.changed) : new Bm25Index(files);
    const fields = lexical.earlier?.lexical.bm25f;
    // the BM25F fields over the earlier index are updated too, at the first BM25F match
    if (before && fields?.body === before)
      lexical.earlierFields = { index: fields.index, changed: lexical.earlier!.changed };
    lexical.bm25 = held(index, ids);
    delete lexical.earlier;
  }
  return lexical.bm25;
}

/**
 * The BM25F fields over a holder's BM25 index `body`, made now when it has none: an
 * update of the earlier index's fields when there are some, else a fresh build, the
 * side fields from `sideFields`.
 */
export function fieldsOf(lexical: LexicalIndex, body: Bm25Index, sideFields: (path: string) => SideFields): Bm25fIndex {
  if (lexical.bm25f?.body !== body) {
    const earlier = lexical.earlierFields;
    const docOf = (path: string): Bm25fDocument => fieldDocument(path, sideFields(path));
    const index = earlier
      ? Bm25fIndex.updated(earlier.index, body, earlier.changed, docOf)
      : new Bm25fIndex(body, body.paths.map(docOf));
    lexical.bm25f = { body, index };
    delete lexical.earlierFields;
  }
  return lexical.bm25f.index;
}

/** The BM25 index of a corpus, built on first use and shared by the views of one index (`withOptions`). */
export interface LexicalIndex {
  bm25?: { index: Bm25Index; order: Int32Array };
  /** The BM25F fields over that BM25 index (built at the first BM25F match; shared by the views of one index). */
  bm25f?: { body: Bm25Index; index: Bm25fIndex };
  /** An earlier index's, and the paths whose text changed since: the first use updates it instead of building anew. */
  earlier?: { lexical: LexicalIndex; changed: ReadonlySet<string> };
  /** The BM25F fields of the BM25 index `bm25` was updated from, and the paths changed since: the first BM25F match updates them. */
  earlierFields?: { index: Bm25fIndex; changed: ReadonlySet<string> };
}

/** What a file gives the BM25F fields and the message index: the names it defines (not package clauses), the messages it raises or logs. */
export interface SideFields {
  definitions: string[];
  messages: FileTags['messages'];
}

/** Side fields known for tags without reading them (an index snapshot keeps every file's). */
const knownSides = new WeakMap<FileTags, () => SideFields>();

/** Gives `tags` the side fields `sides` makes (what `sideFieldsOf` would make of them), so that they are not read for it. */
export function rememberSideFields(tags: FileTags, sides: () => SideFields): void {
  knownSides.set(tags, sides);
}

/** A file's side fields, from its tags. */
export function sideFieldsOf(tags: FileTags | undefined): SideFields {
  if (!tags) return { definitions: [], messages: [] };
  const known = knownSides.get(tags);
  if (known) return known();
  return {
    definitions: tags.definitions.filter((d) => d.kind !== 'module').map((d) => d.name),
    messages: tags.messages,
  };
}

/** A file's BM25F document. */
function fieldDocument(path: string, { definitions, messages }: SideFields): Bm25fDocument {
  return { path, definitions, messages: messages.map((m) => m.text) };
}

/** What the rank context reads of a file graph: its edges, its symbol table and (on first use) its import resolution tables. */
export interface GraphParts {
  edges: EdgeView;
  symbols: SymbolTable;
  resolve: () => ResolveContext;
}

/** A file's lines (`countLines`); Infinity when its text cannot be read (released, and changed on disk since). */
function linesOf(file: Pick<FileRecord, 'text'>): number {
  try {
    return countLines(file.text);
  } catch (error) {
    if (error instanceof RepoMapError && error.code === 'file-changed') return Infinity;
    throw error;
  }
}

/** What an earlier process kept of a rank context (an index snapshot): read in place of building it. */
export interface KeptParts {
  /** The CSR of a flow, if one was kept for it. */
  csr?: (flow: EdgeFlow) => Csr | undefined;
  /** The message index (`MessageIndex.fromParts` refuses it when the rank options would keep other templates). */
  messages?: () => MessageIndexParts;
}

/** The graph parts of a built file graph. */
export function graphPartsOf(fileGraph: FileGraph): GraphParts {
  return { edges: fileGraph.edges, symbols: fileGraph.symbols, resolve: () => fileGraph.basis.resolve };
}

/**
 * The rank context of an index; `kept`, what a persisted index kept of it. A file's
 * BM25F fields and messages come from its tags (`sideFieldsOf`: a persisted index's tags
 * give the side fields it kept, without decoding).
 */
export function makeContext(
  files: readonly Pick<FileRecord, 'path' | 'size' | 'text'>[],
  graph: GraphParts,
  rank: RankDefaults,
  lexical: LexicalIndex,
  tables: PathTables,
  tagsOf: (path: string) => FileTags | undefined,
  kept: KeptParts = {},
): RankContext {
  const sideFields = (path: string): SideFields => sideFieldsOf(tagsOf(path));
  const { paths, ids, pathWords } = tables;
  // by flow (JSON): tasks of one flow share their CSR
  const csrs = new Map<string, Csr>();
  const bm25 = (): NonNullable<LexicalIndex['bm25']> => lexicalOf(files, lexical, ids);
  let exports: ExportSource | undefined;
  const exportSource = (): ExportSource => (exports ??= { resolve: graph.resolve(), tagsOf });
  let messages: MessageIndex | undefined;
  const lineCounts = new Map<number, number>();
  const fielded = (body: Bm25Index): Bm25fIndex => fieldsOf(lexical, body, sideFields);
  return {
    paths,
    indexOf: (path) => ids.get(path) ?? -1,
    moduleFiles: (language, specifier) => moduleFiles(exportSource(), language, specifier),
    exportDefiners: (modules, name) => exportDefiners(exportSource(), modules, name),
    kinds: tables.kinds,
    sizes: Int32Array.from(files.map((f) => f.size)),
    lineCount(i) {
      let count = lineCounts.get(i);
      if (count === undefined) lineCounts.set(i, (count = linesOf(files[i]!)));
      return count;
    },
    get pathIndex() {
      return tables.pathIndex;
    },
    symbols: graph.symbols,
    pathWords,
    graph: graph.edges,
    textScores(text, match = 'bm25') {
      const { index, order } = bm25();
      const raw = match === 'bm25f' ? fielded(index).scores(text, rank.bm25f) : index.scores(text);
      const out = new Float64Array(paths.length);
      for (let d = 0; d < raw.length; d++) out[order[d]!] = raw[d]!;
      return out;
    },
    messages() {
      messages ??=
        (kept.messages && MessageIndex.fromParts(kept.messages(), rank.messages)) ??
        MessageIndex.of(paths.length, (i) => sideFields(paths[i]!).messages, rank.messages);
      return messages;
    },
    specificity(name) {
      const { index } = bm25();
      const one = Math.log((index.size - 1 + 0.5) / 1.5 + 1);
      return one > 0 ? Math.min(1, index.idf(name.toLowerCase()) / one) : 0;
    },
    csrFor(task) {
      const flow = rank.flow[task];
      const key = JSON.stringify(flow);
      let csr = csrs.get(key);
      if (!csr) csrs.set(key, (csr = kept.csr?.(flow) ?? buildCsr(graph.edges, flow, paths, ids)));
      return csr;
    },
    madeCsr(flow) {
      return csrs.get(JSON.stringify(flow)) ?? kept.csr?.(flow);
    },
    csrsOneByOne(tasks) {
      let build: ((flow: EdgeFlow) => Csr) | undefined;
      return (k) => {
        const flow = rank.flow[tasks[k]!];
        return (
          csrs.get(JSON.stringify(flow)) ??
          kept.csr?.(flow) ??
          (build ??= csrBuilder(graph.edges, paths, ids, { reuse: true }))(flow)
        );
      };
    },
  };
}
