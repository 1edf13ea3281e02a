import type { Diagnostic } from '../types.js';
import { PACK_DEFAULTS, type PackDefaults } from './defaults.js';
import { renderJson, renderMarkdown, trailerText } from './render.js';
import { selectByDensity, selectInRankOrder } from './select.js';
import type { Tokenizer } from './tokenizers.js';
import type { Pack, PackedFile, PackedSpan, PackFormat, PackInputFile, PackSource } from './types.js';
import { buildCandidates, type Candidate, type Unit } from './units.js';

/**
 * Packs under a hard budget: choose units, render the text in the chosen format
 * (what is printed: headers, line numbers, fences, JSON keys and escapes), count
 * it with the tokenizer, and while it is over budget (BPE counts are not additive
 * across pieces, and unit costs are Markdown estimates) choose again under a limit
 * lowered by the overshoot. The trailer (JSON: `omitted`) then lists as many
 * left-out files as still fit.
 */

export interface BuildPackOptions {
  budget: number;
  format?: PackFormat;
  /**
   * JSON only: diagnostics the text carries (the index's and the query's), as many as
   * fit in `PackDefaults.diagnosticsShare` of the budget; the rest are counted.
   */
  diagnostics?: readonly Diagnostic[];
}

/** The text of one choice of files, listing `listed` left-out files and counting `more`. */
interface Render {
  (files: readonly PackedFile[], listed: readonly string[], more: number): { text: string; tokens: number };
  /** Tokens of that list alone. */
  listCost(listed: readonly string[], more: number): number;
  /** Tokens no unit pays for (Markdown: the trailer; JSON: the pack without files), set aside before choosing. */
  reserve(more: number): number;
}

/**
 * Packs ranked files (in rank order; callers leave out given files) by value
 * per token: span units, small files whole, a head for files without spans.
 * The first `maxFiles` files are candidates; the rest are counted as left out.
 */
export function buildPack(
  files: readonly PackInputFile[],
  source: PackSource,
  tokenizer: Tokenizer,
  options: BuildPackOptions,
  o: PackDefaults = PACK_DEFAULTS,
): Pack {
  const considered = files.slice(0, o.maxFiles);
  const candidates = buildCandidates(considered, source, tokenizer, o, false, options.format);
  const select = (c: readonly Candidate[], limit: number) => selectByDensity(c, limit, o.firstFunctions);
  return fit(candidates, considered, files.length - considered.length, source, tokenizer, options, select, o);
}

/**
 * The baseline a spans pack is compared with: whole files in rank order, each
 * taken when it still fits (a file too large for what is left is skipped),
 * under the same budget, tokenizer and rendering.
 */
export function packWholeFiles(
  files: readonly PackInputFile[],
  source: PackSource,
  tokenizer: Tokenizer,
  options: BuildPackOptions,
  o: PackDefaults = PACK_DEFAULTS,
): Pack {
  const candidates = buildCandidates(files, source, tokenizer, o, true, options.format);
  return fit(candidates, files, 0, source, tokenizer, options, selectInRankOrder, o);
}

function fit(
  candidates: readonly Candidate[],
  ranked: readonly PackInputFile[],
  beyond: number,
  source: PackSource,
  tokenizer: Tokenizer,
  options: BuildPackOptions,
  select: (candidates: readonly Candidate[], limit: number) => Unit[],
  o: PackDefaults,
): Pack {
  const { budget } = options;
  const format = options.format ?? 'markdown';
  const render =
    format === 'json'
      ? jsonRenderer(budget, tokenizer, options.diagnostics ?? [], o)
      : markdownRenderer(budget, tokenizer, source);
  const reserve = render.reserve(ranked.length + beyond);
  let limit = budget - reserve;
  let result: { files: PackedFile[]; omitted: string[]; omittedMore: number; text: string; tokens: number };
  for (;;) {
    const chosen = limit > 0 ? select(candidates, limit) : [];
    const files = packedFiles(candidates, chosen);
    const packed = new Set(files.map((f) => f.path));
    const left = ranked.map((f) => f.path).filter((p) => !packed.has(p));
    const listed = listedInTrailer(files, left, beyond, budget, render);
    if (listed !== null) {
      result = { files, ...listed };
      break;
    }
    if (chosen.length === 0) {
      // Not even the trailer fits: an empty text, which the caller can report.
      result = { files: [], omitted: [], omittedMore: left.length + beyond, text: '', tokens: 0 };
      break;
    }
    const over = render(files, [], left.length + beyond).tokens - budget;
    // Below what this choice was estimated to cost, so the next choice differs.
    limit = Math.min(limit, estimate(candidates, chosen)) - Math.max(1, over);
  }
  return {
    budget,
    tokenizer: tokenizer.name,
    tokens: result.tokens,
    files: result.files,
    omitted: result.omitted,
    omittedMore: result.omittedMore,
    format,
    text: result.text,
  };
}

/** The Markdown text of a choice and its count. */
function markdownRenderer(budget: number, tokenizer: Tokenizer, source: PackSource): Render {
  const languageOf = (path: string) => source.languageOf(path);
  const render = (files: readonly PackedFile[], listed: readonly string[], more: number) => {
    const text = renderMarkdown(files, languageOf, trailerText(files.length, listed, more, budget));
    return { text, tokens: tokenizer.count(text) };
  };
  const listCost = (listed: readonly string[], more: number) =>
    tokenizer.count(trailerText(1, listed, more, budget) ?? '');
  return Object.assign(render, { listCost, reserve: (more: number) => listCost([], more) });
}

