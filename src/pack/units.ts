import { DefinitionLines } from '../spans/span-lines.js';
import type { LanguageId } from '../types.js';
import type { PackDefaults } from './defaults.js';
import { ELISION, fileShell, numberedLine, splitLines } from './render.js';
import type { Tokenizer } from './tokenizers.js';
import type { PackedKind, PackFormat, PackInputFile, PackSource } from './types.js';

/**
 * Packing units: the line ranges a pack can take from a ranked file, each with
 * a value and a token cost. A small file is one `whole` unit; a file with spans
 * gives one unit per span (with the signature lines of the definitions around
 * it); a file without spans gives its head.
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
    const shell = format === 'markdown' ? fileShell(f.path, language) : JSON.stringify({ path: f.path, score: f.score, lines: lines.length, spans: [] }) + ',';
    const c: Candidate = { path: f.path, score: f.score, language, lines, shellCost: tokenizer.count(shell) + marker, units: [] };
    const index = out.length;
    const width = String(lines.length).length;
    const costOf = (start: number, end: number, signatures: readonly { line: number; symbol?: string }[], why = ''): number => {
      if (format === 'json') {
        // what renderJson writes for the span and each signature line (a run of its own)
        const spans = [
          ...signatures.map((s) => ({ start: s.line, end: s.line, kind: 'signature', symbol: s.symbol, why: `signature of ${s.symbol}`, text: lines[s.line - 1] })),
          { start, end, kind: 'definition', why, text: lines.slice(start - 1, end).join('\n') },
        ];
        return tokenizer.count(spans.map((sp) => JSON.stringify(sp)).join(',') + ',');
      }
      const numbered = [...signatures.map((s) => s.line), ...range(start, end)].map((n) => numberedLine(n, width, lines[n - 1]!));
      return tokenizer.count(numbered.join('\n') + '\n') + marker;
    };
    const weight = top > 0 ? (f.score / top) ** o.scorePower : 0;
    const spans = (f.spans ?? []).map((s) => ({ ...s, end: Math.min(s.end, lines.length) })).filter((s) => s.start <= s.end);
    const worth = Math.max(o.kindValue.head, spans.reduce((sum, s) => sum + o.kindValue[s.kind], 0));
    const wholeUnit = (cost: number): Unit => ({ file: index, start: 1, end: lines.length, signatures: [], kind: 'whole', why: 'whole file', value: weight * worth, cost });
    const small = wholeOnly || text.length <= o.wholeFileMaxChars ? costOf(1, lines.length, [], 'whole file') : Infinity;
    if (wholeOnly || small <= o.wholeFileTokens) {
      c.units.push(wholeUnit(small));
    } else if (spans.length > 0) {
      const defs = new DefinitionLines(source.definitionsOf(f.path));
      const seen = new Map<string, number>();
      for (const s of spans) {
        const repeat = seen.get(s.kind) ?? 0;
        seen.set(s.kind, repeat + 1);
        const signatures = defs
          .enclosing(s.start)
          .filter((d) => d.startLine < s.start)
          .map((d) => ({ line: d.startLine, symbol: d.name }))
          .filter((sig, i, all) => all.findIndex((x) => x.line === sig.line) === i);
        const unit: Unit = { file: index, start: s.start, end: s.end, signatures, kind: s.kind, why: s.why, value: weight * o.kindValue[s.kind] * o.repeatDecay ** repeat, cost: costOf(s.start, s.end, signatures, s.why) };
        if (s.symbol !== undefined) unit.symbol = s.symbol;
        c.units.push(unit);
      }
      if (o.wholeValue > 0) {
        const spanValue = c.units.reduce((sum, u) => sum + u.value, 0);
        c.upgrade = { ...wholeUnit(costOf(1, lines.length, [], 'whole file')), value: spanValue + weight * o.wholeValue };
      }
    } else {
      const end = Math.min(o.headLines, lines.length);
      c.units.push({ file: index, start: 1, end, signatures: [], kind: 'head', why: 'head of a ranked file without spans', value: weight * o.kindValue.head, cost: costOf(1, end, [], 'head of a ranked file without spans') });
    }
    out.push(c);
  }
  return out;
}

function range(start: number, end: number): number[] {
  const out: number[] = [];
  for (let n = start; n <= end; n++) out.push(n);
  return out;
}
