/**
 * Evaluation samples (eval contract section 1): reading JSONL files, and the
 * contract's rules for gold files and given files.
 */
import { RepoMapError } from '../errors.js';
import { isPlainObject, parseJsonl, readTextFile } from './jsonl.js';

/** Task types the contract defines. Other values are kept when read, and reported through `onWarning`. */
export const SAMPLE_TASK_TYPES = [
  'code2test',
  'comment2context',
  'trace2code',
  'edit2ripple',
  'issue2code',
  'abstention',
] as const;
export type SampleTaskType = (typeof SAMPLE_TASK_TYPES)[number];

/** The answer of a sample; read only by the scorer. Fields named by the contract are typed; others are kept. */
export interface SampleGold {
  files?: string[];
  related_tests?: string[];
  must_context_files?: string[];
  context_files?: string[];
  root_cause_files?: string[];
  given_files?: string[];
  /** Functions and classes the fix edited, `path::Qualified.name` (issue2code rows; function-level Acc@k). */
  functions?: string[];
  no_gold?: boolean;
  /** Lines at the base commit that the change touched, per gold file (derived sets; see `GoldSpan`). */
  gold_spans?: GoldSpan[];
  [field: string]: unknown;
}

/** A 1-based inclusive line range of a gold file at the base commit; `end_line ≥ start_line`. */
export interface GoldSpan {
  path: string;
  start_line: number;
  end_line: number;
}

/** One sample row. Unknown fields are kept as they were read. */
export interface Sample {
  id: string;
  /** `owner/name`. */
  repo: string;
  /** 40-hex commit: the corpus is the tree at this commit. */
  base_commit: string;
  /** Usually a `SampleTaskType`; unknown values are kept. */
  task_type: string;
  /** Query fields; every string value is query text. */
  query: Record<string, unknown>;
  gold?: SampleGold;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** A non-fatal problem found while reading samples. */
export interface SampleWarning {
  file: string;
  line: number;
  sampleId: string;
  message: string;
}

export interface ReadSamplesOptions {
  /** Called for each non-fatal problem (so far: an unknown `task_type`). */
  onWarning?: (warning: SampleWarning) => void;
}

/** Gold list fields; when present they must be arrays of strings. */
const GOLD_LIST_FIELDS = [
  'files',
  'related_tests',
  'must_context_files',
  'context_files',
  'root_cause_files',
  'given_files',
  'functions',
] as const;

const REPO_RE = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/**
 * Whether `repo` is `owner/name`: two names of letters, digits, `_`, `.` and `-`, neither
 * `.` nor `..` (a repository is looked up as a folder under the repositories folder, and
 * `../x` would leave it).
 */
export function isRepoName(repo: string): boolean {
  return REPO_RE.test(repo) && repo.split('/').every((part) => part !== '.' && part !== '..');
}
const COMMIT_RE = /^[0-9a-fA-F]{40}$/;

/** True when `taskType` is one of the contract's task types. */
export function isKnownTaskType(taskType: string): taskType is SampleTaskType {
  return (SAMPLE_TASK_TYPES as readonly string[]).includes(taskType);
}

/**
 * Reads samples from one or more JSONL files, in order. Throws
 * `RepoMapError('bad-sample', "repomap/eval: <file>:<line>: <reason>")` for a malformed line,
 * a missing or ill-typed required field, or an id seen before in any of the
 * files (the message names both locations).
 */
export async function readSamples(
  files: string | readonly string[],
  options: ReadSamplesOptions = {},
): Promise<Sample[]> {
  const list = typeof files === 'string' ? [files] : files;
  const sources: { file: string; text: string }[] = [];
  for (const file of list) sources.push({ file, text: await readTextFile(file, 'bad-sample') });
  return parseSampleSources(sources, options);
}

/** Parses samples from JSONL text; `file` names the source in messages. Same checks as `readSamples`. */
export function parseSamples(text: string, file: string, options: ReadSamplesOptions = {}): Sample[] {
  return parseSampleSources([{ file, text }], options);
}

function parseSampleSources(sources: readonly { file: string; text: string }[], options: ReadSamplesOptions): Sample[] {
  const seen = new Map<string, string>();
  const out: Sample[] = [];
  for (const { file, text } of sources) {
    for (const { line, value } of parseJsonl(text, file, 'bad-sample')) {
      const where = `${file}:${line}`;
      const sample = validateSample(value, where);
      const first = seen.get(sample.id);
      if (first !== undefined) {
        throw new RepoMapError(
          'bad-sample',
          `repomap/eval: ${where}: duplicate sample id "${sample.id}" (first at ${first})`,
          where,
        );
      }
      seen.set(sample.id, where);
      if (!isKnownTaskType(sample.task_type)) {
        options.onWarning?.({ file, line, sampleId: sample.id, message: `unknown task_type "${sample.task_type}"` });
      }
      out.push(sample);
    }
  }
  return out;
}

/**
 * Checks one parsed value against the sample schema and returns it typed;
 * `where` (e.g. `file:line`) prefixes error messages.
 */
export function validateSample(value: unknown, where: string): Sample {
  const fail = (reason: string): never => {
    throw new RepoMapError('bad-sample', `repomap/eval: ${where}: ${reason}`, where);
  };
  if (!isPlainObject(value)) return fail('expected a JSON object');
  for (const field of ['id', 'repo', 'base_commit', 'task_type', 'query']) {
    if (!(field in value)) fail(`missing required field "${field}"`);
  }
  const { id, repo, base_commit: commit, task_type: taskType, query, gold, metadata } = value;
  if (typeof id !== 'string' || id === '') fail('field "id" must be a non-empty string');
  if (typeof repo !== 'string' || !isRepoName(repo))
    fail(`field "repo" must be "owner/name", got ${JSON.stringify(repo)}`);
  if (typeof commit !== 'string' || !COMMIT_RE.test(commit)) {
    fail(`field "base_commit" must be a 40-hex commit id, got ${JSON.stringify(commit)}`);
  }
  if (typeof taskType !== 'string' || taskType === '') fail('field "task_type" must be a non-empty string');
  if (!isPlainObject(query)) fail('field "query" must be an object');
  if (gold !== undefined) {
    if (!isPlainObject(gold)) fail('field "gold" must be an object');
    const g = gold as Record<string, unknown>;
    for (const field of GOLD_LIST_FIELDS) {
      const list = g[field];
      if (list !== undefined && !(Array.isArray(list) && list.every((x) => typeof x === 'string'))) {
        fail(`field "gold.${field}" must be an array of strings`);
      }
    }
    if (g.no_gold !== undefined && typeof g.no_gold !== 'boolean') fail('field "gold.no_gold" must be a boolean');
    if (g.gold_spans !== undefined)
      validateGoldSpans(g.gold_spans, (reason) => fail(`${reason} (sample ${JSON.stringify(id)})`));
  }
  if (metadata !== undefined && !isPlainObject(metadata)) fail('field "metadata" must be an object');
  return value as Sample;
}

/** Checks `gold.gold_spans`: an array of `{path, start_line, end_line}` with 1 ≤ start_line ≤ end_line. */
function validateGoldSpans(spans: unknown, fail: (reason: string) => never): void {
  if (!Array.isArray(spans)) fail('field "gold.gold_spans" must be an array');
  (spans as unknown[]).forEach((span, i) => {
    const field = `gold.gold_spans[${i}]`;
    if (!isPlainObject(span)) fail(`field "${field}" must be an object {path, start_line, end_line}`);
    const { path, start_line: start, end_line: end } = span as Record<string, unknown>;
    if (typeof path !== 'string' || path === '') fail(`field "${field}.path" must be a non-empty string`);
    if (!(Number.isInteger(start) && (start as number) >= 1))
      fail(`field "${field}.start_line" must be an integer ≥ 1, got ${JSON.stringify(start)}`);
    if (!(Number.isInteger(end) && (end as number) >= (start as number))) {
      fail(
        `field "${field}.end_line" must be an integer ≥ start_line (${start as number}), got ${JSON.stringify(end)}`,
      );
    }
  });
}

/** Strings of a list field (a single string counts as a one-element list); empty strings dropped, duplicates removed. */
function stringList(value: unknown): string[] {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'string' && item !== '' && !out.includes(item)) out.push(item);
  }
  return out;
}

