import { diffFiles } from '../cues/index.js';
import { RepoMapError } from '../errors.js';
import { edgeOf } from '../graph/index.js';
import type { NavigableIndex } from './navigable.js';
import type { EdgeType, Query } from '../types.js';
import { NAVIGATE_DEFAULTS } from './defaults.js';
import { corpusPath, describeOutside, isCorpusFile } from './paths.js';

/** An edit: a unified diff, the file edited, or both (the file then anchors a diff without headers). */
export interface Edit {
  diff?: string;
  file?: string;
}

/** How a file is linked to an edited one, read from the graph's edges between them. */
export const RELATION_KINDS = [
  'caller',
  'importer',
  'test',
  'tested',
  'co-changed',
  'same-module',
  'dependency',
] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export interface Relation {
  kind: RelationKind;
  /** The edited file it relates to. */
  of: string;
  /** The edge's evidence (names used, import written, commits shared, …). */
  label: string;
}

export interface ImpactedFile {
  path: string;
  score: number;
  /** In RELATION_KINDS order, then by edited file; empty for a file reached through others only. */
  relations: Relation[];
  /** The ranking's reasons (edit2ripple). */
  reasons: string[];
}

export interface Impact {
  /** The edited files (the diff's, or the one given): what the ripple starts from, never among `files`. */
  edited: string[];
  confidence: number;
  files: ImpactedFile[];
}

/** Which stored edge, seen from a candidate file F towards an edited file E, makes which relation. */
const RELATIONS: readonly { type: EdgeType; from: 'candidate' | 'edited' | 'either'; kind: RelationKind }[] = [
  { type: 'shared-symbol', from: 'candidate', kind: 'caller' }, // F uses names E defines
  { type: 'import', from: 'candidate', kind: 'importer' }, // F imports E
  { type: 'source-test', from: 'candidate', kind: 'test' }, // F is a test of E
  { type: 'source-test', from: 'edited', kind: 'tested' }, // E is a test of F
  { type: 'co-change', from: 'either', kind: 'co-changed' },
  { type: 'same-module', from: 'either', kind: 'same-module' },
  { type: 'import', from: 'edited', kind: 'dependency' }, // E imports F
  { type: 'shared-symbol', from: 'edited', kind: 'dependency' }, // E uses names F defines
];

/**
 * What an edit ripples to: the index's edit2ripple ranking of the edit (callers,
 * importers, tests, files changed together in the history), each file with how it is
 * linked to the edited files and the ranking's reasons. The edited files themselves are
 * left out. An edit naming no file (a diff without headers and no `file`) is a
 * RepoMapError; a `file` outside the corpus, or a diff naming only such files, is one
 * naming them.
 */
export function editImpact(index: NavigableIndex, edit: Edit, options: { top?: number } = {}): Impact {
  const diff = edit.diff?.trim() ? edit.diff : undefined;
  if (edit.diff !== undefined && diff === undefined)
    throw new RepoMapError('bad-query', 'repomap/navigate: the diff is empty', 'diff');
  const anchor = edit.file !== undefined ? corpusPath(index, edit.file, 'file') : undefined;
  const named = diff !== undefined ? diffFiles(diff) : [];
  if (anchor === undefined && named.length > 0 && !named.some((path) => isCorpusFile(index, path))) {
    // ranking from files the index does not hold gives unrelated files: say so, as for `file`
    throw new RepoMapError(
      'bad-query',
      `repomap/navigate: the diff names no file of the corpus: ${describeOutside(index, named)}`,
      'diff',
    );
  }
  const edited = [...new Set([...(anchor !== undefined ? [anchor] : []), ...named])];
  if (edited.length === 0) {
    throw new RepoMapError(
      'bad-query',
      'repomap/navigate: the edit names no file: give a diff with its ---/+++ headers, or the edited file',
      diff !== undefined ? 'diff' : 'file',
    );
  }
  // The ARB edit2ripple query: the edited file as anchor (given), the diff; further files of the diff given too.
  const query: Query = {
    anchor_file: edited[0]!,
    ...(diff !== undefined ? { anchor_diff: diff } : {}),
    ...(edited.length > 1 ? { given_file: edited.slice(1) } : {}),
  };
  const ranked = index.rank(query, { task: 'edit2ripple' });
  const top = options.top ?? NAVIGATE_DEFAULTS.impactTop;
  const files = ranked.files
    .filter((f) => !f.given && !edited.includes(f.path))
    .slice(0, top)
    .map((f) => ({ path: f.path, score: f.score, relations: relationsOf(index, f.path, edited), reasons: f.reasons }));
  return { edited, confidence: ranked.confidence, files };
}

function relationsOf(index: NavigableIndex, path: string, edited: readonly string[]): Relation[] {
  const out: Relation[] = [];
  const g = index.fileGraph;
  for (const r of RELATIONS) {
    for (const of of edited) {
      if (out.some((o) => o.kind === r.kind && o.of === of)) continue;
      const edge =
        r.from === 'candidate'
          ? edgeOf(g, r.type, path, of)
          : r.from === 'edited'
            ? edgeOf(g, r.type, of, path)
            : (edgeOf(g, r.type, path, of) ?? edgeOf(g, r.type, of, path));
      if (edge) out.push({ kind: r.kind, of, label: edge.label });
    }
  }
  return out;
}
