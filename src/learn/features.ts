/**
 * The learned ranker's feature vector: for one query and one candidate file, the numbers
 * the hand-tuned ranking already computes (its score and factors, each seed channel, the
 * lexical match) beside what the path, the file and the graph say about the file. The
 * names and their order are the contract between `repomap rank --features`, the eval's
 * feature dumps, the trainer (bench/learn) and the shipped model: FEATURE_VERSION changes
 * whenever either changes. Every value is a finite number; the same index and query give
 * the same values to the bit.
 */
import { splitTitle } from '../cues/index.js';
import {
  lexicalText,
  scoreParts,
  type RankContext,
  type RankDefaults,
  type RankOutcome,
  type SeedChannel,
} from '../rank/index.js';
import { identifierParts } from '../text/identifiers.js';
import { EDGE_TYPES, FILE_KINDS, type QueryCues } from '../types.js';
import { corpusStats } from './corpus-stats.js';
import { FILE_MARKER_NAMES, FOLDER_MARKER_NAMES, extensionOf, fileMarkers, folderMarkers } from './path-markers.js';

export const FEATURE_VERSION = 1;

/** The seed channels read as features, each as the file's share of the channel's largest weight. */
const CHANNELS: readonly SeedChannel[] = [
  'path',
  'frame',
  'identifier',
  'test-name',
  'diff-symbol',
  'module',
  'imported',
  'term',
  'users',
  'text',
  'message',
];

export const FEATURE_NAMES: readonly string[] = [
  // the query
  'query_log_words',
  'query_has_frames',
  'query_log_path_cues',
  'query_log_identifier_cues',
  'query_confidence',
  'query_log_matched_cues',
  // the hand-tuned ranking
  'tuned_score_share',
  'tuned_log_rank',
  'tuned_direct',
  'tuned_ppr',
  'tuned_feedback',
  'tuned_size_factor',
  ...CHANNELS.map((c) => `seed_${c.replace('-', '_')}`),
  // the lexical match over all files, and over the title alone
  'lexical_share',
  'lexical_log_rank',
  'title_lexical_share',
  // the path against the query's words
  'path_stem_in_query',
  'path_stem_words_in_query',
  'path_word_share_in_query',
  'path_log_folder_words_in_query',
  // the file
  ...FILE_KINDS.map((k) => `kind_${k}`),
  'file_log_bytes',
  'file_depth',
  'file_extension_share',
  'file_main_source_extension',
  ...FOLDER_MARKER_NAMES.map((m) => `folder_${m}`),
  ...FILE_MARKER_NAMES.map((m) => `name_${m}`),
  // the graph
  ...EDGE_TYPES.flatMap((t) => [`graph_log_in_${t.replace('-', '_')}`, `graph_log_out_${t.replace('-', '_')}`]),
];

/**
 * The feature vectors of `candidates` (node ids) for the query whose hand-tuned ranking is
 * `outcome`; `tunedRank` gives each candidate's place in that ranking (0 first).
 */
