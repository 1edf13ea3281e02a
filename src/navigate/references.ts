import { compareByteOrder } from '../text/order.js';
import { RepoMapError } from '../errors.js';
import { edgeOf, reExporterOf } from '../graph/index.js';
import type { NavigableIndex } from './navigable.js';
import type { DefinitionKind, ReferenceKind } from '../types.js';
import { NAVIGATE_DEFAULTS, shownLine } from './defaults.js';
import { corpusPath } from './paths.js';

/** A line that references the symbol, with the kinds of reference on it and its text. */
export interface ReferenceLine {
  line: number;
  kinds: ReferenceKind[];
  text: string;
}

/**
 * How a referencing file reaches the definitions asked about: it is one of their files,
 * it imports one (directly, or a module that re-exports the name from one), or it shares
 * a module (package, folder) with one; null when none of these links it (the name may
 * then be another definition's).
 */
export type ReferenceLink = 'same-file' | 'import' | 'same-module' | null;

export interface ReferencingFile {
  path: string;
  /** References that are calls. */
  calls: number;
  references: number;
  via: ReferenceLink;
  /** With `via: 'import'` through a re-export: the module the import lands on that re-exports the name (`flask/__init__.py`). */
  through?: string;
  /** The first `NAVIGATE_DEFAULTS.linesPerFile` lines, in line order; `moreLines` counts the rest. */
  lines: ReferenceLine[];
  moreLines: number;
}

export interface ReferenceSearch {
  symbol: string;
  /** The definitions asked about: every definition of the name, or those of `path`. */
  definitions: { path: string; kind: DefinitionKind; startLine: number; endLine: number }[];
  /** Callers first, then files linked to a definition, then by number of references, then path. */
  files: ReferencingFile[];
  /** Referencing files, `files` being the first `limit` of them. */
  totalFiles: number;
}

export interface FindReferencesOptions {
  /** The file whose definition of the symbol is meant (repo-relative): links are judged against it alone. */
  path?: string;
  /** Files returned (default `NAVIGATE_DEFAULTS.referenceFiles`). */
  limit?: number;
}

/**
 * The files and lines that reference a symbol by name (tags' references), callers first,
 * each saying how it is linked to the definitions. A `path` that is not a file of the
 * corpus, or does not define the symbol, is a RepoMapError naming it.
 */
export function findReferences(
  index: NavigableIndex,
  symbol: string,
  options: FindReferencesOptions = {},
): ReferenceSearch {
  const name = symbol.trim();
  if (name === '') throw new RepoMapError('bad-query', 'repomap/navigate: the symbol is empty', 'symbol');
  const { symbols } = index.fileGraph;
  const definers = symbols.definers(name);
  let targets: readonly string[] = definers;
  if (options.path !== undefined) {
    const path = corpusPath(index, options.path, 'path');
    if (!definers.includes(path)) {
      const elsewhere =
        definers.length > 0
          ? `; it is defined in ${definers.slice(0, 5).join(', ')}${definers.length > 5 ? ` and ${definers.length - 5} more` : ''}`
          : '';
      throw new RepoMapError('bad-option', `repomap/navigate: ${path} does not define ${name}${elsewhere}`, 'path');
    }
    targets = [path];
  }
  const definitions = targets.flatMap((path) =>
    (index.tagsOf(path)?.definitions ?? [])
      .filter((d) => d.name === name && d.kind !== 'module')
      .map((d) => ({ path, kind: d.kind, startLine: d.startLine, endLine: d.endLine })),
  );

  const found: ReferencingFile[] = [];
  for (const path of symbols.referencers(name)) {
    const byLine = new Map<number, Set<ReferenceKind>>();
    let calls = 0;
    let references = 0;
    for (const r of index.tagsOf(path)?.references ?? []) {
      if (r.name !== name) continue;
      references++;
      if (r.kind === 'call') calls++;
      let kinds = byLine.get(r.line);
      if (!kinds) byLine.set(r.line, (kinds = new Set()));
      kinds.add(r.kind);
    }
    if (references === 0) continue;
    found.push({
      path,
      calls,
      references,
      ...linkOf(index, name, path, targets),
      lines: [...byLine]
        .sort((a, b) => a[0] - b[0])
        .map(([line, kinds]) => ({ line, kinds: [...kinds].sort(compareByteOrder), text: '' })),
      moreLines: 0,
    });
  }
  found.sort(
    (a, b) =>
      Number(b.calls > 0) - Number(a.calls > 0) ||
      Number(b.via !== null) - Number(a.via !== null) ||
      b.references - a.references ||
      compareByteOrder(a.path, b.path),
  );
  const files = found.slice(0, options.limit ?? NAVIGATE_DEFAULTS.referenceFiles);
  for (const file of files) {
    const text = index.textOf(file.path)?.split('\n');
    file.moreLines = Math.max(0, file.lines.length - NAVIGATE_DEFAULTS.linesPerFile);
    file.lines = file.lines
      .slice(0, NAVIGATE_DEFAULTS.linesPerFile)
      .map((l) => ({ ...l, text: shownLine(text?.[l.line - 1]) }));
  }
  return { symbol: name, definitions, files, totalFiles: found.length };
}

/**
 * How `path` reaches one of the `targets` (definer files) for `name`: itself, an import
 * edge, an import of a module that re-exports the name from one of them (with that
 * module), a same-module edge.
 */
function linkOf(
  index: NavigableIndex,
  name: string,
  path: string,
  targets: readonly string[],
): Pick<ReferencingFile, 'via' | 'through'> {
  if (targets.includes(path)) return { via: 'same-file' };
  const g = index.fileGraph;
  if (targets.some((t) => edgeOf(g, 'import', path, t))) return { via: 'import' };
  const through = reExporterOf({ resolve: g.basis.resolve, tagsOf: (p) => index.tagsOf(p) }, path, name, targets);
  if (through !== null) return { via: 'import', through };
  if (targets.some((t) => edgeOf(g, 'same-module', path, t) ?? edgeOf(g, 'same-module', t, path)))
    return { via: 'same-module' };
  return { via: null };
}
