/**
 * Evaluates the samples of one repository: for each snapshot (base commit) the
 * corpus is read from git and indexed once, every sample on it is ranked and
 * scored while the snapshot's file texts are at hand (BCY needs them), then
 * the snapshot is let go. One tags cache lives for the whole repository, so a
 * later snapshot only parses the blobs that changed; it goes with the call.
 * A sample that has its row from an earlier run (a resumed run) keeps it and is
 * only scored; a snapshot whose samples all have theirs is read for its texts
 * and not indexed.
 *
 * A job is plain data (it crosses a process boundary when the run is sharded),
 * and its result depends only on the job: the same job gives the same rows
 * whichever process runs it.
 */
import { appendFileSync } from 'node:fs';
import { memoryTagsCache, storeTagsCache, TagsStore, tagsStorePath } from '../cache/index.js';
import type { IndexOptions } from '../build/options.js';
import type { Index } from '../build/index.js';
import { loadCorpus } from '../corpus/index.js';
import { queryText } from '../cues/index.js';
import { isReportable } from '../errors.js';
import { Bm25Index } from '../lexical/bm25.js';
import { openIndex } from '../persist/open-index.js';
import { toDetailsRow } from '../render/index.js';
import { TASKS, type Corpus, type RankFeatures, type Task } from '../types.js';
import { resolveIndexOptions, type EvalConfig } from './config.js';
import type { DetailsRow } from './details.js';
import { scoreSample, type SampleScores, type TextOf } from './metrics.js';
import { bm25Ranking } from './run-bm25.js';
import { locateRepository, repositoryCandidates } from './run-plan.js';
import { makePacker, type EvalPackOptions, type PackFields } from './run-pack.js';
import { featuresFile } from './resume.js';
import type { Sample } from './samples.js';
import type { EvalMethod } from './run-defaults.js';

/** The contract's minimum number of ranked files per row. */
const MIN_TOP = 20;

/** One sample of a job with its position in the run's input. */
export interface JobSample {
  index: number;
  sample: Sample;
  /**
   * Its row from an earlier run (`RunOptions.done`): kept as it is and scored on the
   * snapshot's texts; the sample is ranked again only for feature vectors not yet written.
   */
  row?: DetailsRow;
  /** Its feature vectors are in `featuresDir` already: they are not appended again. */
  featured?: boolean;
}

/** One snapshot of a job: a base commit and the samples on it. */
export interface SnapshotJob {
  commit: string;
  samples: JobSample[];
}

/** Everything needed to evaluate one repository; plain data. */
export interface RepositoryJob {
  /** `owner/name`. */
  repo: string;
  /** Folder holding the repositories (see `locateRepository`). */
  reposDir: string;
  snapshots: SnapshotJob[];
  method: EvalMethod;
  top: number;
  timings: boolean;
  /** Overrides of the graph and rank defaults (checked by `parseEvalConfig`); repomap method only. */
  config?: EvalConfig;
  /** Also pack each sample's context (repomap method): the rows gain `pack` and `pack_whole` (run-pack.ts). */
  pack?: EvalPackOptions;
  /**
   * Folder of a persistent tags store (src/cache) kept behind the job's Map: tags
   * parsed by earlier runs, or by other workers at the same time, are not parsed again.
   */
  cacheDir?: string;
  /** Folder to append each sample's candidate feature vectors to (`<owner+name>.jsonl`, one line a sample); repomap method only. */
  featuresDir?: string;
  /** Size cap of that store in bytes (`TagsStoreOptions.maxBytes`); default the store's. */
  cacheMaxBytes?: number;
  /**
   * Parse threads of each index (`IndexOptions.parseJobs`). `runEval` sets 2 when it runs in
   * one process and 1 in each of several worker processes, which already share the cores.
   */
  parseJobs?: number;
}

/** What became of one sample. */
export interface SampleOutcome {
  index: number;
  /** The details row; absent when the sample failed. */
  row?: DetailsRow;
  /** The row is the sample's row from an earlier run (`JobSample.row`), not a new one. */
  kept?: boolean;
  /** Scores of the row (a failed sample is scored as a missing row). */
  scores: SampleScores;
  /** Why the sample has no row (or, for a kept row, why its texts could not be read for BCY). */
  error?: string;
}

export interface RepositoryResult {
  repo: string;
  /** In job order (snapshot by snapshot). */
  outcomes: SampleOutcome[];
  /** Snapshots read and indexed (one per distinct base commit that could be read). */
  snapshots: number;
}

/** The tags cache of one repository (the public option's type). */
type TagsCache = NonNullable<IndexOptions['tagsCache']>;

/** Text lookup for a failed sample: no text, so BCY is computed (as 0) like for any missing row. */
const NO_TEXT = (): undefined => undefined;

