import { RepoMapError } from '../errors.js';
import { TASKS, type Query, type QueryCues, type Task } from '../types.js';
import { CueSet } from './cue-set.js';
import { resolveCueTunables, type CueTunables } from './defaults.js';
import { codeFamilyOf, type CodeFamily } from './definitions.js';
import { diffCues, hasHunks } from './diff.js';
import { frameStrengths, scanFrames } from './frames.js';
import { normalizeWrittenPath } from './path-suffix-index.js';
import { findPaths, isLibraryPath, maskUrls } from './paths.js';
import { emitTerm, isChromeLine, isErrorLine, proseCues, type Emitter } from './prose.js';
import { assertQuery, lineField, queryStrings, queryText, stringList } from './query.js';
import { isStopWord } from './stop-words.js';
import { inferTask } from './task.js';
import { findTestNames, parsePytestId, parseQualifiedTest, symbolsUnderTest } from './test-names.js';

/** Options of {@link extractCues}. */
export interface ExtractCuesOptions {
  /** Task mode; inferred from the query's fields when absent. */
  task?: Task;
  /** Overrides of {@link CUE_DEFAULTS} (benchmarks sweep these). */
  tunables?: Partial<CueTunables>;
}

/** Fields holding one repository path each. */
const PATH_FIELDS = new Set(['changed_file', 'changed_files', 'trace_paths']);
/** Fields holding unified diff text only. */
const DIFF_FIELDS = new Set(['anchor_diff', 'diff_hunk_context', 'diff', 'patch']);
/** Fields whose file extension tells the language of the query's diffs, in order of preference. */
const FAMILY_FIELDS = ['anchor_file', 'path', 'given_file', 'changed_file', 'changed_files', 'trace_paths'];

interface Context {
  set: CueSet;
  t: CueTunables;
  task: Task;
  family: CodeFamily | undefined;
  given: string[];
}

function emitter(ctx: Context, field: string): Emitter {
  return { set: ctx.set, t: ctx.t, field };
}

