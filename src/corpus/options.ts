import { RepoMapError } from '../errors.js';
import { failOption } from '../options/resolve.js';
import type { Corpus } from '../types.js';
import { IgnoreRules } from './ignore-rules.js';

/** Options of `loadCorpus`; every threshold defaults to `CORPUS_DEFAULTS`. */
export interface CorpusOptions {
  /** Files larger than this many bytes are skipped as 'too-large' (after the binary check). Default 1 MiB. */
  maxFileBytes?: number;
  /** A NUL byte within this many leading bytes makes a file 'binary'. Default 8192. */
  binarySniffBytes?: number;
  /**
   * A file is 'minified' when its longest line is longer than this many bytes
   * AND its average line length is above `minifiedAverageLineBytes`. Default 1000.
   */
  minifiedLineBytes?: number;
  /** Average line length (bytes per line) above which a file with a long line is 'minified'. Default 200. */
  minifiedAverageLineBytes?: number;
  /** File names ending with one of these (case-insensitive) are 'minified' whatever their content. Default .min.{js,mjs,cjs,css}. */
  minifiedSuffixes?: readonly string[];
  /**
   * Extensions (lowercase, with the dot) never judged by line length: prose is often
   * written one paragraph per line, which looks minified but is not.
   */
  proseExtensions?: readonly string[];
  /**
   * Folder names that hold vendored code, dependencies, build output or caches:
   * a path with any of these as a folder segment is skipped as 'vendored'.
   * Matched exactly (case-sensitive) against each folder segment, never the file name.
   */
  vendoredFolders?: readonly string[];
  /**
   * Patterns (gitignore syntax) of files to leave out, skipped as 'ignored', on top of
   * the tree's .gitignore and .repomapignore files. Default none.
   */
  exclude?: readonly string[];
  /** Patterns (gitignore syntax): when any are given, files matching none are skipped as 'ignored'. Default none (every file). */
  include?: readonly string[];
  /** Called as files are examined: `done` of `total` candidate files (after the path rules). */
  onProgress?: (done: number, total: number) => void;
  /**
   * Called once, before any file is read, with the repo-relative paths of the candidate
   * files (after the path rules; content rules may still skip some of them).
   */
  onListed?: (paths: readonly string[]) => void;
  /**
   * A corpus loaded earlier from the same source with the same options. From a folder:
   * a file whose size, modification and change times and inode are what they were then,
   * and that had not been modified for 2 s before that load began, is taken from it
   * without being read again. From a git repository (any commit of it): a file at the
   * same path with the same blob id is. Everything else is read and examined as usual.
   */
  previous?: Corpus;
}

/** The options that are callbacks or an earlier corpus rather than rules. */
const HOOKS = ['onProgress', 'onListed', 'previous'] as const;
type Hooks = (typeof HOOKS)[number];

export type ResolvedCorpusOptions = Required<Omit<CorpusOptions, Hooks>> & Pick<CorpusOptions, Hooks>;

/**
 * Default rule thresholds of the corpus stage.
 *
 * Vendored folders: dependency stores (node_modules, bower_components, jspm_packages,
 * vendor, third_party, third-party, Pods, Carthage, site-packages, .yarn), virtualenvs and
 * tool caches (.venv, venv, __pycache__, .tox, .nox, .mypy_cache, .pytest_cache,
 * .ruff_cache, .eggs, .gradle, .next, .nuxt, .svelte-kit, .turbo, .parcel-cache), build
 * output that is never hand-written (dist, target) and VCS folders (.git, .hg, .svn).
 * `build` and `out` are NOT listed: they are often hand-written source (build scripts,
 * `tools/build/`, Go `build/` packaging), and when they are output they are normally
 * gitignored (folder corpora) or untracked (git corpora) anyway.
 */
