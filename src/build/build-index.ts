/** The build: a loaded corpus through the stages in order (tags, lexical, graph) into an `Index`. */
import { createHash } from 'node:crypto';
import { pathTablesOf } from '../rank/path-tables.js';
import { UnitWordsCache } from '../rank/functions.js';
import { releasePrestarted, snippetReader } from '../tags/index.js';
import { tagCounts } from '../tags/kept-tags.js';
import type { Corpus, IndexStats } from '../types.js';
import { codeLanguagesOf, deferredCodeReading } from './code-languages.js';
import { graphStage, readyGraph, type BuildBefore, type GraphStage } from './graph-stage.js';
import { buildHistory } from './history-stage.js';
import { recordParts } from './index-parts.js';
import { Index, type Successor } from './index.js';
import { startLexical } from './lexical-stage.js';
import type { IndexOptions } from './options.js';
import { checkNotTaken, contentKey, earlierContents, type Previous } from './reuse.js';
import { resolveStageSettings, type StageSettings } from './settings.js';
import { tagsWithCache } from './tags-stage.js';
import type { UpdateOptions } from './update-options.js';

/** Parses, tags and links a loaded corpus into a reusable index (from `options.previous` where it can). */
export async function buildIndex(corpus: Corpus, options: IndexOptions = {}): Promise<Index> {
  const t0 = performance.now();
  const settings = resolveStageSettings(options);
  const keys = corpus.files.map(contentKey);
  const history = await buildHistory(corpus, settings, options);
  const fingerprint = fingerprintOf(corpus, keys, settings, options.history, history.head);
  const given = givenBuild(options.previous);
  if (given?.index?.fingerprint === fingerprint) return given.index;
  const before: BuildBefore | null = given && {
    ...given,
    earlier: earlierContents(given.previous, corpus.files, keys),
  };
  // the earlier tables when the paths are the same (an edit)
  const pathTables = pathTablesOf(corpus.files, before?.previous.pathTables);
  const lexical = startLexical(corpus, keys, pathTables, before, options);
  if (before && options.parsedAhead) readyGraph(before, corpus.files, pathTables.ids);
  // parse workers started ahead (repoMap, the CLI) that no pool took: every file came from a cache, or few needed parsing
  const parsed = await tagsWithCache(
    corpus.files,
    keys,
    { ...options, ...lexical.duringTags },
    before?.earlier ?? null,
  ).finally(() => void releasePrestarted());
  await lexical.finish();
  const t1 = performance.now();
  const graph = await graphStage(corpus.files, parsed.tags, settings, history, before);
  const stats = statsOf(corpus, parsed, graph, {
    corpus: 0,
    tags: Math.round(t1 - t0),
    graph: Math.round(performance.now() - t1),
  });
  const diagnostics = history.problem === undefined ? parsed.diagnostics : [...parsed.diagnostics, history.problem];
  const unitWords = before?.previous.unitWords ?? new UnitWordsCache();
  const record: Previous = {
    fingerprint,
    corpus,
    tags: parsed.tags,
    tagDiagnostics: diagnostics,
    lexical: lexical.lexical,
    pathTables,
    graph: graph.graph,
    unitWords,
    claim: graph.claim,
  };
  return indexOf(record, stats, settings, graph, options);
}

/** What an update keeps of the options its index was built with, besides the stages' settings (`Index.update`). */
export type KeptOptions = Pick<IndexOptions, 'history' | 'parseJobs' | 'releaseTexts'>;

/** The index of `corpus` built from `from` (`Index.update`): under its settings, with `kept` overridden by `options`. */
export function buildAfter(corpus: Corpus, from: Index, options: UpdateOptions, kept: KeptOptions): Promise<Index> {
  return buildIndex(corpus, { ...kept, ...options, ...from.settings, previous: from });
}

/** How the index of a build with `options` makes its successor: `buildAfter`, keeping those of `options` an update keeps. */
function successorOf({ history, parseJobs, releaseTexts }: IndexOptions): Successor {
  const kept: KeptOptions = {
    ...(history !== undefined ? { history } : {}),
    ...(parseJobs !== undefined ? { parseJobs } : {}),
    ...(releaseTexts !== undefined ? { releaseTexts } : {}),
  };
  return (corpus, from, options) => buildAfter(corpus, from, options, kept);
}

/** The earlier build `previous` names (its record, and its index when one was given), checked not taken over; null without one. */
function givenBuild(given: IndexOptions['previous']): Omit<BuildBefore, 'earlier'> | null {
  if (!given) return null;
  const previous = given instanceof Index ? given.previous : given;
  checkNotTaken(previous);
  return { previous, index: given instanceof Index ? given : undefined };
}

/** The index of a build's record: the grammars of a query's code blocks loaded now, or at `index.prepare` when deferred. */
async function indexOf(
  record: Previous,
  stats: IndexStats,
  settings: StageSettings,
  graph: GraphStage,
  options: IndexOptions,
): Promise<Index> {
  const { languages, primary } = codeLanguagesOf(record.tags);
  const successor = successorOf(options);
  if (options.deferCodeGrammars === true) {
    const { code, ...deferred } = deferredCodeReading(languages, primary);
    return new Index(
      { ...recordParts(record, graph.earlierCsrs), ...deferred },
      stats,
      { ...settings, code },
      record.fingerprint,
      successor,
    );
  }
  // a snippet reader for the languages of the parsed files, and the language of most of them for blocks that do not name one
  const reader = await snippetReader(languages);
  return new Index(
    recordParts(record, graph.earlierCsrs),
    stats,
    { ...settings, code: { reader, ...(primary !== undefined ? { primary } : {}) } },
    record.fingerprint,
    successor,
  );
}

/** A build's counts: files, parses, tags, imports and edges. */
function statsOf(
  corpus: Corpus,
  parsed: Awaited<ReturnType<typeof tagsWithCache>>,
  { graph }: GraphStage,
  timingsMs: IndexStats['timingsMs'],
): IndexStats {
  const { tags, diagnostics, cache } = parsed;
  return {
    files: corpus.files.length,
    parsed: tags.length,
    parseErrors: diagnostics.filter((d) => d.code === 'parse-error' || d.code === 'parse-failed').length,
    tooComplex: diagnostics.filter((d) => d.code === 'too-complex').length,
    skipped: { ...corpus.skipped },
    definitions: tags.reduce((n, t) => n + tagCounts(t).definitions, 0),
    references: tags.reduce((n, t) => n + tagCounts(t).references, 0),
    imports: graph.imports.imports,
    importsResolved: graph.imports.resolved,
    edges: graph.edgeCounts,
    timingsMs,
    ...(cache ? { cache } : {}),
  };
}

/** Hash of what an index is built from: every path with its content key, what was skipped, the settings, the history read. */
function fingerprintOf(
  corpus: Corpus,
  keys: readonly string[],
  settings: StageSettings,
  history: IndexOptions['history'],
  head: string | null,
): string {
  const hash = createHash('sha1');
  const { root, source, skipped, diagnostics } = corpus;
  hash.update(JSON.stringify({ root, source, skipped, diagnostics, settings, history, head }));
  corpus.files.forEach((f, i) => hash.update(`\0${f.path}\0${keys[i]}`));
  return hash.digest('hex');
}
