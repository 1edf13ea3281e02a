import { RepoMapError } from '../errors.js';
import { DEFAULT_TOKENIZER, loadTokenizer, type TokenizerName } from '../pack/index.js';
import type { NavigableIndex } from './navigable.js';
import type { DefinitionKind, LanguageId } from '../types.js';
import { NAVIGATE_DEFAULTS, shownLine } from './defaults.js';
import { corpusPath } from './paths.js';
import { signatureEnd } from './signature.js';

/** One definition of an outline: its signature as written, and how deep it is nested. */
export interface OutlineEntry {
  name: string;
  kind: DefinitionKind;
  startLine: number;
  endLine: number;
  /** 0 for top-level definitions, 1 inside one, … */
  depth: number;
  /** Its signature's lines as written, `\n`-joined: the first line, and the next ones up to the body when its brackets are left open (`def f(` … `) -> T:`). */
  signature: string;
}

export interface Outline {
  path: string;
  language: LanguageId;
  /** Definitions shown, in line order. */
  entries: OutlineEntry[];
  /** Definitions of the file, shown or not. */
  definitions: number;
  /** Left out for the budget: the most deeply nested first. */
  omitted: number;
  /** Tokens of `text`, never more than `budget`. */
  tokens: number;
  budget: number;
  tokenizer: TokenizerName;
  /** `LINE  SIGNATURE` lines (a signature's every line numbered), indented by depth, and a last line counting what was left out. */
  text: string;
}

export interface OutlineOptions {
  /** Token budget of `text` (default `NAVIGATE_DEFAULTS.outlineBudget`). */
  budget?: number;
  /** How tokens are counted (default o200k_base, as packs). */
  tokenizer?: TokenizerName;
}

/**
 * The signatures of a file's definitions in line order, each whole (a signature split
 * over lines runs up to its body), within a token budget: when they do not all fit,
 * functions, methods, classes and types are kept before variables and constants, the
 * shallowest first (classes before their methods), then the first. A file that is not in
 * the corpus or has no grammar is a RepoMapError naming it.
 */
export async function outlineFile(
  index: NavigableIndex,
  written: string,
  options: OutlineOptions = {},
): Promise<Outline> {
  const path = corpusPath(index, written, 'path');
  const language = index.languageOf(path);
  if (language === null)
    throw new RepoMapError(
      'bad-option',
      `repomap/navigate: ${path} is not parsed (no grammar for it), so it has no outline`,
      'path',
    );
  const budget = options.budget ?? NAVIGATE_DEFAULTS.outlineBudget;
  if (!Number.isInteger(budget) || budget < 1)
    throw new RepoMapError(
      'bad-option',
      `repomap/navigate: budget must be a whole number ≥ 1, got ${String(budget)}`,
      'budget',
    );
  const tokenizer = await loadTokenizer(options.tokenizer ?? DEFAULT_TOKENIZER);
  const lines = index.textOf(path)?.split('\n') ?? [];
  const all = entriesOf(index.tagsOf(path)?.definitions ?? [], lines);
  const render = (entries: readonly OutlineEntry[]): string => {
    const width = String(Math.max(0, ...entries.map(lastSignatureLine))).length;
    const body = entries.flatMap((e) =>
      signatureRows(e).map(([n, text]) => `${String(n).padStart(width)}  ${'  '.repeat(e.depth)}${text}`),
    );
    const left = all.length - entries.length;
    if (left > 0)
      body.push(`⋮ ${left} more definition${left === 1 ? '' : 's'} left out for the budget of ${budget} tokens`);
    return body.length > 0 ? body.join('\n') + '\n' : '';
  };
  // Code before variables, then shallowest first, then in line order: what stays when the budget is short.
  const priority = [...all].sort((a, b) => tier(a) - tier(b) || a.depth - b.depth || a.startLine - b.startLine);
  let kept = all;
  let text = render(kept);
  if (tokenizer.count(text) > budget) {
    // The largest prefix of the priority order whose rendering fits (binary search: rendering is monotone in it).
    let lo = 0;
    let hi = priority.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (tokenizer.count(render(inLineOrder(priority.slice(0, mid)))) <= budget) lo = mid;
      else hi = mid - 1;
    }
    kept = inLineOrder(priority.slice(0, lo));
    text = render(kept);
    if (tokenizer.count(text) > budget) text = '';
  }
  return {
    path,
    language,
    entries: kept,
    definitions: all.length,
    omitted: all.length - kept.length,
    tokens: tokenizer.count(text),
    budget,
    tokenizer: tokenizer.name,
    text,
  };
}

/** Definitions (module kind left out) in line order with their depth and first line. */
function entriesOf(
  definitions: readonly { name: string; kind: DefinitionKind; startLine: number; endLine: number }[],
  lines: readonly string[],
): OutlineEntry[] {
  const sorted = definitions
    .filter((d) => d.kind !== 'module')
    .sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const open: { endLine: number }[] = [];
  return sorted.map((d) => {
    while (open.length > 0 && open.at(-1)!.endLine < d.startLine) open.pop();
    const depth = open.length;
    open.push(d);
    const end = signatureEnd(lines, d.startLine, d.endLine, NAVIGATE_DEFAULTS.signatureLines);
    const signature = lines
      .slice(d.startLine - 1, end)
      .map(shownLine)
      .join('\n');
    return { name: d.name, kind: d.kind, startLine: d.startLine, endLine: d.endLine, depth, signature };
  });
}

/** 0 for functions, methods, classes, interfaces and types; 1 for constants and variables, left out first. */
function tier(e: OutlineEntry): number {
  return e.kind === 'constant' ? 1 : 0;
}

function lastSignatureLine(e: OutlineEntry): number {
  return e.startLine + e.signature.split('\n').length - 1;
}

/** The numbered lines of a signature, its first line's indentation taken off every line. */
function signatureRows(e: OutlineEntry): [number, string][] {
  const [first = '', ...rest] = e.signature.split('\n');
  const indent = first.length - first.trimStart().length;
  const unindent = (line: string): string =>
    line.slice(0, indent).trim() === '' ? line.slice(indent) : line.trimStart();
  return [
    [e.startLine, first.trimStart()],
    ...rest.map((line, i): [number, string] => [e.startLine + 1 + i, unindent(line)]),
  ];
}

function inLineOrder(entries: readonly OutlineEntry[]): OutlineEntry[] {
  return [...entries].sort((a, b) => a.startLine - b.startLine || a.depth - b.depth);
}
