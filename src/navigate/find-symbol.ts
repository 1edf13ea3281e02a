import { distance } from 'fastest-levenshtein';
import { compareByteOrder } from '../text/order.js';
import { RepoMapError } from '../errors.js';
import type { NavigableIndex } from './navigable.js';
import { DEFINITION_KINDS, type DefinitionKind } from '../types.js';
import { NAVIGATE_DEFAULTS } from './defaults.js';

/** The kinds find_symbol searches: every definition kind but `module` (package clauses, which every file of a package has). */
export type SymbolKind = Exclude<DefinitionKind, 'module'>;
export const SYMBOL_KINDS: readonly SymbolKind[] = DEFINITION_KINDS.filter((k): k is SymbolKind => k !== 'module');

/** How a name matched a symbol query, best first. */
export const SYMBOL_MATCHES = ['exact', 'prefix', 'substring', 'fuzzy'] as const;
export type SymbolMatchKind = (typeof SYMBOL_MATCHES)[number];

/** One definition whose name matched. Lines are 1-based and inclusive. */
export interface SymbolMatch {
  name: string;
  kind: DefinitionKind;
  path: string;
  startLine: number;
  endLine: number;
  match: SymbolMatchKind;
}

export interface SymbolSearch {
  query: string;
  /** Best first: exact (same case first), prefix, substring, fuzzy (fewest edits first); then shorter names, then path and line. */
  matches: SymbolMatch[];
  /** Definitions that matched, `matches` being the first `limit` of them. */
  total: number;
}

export interface FindSymbolOptions {
  /** Definitions returned (default `NAVIGATE_DEFAULTS.symbolLimit`). */
  limit?: number;
  /** Only definitions of this kind. */
  kind?: SymbolKind;
}

type Located = Omit<SymbolMatch, 'match'>;

/** Every definition of an index by name (module-kind definitions left out: every file of a package has one). */
class SymbolCatalogue {
  readonly names: string[];
  readonly lower: string[];
  readonly byName = new Map<string, Located[]>();

  constructor(index: NavigableIndex) {
    for (const file of index.tags) {
      for (const d of file.definitions) {
        if (d.kind === 'module' || d.name === '') continue;
        let list = this.byName.get(d.name);
        if (!list) this.byName.set(d.name, (list = []));
        list.push({ name: d.name, kind: d.kind, path: file.path, startLine: d.startLine, endLine: d.endLine });
      }
    }
    for (const list of this.byName.values())
      list.sort((a, b) => compareByteOrder(a.path, b.path) || a.startLine - b.startLine);
    this.names = [...this.byName.keys()].sort(compareByteOrder);
    this.lower = this.names.map((n) => n.toLowerCase());
  }
}

const catalogues = new WeakMap<NavigableIndex, SymbolCatalogue>();

/**
 * Definitions whose name matches `query`: exactly, as a prefix, as a substring, or
 * within a few edits (a typo), all case-insensitive. Deterministic: the same index
 * and query give the same list. An empty query is a RepoMapError naming it.
 */
export function findSymbols(index: NavigableIndex, query: string, options: FindSymbolOptions = {}): SymbolSearch {
  const q = query.trim();
  if (q === '') throw new RepoMapError('bad-query', 'repomap/navigate: the symbol query is empty', 'query');
  const limit = options.limit ?? NAVIGATE_DEFAULTS.symbolLimit;
  let catalogue = catalogues.get(index);
  if (!catalogue) catalogues.set(index, (catalogue = new SymbolCatalogue(index)));
  const ql = q.toLowerCase();
  const edits = Math.min(
    NAVIGATE_DEFAULTS.maxFuzzyEdits,
    Math.max(1, Math.floor(q.length / NAVIGATE_DEFAULTS.fuzzyCharsPerEdit)),
  );
  const found: { name: string; match: SymbolMatchKind; order: number }[] = [];
  catalogue.names.forEach((name, i) => {
    const lower = catalogue.lower[i]!;
    if (lower === ql) found.push({ name, match: 'exact', order: name === q ? 0 : 1 });
    else if (lower.startsWith(ql)) found.push({ name, match: 'prefix', order: 2 });
    else if (lower.includes(ql)) found.push({ name, match: 'substring', order: 3 });
    else if (Math.abs(lower.length - ql.length) <= edits) {
      const d = distance(lower, ql);
      if (d <= edits) found.push({ name, match: 'fuzzy', order: 3 + d });
    }
  });
  found.sort((a, b) => a.order - b.order || a.name.length - b.name.length || compareByteOrder(a.name, b.name));
  const matches: SymbolMatch[] = [];
  let total = 0;
  for (const { name, match } of found) {
    for (const d of catalogue.byName.get(name)!) {
      if (options.kind !== undefined && d.kind !== options.kind) continue;
      total++;
      if (matches.length < limit) matches.push({ ...d, match });
    }
  }
  return { query: q, matches, total };
}
