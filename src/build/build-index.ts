/** The build: a loaded corpus through the stages in order (tags, lexical, graph) into an `Index`. */
import { createHash } from 'node:crypto';
import { textTermsOf } from '../cache/text-terms.js';
import { historyHead, readCorpusHistory, releaseTexts } from '../corpus/index.js';
import { buildFileGraph, readsText, readyForUpdate, updateFileGraph, type FileGraph } from '../graph/index.js';
import { updatePays } from '../lexical/bm25.js';
import { buildLexical, lexicalAfter, lexicalOf, type LexicalIndex } from '../rank/index-context.js';
import { pathTablesOf } from '../rank/path-tables.js';
import { UnitWordsCache } from '../rank/functions.js';
import { releasePrestarted, snippetReader } from '../tags/index.js';
import type { Corpus, Diagnostic, IndexStats, LanguageId } from '../types.js';
import { codeLanguagesOf, deferredCodeReading } from './code-languages.js';
import { EarlierCsrs, Index, recordParts } from './index.js';
import { tagCounts } from '../tags/kept-tags.js';
import type { IndexOptions } from './options.js';
import { checkNotTaken, contentKey, earlierContents, textKey, type Previous } from './reuse.js';
import { earlyRelease } from './early-release.js';
import { resolveStageSettings, type StageSettings } from './settings.js';
import { tagsWithCache } from './tags-stage.js';

