/**
 * The learned function ranker's feature vector: for one query and one unit (a function,
 * method or class, or a module's `imports`) of the ranked files the function stage reads,
 * what that stage computes of it (each part of its score, raw and as a share of the
 * file's best; its place in its file and across files) beside what the unit, its file and
 * the query are (kind, size, depth, position, name cues by kind, title words in its
 * name). The names and their order are the contract between the function dumps
 * (bench/learn/unit-vectors.mjs), the trainer (bench/learn/train_functions.py) and the
 * shipped model: UNIT_FEATURE_VERSION changes whenever either changes. Every value is a
 * finite number; the same index and query give the same values to the bit.
 */
import { splitTitle } from '../cues/index.js';
import type { FunctionFinder, ScoredUnits } from '../rank/functions.js';
import { forEachIdentifierWord } from '../text/tokens.js';
import type { QueryCues, RankedFunction } from '../types.js';

export const UNIT_FEATURE_VERSION = 1;

/** The symbol cue kinds that name units, each a feature of its own (the strongest cue of the kind naming the unit). */
const NAME_CUES = ['identifier', 'diff-symbol', 'test-name', 'imported'] as const;
const KINDS = ['function', 'method', 'class', 'interface'] as const;
/** A unit absent from a tuned list is placed here (log1p of it). */
const UNLISTED = 1000;

export const UNIT_FEATURE_NAMES: readonly string[] = [
  // the query
  'query_log_words',
  'query_has_frames',
  'query_log_naming_cues',
  // the file, as the file ranking left it
  'file_log_rank',
  'file_score',
  'file_score_share',
  'file_log_units',
  'file_log_lines',
  'file_test_path',
  // the tuned function ranking
  'tuned_score',
  'tuned_log_file_rank',
  'tuned_global',
  'tuned_log_global_rank',
  'part_named',
  'part_name_words',
  'part_lines',
  'part_words',
  // raw values of the tuned parts
  'raw_named',
  'raw_owner_named',
  'raw_name_words',
  'raw_lines',
  'raw_log_bm25',
  'bm25_global_share',
  'bm25_log_file_rank',
  ...NAME_CUES.map((k) => `cue_${k.replace('-', '_')}`),
  // the unit's name against the title and the text
  'name_in_title',
  'name_words_in_title',
  'name_words_in_text',
  'owner_in_text',
  // the unit
  'is_imports',
  ...KINDS.map((k) => `kind_${k}`),
  'unit_log_lines',
  'unit_log_span',
  'unit_depth',
  'unit_position',
  'name_private',
  'name_dunder',
  'name_test',
  'name_log_length',
];

/** Where the features of the unit itself (unitFeatures) start. */
const UNIT_PART = UNIT_FEATURE_NAMES.indexOf('part_named');

/** One ranked file the function stage reads: its path, its score in the file ranking and its place (0 first). */
export interface UnitFile {
  path: string;
  score: number;
}

/** The candidate units of a query: `ids[k]` (`path::Qualified.name`) has `values[k]`; `files[k]` is its file's place. */
export interface UnitVectors {
  ids: string[];
  files: number[];
  /** Each candidate's place in the tuned function ranking across files (UNLISTED when absent). */
  tunedRanks: number[];
  /** Each candidate as a ranked function (its score left 0). */
  units: RankedFunction[];
  values: number[][];
}

interface Candidate {
  id: string;
  file: number;
  at: number; // unit index; -1 for imports
  start: number;
}

/**
 * The feature vectors of every unit (and `imports`) of `files` for the query, with
 * `finder` the function stage over the same cues; `fileExponent` weighs a file's score
 * across files as the tuned ranking does.
 */
