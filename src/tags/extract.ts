/**
 * The tags stage: parse each file with its language's grammar, run the tags query, and
 * return plain records. WASM trees are freed after every file and never leave this folder.
 * Large inputs are parsed on worker threads (./pool.ts); every file goes through
 * `parseFile` either way and outcomes are merged in path order, so the result does not
 * depend on the number of threads or on scheduling.
 */
import type { Diagnostic, FileRecord, FileTags, LanguageId } from '../types.js';
import { compareByteOrder } from '../text/order.js';
import { isReportable, RepoMapError } from '../errors.js';
import { parseWithinBudget, TAGS_BUDGET, type TagsBudget, type TagsBudgetOptions } from './budget.js';
import { messageOf } from './grammar.js';
import { languageTools, renewParser, type LanguageTools } from './language-tools.js';
import { parseInWorkers, POOL_DEFAULTS, releasePrestarted, type PoolStats } from './pool.js';
import type { ParsedAhead } from './ahead.js';
import type { FileOutcome, PoolFile, PoolSettings } from './protocol.js';

export interface TagsOptions {
  /** Called with (files done, files to parse): once with done = 0, then after every file. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Parse threads. 1 parses every file in the calling thread; more starts that many
   * worker threads when the input is large enough (`POOL_DEFAULTS.minFiles` / `minBytes`).
   * Default `TAGS_DEFAULTS.jobs`.
   */
  jobs?: number;
  /** Overrides of POOL_DEFAULTS (thresholds, batching, recycling). */
  pool?: Partial<PoolSettings>;
  /** Overrides of TAGS_BUDGET, what one file may cost to parse and query (its depth and time). */
  budget?: TagsBudgetOptions;
  /** Called once after files were parsed on worker threads, with what the pool did (not called for in-thread runs). */
  onWorkers?: (stats: PoolStats) => void;
  /**
   * Work for this thread while worker threads parse (it should yield to the event loop
   * often, so that workers get their next batch without delay). Not called when files
   * are parsed in this thread; `extractTags` settles after both are done.
   */
  meanwhile?: () => Promise<void>;
  /** Files parsed ahead on a worker (`parseAhead`): where one has a file's grammar, text and budget, its outcome is taken and the file not parsed again. */
  parsedAhead?: ParsedAhead | undefined;
  /**
   * Told the paths of the files about to be parsed here (before any is), then each path
   * once its outcome is in and its text no longer read (on worker threads, as its batch
   * completes): a caller may let the text go from then on.
   */
  onParsing?: ((paths: readonly string[]) => void) | undefined;
  onParsed?: ((path: string) => void) | undefined;
}

export const TAGS_DEFAULTS = Object.freeze({
  /** Two parse threads: the machines repomap targets have at least two cores. */
  jobs: 2,
});

export interface TagsResult {
  /** One entry per file with a language, sorted by path (byte order); files that failed to parse or went past the budget are absent. */
  tags: FileTags[];
  /**
   * `parse-error` for files with syntax errors (tags kept), `parse-failed` for files that
   * could not be parsed (or not within the budget's time), `too-complex` for files past
   * the budget's depth or match limit.
   */
  diagnostics: Diagnostic[];
}

type ParseableFile = FileRecord & { language: LanguageId };

/**
 * Extracts definitions, references and imports from every file that has a language.
 * One bad file never throws: it becomes a diagnostic. A grammar that cannot load
 * (`grammar-load-failed`) or a broken query (`query-error`) does throw.
 */
export async function extractTags(files: readonly FileRecord[], options: TagsOptions = {}): Promise<TagsResult> {
  const jobs = options.jobs ?? TAGS_DEFAULTS.jobs;
  if (!(Number.isInteger(jobs) && jobs >= 1))
    throw new RepoMapError('bad-option', `repomap/tags: jobs must be an integer ≥ 1, got ${jobs}`, 'jobs');
  const settings: PoolSettings = { ...POOL_DEFAULTS, ...options.pool };
  const budget = resolveBudget(options.budget);
  const parseable = files
    .filter((file): file is ParseableFile => file.language !== null)
    .sort((a, b) => compareByteOrder(a.path, b.path));
  const early = options.parsedAhead ? await options.parsedAhead.outcomesOf(parseable, budget) : [];
  const own = early.length > 0 ? parseable.filter((_, i) => early[i] === undefined) : parseable;
  options.onProgress?.(0, own.length);
  options.onParsing?.(own.map((f) => f.path));

  const bytes = own.reduce((n, f) => n + f.size, 0);
  const pooled = jobs > 1 && own.length >= settings.minFiles && bytes >= settings.minBytes;
  // workers started ahead of a pool that will not run would only take cores from this thread
  if (!pooled) void releasePrestarted();
  const parsed = pooled
    ? (await Promise.all([parseOnWorkers(own, jobs, settings, budget, options), options.meanwhile?.()]))[0]
    : await parseInThread(own, budget, options);
  let next = 0;
  const outcomes = early.length > 0 ? parseable.map((_, i) => early[i] ?? parsed[next++]!) : parsed;

  const tags: FileTags[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const outcome of outcomes) {
    if (outcome.tags) tags.push(outcome.tags);
    if (outcome.diagnostic) diagnostics.push(outcome.diagnostic);
  }
  return { tags, diagnostics };
}

