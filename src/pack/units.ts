import { DefinitionLines } from '../spans/span-lines.js';
import type { LanguageId } from '../types.js';
import type { PackDefaults } from './defaults.js';
import { ELISION, fileShell, numberedLine, splitLines } from './render.js';
import type { Tokenizer } from './tokenizers.js';
import type { PackedKind, PackFormat, PackInputFile, PackSource } from './types.js';

/**
 * Packing units: the line ranges a pack can take from a ranked file, each with
 * a value and a token cost. A small file is one `whole` unit; a file with spans
 * or functions likely to change gives one unit per span and per function (with
 * the signature lines of the definitions around it); any other file its head.
 */

export interface Unit {
  /** Index of the candidate file. */
  file: number;
  /** The span's own lines. */
  start: number;
  end: number;
  /** Signature lines above the span (line → symbol). */
  signatures: { line: number; symbol: string }[];
  kind: PackedKind;
  symbol?: string;
  why: string;
  value: number;
  /** A function the ranking names as likely to change: a candidate to pack before anything else (PACK_DEFAULTS.firstFunctions). */
  first?: boolean;
  /** Tokens it adds to the rendering: Markdown, its numbered lines plus one elision marker; JSON, its span objects. */
  cost: number;
}

export interface Candidate {
  path: string;
  score: number;
  language: LanguageId | null;
  lines: string[];
  /** Tokens of the file's header and fences, and of the one elision marker more than it has units (JSON: its file object without spans). */
  shellCost: number;
  units: Unit[];
  /** The whole file, when it may replace the file's spans (see PACK_DEFAULTS.wholeValue). */
  upgrade?: Unit;
}

/**
 * A candidate per ranked file with text (in rank order); units valued by score / top score
 * × kind value, costed in the format the pack is printed in.
 */