/**
 * Evaluates one repository's samples; `onSample` is called once per sample as it completes,
 * `onNote` with the tags store's messages (a rebuilt or unusable cache). With `pull`, the
 * snapshots come from it, one at a time until it gives none (a worker process asks the
 * run for them, which may hand the last ones to another worker), instead of from `job.snapshots`.
 */
export async function evaluateRepository(
  job: RepositoryJob,
  onSample?: (outcome: SampleOutcome) => void,
  onNote?: (message: string) => void,
  pull?: () => Promise<SnapshotJob | undefined>,
): Promise<RepositoryResult> {
  const store =
    job.cacheDir !== undefined
      ? TagsStore.open(tagsStorePath(job.cacheDir), {
          onMessage: onNote,
          ...(job.cacheMaxBytes !== undefined ? { maxBytes: job.cacheMaxBytes } : {}),
        })
      : undefined;
  try {
    return await evaluateWith(job, store, pull ?? inOrder(job.snapshots), onSample);
  } finally {
    store?.close();
  }
}

/** The snapshots of a list, one per call, then undefined. */
function inOrder(snapshots: readonly SnapshotJob[]): () => Promise<SnapshotJob | undefined> {
  let next = 0;
  return async () => snapshots[next++];
}

async function evaluateWith(
  job: RepositoryJob,
  store: TagsStore | undefined,
  pull: () => Promise<SnapshotJob | undefined>,
  onSample?: (outcome: SampleOutcome) => void,
): Promise<RepositoryResult> {
  const outcomes: SampleOutcome[] = [];
  const emit = (o: SampleOutcome): void => {
    outcomes.push(o);
    onSample?.(o);
  };
  // A sample that cannot be ranked (or whose snapshot cannot be read) gets no row; one with
  // a row from an earlier run keeps it, scored on the texts when they were read (else without BCY).
  const fail = (item: JobSample, message: string, textOf?: TextOf): void => {
    if (item.row === undefined)
      emit({ index: item.index, scores: scoreSample(item.sample, undefined, NO_TEXT), error: message });
    else
      emit({
        index: item.index,
        row: item.row,
        kept: true,
        scores: scoreSample(item.sample, item.row, textOf),
        error: textOf ? message : `no texts for BCY: ${message}`,
      });
  };
  const keep = (item: JobSample & { row: DetailsRow }, textOf: TextOf): void =>
    emit({ index: item.index, row: item.row, kept: true, scores: scoreSample(item.sample, item.row, textOf) });
  // ranked again: no row yet, or one whose feature vectors are still to be written
  const toRank = (item: JobSample): boolean =>
    item.row === undefined || (job.featuresDir !== undefined && job.method === 'repomap' && item.featured !== true);

  let gitDir: string | null;
  let problem: string | undefined;
  try {
    gitDir = await locateRepository(job.reposDir, job.repo);
    if (gitDir === null)
      problem = `repository ${job.repo} not found (tried ${repositoryCandidates(job.reposDir, job.repo).join(', ')})`;
  } catch (err) {
    if (!isReportable(err)) throw err;
    gitDir = null;
    problem = err.message;
  }
  if (gitDir === null) {
    for (let s = await pull(); s; s = await pull()) for (const item of s.samples) fail(item, problem!);
    return { repo: job.repo, outcomes, snapshots: 0 };
  }

  const tagsCache: TagsCache = store ? storeTagsCache(store) : memoryTagsCache();
  // Each snapshot's index is opened as an update of the one before (`previous`): only the
  // files that differ are read, parsed, tokenized and linked again, and the ranking is a
  // fresh build's. The texts stay (BCY and packs read them) and every grammar is loaded
  // with the build (no `prepare` before each rank).
  const open = { tagsCache, parseJobs: job.parseJobs, releaseTexts: false };
  const settings = resolveIndexOptions(job.config);
  let previous: Index | undefined;
  // the snapshot before's files, for a snapshot read without an index: those with the same path and blob are taken unread
  let earlier: Corpus | undefined;
  let snapshots = 0;
  for (let snapshot = await pull(); snapshot; snapshot = await pull()) {
    const started = performance.now();
    const source = { gitDir, commit: snapshot.commit };
    // every sample has its row from an earlier run (the texts score them), or BM25 ranks the files: no index
    const indexed = job.method !== 'bm25' && snapshot.samples.some(toRank);
    let corpus: Corpus | undefined;
    let index: Index | undefined;
    try {
      if (indexed) {
        const onCorpus = (read: Corpus): void => void (corpus = read);
        index = (await openIndex(source, { ...open, settings, onCorpus, ...(previous ? { previous } : {}) })).index;
        corpus = index.corpus;
      } else corpus = await loadCorpus(source, earlier ? { previous: earlier } : undefined);
    } catch (err) {
      // a snapshot that cannot be read fails its samples; an index that cannot be built stops the run
      if (!isReportable(err) || corpus !== undefined) throw err;
      for (const item of snapshot.samples) fail(item, err.message);
      continue;
    }
    earlier = corpus;
    const texts = new Map(corpus.files.map((f) => [f.path, f.text]));
    const textOf = (path: string): string | undefined => texts.get(path);
    if (!snapshot.samples.some(toRank)) {
      for (const item of snapshot.samples) keep(item as JobSample & { row: DetailsRow }, textOf);
      continue;
    }
    previous = index ?? previous;
    const rank = await makeRanker(job, corpus, index);
    const indexMs = Math.round(performance.now() - started);
    snapshots++;
    for (const item of snapshot.samples) {
      if (!toRank(item)) {
        keep(item as JobSample & { row: DetailsRow }, textOf);
        continue;
      }
      let ranked: Ranked;
      try {
        ranked = rank(item.sample);
      } catch (err) {
        if (!isReportable(err)) throw err;
        fail(item, err.message, textOf);
        continue;
      }
      const { sample } = item;
      if (item.row !== undefined) {
        keep(item as JobSample & { row: DetailsRow }, textOf);
      } else {
        const row: DetailsRow = {
          sample_id: sample.id,
          repo: sample.repo,
          base_commit: sample.base_commit,
          task_type: sample.task_type,
          top_files: ranked.files,
          scores: ranked.scores,
          confidence: ranked.confidence,
          abstain: false,
        };
        if (job.timings) row.timing_ms = { index: indexMs, rank: ranked.rankMs };
        if (ranked.functions) row.functions = ranked.functions;
        if (ranked.packs) Object.assign(row, ranked.packs);
        emit({ index: item.index, row, scores: scoreSample(sample, row, textOf) });
      }
      if (job.featuresDir && ranked.features && item.featured !== true)
        appendFeatures(job.featuresDir, sample, ranked.features);
    }
  }
  return { repo: job.repo, outcomes, snapshots };
}

