import { stringList } from '../cues/query.js';
import {
  SPAN_KINDS,
  type Cue,
  type Definition,
  type FileTags,
  type Query,
  type QueryCues,
  type Span,
  type SpanKind,
} from '../types.js';
import type { RankContext } from '../rank/context.js';
import { pathTargets } from '../rank/path-targets.js';
import { changedOldLines, DefinitionLines } from './span-lines.js';
import { compareByteOrder } from '../text/order.js';

/**
 * Spans: for each ranked file, the line ranges that earned its rank —
 * definitions of cued symbols, definitions the query's diff changes, trace
 * frame lines, tests and callers of those symbols, and (for files reached only
 * through the graph or BM25) the code that links them to the seeded files.
 */

/** Tunables of span extraction. */
export const SPAN_DEFAULTS = {
  /** Spans kept per file after merging (strongest kinds first). */
  maxSpansPerFile: 8,
  /** A definition longer than this is cut: its head, or a window around the line that matters. */
  maxSpanLines: 120,
  /** Lines kept on each side of a frame or changed line that no (small) definition encloses. */
  window: 3,
  /** Whys kept on a merged span. */
  maxWhys: 3,
  /** Ranked files that get spans (the first ones; a pack chooses among as many). */
  maxFiles: 50,
};
export type SpanDefaults = typeof SPAN_DEFAULTS;

/**
 * The limits spans share with the stages that own them, so that spans and ranking agree:
 * names shorter than the graph's `sharedSymbol.minNameLength` link nothing, names defined
 * in more than the rank's `maxSymbolDefiners` files say nothing of a span, and names used
 * by more than its `maxSymbolReferencers` files give no caller or test spans.
 */
export interface SpanLimits {
  minNameLength: number;
  maxDefiners: number;
  maxReferencers: number;
}

/** What a span finder reads: its own defaults and the shared limits. */
export type SpanSettings = SpanDefaults & SpanLimits;

/** Query fields holding a diff, paired with the field naming the file it applies to. */
const DIFF_FIELDS = [
  ['anchor_file', 'anchor_diff'],
  ['path', 'diff_hunk_context'],
] as const;

const SYMBOL_CUES = new Set(['identifier', 'diff-symbol', 'test-name']);
const PRIORITY: Record<SpanKind, number> = Object.fromEntries(SPAN_KINDS.map((k, i) => [k, i])) as Record<
  SpanKind,
  number
>;

/** What the span extractor needs from an index. */
export interface SpanSource {
  ctx: RankContext;
  tagsOf(path: string): FileTags | undefined;
  /** Lines of a corpus file (a window never runs past the end). */
  lineCount(path: string): number;
  /** The file's definitions by line (kept across queries), or undefined for a file without tags. */
  definitionLines(path: string): DefinitionLines | undefined;
}

/** Query-wide facts, computed once, then asked per file. */
export class SpanFinder {
  /** Cued symbol → how the query names it. */
  private readonly cued = new Map<string, { cue: Cue; why: string; use: string }>();
  /** Definitions the query's diff changes, per path. */
  private readonly changed = new Map<string, { lines: number[] }>();
  /** Names of changed definitions (their callers ripple). */
  private readonly changedNames = new Map<string, string>();
  /** Frame and path-with-line cues per path. */
  private readonly frames = new Map<string, { line: number; why: string }[]>();
  /** Names defined in seeded non-test files → the file. */
  private readonly seedDefs = new Map<string, string>();
  /** Names seeded files use → the file. */
  private readonly seedUses = new Map<string, string>();

