import { loadFolder } from './folder.js';
import { loadGitTree } from './git.js';
import { resolveCorpusOptions, type CorpusOptions } from './options.js';
import { RepoMapError } from '../errors.js';
import type { Corpus } from '../types.js';

/** Where a corpus comes from: a folder on disk, or a commit of a git repository (bare or working). */
export type CorpusSource = { folder: string } | { gitDir: string; commit: string };

/**
 * Loads the files of a folder or of a git commit as corpus records (sorted by path in byte
 * order), applying the skip rules (vendored, gitignored, symlink/submodule, binary,
 * too-large, minified) and counting and reporting what they left out.
 */
export async function loadCorpus(source: CorpusSource, options?: CorpusOptions): Promise<Corpus> {
  const resolved = resolveCorpusOptions(options);
  if (isObject(source) && typeof (source as { folder?: unknown }).folder === 'string') {
    return loadFolder((source as { folder: string }).folder, resolved);
  }
  if (isObject(source) && typeof (source as { gitDir?: unknown }).gitDir === 'string') {
    const { gitDir, commit } = source as { gitDir: string; commit?: unknown };
    if (typeof commit !== 'string') {
      throw new RepoMapError(
        'bad-option',
        'repomap/corpus: a git source needs a commit (sha, branch or tag)',
        'commit',
      );
    }
    return loadGitTree({ gitDir, commit }, resolved);
  }
  throw new RepoMapError('bad-option', 'repomap/corpus: source must be { folder } or { gitDir, commit }', 'source');
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
