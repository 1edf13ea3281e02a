/**
 * Shared records passed between the pipeline stages
 * (corpus → tags → graph → cues → rank → render/eval).
 * This module imports nothing from `src/`.
 */

/** Languages with a tree-sitter grammar and a tags query. */
export const LANGUAGES = [
  'python',
  'go',
  'rust',
  'typescript',
  'tsx',
  'javascript',
  'java',
  'c',
  'cpp',
  'csharp',
  'kotlin',
  'ruby',
  'php',
  'swift',
  'scala',
] as const;
export type LanguageId = (typeof LANGUAGES)[number];

/** What a file is for an agent; decided from its path by the corpus stage. */
export const FILE_KINDS = ['source', 'test', 'config', 'doc', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** One file of the corpus that became a graph node. Paths are repo-relative POSIX. */
export interface FileRecord {
  path: string;
  /** Size in bytes of the stored content. */
  size: number;
  /** Content decoded as UTF-8 (invalid sequences replaced, and reported). */
  text: string;
  /** Grammar used to parse it, or null for files without one (docs, configs, other languages). */
  language: LanguageId | null;
  kind: FileKind;
  /** Git blob id for git corpora; undefined for folders. */
  blobId?: string;
}

/**
 * Why a file of the source was not made a node. Closed set, each counted in the stats.
 * `unreadable`: a file or folder the process may not read (a folder counts once);
 * `special`: a FIFO, socket or device, not a regular file; `unrepresentable-name`: a
 * name that is not valid UTF-8, so no path string can name it (a folder counts once);
 * `lfs-pointer`: a Git LFS pointer, whose content is in LFS storage, not the repository.
 */
export const SKIP_REASONS = [
  'binary',
  'too-large',
  'minified',
  'vendored',
  'ignored',
  'symlink',
  'submodule',
  'unreadable',
  'special',
  'unrepresentable-name',
  'missing-object',
  'not-fetched',
  'lfs-pointer',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Problem codes carried in `diagnostics`; the library never prints. */
export const DIAGNOSTIC_CODES = [
  'skipped-binary',
  'skipped-too-large',
  'skipped-minified',
  'skipped-vendored',
  'skipped-symlink',
  'skipped-submodule',
  'skipped-unreadable',
  'skipped-special',
  'skipped-unrepresentable-name',
  /** A Git LFS pointer file (`version https://git-lfs.github.com/spec/v1`, an oid and a size): its content is not in the repository. */
  'skipped-lfs-pointer',
  /** A line of a .gitignore or .repomapignore left out: longer than the matcher takes, not a pattern it can compile, or past the cap on wildcards. */
  'ignore-line-left-out',
  'invalid-utf8',
  /** A UTF-16 file (byte-order mark) decoded to text; kept. */
  'decoded-utf16',
  'parse-error',
  'parse-failed',
  /** Parse and tags query of a file went past the tags stage's budget (tree depth, query matches or time): kept as a node without tags. */
  'too-complex',
  'unresolved-cue',
  /** A folder's `.git` that git cannot read (or refuses for its owner): ranked without co-change history. */
  'history-unavailable',
  /** A query longer than `cues.maxQueryChars`: ranked from the text kept (a note about the query, not a file). */
  'query-cut',
  /** A git corpus' blob missing from a repository that is not a partial clone: a damaged repository, or a copy that leaves out files. */
  'skipped-missing-object',
  /** A blob a partial clone never fetched: repomap does not fetch. */
  'skipped-not-fetched',
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface Diagnostic {
  code: DiagnosticCode;
  /** Repo-relative path the diagnostic is about, when it is about one file. */
  file?: string;
  message: string;
}

/** A loaded corpus: the files that are nodes, and what was left out and why. */
export interface Corpus {
  /** Folder path, or the git directory. */
  root: string;
  source: 'folder' | 'git';
  /** Full commit id for git corpora. */
  commit?: string;
  /** Sorted by path (byte order), unique. */
  files: FileRecord[];
  skipped: Record<SkipReason, number>;
  diagnostics: Diagnostic[];
}

/** Standard tags vocabulary: `@definition.<kind>`. */
export const DEFINITION_KINDS = ['function', 'method', 'class', 'interface', 'type', 'module', 'constant'] as const;
export type DefinitionKind = (typeof DEFINITION_KINDS)[number];

/** Standard tags vocabulary: `@reference.<kind>`. */
export const REFERENCE_KINDS = ['call', 'type', 'class', 'implementation'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** A symbol defined in a file; lines are 1-based and inclusive. */
export interface Definition {
  name: string;
  kind: DefinitionKind;
  startLine: number;
  endLine: number;
}

/** A use of a symbol; line is 1-based. */
export interface Reference {
  name: string;
  kind: ReferenceKind;
  line: number;
}

/**
 * An import as written in the file, unresolved.
 * `specifier` is the module text (`os.path`, `.utils`, `./x.js`, `github.com/a/b`,
 * `crate::a::b`, `com.x.Y`, or `mod name` for Rust `mod name;`).
 * `names` are the imported names when the syntax lists them (`from a import b, c`).
 */
export interface ImportSpec {
  specifier: string;
  line: number;
  names: string[];
}

/**
 * A message a file raises, throws, panics, reports or logs with: the string literal's
 * text (quotes and string prefixes removed, at most MESSAGE_MAX_CHARS), 1-based line.
 */
export interface Message {
  text: string;
  line: number;
}

/** Longest message text kept (characters); a longer literal is cut. */
export const MESSAGE_MAX_CHARS = 300;

/** Plain-data result of parsing one file; WASM objects never leave the tags stage. */
export interface FileTags {
  path: string;
  language: LanguageId;
  definitions: Definition[];
  references: Reference[];
  imports: ImportSpec[];
  /** Messages it raises or logs with, by line (the error string an issue quotes points here). */
  messages: Message[];
  /** Number of ERROR/MISSING nodes in the tree (0 for a clean parse). */
  errorNodes: number;
}

/** Edge types of the file graph. */
export const EDGE_TYPES = ['import', 'shared-symbol', 'source-test', 'same-module', 'co-change'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

/** What a query cue is. */
export const CUE_KINDS = [
  'path',
  'frame',
  'identifier',
  'test-name',
  'diff-symbol',
  'given-file',
  'module',
  'imported',
  'term',
] as const;
export type CueKind = (typeof CUE_KINDS)[number];

/** One cue extracted from a query, before it is matched to the corpus. */
export interface Cue {
  kind: CueKind;
  /** Path (as written), symbol name, or term. */
  value: string;
  /** Line number when the cue carries one (`path:line`, frames). */
  line?: number;
  /** Relative strength within its kind, in (0, 1]: e.g. the deepest frame is 1. */
  strength: number;
  /** Query field it came from (`raw_signal`, `anchor_diff`, `text`, …). */
  field: string;
  /**
   * `module` and `imported` cues (read from a code snippet): the language of the snippet,
   * whose import rules resolve them.
   */
  language?: LanguageId;
  /** `imported` cues: the module the name is imported from, as written (`sympy`, `./util`, `crate::sync`). */
  module?: string;
  /**
   * Frames of an issue's traceback (issue2code): steps from the deepest frame of their
   * traceback (0 = deepest), so the rank stage can weigh the deepest frames the
   * repository has, whichever they are.
   */
  depth?: number;
  /**
   * Frames in an installed package or a toolchain's library (`site-packages/flask/…`,
   * `/usr/lib/python3.12/json/…`): the strength the frame has when the repository is that
   * package, as one of its own frames in frame order; `strength` is its strength otherwise.
   */
  repoStrength?: number;
}

/** Task modes; inferred from an ARB query's fields when not given. */
export const TASKS = [
  'code2test',
  'comment2context',
  'trace2code',
  'edit2ripple',
  'issue2code',
  'abstention',
  'generic',
] as const;
export type Task = (typeof TASKS)[number];

/** The rankers a task can use (`rank.ranker`): the hand-tuned score, or the learned model over it. */
export const RANKERS = ['tuned', 'learned'] as const;
export type Ranker = (typeof RANKERS)[number];

/** A query: free text, or an ARB query object (every string value counts as text). */
export type Query = string | Record<string, unknown>;

/** A query longer than the cue stage reads (`cues.maxQueryChars`): its characters, and how many were read. */
export interface QueryCut {
  chars: number;
  kept: number;
}

/** Cues of one query, plus the given files and the inferred task. */
export interface QueryCues {
  task: Task;
  cues: Cue[];
  /** Files already in the agent's context, as written in the query. */
  givenFiles: string[];
  /** All query text joined, for term matching. */
  text: string;
  /** Set when the query was longer than the cue stage reads: the cues come from the text kept. */
  cut?: QueryCut;
}

/** What earned a span its place (see DESIGN.md, "Spans and packs"). */
export const SPAN_KINDS = ['definition', 'changed', 'frame', 'test', 'caller', 'link'] as const;
export type SpanKind = (typeof SPAN_KINDS)[number];

/** Lines of a ranked file that earned its rank; 1-based, inclusive. */
export interface Span {
  start: number;
  end: number;
  kind: SpanKind;
  /** The definition the span covers, when it covers one. */
  symbol?: string;
  why: string;
}

/** A function, method or class of a ranked file that is likely to change (issue2code). */
export interface RankedFunction {
  /** `Class.method` for a method, else the name. */
  name: string;
  kind: DefinitionKind;
  /** Lines of the definition, 1-based inclusive. */
  start: number;
  end: number;
  /** In (0, 1]: 1 for the file's best. */
  score: number;
}

/** One ranked file with the reasons it is where it is. */
export interface RankedFile {
  path: string;
  score: number;
  reasons: string[];
  /** Line spans that earned the rank, in line order (computed for the top files only). */
  spans?: Span[];
  /** The functions, methods and classes most likely to change, best first (tasks with `functionFiles`, top files only). */
  functions?: RankedFunction[];
  /** Already in the agent's context (the query gives it); ranked last unless includeGiven. */
  given?: boolean;
}

export interface IndexStats {
  files: number;
  parsed: number;
  parseErrors: number;
  /** Files kept as nodes without tags because parsing them went past the tags stage's budget (`too-complex`). */
  tooComplex: number;
  skipped: Record<SkipReason, number>;
  definitions: number;
  references: number;
  imports: number;
  importsResolved: number;
  edges: Record<EdgeType, number>;
  timingsMs: { corpus: number; tags: number; graph: number };
  /** Files whose tags came from the tags cache (hits) or were parsed (misses); present when a cache was given. */
  cache?: { hits: number; misses: number };
}

export interface RepoMapResult {
  task: Task;
  /** Full commit id the corpus was read at (git corpora only). */
  commit?: string;
  files: RankedFile[];
  /** In [0, 1]: how sure the ranking is that it found something (see DESIGN.md). */
  confidence: number;
  /** The functions most likely to change across the ranked files, best first, as `path::Qualified.name` (with `RankedFile.functions`). */
  functions?: string[];
  /** The learned ranker's feature vectors of the tuned ranking's first files (RankOptions.features). */
  features?: RankFeatures;
  /** The learned function ranker's unit feature vectors of the units of the files that get functions (RankOptions.unitFeatures). */
  unitFeatures?: UnitFeatures;
  diagnostics: Diagnostic[];
  stats: IndexStats & { rankMs: number };
}

/** Feature vectors of candidate units (src/learn/unit-features.ts): `values[k]` is unit `ids[k]`'s (`path::Qualified.name`), in `names` order. */
export interface UnitFeatures {
  version: number;
  names: string[];
  ids: string[];
  values: number[][];
}

/** Feature vectors of candidate files (src/learn/features.ts): `values[k]` is `paths[k]`'s, in `names` order. */
export interface RankFeatures {
  version: number;
  names: string[];
  /** The candidates in the tuned ranking's order. */
  paths: string[];
  values: number[][];
}