/**
 * Files already in the agent's context (contract section 1): `gold.given_files`
 * when present; else for comment2context `query.given_file`, or `query.path`
 * when there is no `given_file`; for edit2ripple `query.anchor_file`; else none.
 */
export function givenFiles(sample: Sample): string[] {
  if (sample.gold && Array.isArray(sample.gold.given_files)) return stringList(sample.gold.given_files);
  const q = sample.query;
  if (sample.task_type === 'comment2context') {
    const given = stringList(q.given_file);
    return given.length > 0 ? given : stringList(q.path);
  }
  if (sample.task_type === 'edit2ripple') return stringList(q.anchor_file);
  return [];
}

export interface GoldFilesOptions {
  /** Remove the given files from the gold set (default true: given files are never hits). */
  excludeGiven?: boolean;
}

/**
 * The gold files of a sample (contract section 1). `gold.no_gold: true` gives
 * none; otherwise the first rule that yields at least one file wins:
 * `gold.files` → (code2test) `gold.related_tests` → (comment2context)
 * `gold.must_context_files`, then `gold.context_files` → `gold.root_cause_files`
 * → `gold.related_tests`. The rule is chosen on the listed files; given files
 * are removed afterwards (unless `excludeGiven: false`), so a rule that lists
 * only given files still wins and leaves an empty set.
 */
export function goldFiles(sample: Sample, options: GoldFilesOptions = {}): string[] {
  const gold = sample.gold;
  if (!gold || gold.no_gold === true) return [];
  const task = sample.task_type;
  const rules: unknown[] = [gold.files];
  if (task === 'code2test') rules.push(gold.related_tests);
  if (task === 'comment2context') rules.push(gold.must_context_files, gold.context_files);
  rules.push(gold.root_cause_files, gold.related_tests);
  let files: string[] = [];
  for (const rule of rules) {
    files = stringList(rule);
    if (files.length > 0) break;
  }
  if (options.excludeGiven === false) return files;
  const given = new Set(givenFiles(sample));
  return files.filter((f) => !given.has(f));
}

/** True when the sample has no gold file to find (no gold, `no_gold: true`, or only given files): the right output is to abstain. */
export function isNoGold(sample: Sample): boolean {
  return goldFiles(sample).length === 0;
}
