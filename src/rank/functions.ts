/**
 * Function-level localization: within a ranked file, the functions, methods and
 * classes most likely to change, best first. A unit is a function or method (its
 * lines) or a class (its own lines: the class body without its methods); units
 * nested in a function belong to it. A unit scores by
 *   nameWeight × (cue weight of the query's names it defines, its class's at classShare)
 * + lineWeight × (frames and linked lines of the query inside it)
 * + textWeight × BM25 of the query's words over the unit's lines (IDF from the corpus),
 * each part over its best unit in the file, so each lies in [0, 1].
 */
import { identifierTerms } from '../text/identifiers.js';
import { forEachIdentifierWord, forEachWordRun } from '../text/tokens.js';
import type { Definition, FileTags, QueryCues, RankedFunction } from '../types.js';
import type { RankContext } from './context.js';
import { pathTargets } from './path-targets.js';
import { FUNCTION_DEFAULTS, type FunctionDefaults } from './function-defaults.js';
import { roundScore } from './round.js';

export { FUNCTION_DEFAULTS, type FunctionDefaults } from './function-defaults.js';

/** Symbol cue kinds that name units. */
const NAMING = new Set(['identifier', 'diff-symbol', 'test-name', 'imported']);
const UNIT_KINDS = new Set(['function', 'method', 'class', 'interface']);

export interface Unit {
  def: Definition;
  /** `Class.method` for a method inside a class; the name otherwise. */
  name: string;
  /** The enclosing class's name, for methods. */
  owner?: string;
  /** Lines of the unit's own text, 1-based inclusive ranges. */
  ranges: [number, number][];
}

/** The units of a file: functions and classes not nested in a function, qualified by their classes. */
export function unitsOf(definitions: readonly Definition[]): Unit[] {
  const defs = definitions
    .filter((d) => UNIT_KINDS.has(d.kind) && d.endLine >= d.startLine)
    .sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const units: Unit[] = [];
  const stack: { def: Definition; unit: Unit | null }[] = [];
  for (const d of defs) {
    while (stack.length > 0 && stack[stack.length - 1]!.def.endLine < d.startLine) stack.pop();
    const parent = stack[stack.length - 1];
    const inFunction = stack.some((s) => s.def.kind === 'function' || s.def.kind === 'method');
    if (inFunction) {
      stack.push({ def: d, unit: null });
      continue;
    }
    const classes = stack
      .filter((s) => s.unit && (s.def.kind === 'class' || s.def.kind === 'interface'))
      .map((s) => s.def.name);
    const unit: Unit = { def: d, name: [...classes, d.name].join('.'), ranges: [[d.startLine, d.endLine]] };
    if (classes.length > 0) unit.owner = classes[classes.length - 1]!;
    if (parent?.unit && (parent.def.kind === 'class' || parent.def.kind === 'interface'))
      cut(parent.unit, d.startLine, d.endLine);
    units.push(unit);
    stack.push({ def: d, unit });
  }
  return units;
}

/** Removes lines [start, end] from a unit's ranges (a method's lines leave its class). */
function cut(unit: Unit, start: number, end: number): void {
  const out: [number, number][] = [];
  for (const [a, b] of unit.ranges) {
    if (b < start || a > end) out.push([a, b]);
    else {
      if (a < start) out.push([a, start - 1]);
      if (b > end) out.push([end + 1, b]);
    }
  }
  unit.ranges = out;
}

/**
 * The lines of a file's imports, first to last, of those before its first function or
 * method (the module's header, types declared among them; a Rust `use` in a test module
 * at the end, or a Python import inside a function, is not part of it); of all of them
 * when none comes first. Undefined when it has none.
 */
export function importLines(tags: FileTags, units: readonly Unit[]): { start: number; end: number } | undefined {
  const firstFunction = Math.min(
    ...units.filter((u) => u.def.kind === 'function' || u.def.kind === 'method').map((u) => u.def.startLine),
  );
  const header = tags.imports.filter((i) => i.line < firstFunction);
  const lines = (header.length > 0 ? header : tags.imports).map((i) => i.line);
  return lines.length === 0 ? undefined : { start: Math.min(...lines), end: Math.max(...lines) };
}

/**
 * What a unit's score in its file sums, before a class's classWeight and the division by
 * the file's best unit: each part is its weight × the unit's value over the best value
 * in the file (the query naming the unit, the query's words in its name, query lines
 * inside it, the BM25 of the query's words over its lines).
 */