interface Ranked {
  features?: RankFeatures;
  files: string[];
  scores: number[];
  confidence: number;
  rankMs: number;
  packs?: PackFields;
  functions?: string[];
}

/** The method's per-sample ranking function over the corpus: BM25 over its files, or the snapshot's `index` (every other method). */
async function makeRanker(
  job: RepositoryJob,
  corpus: Corpus,
  index: Index | undefined,
): Promise<(sample: Sample) => Ranked> {
  const top = Math.max(job.top, MIN_TOP);
  if (!index) {
    const bm25 = new Bm25Index(corpus.files);
    return (sample) => {
      const started = performance.now();
      const r = bm25Ranking(bm25, queryText(sample.query), top);
      return { ...r, rankMs: Math.round(performance.now() - started) };
    };
  }
  if (job.method === 'bm25f') {
    // the lexical channel alone: BM25F over the files' fields, the rest of the ranking in path order
    return (sample) => {
      const started = performance.now();
      const task = (TASKS as readonly string[]).includes(sample.task_type) ? (sample.task_type as Task) : undefined;
      const hits = index.lexicalRank(sample.query, { ...(task ? { task } : {}), match: 'bm25f' });
      const ranked = new Set(hits.map((h) => h.path));
      const rest = index.corpus.files.map((f) => f.path).filter((p) => !ranked.has(p));
      const files = [...hits.map((h) => h.path), ...rest].slice(0, top);
      const scores = [...hits.map((h) => h.score), ...rest.map(() => 0)].slice(0, top);
      return { files, scores, confidence: 0, rankMs: Math.round(performance.now() - started) };
    };
  }
  const packer = job.pack ? await makePacker(index, job.pack) : undefined;
  return (sample) => {
    const task = (TASKS as readonly string[]).includes(sample.task_type) ? (sample.task_type as Task) : undefined;
    // Packs need the whole ranking (their trailer counts every left-out file); the row keeps `top`.
    const result = index.rank(sample.query, {
      ...(task ? { task } : {}),
      ...(packer ? {} : { top }),
      ...(job.featuresDir ? { features: true } : {}),
    });
    const row = toDetailsRow(result, { top });
    const ranked: Ranked = {
      files: row.top_files,
      scores: row.scores,
      confidence: row.confidence,
      rankMs: result.stats.rankMs,
    };
    if (row.functions) ranked.functions = row.functions;
    if (packer) ranked.packs = packer(result.files);
    if (result.features) ranked.features = result.features;
    return ranked;
  };
}

/**
 * Appends one sample's feature vectors to its repository's file in `dir`, as one line
 * (an O_APPEND write: two workers on one repository's snapshots never interleave lines).
 */
function appendFeatures(dir: string, sample: Sample, features: RankFeatures): void {
  const line = {
    sample_id: sample.id,
    repo: sample.repo,
    base_commit: sample.base_commit,
    task_type: sample.task_type,
    ...features,
  };
  appendFileSync(featuresFile(dir, sample.repo), `${JSON.stringify(line)}\n`);
}
