/** The rank verb (`Index.rank`): the ranked files with the spans and functions that earned their place. */
import { boundQuery } from '../cues/index.js';
import { RepoMapError } from '../errors.js';
import {
  learnedFunctions,
  shippedFunctionModel,
  UNIT_FEATURE_NAMES,
  UNIT_FEATURE_VERSION,
  unitVectors,
} from '../learn/index.js';
import { attachFunctions, FunctionFinder, rankedFunctionIds } from '../rank/functions.js';
import { attachSpans, SpanFinder } from '../spans/spans.js';
import { compareByteOrder } from '../text/order.js';
import type { Query, QueryCues, RankedFile, RepoMapResult, UnitFeatures } from '../types.js';
import type { RankableIndex } from './rankable-index.js';
import type { RankOptions } from './rank-options.js';
import { rankedFiles } from './task-ranker.js';

/** Ranks every corpus file of `index` for a query (`Index.rank`); a bad option is a RepoMapError naming it. */
export function rankQuery(index: RankableIndex, query: Query, options: RankOptions): RepoMapResult {
  if (options.top !== undefined && !(Number.isInteger(options.top) && options.top >= 0)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/build: rank's top must be a whole number ≥ 0, got ${options.top}`,
      'top',
    );
  }
  if (options.functions !== undefined && !(Number.isInteger(options.functions) && options.functions >= 0)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/build: rank's functions must be a whole number ≥ 0, got ${options.functions}`,
      'functions',
    );
  }
  const started = performance.now();
  // spans read the query's diff and files too: the bounded query, as the cues read it
  const bounded = boundQuery(query, index.settings.cues.maxQueryChars).query;
  const cues = index.cuesOf(bounded, options.task);
  const { outcome, top, features } = rankedFiles(cues, index.context, index.settings.rank, options);
  const given = new Set([...outcome.seeds.given].map((i) => index.context.paths[i]!));
  const spanned = options.spans === false ? top : withSpans(index, top, cues, bounded, given);
  const functionFiles = Math.min(
    options.functions ?? (options.spans === false ? 0 : Infinity),
    index.settings.rank.functionFiles[outcome.task],
  );
  const attached = functionFiles > 0 ? withFunctions(index, spanned, cues, functionFiles) : { files: spanned };
  const unitFeatures =
    options.unitFeatures && functionFiles > 0 ? unitFeaturesOf(index, spanned, cues, functionFiles) : undefined;
  const files = attached.files.map((f) => (given.has(f.path) ? { ...f, given: true } : f));
  const functionIds =
    attached.ids ??
    (files.some((f) => f.functions && f.functions.length > 0)
      ? rankedFunctionIds(files, index.settings.rank.functions.fileExponent)
      : undefined);
  return {
    task: outcome.task,
    ...(index.corpus.commit !== undefined ? { commit: index.corpus.commit } : {}),
    files,
    confidence: outcome.confidence,
    ...(functionIds && functionIds.length > 0 ? { functions: functionIds } : {}),
    ...(features ? { features } : {}),
    ...(unitFeatures ? { unitFeatures } : {}),
    diagnostics: [...index.diagnostics.map((d) => ({ ...d })), ...index.queryDiagnostics(query)],
    stats: { ...structuredClone(index.stats), rankMs: Math.round(performance.now() - started) },
  };
}

/** The ranked files with the line spans that earned their rank. */
function withSpans(
  index: RankableIndex,
  top: readonly RankedFile[],
  cues: QueryCues,
  query: Query,
  given: ReadonlySet<string>,
): RankedFile[] {
  const { spans, rank, graph } = index.settings;
  const limits = {
    minNameLength: graph.sharedSymbol.minNameLength,
    maxDefiners: rank.maxSymbolDefiners,
    maxReferencers: rank.maxSymbolReferencers,
  };
  const source = index.spanSource();
  const finder = new SpanFinder(cues, query, [...given].sort(compareByteOrder), source, { ...spans, ...limits });
  return attachSpans(top, finder, spans.maxFiles);
}

/**
 * The ranked files with, for the first `count`, the functions most likely to change; with
 * the learned function ranker (the task's ranker is `learned` and `functions.learned` is
 * on), also its list across files.
 */
function withFunctions(
  index: RankableIndex,
  top: readonly RankedFile[],
  cues: QueryCues,
  count: number,
): { files: RankedFile[]; ids?: string[] } {
  const o = index.settings.rank.functions;
  if (o.learned && index.settings.rank.ranker[cues.task] === 'learned') {
    return learnedFunctions(
      top,
      cues,
      count,
      new FunctionFinder(cues, index.functionSource(), o),
      shippedFunctionModel(),
      o,
    );
  }
  return { files: attachFunctions(top, cues, count, index.functionSource(), o) };
}

/** The unit feature vectors of the first `count` files' units (the learned function ranker's inputs). */
function unitFeaturesOf(
  index: RankableIndex,
  top: readonly RankedFile[],
  cues: QueryCues,
  count: number,
): UnitFeatures {
  const o = index.settings.rank.functions;
  const v = unitVectors(
    cues,
    new FunctionFinder(cues, index.functionSource(), o),
    top.slice(0, count),
    o.fileExponent,
    o.importsShare,
  );
  return { version: UNIT_FEATURE_VERSION, names: [...UNIT_FEATURE_NAMES], ids: v.ids, values: v.values };
}