export interface UnitParts {
  named: number;
  nameWords: number;
  lines: number;
  words: number;
  /** A class's or interface's sum is multiplied by this (`classWeight`). */
  classWeight?: number;
}

/** Every unit of a file and what its score reads (`FunctionFinder.scoredUnits`), by unit index. */
export interface ScoredUnits {
  units: Unit[];
  /** The raw values: the weight of the query's cues naming the unit and its class, the IDF-weighted name words, the query lines inside it, its BM25. */
  raw: { named: number[]; ownerNamed: number[]; nameWords: number[]; lines: number[]; words: number[] };
  /** Each part as its weight × the value over the file's best (the sum's terms). */
  parts: { named: number[]; nameWords: number[]; lines: number[]; words: number[] };
  /** The unit's score over the file's best unit (a class's at classWeight); 0 for all when none scores. */
  score: number[];
  /** The module's import lines (when importsShare > 0 and it has imports). */
  imports?: { start: number; end: number };
  /** The file's lines (0 without its text). */
  lineCount: number;
}

const isClass = (u: Unit): boolean => u.def.kind === 'class' || u.def.kind === 'interface';

/** A ranked function with the parts of its score (absent for `imports`, which scores importsShare). */
export interface ExplainedFunction extends RankedFunction {
  parts?: UnitParts;
}

/** What function ranking reads of an index. */
export interface FunctionSource {
  ctx: RankContext;
  tagsOf(path: string): FileTags | undefined;
  textOf(path: string): string | undefined;
  /** The units' words of `path`, kept from files ranked before or made by `count` (absent: counted for each query). */
  unitWordsOf?(path: string, count: () => UnitWords[]): UnitWords[];
}

/** A unit's words in the order first met, with their counts, and its length in words: what its text score reads, the same for every query. */
export interface UnitWords {
  words: string[];
  counts: number[];
  length: number;
}

/**
 * The units' words of recently ranked files, by path and content (a file's units and
 * words follow from its path, which names its grammar, and its content): at most `size`
 * files, the least recently used let go. Counting them was most of an issue query's rank
 * (every line of the 20 best files tokenized again for each query). An index hands its
 * cache on to the indexes built from it (`Previous.unitWords`), so the snapshots of one
 * repository that an eval ranks one after another count an unchanged file once.
 */
export class UnitWordsCache {
  private readonly files = new Map<string, UnitWords[]>();

  constructor(private readonly size = 256) {}

  /** The units' words of `path` with the content `key`, made by `count` when not kept. */
  get(path: string, key: string, count: () => UnitWords[]): UnitWords[] {
    const at = `${path}\0${key}`;
    const kept = this.files.get(at);
    if (kept) this.files.delete(at);
    const words = kept ?? count();
    this.files.set(at, words);
    if (this.files.size > this.size) this.files.delete(this.files.keys().next().value!);
    return words;
  }
}

/** Query-wide facts (names, lines, words), then asked per file. */
export class FunctionFinder {
  /** Name → weight of the query's cues naming it. */
  private readonly names = new Map<string, number>();
  /** Path → lines the query points at (frames, `path:line`, source links). */
  private readonly lines = new Map<string, { line: number; weight: number }[]>();
  /** Query words and their counts. */
  private readonly words = new Map<string, number>();
  /** A word run's identifier words, for the runs of the files' texts (names repeat across units and files). */
  private readonly runTerms = new Map<string, string[]>();
  /** The query words' specificity over the corpus (their IDF), made at the first file scored. */
  private idf?: Map<string, number>;

  constructor(
    cues: QueryCues,
    private readonly source: FunctionSource,
    private readonly o: FunctionDefaults = FUNCTION_DEFAULTS,
  ) {
    for (const cue of cues.cues) {
      if (NAMING.has(cue.kind)) this.names.set(cue.value, Math.max(this.names.get(cue.value) ?? 0, cue.strength));
      else if ((cue.kind === 'frame' || cue.kind === 'path') && cue.line !== undefined) {
        const { paths, strength } = pathTargets(cue, source.ctx);
        for (const p of paths) {
          const list = this.lines.get(p) ?? [];
          list.push({ line: cue.line, weight: strength });
          this.lines.set(p, list);
        }
      }
    }
    forEachIdentifierWord(cues.text, (w) => this.words.set(w, (this.words.get(w) ?? 0) + 1));
  }

