/**
 * What an interrupted run left, read back to resume it (`repomap eval --resume`):
 * the rows of its details file and the samples of its feature files. Both are
 * written a line at a time as samples finish (./details-out.ts, `appendFeatures`),
 * so a killed run leaves complete lines and at most one cut last line. Only lines
 * ended by a newline count; what follows the last newline is cut off the file, and
 * its sample is run again. A line before that which is not a valid row is an error
 * naming the file and line: the file was not written by a run.
 */
import { readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { RepoMapError } from '../errors.js';
import { parseDetails, type DetailsRow } from './details.js';
import { isPlainObject, parseJsonl } from './jsonl.js';
import type { Sample } from './samples.js';
import { compareByteOrder } from '../text/order.js';

/** The feature file of a repository in `dir`: `<owner+name>.jsonl`. */
export function featuresFile(dir: string, repo: string): string {
  return join(dir, `${repo.replace('/', '+')}.jsonl`);
}

/** A file's complete lines as text; the cut tail, if any, is truncated off the file. Undefined when the file does not exist. */
async function completeLines(file: string): Promise<{ text: string; cutBytes: number } | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    const reason = err instanceof Error ? err.message : String(err);
    throw new RepoMapError('bad-details', `repomap/eval: ${file}: cannot read (${reason})`, file);
  }
  const end = bytes.lastIndexOf(0x0a) + 1;
  if (end < bytes.length) await truncate(file, end);
  return { text: bytes.subarray(0, end).toString('utf8'), cutBytes: bytes.length - end };
}

export interface ResumedDetails {
  /** The rows of the file by sample id, in file order. */
  rows: Map<string, DetailsRow>;
  /** Bytes cut off the end of the file (a line a kill left unfinished); 0 when none. */
  cutBytes: number;
}

/**
 * Reads the details file of an earlier run (see the module comment); a missing file has
 * no rows. A bad line, or a sample id seen twice, is a RepoMapError('bad-details') naming file:line.
 */
export async function resumeDetails(file: string): Promise<ResumedDetails> {
  const read = await completeLines(file);
  if (read === undefined) return { rows: new Map(), cutBytes: 0 };
  return { rows: new Map(parseDetails(read.text, file).map((r) => [r.sample_id, r])), cutBytes: read.cutBytes };
}

/**
 * The rows of `resumed` that belong to `samples`, by sample id. A row naming another
 * repository or base commit than its sample is a RepoMapError('bad-details'): the file
 * was written for other samples, and resuming from it would mix two runs.
 */
export function rowsOfSamples(
  samples: readonly Sample[],
  resumed: ReadonlyMap<string, DetailsRow>,
  file: string,
): Map<string, DetailsRow> {
  const out = new Map<string, DetailsRow>();
  for (const sample of samples) {
    const row = resumed.get(sample.id);
    if (row === undefined) continue;
    if (
      (row.repo !== undefined && row.repo !== sample.repo) ||
      (row.base_commit !== undefined && row.base_commit.toLowerCase() !== sample.base_commit.toLowerCase())
    ) {
      throw new RepoMapError(
        'bad-details',
        `repomap/eval: ${file}: the row of sample "${sample.id}" is for ${row.repo}@${row.base_commit}, the sample is ${sample.repo}@${sample.base_commit}: resume from the file a run of these samples wrote`,
        file,
      );
    }
    out.set(sample.id, row);
  }
  return out;
}

export interface ResumedFeatures {
  /** Samples whose feature vectors are written. */
  ids: Set<string>;
  /** Feature files a cut last line was truncated off. */
  cutFiles: string[];
}

/**
 * The samples whose feature vectors the files of `dir` hold, for the repositories
 * given (missing files hold none); cut last lines are truncated off (see the module comment).
 */
export async function resumeFeatures(dir: string, repos: Iterable<string>): Promise<ResumedFeatures> {
  const ids = new Set<string>();
  const cutFiles: string[] = [];
  for (const repo of [...new Set(repos)].sort(compareByteOrder)) {
    const file = featuresFile(dir, repo);
    const read = await completeLines(file);
    if (read === undefined) continue;
    if (read.cutBytes > 0) cutFiles.push(file);
    for (const { line, value } of parseJsonl(read.text, file, 'bad-details')) {
      if (!isPlainObject(value) || typeof value.sample_id !== 'string' || value.sample_id === '') {
        throw new RepoMapError(
          'bad-details',
          `repomap/eval: ${file}:${line}: expected a feature line with a "sample_id"`,
          `${file}:${line}`,
        );
      }
      ids.add(value.sample_id);
    }
  }
  return { ids, cutFiles };
}