export function buildCandidates(
  files: readonly PackInputFile[],
  source: PackSource,
  tokenizer: Tokenizer,
  o: PackDefaults,
  wholeOnly = false,
  format: PackFormat = 'markdown',
): Candidate[] {
  const top = files.reduce((m, f) => Math.max(m, f.score), 0);
  const marker = format === 'markdown' ? tokenizer.count(ELISION + '\n') : 0;
  const out: Candidate[] = [];
  for (const f of files) {
    const text = source.textOf(f.path) ?? '';
    const lines = splitLines(text);
    if (lines.length === 0) continue;
    const language = source.languageOf(f.path);
    const shell =
      format === 'markdown'
        ? fileShell(f.path, language)
        : JSON.stringify({ path: f.path, score: f.score, lines: lines.length, spans: [] }) + ',';
    const c: Candidate = {
      path: f.path,
      score: f.score,
      language,
      lines,
      shellCost: tokenizer.count(shell) + marker,
      units: [],
    };
    const index = out.length;
    const width = String(lines.length).length;
    const costOf = (
      start: number,
      end: number,
      signatures: readonly { line: number; symbol?: string }[],
      why = '',
    ): number => {
      if (format === 'json') {
        // what renderJson writes for the span and each signature line (a run of its own)
        const spans = [
          ...signatures.map((s) => ({
            start: s.line,
            end: s.line,
            kind: 'signature',
            symbol: s.symbol,
            why: `signature of ${s.symbol}`,
            text: lines[s.line - 1],
          })),
          { start, end, kind: 'definition', why, text: lines.slice(start - 1, end).join('\n') },
        ];
        return tokenizer.count(spans.map((sp) => JSON.stringify(sp)).join(',') + ',');
      }
      const numbered = [...signatures.map((s) => s.line), ...range(start, end)].map((n) =>
        numberedLine(n, width, lines[n - 1]!),
      );
      return tokenizer.count(numbered.join('\n') + '\n') + marker;
    };
    const weight = top > 0 ? (f.score / top) ** o.scorePower : 0;
    const spans = (f.spans ?? [])
      .map((s) => ({ ...s, end: Math.min(s.end, lines.length) }))
      .filter((s) => s.start <= s.end);
    const functions = packableFunctions(f, lines.length, o);
    const worth = Math.max(
      o.kindValue.head,
      spans.reduce((sum, s) => sum + o.kindValue[s.kind], 0) +
        functions.reduce((sum, fn) => sum + o.kindValue.function * fn.score, 0),
    );
    const wholeUnit = (cost: number): Unit => ({
      file: index,
      start: 1,
      end: lines.length,
      signatures: [],
      kind: 'whole',
      why: 'whole file',
      value: weight * worth,
      cost,
    });
    const small =
      wholeOnly || text.length <= o.wholeFileMaxChars ? costOf(1, lines.length, [], 'whole file') : Infinity;
    if (wholeOnly || small <= o.wholeFileTokens) {
      c.units.push(wholeUnit(small));
    } else if (spans.length > 0 || functions.length > 0) {
      const defs = new DefinitionLines(source.definitionsOf(f.path));
      // a function whose lines are exactly a span's is that span, named by both and packed first as the function
      const sameLines = (fn: { start: number; end: number }) =>
        spans.find((s) => s.start === fn.start && s.end === fn.end);
      const asSpan = new Map<string, (typeof functions)[number]>();
      for (const fn of functions) {
        const span = sameLines(fn);
        if (span) {
          const key = `${span.start}:${span.end}`;
          if (!asSpan.has(key)) asSpan.set(key, fn);
          continue;
        }
        const signatures = signaturesAbove(defs, fn.start);
        const why = `likely to change: ${fn.name}`;
        const unit: Unit = {
          file: index,
          start: fn.start,
          end: fn.end,
          signatures,
          kind: 'function',
          symbol: fn.name,
          why,
          value: weight * o.kindValue.function * fn.score,
          cost: costOf(fn.start, fn.end, signatures, why),
        };
        if (fn.first) unit.first = true;
        c.units.push(unit);
      }
      const seen = new Map<string, number>();
      for (const s of spans) {
        const repeat = seen.get(s.kind) ?? 0;
        seen.set(s.kind, repeat + 1);
        const signatures = signaturesAbove(defs, s.start);
        const fn = asSpan.get(`${s.start}:${s.end}`);
        const why = fn ? `${s.why}; likely to change: ${fn.name}` : s.why;
        const value = Math.max(
          weight * o.kindValue[s.kind] * o.repeatDecay ** repeat,
          fn ? weight * o.kindValue.function * fn.score : 0,
        );
        const unit: Unit = {
          file: index,
          start: s.start,
          end: s.end,
          signatures,
          kind: s.kind,
          why,
          value,
          cost: costOf(s.start, s.end, signatures, why),
        };
        if (s.symbol !== undefined) unit.symbol = s.symbol;
        if (fn?.first) unit.first = true;
        c.units.push(unit);
      }
      if (o.wholeValue > 0) {
        const spanValue = c.units.reduce((sum, u) => sum + u.value, 0);
        c.upgrade = {
          ...wholeUnit(costOf(1, lines.length, [], 'whole file')),
          value: spanValue + weight * o.wholeValue,
        };
      }
    } else {
      const end = Math.min(o.headLines, lines.length);
      c.units.push({
        file: index,
        start: 1,
        end,
        signatures: [],
        kind: 'head',
        why: 'head of a ranked file without spans',
        value: weight * o.kindValue.head,
        cost: costOf(1, end, [], 'head of a ranked file without spans'),
      });
    }
    out.push(c);
  }
  return out;
}

/** The signature lines of the definitions enclosing a line that starts below them, one per line. */
function signaturesAbove(defs: DefinitionLines, start: number): { line: number; symbol: string }[] {
  return defs
    .enclosing(start)
    .filter((d) => d.startLine < start)
    .map((d) => ({ line: d.startLine, symbol: d.name }))
    .filter((sig, i, all) => all.findIndex((x) => x.line === sig.line) === i);
}

/**
 * The functions the ranking names as likely to change in a file (`PackInputFile.functions`)
 * that a pack can carry: functions, methods and the import lines, not classes (a class's
 * lines hold its methods; its own are mostly docstring and attributes). Each is cut to its
 * first `maxFunctionLines` lines; functions and methods may be packed first (`first`).
 */
function packableFunctions(
  f: PackInputFile,
  lineCount: number,
  o: PackDefaults,
): { name: string; start: number; end: number; score: number; first: boolean }[] {
  return (f.functions ?? [])
    .filter((fn) => fn.kind === 'function' || fn.kind === 'method' || (fn.kind === 'module' && fn.name === 'imports'))
    .map((fn) => ({
      name: fn.name,
      start: fn.start,
      end: Math.min(fn.end, lineCount, fn.start + o.maxFunctionLines - 1),
      score: fn.score,
      first: fn.kind !== 'module',
    }))
    .filter((fn) => fn.start >= 1 && fn.start <= fn.end && fn.score > 0);
}

function range(start: number, end: number): number[] {
  const out: number[] = [];
  for (let n = start; n <= end; n++) out.push(n);
  return out;
}
