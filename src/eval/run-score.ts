/**
 * Scores a details file, whoever wrote it, with the same code `runEval` scores
 * its own rows with. BCY needs the file texts: with `reposDir`, the corpus of
 * each (repository, base commit) that has rows is read from git, its samples
 * are scored, and it is let go before the next one.
 */
import { loadCorpus } from '../index.js';
import { isReportable } from '../unstable.js';
import type { DetailsRow } from './details.js';
import { scoreSample, type SampleScores, type TextOf } from './metrics.js';
import type { SampleError } from './run.js';
import { locateRepository, planRepositories, repositoryCandidates } from './run-plan.js';
import type { Sample } from './samples.js';

export interface ScoreDetailsOptions {
  /** Folder holding the repositories; without it BCY is not computed. */
  reposDir?: string;
  /** Called after each sample: `done` of `total`. */
  onProgress?: (done: number, total: number) => void;
}

export interface ScoredDetails {
  /** In input order. */
  scores: SampleScores[];
  /** Samples with a row whose texts could not be read (they are scored without BCY). */
  errors: SampleError[];
  /** Snapshots read for texts. */
  snapshots: number;
}

const NO_TEXT: TextOf = () => undefined;

/**
 * Scores every sample against its row (matched by id). A sample without a row
 * scores as a missing row; with `reposDir` it still gets BCY (0), as in `runEval`.
 */
export async function scoreDetails(
  samples: readonly Sample[],
  rows: ReadonlyMap<string, DetailsRow>,
  options: ScoreDetailsOptions = {},
): Promise<ScoredDetails> {
  const scores: (SampleScores | undefined)[] = new Array(samples.length);
  const errors: { index: number; error: SampleError }[] = [];
  let done = 0;
  const put = (index: number, s: SampleScores): void => {
    scores[index] = s;
    options.onProgress?.(++done, samples.length);
  };
  const withRows: number[] = [];
  samples.forEach((sample, i) => {
    if (rows.has(sample.id)) withRows.push(i);
    else put(i, scoreSample(sample, undefined, options.reposDir === undefined ? undefined : NO_TEXT));
  });

  let snapshots = 0;
  if (options.reposDir === undefined) {
    for (const i of withRows) put(i, scoreSample(samples[i] as Sample, rows.get((samples[i] as Sample).id)));
  } else {
    const reposDir = options.reposDir;
    const plan = planRepositories(withRows.map((i) => samples[i] as Sample));
    for (const repo of plan) {
      let gitDir: string | null = null;
      let absent = '';
      try {
        gitDir = await locateRepository(reposDir, repo.repo);
        if (gitDir === null)
          absent = `repository ${repo.repo} not found (tried ${repositoryCandidates(reposDir, repo.repo).join(', ')})`;
      } catch (err) {
        if (!isReportable(err)) throw err;
        absent = err.message;
      }
      for (const snapshot of repo.snapshots) {
        const indexes = snapshot.samples.map((j) => withRows[j] as number);
        let textOf: TextOf | undefined;
        let problem: string | undefined;
        if (gitDir === null) {
          problem = absent;
        } else {
          try {
            const corpus = await loadCorpus({ gitDir, commit: snapshot.commit });
            const texts = new Map(corpus.files.map((f) => [f.path, f.text]));
            textOf = (path) => texts.get(path);
            snapshots++;
          } catch (err) {
            if (!isReportable(err)) throw err;
            problem = err.message;
          }
        }
        for (const i of indexes) {
          const sample = samples[i] as Sample;
          if (problem !== undefined) {
            errors.push({
              index: i,
              error: {
                sample_id: sample.id,
                repo: sample.repo,
                base_commit: sample.base_commit,
                message: `no texts for BCY: ${problem}`,
              },
            });
          }
          put(i, scoreSample(sample, rows.get(sample.id), textOf));
        }
      }
    }
  }
  errors.sort((a, b) => a.index - b.index);
  return { scores: scores as SampleScores[], errors: errors.map((e) => e.error), snapshots };
}
