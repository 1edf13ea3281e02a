import { RepoMapError } from '../errors.js';
import { TASKS, type Query, type QueryCues, type Task } from '../types.js';
import { CueSet } from './cue-set.js';
import { resolveCueTunables, type CueTunables } from './defaults.js';
import { codeFamilyOf, type CodeFamily } from './definitions.js';
import type { CodeReading } from './code-cues.js';
import { diffCues } from './diff.js';
import { addTest, emitter, freeText, type Context } from './free-text.js';
import { normalizeWrittenPath } from './path-suffix-index.js';
import { withoutEnvironment } from './environment.js';
import { findPaths, isLibraryPath } from './paths.js';
import { assertQuery, lineField, queryStrings, queryText, stringList } from './query.js';
import { issueCues } from './issue.js';
import { boundQuery } from './query-bound.js';
import { inferTask } from './task.js';
import { findTestNames, parsePytestId, parseQualifiedTest } from './test-names.js';

/** Options of {@link extractCues}. */
export interface ExtractCuesOptions {
  /** Task mode; inferred from the query's fields when absent. */
  task?: Task;
  /** Overrides of {@link CUE_DEFAULTS} (benchmarks sweep these). */
  tunables?: Partial<CueTunables>;
  /** How an issue's code snippets are read (an index passes its own); without it they are read as text only. */
  code?: CodeReading;
}

/** Fields holding one repository path each. */
const PATH_FIELDS = new Set(['changed_file', 'changed_files', 'trace_paths']);
/** Fields holding unified diff text only. */
const DIFF_FIELDS = new Set(['anchor_diff', 'diff_hunk_context', 'diff', 'patch']);
/** Fields whose file extension tells the language of the query's diffs, in order of preference. */
const FAMILY_FIELDS = ['anchor_file', 'path', 'given_file', 'changed_file', 'changed_files', 'trace_paths'];

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
    throw new RepoMapError(
      'bad-option',
      `repomap/cues: unknown task "${String(task)}" (expected one of ${TASKS.join(', ')})`,
      'task',
    );
  }
  return task;
}

/**
 * Cues of a query: given files, paths, stack frames, failing test names and
 * the symbols they test, diff symbols, identifiers and terms, each with a
 * strength in (0, 1] (conventions in {@link CUE_DEFAULTS}), deduplicated by
 * (kind, value, line) and sorted by kind, strength, value. The same query
 * gives the same cues, byte for byte. `gold` and `metadata` are never read. Text past
 * `maxQueryChars` is not read either (`boundQuery`): `cut` then says so.
 */
export function extractCues(whole: Query, options: ExtractCuesOptions = {}): QueryCues {
  assertQuery(whole);
  const t = resolveCueTunables(options.tunables);
  const { query, cut } = boundQuery(whole, t.maxQueryChars);
  const ctx: Context = {
    set: new CueSet(),
    t,
    task: resolveTask(query, options.task),
    family: familyHint(query),
    given: [],
    ...(options.code ? { code: options.code } : {}),
  };

  const issue = ctx.task === 'issue2code';
  // an issue is read without the environment report its template asked for
  const issueText = (value: string): string => withoutEnvironment(value, t.issueEnvironmentLines);
  if (typeof query === 'string') {
    if (query && issue) issueCues(ctx, issueText(query), 'text');
    else if (query) freeText(ctx, query, 'text');
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
      else if (issue && top === 'text') issueCues(ctx, issueText(value), field);
      else freeText(ctx, value, field);
    }
  }

  return {
    task: ctx.task,
    cues: ctx.set.finish(t, issue ? t.mentionBoost : 0),
    givenFiles: ctx.given.slice(0, Math.max(0, Math.floor(t.maxGivenFiles))),
    text: issue ? issueText(queryText(query)) : queryText(query),
    ...(cut ? { cut } : {}),
  };
}