  /** The units of one file most likely to change, best first (score in (0, 1], ties in line order); [] without tags. */
  functionsOf(path: string): RankedFunction[] {
    return this.rankUnits(path, false);
  }

  /** `functionsOf`, each function with the parts its score in the file sums (none for `imports`, scored importsShare). */
  explainedFunctionsOf(path: string): ExplainedFunction[] {
    return this.rankUnits(path, true);
  }

  /**
   * Every unit of a file with what its score reads (raw values, weighted shares over the
   * file's best, the score over the file's best unit) and the file's import lines;
   * undefined without tags or units. What `functionsOf` ranks and the learned function
   * ranker's unit features (src/learn/unit-features.ts) read.
   */
  scoredUnits(path: string): ScoredUnits | undefined {
    const tags = this.source.tagsOf(path);
    if (!tags) return undefined;
    const units = unitsOf(tags.definitions);
    if (units.length === 0) return undefined;
    const text = this.source.textOf(path);
    const shares = (values: number[], weight: number): number[] => {
      const max = Math.max(...values);
      return max > 0 && weight > 0 ? values.map((v) => (weight * v) / max) : values.map(() => 0);
    };
    const raw = {
      named: units.map((u) => this.names.get(u.def.name) ?? 0),
      ownerNamed: units.map((u) => (u.owner !== undefined ? (this.names.get(u.owner) ?? 0) : 0)),
      nameWords: units.map((u) => this.nameWordScore(u)),
      lines: units.map((u) => this.lineScore(path, u)),
      words: text === undefined ? units.map(() => 0) : this.textScores(path, units, text),
    };
    const named = shares(
      units.map((_, i) => raw.named[i]! + raw.ownerNamed[i]! * this.o.classShare),
      this.o.nameWeight,
    );
    const nameWords = shares(raw.nameWords, this.o.nameWordWeight);
    const lines = shares(raw.lines, this.o.lineWeight);
    const words = shares(raw.words, this.o.textWeight);
    // summed in this fixed order: scores, and so the order of ties, are the same bit for bit on every run
    const sums = units.map((u, i) => {
      const sum = 0 + named[i]! + nameWords[i]! + lines[i]! + words[i]!;
      return isClass(u) ? sum * this.o.classWeight : sum;
    });
    const best = Math.max(...sums);
    const score = sums.map((x) => (best > 0 ? x / best : 0));
    const imports = this.o.importsShare > 0 ? importLines(tags, units) : undefined;
    return {
      units,
      raw,
      parts: { named, nameWords, lines, words },
      score,
      ...(imports ? { imports } : {}),
      lineCount: text === undefined ? 0 : text.split('\n').length,
    };
  }

  /** The file's units ranked; `withParts` gives the kept ones their score's parts. */
  private rankUnits(path: string, withParts: boolean): ExplainedFunction[] {
    return this.functionsFrom(this.scoredUnits(path), withParts);
  }

  /** A file's scored units ranked as `functionsOf` ranks them (at most maxPerFile, best first). */
  functionsFrom(scored: ScoredUnits | undefined, withParts = false): ExplainedFunction[] {
    if (!scored || !scored.score.some((x) => x > 0)) return [];
    const { units, parts, score } = scored;
    // `at`: the unit's index, -1 for the import lines
    const ranked = units
      .map((u, at) => ({
        at,
        name: u.name,
        kind: u.def.kind,
        start: u.def.startLine,
        end: u.def.endLine,
        s: score[at]!,
      }))
      .filter((x) => x.s > 0);
    const imports = scored.imports;
    if (imports)
      ranked.push({
        at: -1,
        name: 'imports',
        kind: 'module',
        start: imports.start,
        end: imports.end,
        s: this.o.importsShare,
      });
    const partsOf = (at: number): UnitParts => ({
      named: roundScore(parts.named[at]!),
      nameWords: roundScore(parts.nameWords[at]!),
      lines: roundScore(parts.lines[at]!),
      words: roundScore(parts.words[at]!),
      ...(isClass(units[at]!) ? { classWeight: this.o.classWeight } : {}),
    });
    return ranked
      .sort((a, b) => b.s - a.s || a.start - b.start)
      .slice(0, this.o.maxPerFile)
      .map(({ at, s, ...f }) => ({
        ...f,
        score: roundScore(s),
        ...(withParts && at >= 0 ? { parts: partsOf(at) } : {}),
      }));
  }