/**
 * The JSON text of a choice and its count; its `tokens` field is that count (a fixed
 * point: the digits of the count are part of what is counted). The diagnostics it lists
 * are chosen once: the longest prefix whose JSON fits in `diagnosticsShare` of the budget.
 */
function jsonRenderer(
  budget: number,
  tokenizer: Tokenizer,
  diagnostics: readonly Diagnostic[],
  o: PackDefaults,
): Render {
  const share = Math.floor(budget * o.diagnosticsShare);
  let shown = 0;
  while (shown < diagnostics.length && tokenizer.count(JSON.stringify(diagnostics.slice(0, shown + 1))) <= share)
    shown++;
  const listedDiagnostics = diagnostics.slice(0, shown);
  const render = (files: readonly PackedFile[], listed: readonly string[], more: number) => {
    const textOf = (tokens: number): string =>
      renderJson(
        { budget, tokenizer: tokenizer.name, tokens, files: [...files], omitted: [...listed], omittedMore: more },
        { listed: listedDiagnostics, more: diagnostics.length - shown },
      );
    let tokens = tokenizer.count(textOf(budget));
    for (let round = 0; round < 8; round++) {
      const counted = tokenizer.count(textOf(tokens));
      if (counted === tokens) break;
      tokens = counted;
    }
    const text = textOf(tokens);
    return { text, tokens: tokenizer.count(text) };
  };
  return Object.assign(render, {
    listCost: (listed: readonly string[], more: number) =>
      tokenizer.count(JSON.stringify({ omitted: listed, omittedMore: more })),
    reserve: (more: number) => render([], [], more).tokens,
  });
}

/**
 * The rendered pack with as many left-out paths listed as fit the budget, or null when
 * the files with an unlisting trailer are already over it. How many is first estimated
 * from the cost of the list alone (`listCost`), then checked by counting the whole text,
 * and when that is over, found by binary search below it.
 */
function listedInTrailer(
  files: PackedFile[],
  left: readonly string[],
  beyond: number,
  budget: number,
  render: Render,
): { omitted: string[]; omittedMore: number; text: string; tokens: number } | null {
  const at = (k: number) => ({
    ...render(files, left.slice(0, k), left.length - k + beyond),
    omitted: left.slice(0, k),
    omittedMore: left.length - k + beyond,
  });
  const base = at(0);
  if (base.tokens > budget) return null;
  const bare = render.listCost([], left.length + beyond);
  let k = 0;
  while (
    k < left.length &&
    base.tokens - bare + render.listCost(left.slice(0, k + 1), left.length - k - 1 + beyond) <= budget
  )
    k++;
  if (k === 0) return base;
  const estimated = at(k);
  if (estimated.tokens <= budget) return estimated;
  let best = base;
  let lo = 0;
  let hi = k - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const r = at(mid);
    if (r.tokens <= budget) {
      best = r;
      lo = mid;
    } else hi = mid - 1;
  }
  return best;
}

/** Estimated tokens of a choice: its units plus the header and fences of each file it opens. */
function estimate(candidates: readonly Candidate[], chosen: readonly Unit[]): number {
  const files = new Set(chosen.map((u) => u.file));
  let total = 0;
  for (const u of chosen) total += u.cost;
  for (const f of files) total += candidates[f]!.shellCost;
  return total;
}

/** Chosen units grouped per file (rank order) into runs of contiguous lines. */
function packedFiles(candidates: readonly Candidate[], chosen: readonly Unit[]): PackedFile[] {
  const byFile = new Map<number, Unit[]>();
  for (const u of chosen) {
    const list = byFile.get(u.file);
    if (list) list.push(u);
    else byFile.set(u.file, [u]);
  }
  return [...byFile.keys()]
    .sort((a, b) => a - b)
    .map((i) => {
      const c = candidates[i]!;
      const units = byFile.get(i)!;
      const lines = new Set<number>();
      for (const u of units) {
        for (const s of u.signatures) lines.add(s.line);
        for (let n = u.start; n <= u.end; n++) lines.add(n);
      }
      // A lone blank line between two runs costs what its elision marker would.
      for (const n of [...lines])
        if (!lines.has(n + 1) && lines.has(n + 2) && c.lines[n]!.trim() === '') lines.add(n + 1);
      const sorted = [...lines].sort((a, b) => a - b);
      const spans: PackedSpan[] = [];
      for (let r = 0; r < sorted.length; ) {
        let e = r;
        while (e + 1 < sorted.length && sorted[e + 1] === sorted[e]! + 1) e++;
        spans.push(describeRun(c, units, sorted[r]!, sorted[e]!));
        r = e + 1;
      }
      return { path: c.path, score: c.score, lines: c.lines.length, spans };
    });
}

/** A run of packed lines, named after the most valuable unit whose own lines it holds (else the signatures in it). */
function describeRun(c: Candidate, units: readonly Unit[], start: number, end: number): PackedSpan {
  const text = c.lines.slice(start - 1, end).join('\n');
  const inside = units
    .filter((u) => u.start <= end && u.end >= start)
    .sort((a, b) => b.value - a.value || a.start - b.start);
  const top = inside[0];
  if (top) {
    const whys = [...new Set(inside.map((u) => u.why))].slice(0, 3).join('; ');
    const span: PackedSpan = { start, end, kind: top.kind, why: whys, text };
    if (top.symbol !== undefined) span.symbol = top.symbol;
    return span;
  }
  const sigs = units.flatMap((u) => u.signatures).filter((s) => s.line >= start && s.line <= end);
  const names = [...new Set(sigs.map((s) => s.symbol))];
  const span: PackedSpan = { start, end, kind: 'signature', why: `signature of ${names.join(', ')}`, text };
  if (names.length === 1) span.symbol = names[0]!;
  return span;
}