/** Parses, tags and links a loaded corpus into a reusable index. */
export async function buildIndex(corpus: Corpus, options: IndexOptions = {}): Promise<Index> {
  const t0 = performance.now();
  const keys = corpus.files.map(contentKey);
  const settings = resolveStageSettings(options);
  const readsHistory = settings.graph.coChangeWeight > 0 && options.history !== false;
  const found = readsHistory ? await historyHead(corpus) : { head: null };
  const { head } = found;
  /** A folder read without its co-change history, and why: one of the build's diagnostics. */
  let historyProblem = found.unavailable === undefined ? undefined : historyDiagnostic(found.unavailable);
  const fingerprint = fingerprintOf(corpus, keys, settings, options.history, head);
  const given = options.previous;
  const previous = given instanceof Index ? given.previous : given;
  if (previous) checkNotTaken(previous);
  if (given instanceof Index && given.fingerprint === fingerprint) return given;
  const earlier = previous ? earlierContents(previous, corpus.files, keys) : null;
  const textTerms = textTermsOf(options.tagsCache, corpus.files, keys);
  // The earlier BM25 index is updated at the first rank; but where the update would build
  // it anew (a quarter of the texts changed: eval's far-apart commits) and a cache holds
  // the texts' terms in memory, it is built now from them, as a cold build is.
  const updatesLexical = previous && earlier && !(textTerms?.held && !updatePays(previous.corpus.files.map((f) => f.path), corpus.files.map((f) => f.path), new Set(earlier.changed)));
  const lexical: LexicalIndex = updatesLexical ? lexicalAfter(previous.lexical, earlier.changed) : {};
  // A cold build's BM25 index is made on this thread while workers parse (if they do),
  // instead of at the first rank, from the terms a persistent cache keeps where it can.
  // The terms of texts tokenized while workers parse are not kept (the next build, which
  // parses nothing, keeps them): the cores are full then, and keeping them cost ~0.1-0.2 s;
  // a cache that holds terms in memory for the builds that follow (eval's) keeps them.
  const terms = updatesLexical ? undefined : textTerms;
  // the earlier tables when the paths are the same (an edit)
  const pathTables = pathTablesOf(corpus.files, previous?.pathTables);
  const releasing = options.releaseTexts && corpus.source === 'folder';
  // texts let go as BM25 and the parse are done with them, not all after the tags stage (at 100k files ~0.8 GB)
  const early = releasing && !updatesLexical ? earlyRelease(corpus, pathTables.ids, readsText, (i, text) => textKey(text) === keys[i]) : undefined;
  const meanwhile = updatesLexical
    ? undefined
    : async (): Promise<void> => {
        await buildLexical(corpus.files, lexical, terms && (terms.held ? terms : { get: (doc) => terms.get(doc) }));
        early?.lexicalBuilt();
      };
  // An update whose changed files parse on a worker started ahead updates BM25 now, while
  // that worker parses (the first rank, or the snapshot, reads it next), not after.
  // So it readies what the graph's update reads first of the earlier graph, which does not
  // wait on the new tags (where a changed file has tags to wait on).
  if (options.parsedAhead && previous && earlier) {
    if (updatesLexical) lexicalOf(corpus.files, lexical, pathTables.ids);
    const languages = languagesOf(corpus.files, pathTables.ids, earlier.changed);
    if (languages.size > 0) readyForUpdate(previous.graph, languages);
  }
  const { tags, diagnostics, cache } = await tagsWithCache(corpus.files, keys, { ...options, meanwhile, ...(early ? { onParsing: early.onParsing, onParsed: early.onParsed } : {}) }, earlier).finally(
    // parse workers started ahead (repoMap, the CLI) that no pool took: every file came from a cache, or few needed parsing
    () => void releasePrestarted(),
  );
  if ((releasing || terms) && !lexical.bm25 && !lexical.earlier) {
    // BM25 reads every text: a build that did not make it on the way makes it now (an
    // update of an earlier one reads only the changed files, again, at the first rank)
    await buildLexical(corpus.files, lexical, terms);
  }
  terms?.save();
  // a file touched later but not edited (its text hashes to the key it was built with) still reads
  if (releasing) {
    releaseTexts(corpus, (f) => readsText(f.path), (i, text) => textKey(text) === keys[i]);
    // a lean build's BM25 index made anew looks its words up as a snapshot's does
    lexical.bm25?.index.dropVocabularyMap();
  }
  const t1 = performance.now();
  const historyKey = JSON.stringify({ head, history: options.history ?? null });
  let history: string[][] | undefined;
  const historyNow = async (): Promise<string[][]> => {
    if (history) return history;
    if (head === null || options.history === false) return (history = []);
    const read = await readCorpusHistory(corpus, head, options.history === true || options.history === undefined ? {} : options.history);
    if (read.unavailable !== undefined) historyProblem ??= historyDiagnostic(read.unavailable);
    return (history = read.commits);
  };
  let fileGraph: FileGraph | null = null;
  let earlierCsrs: EarlierCsrs | undefined;
  if (previous && earlier) {
    // Another history (a new commit, a moved HEAD) is read first: the update redoes co-change from it.
    const commits = previous.graph.basis.historyKey === historyKey ? undefined : await historyNow();
    // the same history as before: so is whatever kept it from being read
    if (commits === undefined) historyProblem ??= previous.tagDiagnostics.find((d) => d.code === 'history-unavailable');
    const before = { graph: previous.graph, files: previous.corpus.files, tags: previous.tags };
    // The update changes the earlier graph in place: the record is taken before it starts
    // (a failure half-way leaves that graph unusable) and given back when nothing was changed.
    previous.claim.taken = true;
    fileGraph = updateFileGraph(before, corpus.files, tags, earlier.changed, settings.graph, { key: historyKey, commits });
    if (fileGraph === null || fileGraph === previous.graph) previous.claim.taken = false;
    // a graph updated over the same paths: the earlier index's CSRs, their changed rows made again, are this one's
    else if (fileGraph.rowsChanged && given instanceof Index) earlierCsrs = new EarlierCsrs(given, fileGraph, settings.rank);
  }
  // the earlier index holds no index of its own from here (a chain of updates holds one at most)
  if (given instanceof Index) given.forgetEarlier();
  fileGraph ??= buildFileGraph(corpus.files, tags, settings.graph, await historyNow(), historyKey);
  const t2 = performance.now();
  const stats: IndexStats = {
    files: corpus.files.length,
    parsed: tags.length,
    parseErrors: diagnostics.filter((d) => d.code === 'parse-error' || d.code === 'parse-failed').length,
    tooComplex: diagnostics.filter((d) => d.code === 'too-complex').length,
    skipped: { ...corpus.skipped },
    definitions: tags.reduce((n, t) => n + tagCounts(t).definitions, 0),
    references: tags.reduce((n, t) => n + tagCounts(t).references, 0),
    imports: fileGraph.imports.imports,
    importsResolved: fileGraph.imports.resolved,
    edges: fileGraph.edgeCounts,
    timingsMs: { corpus: 0, tags: Math.round(t1 - t0), graph: Math.round(t2 - t1) },
    ...(cache ? { cache } : {}),
  };
  const claim = previous && fileGraph === previous.graph ? previous.claim : { taken: false };
  const unitWords = previous?.unitWords ?? new UnitWordsCache();
  const buildDiagnostics = historyProblem === undefined ? diagnostics : [...diagnostics, historyProblem];
  const record: Previous = { fingerprint, corpus, tags, tagDiagnostics: buildDiagnostics, lexical, pathTables, graph: fileGraph, unitWords, claim };
  const { languages, primary } = codeLanguagesOf(tags);
  if (options.deferCodeGrammars) {
    const { code, prepare } = deferredCodeReading(languages, primary);
    return new Index({ ...recordParts(record, earlierCsrs), prepare }, stats, { ...settings, code }, fingerprint);
  }
  // a snippet reader for the languages of the parsed files, and the language of most of them for blocks that do not name one
  const reader = await snippetReader(languages);
  return new Index(recordParts(record, earlierCsrs), stats, { ...settings, code: { reader, ...(primary !== undefined ? { primary } : {}) } }, fingerprint);
}

/** The languages of the `changed` files (those with a grammar; `ids`: path → index in `files`). */
function languagesOf(files: Corpus['files'], ids: ReadonlyMap<string, number>, changed: readonly string[]): Set<LanguageId> {
  const out = new Set<LanguageId>();
  for (const path of changed) {
    const language = files[ids.get(path) ?? -1]?.language;
    if (language) out.add(language);
  }
  return out;
}

/** Hash of what an index is built from: every path with its content key, what was skipped, the settings, the history read. */
function fingerprintOf(corpus: Corpus, keys: readonly string[], settings: StageSettings, history: IndexOptions['history'], head: string | null): string {
  const hash = createHash('sha1');
  const { root, source, skipped, diagnostics } = corpus;
  hash.update(JSON.stringify({ root, source, skipped, diagnostics, settings, history, head }));
  corpus.files.forEach((f, i) => hash.update(`\0${f.path}\0${keys[i]}`));
  return hash.digest('hex');
}

/** The diagnostic of a folder ranked without its co-change history, and why. */
function historyDiagnostic(reason: string): Diagnostic {
  return { code: 'history-unavailable', message: `co-change history not read (${reason}); the folder is ranked without it` };
}
