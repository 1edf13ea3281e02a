import { whySkipped } from '../corpus/index.js';
import { RepoMapError } from '../errors.js';
import type { NavigableIndex } from './navigable.js';

/**
 * `written` (repo-relative, `./` and trailing spaces forgiven) as a path of the index's
 * corpus, or a RepoMapError naming `field` that says why the file is not there when a
 * rule skipped it.
 */
export function corpusPath(index: NavigableIndex, written: string, field: string): string {
  const path = written.trim().replace(/^\.\//, '');
  if (isCorpusFile(index, path)) return path;
  const skipped = whySkipped(index.corpus, path);
  throw new RepoMapError(
    'bad-option',
    `repomap/navigate: ${path} is not a file of the corpus${skipped ? ` (${skipped})` : ''}`,
    field,
  );
}

export function isCorpusFile(index: NavigableIndex, path: string): boolean {
  return index.languageOf(path) !== null || index.corpus.files.some((f) => f.path === path);
}

/** How many paths a message names before it counts the rest. */
const NAMED_PATHS = 5;

/** Paths that are not files of the corpus, as a message names them: the first few, each with the rule that skipped it, if one did. */
export function describeOutside(index: NavigableIndex, paths: readonly string[]): string {
  const named = paths.slice(0, NAMED_PATHS).map((p) => withSkipReason(index, p));
  return named.join(', ') + (paths.length > NAMED_PATHS ? `, and ${paths.length - NAMED_PATHS} more` : '');
}

function withSkipReason(index: NavigableIndex, path: string): string {
  const skipped = whySkipped(index.corpus, path);
  return skipped ? `${path} (${skipped})` : path;
}
