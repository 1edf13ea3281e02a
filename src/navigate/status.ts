import type { NavigableIndex } from './navigable.js';
import type { EdgeType, LanguageId, SkipReason } from '../types.js';
import { compareByteOrder } from '../text/order.js';

/** What an index holds and what it left out: index_status without the server's own state. */
export interface IndexStatus {
  /** Repository folder, or git directory. */
  root: string;
  source: 'folder' | 'git';
  commit?: string;
  files: number;
  /** Files parsed per language (files without a grammar are counted in `files` only). */
  languages: Partial<Record<LanguageId, number>>;
  /** Files whose parse had errors, or failed; the first few of them by path. */
  parseErrors: number;
  parseErrorFiles: string[];
  /** Files kept without tags because parsing them went past the tags stage's budget; the first few of them by path. */
  tooComplex: number;
  tooComplexFiles: string[];
  skipped: Record<SkipReason, number>;
  definitions: number;
  references: number;
  edges: Record<EdgeType, number>;
  /** Tags cache hits and misses of the build, when it had a cache. */
  cache?: { hits: number; misses: number };
}

/** Files named in `parseErrorFiles` and `tooComplexFiles` at most. */
const NAMED_ERRORS = 20;

export function indexStatus(index: NavigableIndex): IndexStatus {
  const languages: Partial<Record<LanguageId, number>> = {};
  for (const f of index.corpus.files) if (f.language !== null) languages[f.language] = (languages[f.language] ?? 0) + 1;
  const named = (codes: readonly string[]): string[] =>
    [...new Set(index.diagnostics.filter((d) => codes.includes(d.code) && d.file !== undefined).map((d) => d.file!))]
      .sort(compareByteOrder)
      .slice(0, NAMED_ERRORS);
  const s = index.stats;
  return {
    root: index.corpus.root,
    source: index.corpus.source,
    ...(index.corpus.commit !== undefined ? { commit: index.corpus.commit } : {}),
    files: s.files,
    languages: Object.fromEntries(Object.entries(languages).sort(([a], [b]) => compareByteOrder(a, b))),
    parseErrors: s.parseErrors,
    parseErrorFiles: named(['parse-error', 'parse-failed']),
    tooComplex: s.tooComplex,
    tooComplexFiles: named(['too-complex']),
    skipped: { ...s.skipped },
    definitions: s.definitions,
    references: s.references,
    edges: { ...s.edges },
    ...(s.cache ? { cache: { ...s.cache } } : {}),
  };
}
