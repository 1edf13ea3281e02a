/**
 * The extractor of free text (PR text, failure logs, comments, issues): embedded
 * diffs, stack frames, test names, paths, identifiers and terms, and the context
 * every cue extractor writes to.
 */
import type { Task } from '../types.js';
import type { CueSet } from './cue-set.js';
import type { CodeReading } from './code-cues.js';
import type { CueTunables } from './defaults.js';
import type { CodeFamily } from './definitions.js';
import { diffCues, hasHunks } from './diff.js';
import { frameStrengths, repositoryStrengths, scanFrames } from './frames.js';
import { normalizeWrittenPath } from './path-suffix-index.js';
import { findPaths, isLibraryPath, maskUrls, sourceUrlPaths } from './paths.js';
import { emitTerm, isChromeLine, isErrorLine, proseCues, type Emitter } from './prose.js';
import { isStopWord } from './stop-words.js';
import { findTestNames, symbolsUnderTest } from './test-names.js';

/** What one query's extraction writes to and reads from. */
export interface Context {
  set: CueSet;
  t: CueTunables;
  task: Task;
  family: CodeFamily | undefined;
  given: string[];
  /** How an issue's code snippets are read (absent: they are read as text only). */
  code?: CodeReading;
}

export function emitter(ctx: Context, field: string): Emitter {
  if (ctx.task !== 'issue2code') return { set: ctx.set, t: ctx.t, field };
  const language = ctx.code?.primary;
  return language
    ? { set: ctx.set, t: ctx.t, field, issue: true, language }
    : { set: ctx.set, t: ctx.t, field, issue: true };
}

/** A test-name cue plus the symbols under test of the name and its enclosing classes / modules. */
export function addTest(ctx: Context, field: string, name: string, scopes: readonly string[], strength: number): void {
  const { set, t } = ctx;
  set.add('test-name', name, strength, field);
  const hasClassScope = scopes.some((s) => /^[A-Z]/.test(s));
  for (const owner of [name, ...scopes]) {
    const symbols = symbolsUnderTest(owner).filter((s) => !isStopWord(s.symbol));
    for (const s of symbols) {
      // A single plain word (`test_empty` → `empty`) is a weak hint, like a lower-first variant.
      const weak = s.variant || /^[a-z][a-z0-9]*$/.test(s.symbol);
      set.add('identifier', s.symbol, weak ? t.testSymbolVariantStrength : t.testSymbolStrength, field);
    }
    // Rust module paths (`parser::tests::parse_empty` → `parser`) hint at file names; Java packages
    // and pytest modules come with a class and do not.
    if (
      owner !== name &&
      symbols.length === 0 &&
      !hasClassScope &&
      /^[a-z][a-z0-9_]*$/.test(owner) &&
      !/^(?:tests?|it|integration)$/.test(owner)
    ) {
      emitTerm(emitter(ctx, field), owner, t.testModuleTermStrength);
    }
  }
}

/** Blanks `[start, end)` spans of a line, offsets kept. */
function mask(line: string, spans: readonly { start: number; end: number }[]): string {
  let out = line;
  for (const { start, end } of spans) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}

/** Longest line handed to the line extractors; longer ones (minified code, base64) are cut at whitespace. */
const MAX_LINE = 2000;

function splitLongLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    let rest = line;
    while (rest.length > MAX_LINE) {
      const cut = rest.lastIndexOf(' ', MAX_LINE);
      const at = cut > MAX_LINE / 2 ? cut : MAX_LINE;
      out.push(rest.slice(0, at));
      rest = rest.slice(at);
    }
    out.push(rest);
  }
  return out;
}

/** Every extractor over free text: embedded diffs, stack frames, test names, paths, identifiers and terms. */
export function freeText(ctx: Context, text: string, field: string): void {
  const { set, t } = ctx;
  const emit = emitter(ctx, field);
  const lines = splitLongLines(text.split(/\r?\n/));
  const diffLines = hasHunks(text) ? diffCues(lines, ctx.family, emit, false) : new Set<number>();
  const scan = scanFrames(lines, diffLines);

  for (const group of scan.groups) {
    const strengths = frameStrengths(group, t);
    const asRepository = repositoryStrengths(group, t);
    const n = group.frames.length;
    group.frames.forEach((f, j) => {
      const s = strengths[j]!;
      const depth = ctx.task === 'issue2code' ? (group.style === 'outermost-first' ? n - 1 - j : j) : undefined;
      const repoStrength = asRepository[j];
      set.add('frame', f.path, s, field, f.line, {
        ...(depth === undefined ? {} : { depth }),
        ...(repoStrength === undefined ? {} : { repoStrength }),
      });
      for (const symbol of f.symbols) set.add('identifier', symbol, s, field);
      if (f.testName) addTest(ctx, field, f.testName, f.testClass ? [f.testClass] : [], t.testFrameNameStrength);
      else if (f.testClass) addTest(ctx, field, f.testClass, [], t.testFrameNameStrength);
    });
  }

  let inFailureList = false;
  lines.forEach((line, i) => {
    if (diffLines.has(i) || scan.consumed.has(i)) return;
    if (/^failures:\s*$/.test(line)) {
      inFailureList = true;
      return;
    }
    if (inFailureList && line.trim() && !/^\s{4}[\w:]+\s*$/.test(line)) inFailureList = false;
    if (/^(?:SKIPPED|XFAIL|XPASS|PASSED)\b/.test(line)) return;

    const tests = findTestNames(line, inFailureList);
    for (const m of tests) {
      if (m.file) set.add('path', normalizeWrittenPath(m.file), t.textPathStrength, field);
      addTest(ctx, field, m.name, m.scopes, t.testNameStrength);
    }
    if (isChromeLine(line)) return;
    for (const p of sourceUrlPaths(line)) set.add('path', p.path, t.sourceLinkPathStrength, field, p.line);
    let rest = mask(maskUrls(line), tests);
    const paths = findPaths(rest);
    for (const p of paths) {
      set.add('path', p.path, isLibraryPath(p.path) ? t.libraryPathStrength : t.textPathStrength, field, p.line);
    }
    rest = mask(rest, paths);
    proseCues(rest, emit, isErrorLine(line));
  });
}