  constructor(
    cues: QueryCues,
    query: Query,
    given: readonly string[],
    private readonly source: SpanSource,
    private readonly o: SpanSettings,
  ) {
    const { ctx } = source;
    const seeds = new Set<string>(given);
    for (const cue of cues.cues) {
      if (SYMBOL_CUES.has(cue.kind)) {
        const definers = ctx.symbols.definers(cue.value);
        if (definers.length === 0 || definers.length > o.maxDefiners) continue;
        for (const p of definers) seeds.add(p);
        const known = this.cued.get(cue.value);
        if (!known || cueRank(cue) < cueRank(known.cue)) this.cued.set(cue.value, { cue, ...phrases(cue) });
      } else if (cue.kind === 'path' || cue.kind === 'frame' || cue.kind === 'given-file') {
        for (const p of pathTargets(cue, ctx).paths) {
          seeds.add(p);
          if (cue.line === undefined) continue;
          const why =
            cue.kind === 'frame'
              ? `frame of the trace at line ${cue.line}`
              : `line ${cue.line} named in the query (${cue.field})`;
          push(this.frames, p, { line: cue.line, why });
        }
      }
    }
    for (const [fileField, diffField] of DIFF_FIELDS) {
      const files = stringList(query, fileField);
      const diffs = stringList(query, diffField);
      if (files.length !== 1 || diffs.length === 0) continue;
      const lines = changedOldLines(diffs.join('\n'));
      for (const p of ctx.pathIndex.match(files[0]!)) {
        if (lines.length === 0) continue;
        this.changed.set(p, { lines });
        seeds.add(p);
        const defs = this.definitionLines(p);
        for (const line of lines) {
          const d = defs?.at(line);
          if (d && this.linkable(d.name) && !this.changedNames.has(d.name)) this.changedNames.set(d.name, p);
        }
      }
    }
    for (const p of [...seeds].sort(compareByteOrder)) {
      const tags = source.tagsOf(p);
      if (!tags) continue;
      if (ctx.kinds[ctx.indexOf(p)] !== 'test') {
        for (const d of tags.definitions)
          if (d.kind !== 'module' && this.linkable(d.name) && !this.seedDefs.has(d.name)) this.seedDefs.set(d.name, p);
      }
      for (const r of tags.references)
        if (this.linkable(r.name) && !this.seedUses.has(r.name)) this.seedUses.set(r.name, p);
    }
  }

  /** The spans of one file, merged, capped and in line order ([] when nothing earned one). */
  spansOf(path: string): Span[] {
    const tags = this.source.tagsOf(path);
    const defs = this.definitionLines(path);
    const raw: Span[] = [];
    if (tags && defs) {
      for (const d of defs.definitions) {
        const c = this.cued.get(d.name);
        if (c) raw.push(this.around(path, d, undefined, 'definition', c.why));
      }
    }
    const changed = this.changed.get(path);
    for (const line of changed?.lines ?? []) {
      const d = defs?.at(line);
      raw.push(this.around(path, d, line, 'changed', d ? `${d.name} is changed by the diff` : 'changed by the diff'));
    }
    for (const f of this.frames.get(path) ?? []) raw.push(this.around(path, defs?.at(f.line), f.line, 'frame', f.why));
    if (tags && defs) {
      const isTest = this.source.ctx.kinds[this.source.ctx.indexOf(path)] === 'test';
      for (const r of tags.references) {
        const why = this.useOf(r.name, path, isTest);
        if (why) raw.push(this.around(path, defs.at(r.line), r.line, isTest ? 'test' : 'caller', why));
      }
      if (raw.length === 0) raw.push(...this.links(path, tags, defs));
    }
    return finish(raw, this.o);
  }

  /** Why a use of `name` in `path` is a test or a caller span, or null when it is neither. */
  private useOf(name: string, path: string, isTest: boolean): string | null {
    const c = this.cued.get(name);
    if (c && this.fewUsers(name)) return `${isTest ? 'tests' : 'uses'} ${name}${c.use}`;
    const changedIn = this.changedNames.get(name);
    if (changedIn !== undefined && changedIn !== path && this.fewUsers(name))
      return `${isTest ? 'tests' : 'uses'} ${name}, changed by the diff`;
    const from = isTest ? this.seedDefs.get(name) : undefined;
    if (from !== undefined && from !== path && this.fewUsers(name)) return `tests ${name} from ${from}`;
    return null;
  }

  /** Graph-only files: the uses of seeded files' names, and the definitions seeded files use. */
  private links(path: string, tags: FileTags, defs: DefinitionLines): Span[] {
    const out: Span[] = [];
    for (const r of tags.references) {
      const from = this.seedDefs.get(r.name);
      if (from !== undefined && from !== path)
        out.push(this.around(path, defs.at(r.line), r.line, 'link', `uses ${r.name} from ${from}`));
    }
    for (const d of defs.definitions) {
      const by = this.seedUses.get(d.name);
      if (by !== undefined && by !== path)
        out.push(this.around(path, d, undefined, 'link', `defines ${d.name} used by ${by}`));
    }
    return out;
  }

  /**
   * The span of a definition (whole when short; else its head, or a window
   * around `line`), or a window around `line` when no definition encloses it.
   */
  private around(path: string, d: Definition | undefined, line: number | undefined, kind: SpanKind, why: string): Span {
    const { maxSpanLines, window } = this.o;
    if (d && d.endLine - d.startLine < maxSpanLines)
      return { start: d.startLine, end: d.endLine, kind, symbol: d.name, why };
    if (d && line === undefined)
      return { start: d.startLine, end: d.startLine + maxSpanLines - 1, kind, symbol: d.name, why };
    const at = line ?? 1;
    const lo = d ? d.startLine : 1;
    const hi = d ? d.endLine : Math.max(1, this.source.lineCount(path));
    const span: Span = { start: Math.max(lo, at - window), end: Math.min(hi, at + window), kind, why };
    if (d) span.symbol = d.name;
    return span;
  }

