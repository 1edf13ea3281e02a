/** `repomap eval --resume`: what an interrupted run left in `--out` (and `--features`), and the notes that say so. */
import { type DetailsRow, resumeDetails, resumeFeatures, rowsOfSamples, type Sample } from '../eval/index.js';
import type { CliIo } from './io.js';

export interface Resumed {
  /** Rows of the run's samples already in the file, by sample id. */
  done: Map<string, DetailsRow>;
  /** Samples whose feature vectors are written (with `--features`). */
  featured?: Set<string>;
  /** Rows of the file that belong to no sample of the run: kept, at the file's end. */
  others: DetailsRow[];
  notes: string[];
}

/** Reads `file` (and the feature files of the samples' repositories in `featuresDir`); says on stderr what it found. */
export async function readResumed(
  io: CliIo,
  file: string,
  samples: readonly Sample[],
  featuresDir: string | undefined,
): Promise<Resumed> {
  const details = await resumeDetails(file);
  const done = rowsOfSamples(samples, details.rows, file);
  const others = [...details.rows.values()].filter((r) => !done.has(r.sample_id));
  const notes = [`resumed from ${file}: ${done.size} of ${samples.length} samples have their row.`];
  if (details.cutBytes > 0)
    notes.push(`${file}: a cut last line (${details.cutBytes} bytes) was dropped; its sample runs again.`);
  if (others.length > 0)
    notes.push(`${file}: ${others.length} rows belong to no sample of this run; they are kept at the file's end.`);
  let featured: Set<string> | undefined;
  if (featuresDir !== undefined) {
    const features = await resumeFeatures(
      featuresDir,
      samples.map((s) => s.repo),
    );
    featured = features.ids;
    const missing = samples.filter((s) => done.has(s.id) && !features.ids.has(s.id)).length;
    if (missing > 0)
      notes.push(
        `${missing} samples with a row have no feature vectors in ${featuresDir}: they are ranked again for them.`,
      );
    for (const f of features.cutFiles) notes.push(`${f}: a cut last line was dropped.`);
  }
  for (const note of notes) io.stderr.write(`repomap: note: ${note}\n`);
  return { done, ...(featured !== undefined ? { featured } : {}), others, notes };
}