  /** IDF-weighted share of the unit name's words that the query says. */
  private nameWordScore(u: Unit): number {
    const words = new Set<string>();
    forEachIdentifierWord(u.def.name, (w) => {
      if (w.length >= 3) words.add(w);
    });
    if (words.size === 0) return 0;
    let s = 0;
    for (const w of words) if (this.words.has(w)) s += this.source.ctx.specificity(w);
    return s / Math.sqrt(words.size);
  }

  private lineScore(path: string, u: Unit): number {
    let s = 0;
    for (const { line, weight } of this.lines.get(path) ?? [])
      if (u.ranges.some(([a, b]) => a <= line && line <= b)) s += weight;
    return s;
  }

  /** BM25 of the query's words over each unit's own lines (IDF from the corpus' specificity). */
  private textScores(path: string, units: readonly Unit[], text: string): number[] {
    if (this.words.size === 0) return units.map(() => 0);
    const count = (): UnitWords[] => this.unitWords(units, text);
    const counted = this.source.unitWordsOf ? this.source.unitWordsOf(path, count) : count();
    const avg = counted.reduce((n, c) => n + c.length, 0) / counted.length || 1;
    const idf = (this.idf ??= new Map([...this.words.keys()].map((w) => [w, this.source.ctx.specificity(w)])));
    const { k1, b } = this.o;
    return counted.map(({ words, counts, length }) => {
      let s = 0;
      // the unit's words in the order first met: the sum is the same, bit for bit, whichever query asks
      words.forEach((w, k) => {
        const q = this.words.get(w);
        if (q === undefined) return;
        const f = counts[k]!;
        s += q * idf.get(w)! * ((f * (k1 + 1)) / (f + k1 * (1 - b + (b * length) / avg)));
      });
      return s;
    });
  }

  /** Each unit's words (identifier words of its own lines) with their counts, and its length. */
  private unitWords(units: readonly Unit[], text: string): UnitWords[] {
    const fileLines = text.split('\n');
    return units.map((u) => {
      const at = new Map<string, number>();
      const words: string[] = [];
      const counts: number[] = [];
      let length = 0;
      for (const [a, b] of u.ranges) {
        for (let l = a; l <= b && l <= fileLines.length; l++) {
          forEachWordRun(fileLines[l - 1]!, (run) => {
            let terms = this.runTerms.get(run);
            if (!terms) this.runTerms.set(run, (terms = identifierTerms(run)));
            length += terms.length;
            for (const w of terms) {
              const k = at.get(w);
              if (k !== undefined) counts[k]!++;
              else {
                at.set(w, words.length);
                words.push(w);
                counts.push(1);
              }
            }
          });
        }
      }
      return { words, counts, length };
    });
  }
}

/** The ranked files with `functions` filled for the first `count` of them (the rest, and all when `count` is 0, unchanged). */
export function attachFunctions<T extends { path: string }>(
  files: readonly T[],
  cues: QueryCues,
  count: number,
  source: FunctionSource,
  o: FunctionDefaults = FUNCTION_DEFAULTS,
): (T & { functions?: RankedFunction[] })[] {
  if (!(count > 0)) return [...files];
  const finder = new FunctionFinder(cues, source, o);
  return files.map((f, i) => (i < count ? { ...f, functions: finder.functionsOf(f.path) } : f));
}

/**
 * `path::Qualified.name` of the functions of ranked files, best first across files:
 * fileScore^fileExponent × the function's score in its file.
 */
export function rankedFunctionIds(
  files: readonly { path: string; score: number; functions?: readonly RankedFunction[] }[],
  fileExponent = FUNCTION_DEFAULTS.fileExponent,
): string[] {
  const all: { id: string; s: number; file: number; at: number }[] = [];
  files.forEach((f, file) =>
    f.functions?.forEach((fn, at) =>
      all.push({ id: `${f.path}::${fn.name}`, s: f.score ** fileExponent * fn.score, file, at }),
    ),
  );
  all.sort((a, b) => b.s - a.s || a.file - b.file || a.at - b.at);
  const seen = new Set<string>();
  return all.filter((x) => !seen.has(x.id) && seen.add(x.id)).map((x) => x.id);
}