/** Tags of one source text; a convenience for tests and tools. Throws when the text cannot be parsed. */
export async function tagsFromSource(language: LanguageId, path: string, text: string): Promise<FileTags> {
  const tools = await languageTools(language, path);
  try {
    const parsed = parseWith(tools, path, text, TAGS_BUDGET);
    if ('tags' in parsed) return parsed.tags;
    throw new RepoMapError('parse-failed', `repomap/tags: ${path}: ${parsed.message}`, path);
  } catch (cause) {
    renewParser(tools);
    throw cause;
  }
}

/**
 * Outcome of one file: tags (with a `parse-error` diagnostic when the tree has errors), a
 * `too-complex` diagnostic when the tree is deeper or the query needs more matches than
 * the budget allows, or a `parse-failed` diagnostic when parsing threw or went past the
 * budget's time. The in-thread path and the workers both use it.
 * @internal
 */
export function parseFile(
  tools: LanguageTools,
  path: string,
  text: string,
  budget: TagsBudget = TAGS_BUDGET,
): FileOutcome {
  try {
    const parsed = parseWith(tools, path, text, budget);
    if (!('tags' in parsed)) {
      return {
        diagnostic: {
          code: parsed.late ? 'parse-failed' : 'too-complex',
          file: path,
          message: `not indexed: ${parsed.message}`,
        },
      };
    }
    const { tags } = parsed;
    if (tags.errorNodes === 0) return { tags };
    return {
      tags,
      diagnostic: {
        code: 'parse-error',
        file: path,
        message: `${tags.errorNodes} syntax error nodes; tags kept from the parts that parsed`,
      },
    };
  } catch (cause) {
    renewParser(tools);
    return { diagnostic: { code: 'parse-failed', file: path, message: `cannot parse: ${messageOf(cause)}` } };
  }
}

/** TAGS_BUDGET with overrides of its depth and time, each a whole number ≥ 1 (a RepoMapError naming it otherwise). */
function resolveBudget(overrides: TagsBudgetOptions = {}): TagsBudget {
  const budget: TagsBudget = { ...TAGS_BUDGET };
  for (const key of ['maxTreeDepth', 'timeMs'] as const) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!(Number.isInteger(value) && value >= 1))
      throw new RepoMapError(
        'bad-option',
        `repomap/tags: budget.${key} must be an integer ≥ 1, got ${value}`,
        `budget.${key}`,
      );
    budget[key] = value;
  }
  const unknown = Object.keys(overrides).find((key) => key !== 'maxTreeDepth' && key !== 'timeMs');
  if (unknown !== undefined)
    throw new RepoMapError(
      'bad-option',
      `repomap/tags: budget.${unknown} is not an option (maxTreeDepth, timeMs)`,
      `budget.${unknown}`,
    );
  return budget;
}

async function parseInThread(
  files: readonly ParseableFile[],
  budget: TagsBudget,
  { onProgress, onParsed }: TagsOptions,
): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  for (const file of files) {
    const tools = await languageTools(file.language, file.path);
    outcomes.push(parseFile(tools, file.path, file.text, budget));
    onParsed?.(file.path);
    onProgress?.(outcomes.length, files.length);
  }
  return outcomes;
}

async function parseOnWorkers(
  files: readonly ParseableFile[],
  jobs: number,
  settings: PoolSettings,
  budget: TagsBudget,
  { onProgress, onWorkers, onParsed }: TagsOptions,
): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array(files.length);
  let done = 0;
  const pooled: PoolFile[] = files.map((f, index) => ({
    index,
    path: f.path,
    language: f.language,
    text: f.text,
    size: f.size,
  }));
  try {
    const stats = await parseInWorkers(pooled, jobs, settings, budget, (index, outcome) => {
      outcomes[index] = outcome;
      // its batch is done: the pool holds the file until the end, but not its text
      pooled[index]!.text = '';
      onParsed?.(files[index]!.path);
      onProgress?.(++done, files.length);
    });
    onWorkers?.(stats);
  } catch (error) {
    throw await canonicalError(files, error);
  }
  return outcomes;
}

/**
 * The error the in-thread path would have thrown: grammars and queries load in this thread
 * in path order of each language's first file, so the message names the same file.
 * When they all load here, the worker's own error stands.
 */
async function canonicalError(files: readonly ParseableFile[], workerError: unknown): Promise<unknown> {
  if (!isReportable(workerError)) return workerError;
  const seen = new Set<LanguageId>();
  for (const file of files) {
    if (seen.has(file.language)) continue;
    seen.add(file.language);
    try {
      await languageTools(file.language, file.path);
    } catch (error) {
      return error;
    }
  }
  return workerError;
}

/** Tags of one file, or why the budget left it without (`parseWithinBudget`). Throws when the parser fails. */
function parseWith(
  tools: LanguageTools,
  path: string,
  text: string,
  budget: TagsBudget,
): { tags: FileTags } | { message: string; late: boolean } {
  const parsed = parseWithinBudget(tools, text, budget);
  if (!('tags' in parsed)) return parsed;
  return { tags: { path, language: tools.language, ...parsed.tags } };
}