  private definitionLines(path: string): DefinitionLines | undefined {
    return this.source.definitionLines(path);
  }

  private linkable(name: string): boolean {
    if (name.length < this.o.minNameLength) return false;
    const n = this.source.ctx.symbols.definers(name).length;
    return n > 0 && n <= this.o.maxDefiners;
  }

  private fewUsers(name: string): boolean {
    return this.source.ctx.symbols.referencers(name).length <= this.o.maxReferencers;
  }
}

/** Diff symbols first, then names under test, then identifiers; stronger first. */
function cueRank(cue: Cue): number {
  const order = cue.kind === 'diff-symbol' ? 0 : cue.kind === 'test-name' ? 1 : 2;
  return order - cue.strength / 2;
}

function phrases(cue: Cue): { why: string; use: string } {
  if (cue.kind === 'diff-symbol')
    return { why: `defines ${cue.value}, changed in the diff`, use: ', changed in the diff' };
  if (cue.kind === 'test-name')
    return { why: `defines ${cue.value}, named by a failing test`, use: ', named by a failing test' };
  return { why: `defines ${cue.value}, named in the query`, use: ', named in the query' };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Overlapping or touching spans merged (the strongest kind names the result),
 * the strongest `maxSpansPerFile` kept, returned in line order.
 */
export function finish(
  raw: readonly Span[],
  o: Pick<SpanDefaults, 'maxSpansPerFile' | 'maxWhys'> = SPAN_DEFAULTS,
): Span[] {
  const sorted = raw
    .filter((s) => s.end >= s.start && s.start >= 1)
    .slice()
    .sort(
      (a, b) =>
        a.start - b.start || b.end - a.end || PRIORITY[a.kind] - PRIORITY[b.kind] || compareByteOrder(a.why, b.why),
    );
  const merged: { span: Span; whys: string[] }[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.span.end + 1) {
      const strongest = PRIORITY[s.kind] < PRIORITY[last.span.kind] ? s : last.span;
      const whys =
        strongest === s
          ? [s.why, ...last.whys.filter((w) => w !== s.why)]
          : last.whys.includes(s.why)
            ? last.whys
            : [...last.whys, s.why];
      last.span = { ...strongest, start: last.span.start, end: Math.max(last.span.end, s.end) };
      last.whys = whys;
    } else {
      merged.push({ span: { ...s }, whys: [s.why] });
    }
  }
  const spans = merged.map(({ span, whys }) => {
    const out: Span = { start: span.start, end: span.end, kind: span.kind, why: whys.slice(0, o.maxWhys).join('; ') };
    if (span.symbol !== undefined) out.symbol = span.symbol;
    return out;
  });
  return spans
    .map((s, i) => ({ s, i }))
    .sort((a, b) => PRIORITY[a.s.kind] - PRIORITY[b.s.kind] || a.i - b.i)
    .slice(0, o.maxSpansPerFile)
    .sort((a, b) => a.i - b.i)
    .map(({ s }) => s);
}

/** The ranked files with `spans` filled for the first `count` of them (the rest unchanged). */
export function attachSpans<T extends { path: string }>(
  files: readonly T[],
  finder: SpanFinder,
  count: number,
): (T & { spans?: Span[] })[] {
  return files.map((f, i) => (i < count ? { ...f, spans: finder.spansOf(f.path) } : f));
}

/**
 * The span source of one index: its tags by path, per file the line count (the rank
 * context's) and the definitions by line, computed on first use and kept across queries.
 */
export function spanSource(ctx: RankContext, tagsOf: (path: string) => FileTags | undefined): SpanSource {
  const definitionLines = new Map<string, DefinitionLines>();
  return {
    ctx,
    tagsOf,
    lineCount(path) {
      const n = ctx.lineCount(ctx.indexOf(path));
      // a text that can no longer be read has no lines to show
      return Number.isFinite(n) ? n : 0;
    },
    definitionLines(path) {
      let lines = definitionLines.get(path);
      if (!lines) {
        const t = tagsOf(path);
        if (!t) return undefined;
        definitionLines.set(path, (lines = new DefinitionLines(t.definitions)));
      }
      return lines;
    },
  };
}
