import { whySkipped } from '../corpus/index.js';
import { RepoMapError } from '../errors.js';
import type { Index } from '../build/index.js';

/**
 * `written` (repo-relative, `./` and trailing spaces forgiven) as a path of the index's
 * corpus, or a RepoMapError naming `field` that says why the file is not there when a
 * rule skipped it.
 */
export function corpusPath(index: Index, written: string, field: string): string {
  const path = written.trim().replace(/^\.\//, '');
  if (index.languageOf(path) !== null || index.corpus.files.some((f) => f.path === path)) return path;
  const skipped = whySkipped(index.corpus, path);
  throw new RepoMapError('bad-option', `repomap/navigate: ${path} is not a file of the corpus${skipped ? ` (${skipped})` : ''}`, field);
}