export function unitVectors(
  cues: QueryCues,
  finder: FunctionFinder,
  files: readonly UnitFile[],
  fileExponent: number,
  importsShare: number,
): UnitVectors {
  const scoredFiles = files.map((f) => finder.scoredUnits(f.path));
  // the tuned ranking: each file's list, then across files by fileScore^fileExponent × score
  const tunedInFile = new Map<string, number>();
  const tunedGlobal: { id: string; s: number; file: number; at: number }[] = [];
  scoredFiles.forEach((scored, file) => {
    finder.functionsFrom(scored).forEach((fn, at) => {
      const id = `${files[file]!.path}::${fn.name}`;
      if (!tunedInFile.has(id)) tunedInFile.set(id, at);
      tunedGlobal.push({ id, s: files[file]!.score ** fileExponent * fn.score, file, at });
    });
  });
  tunedGlobal.sort((a, b) => b.s - a.s || a.file - b.file || a.at - b.at);
  const globalRank = new Map<string, number>();
  tunedGlobal.forEach((x) => {
    if (!globalRank.has(x.id)) globalRank.set(x.id, globalRank.size);
  });

  const names = new Map<string, Map<string, number>>();
  for (const cue of cues.cues) {
    if (!(NAME_CUES as readonly string[]).includes(cue.kind)) continue;
    const byKind = names.get(cue.value) ?? new Map<string, number>();
    byKind.set(cue.kind, Math.max(byKind.get(cue.kind) ?? 0, cue.strength));
    names.set(cue.value, byKind);
  }
  const textWords = wordSet(cues.text);
  const title = splitTitle(cues.text).title;
  const titleWords = wordSet(title);
  const titleTokens = new Set(title.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  const textTokens = new Set(cues.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  const query = [Math.log1p(textWords.size), cues.cues.some((c) => c.kind === 'frame') ? 1 : 0, Math.log1p(names.size)];
  const bestFile = Math.max(0, ...files.map((f) => f.score));
  let bm25Max = 0;
  for (const s of scoredFiles) if (s) for (const w of s.raw.words) bm25Max = Math.max(bm25Max, w);

  const ids: string[] = [];
  const fileOf: number[] = [];
  const tunedRanks: number[] = [];
  const units: RankedFunction[] = [];
  const values: number[][] = [];
  const seen = new Set<string>();
  scoredFiles.forEach((scored, file) => {
    if (!scored) return;
    const { path, score } = files[file]!;
    const bm25Order = [...scored.raw.words].sort((a, b) => b - a);
    const fileFeatures = [
      Math.log1p(file),
      score,
      bestFile > 0 ? score / bestFile : 0,
      Math.log1p(scored.units.length),
      Math.log1p(scored.lineCount),
      /(^|\/)(tests?|testing)(\/|$)|(^|\/)test_[^/]*$|_test\.[a-z]+$/.test(path) ? 1 : 0,
    ];
    const candidates: Candidate[] = scored.units.map((u, at) => ({
      id: `${path}::${u.name}`,
      file,
      at,
      start: u.def.startLine,
    }));
    if (scored.imports) candidates.push({ id: `${path}::imports`, file, at: -1, start: scored.imports.start });
    for (const c of candidates) {
      // a name defined twice in a file is one id: its first unit stands for it
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const tuned = c.at >= 0 ? scored.score[c.at]! : importsShare;
      const rank = globalRank.get(c.id) ?? UNLISTED;
      const row = [
        ...query,
        ...fileFeatures,
        tuned,
        Math.log1p(tunedInFile.get(c.id) ?? UNLISTED),
        score ** fileExponent * tuned,
        Math.log1p(rank),
        ...unitFeatures(scored, c.at, names, titleWords, textWords, titleTokens, textTokens, bm25Max, bm25Order),
      ];
      ids.push(c.id);
      fileOf.push(file);
      tunedRanks.push(rank);
      const u = c.at >= 0 ? scored.units[c.at]!.def : undefined;
      units.push(
        u
          ? { name: c.id.slice(path.length + 2), kind: u.kind, start: u.startLine, end: u.endLine, score: 0 }
          : { name: 'imports', kind: 'module', start: scored.imports!.start, end: scored.imports!.end, score: 0 },
      );
      values.push(row);
    }
  });
  return { ids, files: fileOf, tunedRanks, units, values };
}

/** The features of one unit (`at` its index; -1: the import lines) from part_named on. */
function unitFeatures(
  scored: ScoredUnits,
  at: number,
  names: Map<string, Map<string, number>>,
  titleWords: Set<string>,
  textWords: Set<string>,
  titleTokens: Set<string>,
  textTokens: Set<string>,
  bm25Max: number,
  bm25Order: number[],
): number[] {
  if (at < 0) {
    const lines = scored.imports!.end - scored.imports!.start + 1;
    const row = new Array<number>(UNIT_FEATURE_NAMES.length - UNIT_PART).fill(0);
    const k = (name: string): number => UNIT_FEATURE_NAMES.indexOf(name) - UNIT_PART;
    row[k('is_imports')] = 1;
    row[k('unit_log_lines')] = Math.log1p(lines);
    row[k('unit_log_span')] = Math.log1p(lines);
    row[k('unit_position')] = scored.lineCount > 0 ? scored.imports!.start / scored.lineCount : 0;
    row[k('bm25_log_file_rank')] = Math.log1p(UNLISTED);
    return row;
  }
  const u = scored.units[at]!;
  const name = u.def.name;
  const byKind = names.get(name);
  const own = u.ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  const nameWords = wordSet(name);
  const share = (words: Set<string>): number =>
    nameWords.size > 0 ? [...nameWords].filter((w) => words.has(w)).length / nameWords.size : 0;
  const bm25 = scored.raw.words[at]!;
  return [
    scored.parts.named[at]!,
    scored.parts.nameWords[at]!,
    scored.parts.lines[at]!,
    scored.parts.words[at]!,
    scored.raw.named[at]!,
    scored.raw.ownerNamed[at]!,
    scored.raw.nameWords[at]!,
    scored.raw.lines[at]!,
    Math.log1p(bm25),
    bm25Max > 0 ? bm25 / bm25Max : 0,
    Math.log1p(bm25 > 0 ? bm25Order.indexOf(bm25) : UNLISTED),
    ...NAME_CUES.map((k) => byKind?.get(k) ?? 0),
    titleTokens.has(name) ? 1 : 0,
    share(titleWords),
    share(textWords),
    u.owner !== undefined && textTokens.has(u.owner) ? 1 : 0,
    0,
    ...KINDS.map((k) => (u.def.kind === k ? 1 : 0)),
    Math.log1p(own),
    Math.log1p(u.def.endLine - u.def.startLine + 1),
    u.name.split('.').length - 1,
    scored.lineCount > 0 ? u.def.startLine / scored.lineCount : 0,
    name.startsWith('_') && !/^__.*__$/.test(name) ? 1 : 0,
    /^__.*__$/.test(name) ? 1 : 0,
    /^(test_|Test)/.test(name) ? 1 : 0,
    Math.log1p(name.length),
  ];
}

function wordSet(text: string): Set<string> {
  const words = new Set<string>();
  forEachIdentifierWord(text, (w) => {
    if (w.length >= 3) words.add(w);
  });
  return words;
}
