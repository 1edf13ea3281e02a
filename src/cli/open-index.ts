/** The index a command builds from its source flags (./repo-source.ts). */
import { loadCorpus, type CorpusSource } from '../corpus/index.js';
import { buildIndex } from '../build/build-index.js';
import type { Index } from '../build/index.js';
import { prestartWhenListed } from '../tags/index.js';
import { TAGS_DEFAULTS } from '../tags/extract.js';
import { openCacheStore } from './cache-store.js';
import type { CliIo } from './io.js';
import { indexProgress } from './progress.js';
import { repoOf, repoSource, type RepoFlags } from './repo-source.js';

/** An index built by a command, the source it read and how long reading the files took. */
export interface OpenedIndex {
  index: Index;
  source: CorpusSource;
  /** The repository folder on disk (the folder, or the git directory). */
  repo: string;
  corpusMs: number;
  /** The persistent tags cache file the build read and wrote, when it had one. */
  cacheFile?: string;
}

/**
 * Loads the flags' source in its scope and builds its index, through the persistent tags
 * cache unless --no-cache, with progress on stderr for a long build (`label` names the
 * command in it) unless --quiet. `parseJobs` as `buildIndex`'s (default 2).
 */
export async function openIndex(flags: RepoFlags, io: CliIo, label: string, parseJobs?: number): Promise<OpenedIndex> {
  const repo = repoOf(flags, io);
  const source = repoSource(repo, flags.commit);
  const progress = indexProgress(io, label, flags.quiet);
  const started = performance.now();
  try {
    // parse workers start while the files are read, once the listing is large enough for them
    const corpus = await loadCorpus(source, {
      include: flags.include,
      exclude: flags.exclude,
      onListed: prestartWhenListed(parseJobs ?? TAGS_DEFAULTS.jobs),
      onProgress: (done, total) => progress.read(done, total),
    });
    const corpusMs = Math.round(performance.now() - started);
    const store = openCacheStore(flags, io, true);
    try {
      const index = await buildIndex(corpus, {
        releaseTexts: true,
        onProgress: (_stage, done, total) => progress.parse(done, total),
        ...(store ? { tagsCache: store } : {}),
        ...(parseJobs !== undefined ? { parseJobs } : {}),
      });
      return { index, source, repo, corpusMs, ...(store ? { cacheFile: store.file } : {}) };
    } finally {
      store?.close();
    }
  } finally {
    progress.stop();
  }
}
