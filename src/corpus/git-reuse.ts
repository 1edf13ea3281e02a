/**
 * What a git load keeps for the next load of the same repository given it as `previous`
 * (`CorpusOptions.previous`): a file whose path and blob id are what they were then is
 * taken from it unread. A record follows from its path, its bytes and the rules alone.
 */
import { rulesOf } from './folder-reuse.js';
import { takeableRecords } from './reuse-records.js';
import type { ResolvedCorpusOptions } from './options.js';
import type { Corpus, FileRecord } from '../types.js';

/** The repository and rules of a git load. */
const loads = new WeakMap<Corpus, { gitDir: string; rules: string }>();

/** Remembers that `corpus` was loaded from `gitDir` with `options`' rules (a later load may take its files). */
export function rememberGitLoad(corpus: Corpus, gitDir: string, options: ResolvedCorpusOptions): Corpus {
  loads.set(corpus, { gitDir, rules: rulesOf(options) });
  return corpus;
}

/**
 * The records of `options.previous` by path, when it is a load of `gitDir` with the same
 * rules; undefined otherwise. Files it reported as re-encoded are left out
 * (`takeableRecords`), so that they are read again and their diagnostics given again.
 */
export function earlierGitRecords(gitDir: string, options: ResolvedCorpusOptions): Map<string, FileRecord> | undefined {
  const previous = options.previous;
  const load = previous ? loads.get(previous) : undefined;
  if (!previous || !load || load.gitDir !== gitDir || load.rules !== rulesOf(options)) return undefined;
  return takeableRecords(previous);
}
