/**
 * The tags stage: parse each file with its language's grammar, run the tags query, and
 * return plain records. WASM trees are freed after every file and never leave this folder.
 * Large inputs are parsed on worker threads (./pool.ts); every file goes through
 * `parseFile` either way and outcomes are merged in path order, so the result does not
 * depend on the number of threads or on scheduling.
 */
import type { Diagnostic, FileRecord, FileTags, LanguageId } from '../types.js';
import { compareBytewise } from '../corpus/sort.js';
import { RepoMapError } from '../errors.js';
import { collectTags } from './collect.js';
import { messageOf } from './grammar.js';
import { languageTools, renewParser, type LanguageTools } from './language-tools.js';
import { parseInWorkers, POOL_DEFAULTS, releasePrestarted, type FileOutcome, type PoolFile, type PoolSettings, type PoolStats } from './pool.js';
import { countErrorNodes } from './syntax-errors.js';

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
  /** Called once after files were parsed on worker threads, with what the pool did (not called for in-thread runs). */
  onWorkers?: (stats: PoolStats) => void;
  /**
   * Work for this thread while worker threads parse (it should yield to the event loop
   * often, so that workers get their next batch without delay). Not called when files
   * are parsed in this thread; `extractTags` settles after both are done.
   */
  meanwhile?: () => Promise<void>;
}

export const TAGS_DEFAULTS = Object.freeze({
  /** Two parse threads: the machines repomap targets have at least two cores. */
  jobs: 2,
});

export interface TagsResult {
  /** One entry per file with a language, sorted by path (byte order); files that failed to parse are absent. */
  tags: FileTags[];
  /** `parse-error` for files with syntax errors (tags kept), `parse-failed` for files that could not be parsed. */
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
  if (!(Number.isInteger(jobs) && jobs >= 1)) throw new RepoMapError('bad-option', `repomap/tags: jobs must be an integer ≥ 1, got ${jobs}`, 'jobs');
  const settings: PoolSettings = { ...POOL_DEFAULTS, ...options.pool };
  const parseable = files
    .filter((file): file is ParseableFile => file.language !== null)
    .sort((a, b) => compareBytewise(a.path, b.path));
  options.onProgress?.(0, parseable.length);

  const bytes = parseable.reduce((n, f) => n + f.size, 0);
  const pooled = jobs > 1 && parseable.length >= settings.minFiles && bytes >= settings.minBytes;
  // workers started ahead of a pool that will not run would only take cores from this thread
  if (!pooled) void releasePrestarted();
  const outcomes = pooled
    ? (await Promise.all([parseOnWorkers(parseable, jobs, settings, options), options.meanwhile?.()]))[0]
    : await parseInThread(parseable, options.onProgress);

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
    return parseWith(tools, path, text);
  } catch (cause) {
    renewParser(tools);
    throw cause;
  }
}

/**
 * Outcome of one file: tags (with a `parse-error` diagnostic when the tree has errors), or a
 * `parse-failed` diagnostic when parsing threw. The in-thread path and the workers both use it.
 */
export function parseFile(tools: LanguageTools, path: string, text: string): FileOutcome {
  try {
    const tags = parseWith(tools, path, text);
    if (tags.errorNodes === 0) return { tags };
    return {
      tags,
      diagnostic: { code: 'parse-error', file: path, message: `${tags.errorNodes} syntax error nodes; tags kept from the parts that parsed` },
    };
  } catch (cause) {
    renewParser(tools);
    return { diagnostic: { code: 'parse-failed', file: path, message: `cannot parse: ${messageOf(cause)}` } };
  }
}

async function parseInThread(files: readonly ParseableFile[], onProgress: TagsOptions['onProgress']): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  for (const file of files) {
    const tools = await languageTools(file.language, file.path);
    outcomes.push(parseFile(tools, file.path, file.text));
    onProgress?.(outcomes.length, files.length);
  }
  return outcomes;
}

async function parseOnWorkers(
  files: readonly ParseableFile[],
  jobs: number,
  settings: PoolSettings,
  { onProgress, onWorkers }: TagsOptions,
): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array(files.length);
  let done = 0;
  const pooled: PoolFile[] = files.map((f, index) => ({ index, path: f.path, language: f.language, text: f.text, size: f.size }));
  try {
    const stats = await parseInWorkers(pooled, jobs, settings, (index, outcome) => {
      outcomes[index] = outcome;
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
  if (!(workerError instanceof RepoMapError)) return workerError;
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

function parseWith(tools: LanguageTools, path: string, text: string): FileTags {
  const tree = tools.parser.parse(text);
  if (!tree) throw new Error(`the ${tools.language} parser returned no tree`);
  try {
    const root = tree.rootNode;
    const { definitions, references, imports } = collectTags(tools.query, root, text);
    return { path, language: tools.language, definitions, references, imports, errorNodes: countErrorNodes(root) };
  } finally {
    tree.delete();
  }
}