export function candidateFeatures(
  cues: QueryCues,
  outcome: RankOutcome,
  ctx: RankContext,
  o: RankDefaults,
  candidates: readonly number[],
  tunedRank: (i: number) => number,
): number[][] {
  const { seeds, ppr, maxDirect, maxPpr, feedback, task } = outcome;
  const stats = corpusStats(ctx);
  const n = ctx.paths.length;
  const queryWords = wordsOf(cues.text);
  const lexical =
    seeds.textScores ??
    (o.textWeight[task] > 0 || cues.text.trim() === ''
      ? new Float64Array(n)
      : ctx.textScores(lexicalText(cues, o), o.lexical[task]));
  const lexicalMax = maxOf(lexical);
  const lexicalSorted = Float64Array.from(lexical).sort().reverse();
  const title = splitTitle(cues.text).title;
  const titleScores = title.trim() ? ctx.textScores(title, o.lexical[task]) : new Float64Array(n);
  const titleMax = maxOf(titleScores);
  const channelMax = new Map(CHANNELS.map((c) => [c, maxOf(seeds.channels.get(c))]));
  const nonTerm = cues.cues.filter((c) => c.kind !== 'term');

  const query = [
    Math.log1p(queryWords.size),
    cues.cues.some((c) => c.kind === 'frame') ? 1 : 0,
    Math.log1p(cues.cues.filter((c) => c.kind === 'path').length),
    Math.log1p(nonTerm.filter((c) => c.kind === 'identifier').length),
    outcome.confidence,
    Math.log1p(seeds.matchedCues),
  ];
  const scores = candidates.map(
    (i) => scoreParts(i, task, seeds, ppr, maxDirect, maxPpr, ctx, o, undefined, feedback).score,
  );
  const bestScore = Math.max(0, ...scores);

  return candidates.map((i, k) => {
    const path = ctx.paths[i]!;
    const parts = scoreParts(i, task, seeds, ppr, maxDirect, maxPpr, ctx, o, undefined, feedback);
    const segments = path.split('/');
    const fileName = segments[segments.length - 1]!;
    const stem = fileName.replace(/\.[^.]*$/, '').toLowerCase();
    const stemWords = identifierParts(stem);
    const folderWords = segments.slice(0, -1).flatMap((s) => identifierParts(s));
    const pathWords = new Set([...folderWords, ...stemWords]);
    const folders = folderMarkers(path);
    const names = fileMarkers(path);
    const ext = extensionOf(path);
    const row = [
      ...query,
      bestScore > 0 ? scores[k]! / bestScore : 0,
      Math.log1p(tunedRank(i)),
      parts.direct,
      parts.ppr,
      parts.feedback,
      parts.size,
      ...CHANNELS.map((c) => share(seeds.channels.get(c)?.[i] ?? 0, channelMax.get(c)!)),
      share(lexical[i]!, lexicalMax),
      Math.log1p(lexical[i]! > 0 ? rankIn(lexicalSorted, lexical[i]!) : n),
      share(titleScores[i]!, titleMax),
      stem.length >= 3 && queryWords.has(stem) ? 1 : 0,
      stemWords.length > 0 && stemWords.every((w) => queryWords.has(w)) ? 1 : 0,
      pathWords.size > 0 ? [...pathWords].filter((w) => queryWords.has(w)).length / pathWords.size : 0,
      Math.log1p(new Set(folderWords.filter((w) => queryWords.has(w))).size),
      ...FILE_KINDS.map((kind) => (ctx.kinds[i] === kind ? 1 : 0)),
      Math.log1p(ctx.sizes[i]!),
      segments.length - 1,
      (stats.extensionFiles.get(ext) ?? 0) / n,
      ext !== '' && ext === stats.mainSourceExtension ? 1 : 0,
      ...FOLDER_MARKER_NAMES.map((m) => (folders.has(m) ? 1 : 0)),
      ...FILE_MARKER_NAMES.map((m) => (names.has(m) ? 1 : 0)),
      ...EDGE_TYPES.flatMap((t) => [Math.log1p(stats.degrees[t].in[i]!), Math.log1p(stats.degrees[t].out[i]!)]),
    ];
    return row;
  });
}

/** The query's words, lower case: each run of letters, digits and `_`, and the identifier words it splits into. */
function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const token of text.match(/[A-Za-z0-9_]+/g) ?? []) {
    words.add(token.toLowerCase());
    for (const w of identifierParts(token)) words.add(w);
  }
  return words;
}

function share(x: number, max: number): number {
  return max > 0 ? x / max : 0;
}

function maxOf(a: Float64Array | undefined): number {
  let m = 0;
  if (a) for (let i = 0; i < a.length; i++) if (a[i]! > m) m = a[i]!;
  return m;
}

/** How many values of `descending` are greater than `x`. */
function rankIn(descending: Float64Array, x: number): number {
  let lo = 0;
  let hi = descending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (descending[mid]! > x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
