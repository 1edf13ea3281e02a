/**
 * A built index as plain data, to persist and load in place of a build (./kept-index.ts
 * keeps one per folder and scope in a cache folder). The stages that keep state each give
 * their own sections and read them back (`<stage>/codec.ts`: corpus, tags, lexical, graph,
 * rank), with a format version each; this module joins them with the index's own fields
 * (fingerprint, content keys, stats, settings) and knows no stage's layout. Everything a
 * rank reads is kept in typed arrays and joined strings, which deserialize without
 * per-row work; tags decode per file at the first read of a field; the file graph and
 * the rest of the build record are made again only when something asks for them
 * (`index.previous`, `index.fileGraph`: the navigate commands, a later incremental build).
 */
import { CORPUS_STATE_VERSION, restoreCorpus, saveCorpus, type CorpusState } from '../corpus/codec.js';
import { decodeGraph, encodeGraph, GRAPH_STATE_VERSION, type GraphState } from '../graph/codec.js';
import { decodeLexical, encodeLexical, LEXICAL_STATE_VERSION, type LexicalState } from '../lexical/codec.js';
import { decodeRank, encodeRank, lexicalToKeep, RANK_STATE_VERSION, type RankState } from '../rank/codec.js';
import { decodeTags, encodeTags, TAGS_STATE_VERSION, type TagsState } from '../tags/codec.js';
import { UnitWordsCache } from '../rank/functions.js';
import { makeContext } from '../rank/index-context.js';
import { RepoMapError } from '../errors.js';
import type { Diagnostic, IndexStats, LanguageId } from '../types.js';
import { codeLanguagesOf, deferredCodeReading } from '../build/code-languages.js';
import type { IndexParts } from '../build/index-parts.js';
import { Index, type Successor } from '../build/index.js';
import { contentKey, rememberContentKey, textKey, type Previous } from '../build/reuse.js';
import type { StageSettings } from '../build/settings.js';
import type { Sections } from './sections.js';

/** The version of the snapshot's own fields and of how it joins the stages' sections; bumped when they change. */
export const SNAPSHOT_VERSION = 16;

/** The format version of each stage's state: a snapshot of other versions is rebuilt, never misread. */
export const STATE_VERSIONS = {
  corpus: CORPUS_STATE_VERSION,
  tags: TAGS_STATE_VERSION,
  lexical: LEXICAL_STATE_VERSION,
  graph: GRAPH_STATE_VERSION,
  rank: RANK_STATE_VERSION,
} as const;

/** Whether a snapshot's versions (`version`, `stages`) are this build's. */
export function isCurrentVersion(stored: { version?: unknown; stages?: unknown }): boolean {
  return stored.version === SNAPSHOT_VERSION && JSON.stringify(stored.stages) === JSON.stringify(STATE_VERSIONS);
}

/** The index's own fields: what is not a stage's state. */
interface IndexFields {
  version: number;
  stages: typeof STATE_VERSIONS;
  /** The index's fingerprint (paths, contents, settings, history head). */
  fingerprint: string;
  /** Each corpus file's content key (`contentKey`), joined by NUL: a later build from this index does not read unchanged texts to hash them. */
  contentKeys: string;
  tagDiagnostics: Diagnostic[];
  stats: IndexStats;
  settings: StageSettings;
  /** The languages of the parsed files (for snippets), and the main one. */
  languages: LanguageId[];
  primary?: LanguageId;
}

/** An index as data: its own fields and each stage's sections (see the module comment). */
export type Snapshot = IndexFields & { corpus: CorpusState } & TagsState & LexicalState & GraphState & RankState;

/**
 * A snapshot as `snapshotOf` gives it, to write to a snapshot file (`writeSnapshotFile`):
 * its bigger fields are functions that make them when their section is written, and the
 * per-file tags and the CSRs are made one part at a time, so the write holds one of them
 * at once.
 */
export type SnapshotSections = Sections<Snapshot>;

/**
 * The snapshot of a built index (its BM25 index is built now if it was not yet), or
 * null when it cannot be kept: a corpus not loaded from a folder by this process
 * (nothing to read texts back from), or a view (`withOptions`).
 */