/** `a/b.go:12` → path and line. */
function splitLocation(written: string): { path: string; line?: number } {
  const m = written.match(/^(.*?\.[A-Za-z0-9_]+)(?::(\d+)(?::\d+)?|#L(\d+)(?:-L?\d+)?)$/);
  if (!m) return { path: normalizeWrittenPath(written) };
  const line = Number(m[2] ?? m[3]);
  return line > 0 ? { path: normalizeWrittenPath(m[1]!), line } : { path: normalizeWrittenPath(m[1]!) };
}

function addFieldPath(ctx: Context, value: string, field: string, line?: number): void {
  const { t } = ctx;
  if (/[\s,;]/.test(value.trim())) {
    for (const p of findPaths(value)) ctx.set.add('path', p.path, t.fieldPathStrength, field, p.line ?? line);
    return;
  }
  const loc = splitLocation(value);
  if (!loc.path || loc.path === '/') return;
  const strength = isLibraryPath(loc.path) ? t.libraryPathStrength : t.fieldPathStrength;
  ctx.set.add('path', loc.path, strength, field, loc.line ?? line);
}

function addGivenFile(ctx: Context, value: string, field: string, line?: number): void {
  const loc = splitLocation(value);
  if (!loc.path) return;
  if (!ctx.given.includes(loc.path)) ctx.given.push(loc.path);
  ctx.set.add('given-file', loc.path, 1, field, loc.line ?? line);
}

/** A test-name cue plus the symbols under test of the name and its enclosing classes / modules. */
function addTest(ctx: Context, field: string, name: string, scopes: readonly string[], strength: number): void {
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

function testNamesField(ctx: Context, value: string, field: string): void {
  const { t } = ctx;
  const pytest = parsePytestId(value);
  if (pytest) {
    addFieldPath(ctx, pytest.file!, field);
    addTest(ctx, field, pytest.name, pytest.scopes, t.testNameStrength);
    return;
  }
  const inLine = findTestNames(value);
  if (inLine.length) {
    for (const m of inLine) addTest(ctx, field, m.name, m.scopes, t.testNameStrength);
    return;
  }
  if (!/\s/.test(value.trim())) {
    const parsed = parseQualifiedTest(value.replace(/#/g, '.'));
    if (parsed) {
      addTest(ctx, field, parsed.name, parsed.scopes, t.testNameStrength);
      return;
    }
  }
  // A JS test title (`renders the empty state`) is plain text.
  freeText(ctx, value, field);
}

function changeSummaryField(ctx: Context, value: string, field: string): void {
  for (const token of value.split(/[\s,]+/)) {
    for (const part of token.replace(/\(.*\)$/, '').split(/\.|::|#/)) {
      if (/^[A-Za-z_$][\w$]*$/.test(part)) ctx.set.add('identifier', part, ctx.t.summaryIdentifierStrength, field);
    }
  }
}

/** `python -m pytest tests/x.py -k name`, `go test -run '^TestX$' ./...`, `cargo test name`: paths and test selectors. */
function commandField(ctx: Context, value: string, field: string): void {
  const { set, t } = ctx;
  for (const p of findPaths(value)) {
    set.add('path', p.path, isLibraryPath(p.path) ? t.libraryPathStrength : t.textPathStrength, field, p.line);
  }
  const selectors = [
    /\s-k\s+['"]?(?:not\s+)?([A-Za-z_]\w*)/g,
    /\s-run[=\s]+['"]?\^?([A-Za-z_]\w*)/g,
    /\s--tests?\s+['"]?([\w.$#*]+)/g,
    /\s-Dtest=['"]?([\w.$#*]+)/g,
    /\bcargo\s+(?:\+\S+\s+)?(?:nextest\s+run|test)(?:\s+-{1,2}[\w-]+(?:[=\s][\w-]+)?)*\s+([A-Za-z_][\w:]*)/g,
  ];
  for (const re of selectors) {
    for (const m of value.matchAll(re)) {
      const parsed = parseQualifiedTest(m[1]!.replace(/[#*]/g, '.').replace(/\.+$/, ''));
      if (parsed) addTest(ctx, field, parsed.name, parsed.scopes, t.testFrameNameStrength);
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
function freeText(ctx: Context, text: string, field: string): void {
  const { set, t } = ctx;
  const emit = emitter(ctx, field);
  const lines = splitLongLines(text.split(/\r?\n/));
  const diffLines = hasHunks(text) ? diffCues(lines, ctx.family, emit, false) : new Set<number>();
  const scan = scanFrames(lines, diffLines);

  for (const group of scan.groups) {
    const strengths = frameStrengths(group, t);
    group.frames.forEach((f, j) => {
      const s = strengths[j]!;
      set.add('frame', f.path, s, field, f.line);
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
    let rest = mask(maskUrls(line), tests);
    const paths = findPaths(rest);
    for (const p of paths) {
      set.add('path', p.path, isLibraryPath(p.path) ? t.libraryPathStrength : t.textPathStrength, field, p.line);
    }
    rest = mask(rest, paths);
    proseCues(rest, emit, isErrorLine(line));
  });
}

function familyHint(query: Query): CodeFamily | undefined {
  for (const key of FAMILY_FIELDS) {
    for (const value of stringList(query, key)) {
      const family = codeFamilyOf(value);
      if (family) return family;
    }
  }
  return undefined;
}

function resolveTask(query: Query, task: Task | undefined): Task {
  if (task === undefined) return inferTask(query);
  if (!(TASKS as readonly string[]).includes(task)) {
    throw new RepoMapError('bad-option', `repomap/cues: unknown task "${String(task)}" (expected one of ${TASKS.join(', ')})`, 'task');
  }
  return task;
}

/**
 * Cues of a query: given files, paths, stack frames, failing test names and
 * the symbols they test, diff symbols, identifiers and terms, each with a
 * strength in (0, 1] (conventions in {@link CUE_DEFAULTS}), deduplicated by
 * (kind, value, line) and sorted by kind, strength, value. The same query
 * gives the same cues, byte for byte. `gold` and `metadata` are never read.
 */
export function extractCues(query: Query, options: ExtractCuesOptions = {}): QueryCues {
  assertQuery(query);
  const t = resolveCueTunables(options.tunables);
  const ctx: Context = {
    set: new CueSet(),
    t,
    task: resolveTask(query, options.task),
    family: familyHint(query),
    given: [],
  };

  if (typeof query === 'string') {
    if (query) freeText(ctx, query, 'text');
  } else {
    const line = lineField(query, 'line');
    for (const { field, value } of queryStrings(query)) {
      const top = field.split('.')[0]!;
      if (PATH_FIELDS.has(top)) addFieldPath(ctx, value, top);
      else if (top === 'given_file') addGivenFile(ctx, value, top, line);
      else if (top === 'anchor_file' && ctx.task === 'edit2ripple') addGivenFile(ctx, value, top);
      else if (top === 'anchor_file') addFieldPath(ctx, value, top);
      else if (top === 'path' && ctx.task === 'comment2context') addGivenFile(ctx, value, top, line);
      else if (top === 'path') addFieldPath(ctx, value, top, line);
      else if (top === 'test_names') testNamesField(ctx, value, top);
      else if (top === 'change_summary') changeSummaryField(ctx, value, top);
      else if (top === 'command') commandField(ctx, value, top);
      else if (DIFF_FIELDS.has(top)) diffCues(value.split(/\r?\n/), ctx.family, emitter(ctx, field), true);
      else freeText(ctx, value, field);
    }
  }

  return {
    task: ctx.task,
    cues: ctx.set.finish(t),
    givenFiles: ctx.given.slice(0, Math.max(0, Math.floor(t.maxGivenFiles))),
    text: queryText(query),
  };
}