export const CORPUS_DEFAULTS: Required<Omit<CorpusOptions, Hooks>> = Object.freeze({
  /** 1 MiB: larger files are data, fixtures or generated code far more often than code to read. */
  maxFileBytes: 1024 * 1024,
  /** 8 KiB, as git's binary detection (which reads 8000 bytes). */
  binarySniffBytes: 8192,
  /** Hand-written code rarely has a line over 1,000 bytes; minified bundles are made of them. */
  minifiedLineBytes: 1000,
  /** Hand-written code averages 30–60 bytes a line; 200 leaves room for one long line among normal ones. */
  minifiedAverageLineBytes: 200,
  minifiedSuffixes: Object.freeze(['.min.js', '.min.mjs', '.min.cjs', '.min.css']),
  proseExtensions: Object.freeze(['.md', '.markdown', '.mdx', '.rst', '.txt', '.adoc', '.asciidoc']),
  vendoredFolders: Object.freeze([
    // dependency stores
    'node_modules',
    'bower_components',
    'jspm_packages',
    'vendor',
    'third_party',
    'third-party',
    'Pods',
    'Carthage',
    'site-packages',
    '.yarn',
    // virtualenvs and tool caches
    '.venv',
    'venv',
    '__pycache__',
    '.tox',
    '.nox',
    '.mypy_cache',
    '.pytest_cache',
    '.ruff_cache',
    '.eggs',
    '.gradle',
    '.next',
    '.nuxt',
    '.svelte-kit',
    '.turbo',
    '.parcel-cache',
    // build output that is never hand-written (see above for build/ and out/)
    'dist',
    'target',
    // version control
    '.git',
    '.hg',
    '.svn',
  ]),
  exclude: Object.freeze([]),
  include: Object.freeze([]),
});

const POSITIVE_INTEGERS = [
  'maxFileBytes',
  'binarySniffBytes',
  'minifiedLineBytes',
  'minifiedAverageLineBytes',
] as const;
const STRING_LISTS = ['minifiedSuffixes', 'proseExtensions', 'vendoredFolders', 'exclude', 'include'] as const;

/** Options merged over the defaults and checked; a bad value is a RepoMapError('bad-option') naming it. */
export function resolveCorpusOptions(options: CorpusOptions = {}): ResolvedCorpusOptions {
  const known = [...Object.keys(CORPUS_DEFAULTS), ...HOOKS];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) failOption(`unknown key "corpus.${key}" (known: ${known.join(', ')})`, `corpus.${key}`);
  }
  const resolved: ResolvedCorpusOptions = { ...CORPUS_DEFAULTS };
  for (const key of POSITIVE_INTEGERS) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value <= 0) {
      throw new RepoMapError(
        'bad-option',
        `repomap/corpus: option ${key} must be a positive integer, got ${String(value)}`,
        key,
      );
    }
    resolved[key] = value;
  }
  for (const key of STRING_LISTS) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw new RepoMapError('bad-option', `repomap/corpus: option ${key} must be an array of strings`, key);
    }
    if (key === 'exclude' || key === 'include') checkPatterns(value, key);
    resolved[key] = value;
  }
  if (options.onProgress !== undefined) resolved.onProgress = checkedFunction(options.onProgress, 'onProgress');
  if (options.onListed !== undefined) resolved.onListed = checkedFunction(options.onListed, 'onListed');
  if (options.previous !== undefined) {
    const p = options.previous as Partial<Corpus> | null;
    if (typeof p !== 'object' || p === null || !Array.isArray(p.files) || typeof p.root !== 'string') {
      throw new RepoMapError(
        'bad-option',
        'repomap/corpus: option previous must be a corpus returned by loadCorpus',
        'previous',
      );
    }
    resolved.previous = options.previous;
  }
  return resolved;
}

/** A pattern the matcher cannot take (too long, or not compiling) is a bad option naming it, shortened. */
function checkPatterns(patterns: readonly string[], key: 'exclude' | 'include'): void {
  const problem = IgnoreRules.of(patterns).problems[0];
  if (problem)
    throw new RepoMapError(
      'bad-option',
      `repomap/corpus: option ${key}[${problem.line - 1}], pattern ${problem.pattern}, cannot be used: ${problem.reason}`,
      key,
    );
}

function checkedFunction<T>(value: T, key: string): T {
  if (typeof value !== 'function')
    throw new RepoMapError('bad-option', `repomap/corpus: option ${key} must be a function`, key);
  return value;
}
