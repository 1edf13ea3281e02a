/** The one-call form: load, build, rank. */
import { loadCorpus, type CorpusSource } from '../corpus/index.js';
import { prestartWhenListed } from '../tags/index.js';
import { TAGS_DEFAULTS } from '../tags/extract.js';
import type { Corpus, Query, RepoMapResult } from '../types.js';
import { buildIndex } from './build-index.js';
import type { RankOptions } from './rank-options.js';
import type { IndexOptions } from './options.js';

/** One-call form: load the corpus (or take a loaded one), build the index, rank for the query. */
export async function repoMap(
  query: Query,
  corpus: CorpusSource | Corpus,
  options: IndexOptions & RankOptions = {},
): Promise<RepoMapResult> {
  const t0 = performance.now();
  // Parse workers start while the files are read, once the listing is large enough for them.
  const jobs = options.parseJobs ?? TAGS_DEFAULTS.jobs;
  const loaded =
    'files' in corpus
      ? corpus
      : await loadCorpus(corpus, { ...options.corpus, onListed: prestartWhenListed(jobs, options.corpus?.onListed) });
  const corpusMs = Math.round(performance.now() - t0);
  const index = await buildIndex(loaded, options);
  const result = index.rank(query, options);
  result.stats.timingsMs.corpus = corpusMs;
  return result;
}