export function snapshotOf(index: Index): SnapshotSections | null {
  const record = index.previous;
  const corpus = saveCorpus(record.corpus);
  if (!corpus || index.fingerprint === '') return null;
  const { pathTables, tags } = record;
  // made for the snapshot, kept for the ranks that follow
  const lexical = lexicalToKeep(record.corpus.files, record.lexical, pathTables, tags);
  const code = codeLanguagesOf(tags);
  return {
    version: SNAPSHOT_VERSION,
    stages: STATE_VERSIONS,
    fingerprint: index.fingerprint,
    corpus,
    contentKeys: () => record.corpus.files.map(contentKey).join('\0'),
    tagDiagnostics: record.tagDiagnostics.map((d) => ({ ...d })),
    ...encodeTags(tags, pathTables.ids),
    ...encodeRank({
      tags,
      pathTables,
      flows: index.settings.rank.flow,
      messageIndex: () => index.messageIndex(),
      csrsOneByOne: (tasks) => index.csrsOneByOne(tasks),
    }),
    ...encodeGraph(record.graph, pathTables.ids),
    ...encodeLexical(lexical.bm25, lexical.bm25f),
    stats: structuredClone(index.stats),
    settings: structuredClone(index.settings),
    languages: code.languages,
    ...(code.primary !== undefined ? { primary: code.primary } : {}),
  };
}

/**
 * The index a snapshot holds, ranking exactly as the index it was taken of. Texts are
 * read from the corpus folder when asked (a file changed since throws `file-changed`),
 * and the grammars of a query's code blocks load in `index.prepare(query)`. Its stats' load
 * time (`timingsMs.corpus`) is 0: the caller that read and checked the snapshot sets it.
 */
export function indexOfSnapshot(snapshot: Snapshot): Index {
  if (!isCurrentVersion(snapshot)) {
    throw new RepoMapError(
      'internal',
      `repomap/persist: snapshot version ${snapshot.version} ${JSON.stringify(snapshot.stages)}, this build reads ${SNAPSHOT_VERSION} ${JSON.stringify(STATE_VERSIONS)}`,
      'version',
    );
  }
  const keys = snapshot.contentKeys === '' ? [] : snapshot.contentKeys.split('\0');
  // a file touched since (another stamp) whose text is the same still reads
  const corpus = restoreCorpus(snapshot.corpus, (i, text) => textKey(text) === keys[i]);
  const { files, root } = corpus;
  if (keys.length !== files.length)
    throw new RepoMapError(
      'internal',
      `repomap/persist: a snapshot of ${root} has ${keys.length} content keys for ${files.length} files`,
      'contentKeys',
    );
  files.forEach((f, i) => rememberContentKey(f, keys[i]!));
  const rank = decodeRank(snapshot, files, decodeLexical(snapshot, root));
  const tags = decodeTags(snapshot, files, root, rank.keepSides);
  const graph = decodeGraph(snapshot, files, rank.pathTables, tags.inLanguages);
  let record: Previous | undefined;
  const unitWords = new UnitWordsCache();
  const recordOf = (): Previous => {
    if (!record) {
      const fileGraph = graph.fileGraph(snapshot.settings.graph);
      record = {
        fingerprint: snapshot.fingerprint,
        corpus,
        tags: tags.all(),
        tagDiagnostics: snapshot.tagDiagnostics,
        lexical: rank.lexical,
        pathTables: rank.pathTables,
        graph: fileGraph,
        unitWords,
        claim: { taken: false },
      };
    }
    return record;
  };
  const { code, ...deferred } = deferredCodeReading(snapshot.languages, snapshot.primary);
  const parts: IndexParts = {
    corpus,
    tagDiagnostics: snapshot.tagDiagnostics,
    tagsOf: tags.of,
    tags: tags.all,
    record: recordOf,
    taken: () => record?.claim.taken ?? false,
    unitWords,
    context: (settings) =>
      makeContext(
        files,
        { edges: graph.edges, symbols: graph.symbols, resolve: graph.resolve },
        settings,
        rank.lexical,
        rank.pathTables,
        tags.of,
        rank.kept,
      ),
    ...deferred,
  };
  // the cache counts were the build's: this load read no tags cache
  const { cache: _cache, ...built } = structuredClone(snapshot.stats);
  const stats: IndexStats = { ...built, timingsMs: { corpus: 0, tags: 0, graph: 0 } };
  return new Index(parts, stats, { ...snapshot.settings, code }, snapshot.fingerprint, loadedSuccessor);
}

/**
 * How a loaded index makes its successor (`Index.update`): the build, imported only
 * then (a load runs none of it). The build's switches it was made with are not kept in
 * the snapshot: an update takes the defaults, or the call's.
 */
const loadedSuccessor: Successor = async (corpus, from, options) =>
  (await import('../build/build-index.js')).buildAfter(corpus, from, options, {});
