/**
 * The rank stage's state in a snapshot: each file's side fields (the names it defines,
 * the messages it raises), the message index, the path tables' words, and the CSR of each
 * distinct task flow (a load builds none, and reads only its task's). Also how the rank
 * context's lexical holder gives its BM25 index to keep and takes a kept one back. Only
 * src/persist/ imports this module.
 */
import { decodeSection, PartList, sectionChunks, type ByteList, type Sections } from '../persist/sections.js';
import { TASKS, type FileRecord, type FileTags, type Task } from '../types.js';
import type { Bm25Index } from '../lexical/bm25.js';
import type { Bm25fIndex } from '../lexical/bm25f.js';
import { csrParts, keptCsr, type Csr, type CsrParts, type EdgeFlow } from './csr.js';
import {
  fieldsOf,
  lexicalOf,
  rememberSideFields,
  sideFieldsOf,
  type KeptParts,
  type LexicalIndex,
  type SideFields,
} from './index-context.js';
import type { MessageIndex, MessageIndexParts } from './messages.js';
import { savedPathTables, type PathTables, type PathWordsParts } from './path-tables.js';

/** Bumped whenever the rank sections change. */
export const RANK_STATE_VERSION = 2;

/** The rank sections of a snapshot. */
export interface RankState {
  /** Per file with tags, in their order, `[definitions, messages]` as JSON (`SideFields`). */
  sideFields: string;
  /** The message index of the settings' message options, so that a rank that matches error strings reads no file's messages. */
  messages: MessageIndexParts;
  /** The words of the paths and the files having each (the path tables' words, not split again at load). */
  pathWords: PathWordsParts;
  /** The distinct task flows of the settings (`JSON.stringify`), and in the same order the CSR of each (`CsrParts` as a section's bytes: its arrays read as views). */
  csrFlows: string[];
  csrs: ByteList;
}

/** What the rank state is taken from: an index's tags, path tables, task flows, message index and CSRs. */
export interface RankSource {
  tags: readonly FileTags[];
  pathTables: PathTables;
  flows: Readonly<Record<Task, EdgeFlow>>;
  messageIndex(): MessageIndex;
  /** The CSRs of several tasks' flows, one at a time (`RankContext.csrsOneByOne`). */
  csrsOneByOne(tasks: readonly Task[]): (k: number) => Csr;
}

/** The rank sections of an index. */
export function encodeRank(source: RankSource): Sections<RankState> {
  const { tags } = source;
  return {
    sideFields: () =>
      JSON.stringify(
        tags.map((t) => {
          const { definitions, messages } = sideFieldsOf(t);
          return [definitions, messages];
        }),
      ),
    // the rank's own, when it matched error strings
    messages: () => source.messageIndex().toParts(),
    pathWords: () => source.pathTables.pathWords.toParts(),
    ...flowCsrs(source),
  };
}

/**
 * The CSR of each distinct task flow, one part at a time: the one a rank has built
 * already, else one made for the part and let go once it is written (at 100k files, five
 * CSRs held together took ~230 MB at the build's peak).
 */
function flowCsrs(source: RankSource): { csrFlows: string[]; csrs: PartList } {
  const flows = new Map<string, Task>();
  for (const task of TASKS) {
    const key = JSON.stringify(source.flows[task]);
    if (!flows.has(key)) flows.set(key, task);
  }
  const tasks = [...flows.values()];
  let csrAt: ((k: number) => Csr) | undefined;
  const part = (k: number): Uint8Array[] => {
    const csr = (csrAt ??= source.csrsOneByOne(tasks))(k);
    // after the last, the maker's arrays go (at 100k files ~150 MB, held through the sections after it before)
    if (k === tasks.length - 1) csrAt = undefined;
    return sectionChunks(csrParts(csr, source.flows[tasks[k]!]));
  };
  return { csrFlows: [...flows.keys()], csrs: new PartList(tasks.length, part) };
}

/**
 * The BM25 index and BM25F fields a lexical holder has, made now when it has none (an
 * update of an earlier one, or a build over `files`): what a snapshot keeps. The fields are
 * kept for the ranks that follow.
 */
export function lexicalToKeep(
  files: readonly FileRecord[],
  lexical: LexicalIndex,
  tables: PathTables,
  tags: readonly FileTags[],
): { bm25: Bm25Index; bm25f: Bm25fIndex } {
  const bm25 = lexicalOf(files, lexical, tables.ids).index;
  const tagsByPath = new Map(tags.map((t) => [t.path, t]));
  return { bm25, bm25f: fieldsOf(lexical, bm25, (path) => sideFieldsOf(tagsByPath.get(path))) };
}

/** What a snapshot kept of the rank context. */
export interface KeptRank {
  pathTables: PathTables;
  /** The lexical holder of the kept BM25 index and fields. */
  lexical: LexicalIndex;
  /** What the rank context reads in place of building it: the kept CSRs and message index. */
  kept: KeptParts;
  /** Gives the `k`th file's kept tags the side fields kept of them (so they are not decoded for them). */
  keepSides(tags: FileTags, k: number): void;
}

/** The rank state a snapshot kept over `files`, with its kept BM25 index and fields. */
export function decodeRank(
  state: RankState,
  files: readonly FileRecord[],
  lexical: { bm25: Bm25Index; bm25f: Bm25fIndex },
): KeptRank {
  const pathTables = savedPathTables(files, state.pathWords);
  const { paths, ids } = pathTables;
  let sides: SideFields[] | undefined;
  const sidesAt = (k: number): SideFields => {
    sides ??= (JSON.parse(state.sideFields) as [string[], FileTags['messages']][]).map(([definitions, messages]) => ({
      definitions,
      messages,
    }));
    return sides[k]!;
  };
  const csr = (flow: EdgeFlow): Csr | undefined => {
    const k = state.csrFlows.indexOf(JSON.stringify(flow));
    return k < 0 ? undefined : keptCsr([decodeSection(state.csrs.at(k)!) as CsrParts], flow, paths, ids);
  };
  return {
    pathTables,
    lexical: {
      bm25: { index: lexical.bm25, order: Int32Array.from(lexical.bm25.paths, (p) => ids.get(p)!) },
      bm25f: { body: lexical.bm25, index: lexical.bm25f },
    },
    kept: { csr, messages: () => state.messages },
    keepSides: (tags, k) => rememberSideFields(tags, () => sidesAt(k)),
  };
}
