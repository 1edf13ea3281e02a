/** What `repomap score` does once its arguments are parsed (./score.ts defines it). */
import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { RepoMapError } from '../index.js';
import { buildRunSummary, type DetailsRow, readDetails, scoreDetails, spanSummaryOf } from '../eval/index.js';
import {
  commandLine,
  emitSampleScores,
  emitSummary,
  mib,
  readSampleFiles,
  reportErrors,
  restrictSamples,
} from './eval-io.js';
import { CliExit, type CliIo } from './io.js';
import { startProgress } from './progress.js';

export interface ScoreFlags {
  samples: string[];
  details: string[];
  repos?: string;
  summary?: string;
  sampleScores?: string;
  onlyRows?: boolean;
  restrictTo: string[];
  selective?: boolean;
  name?: string;
  repoList?: string;
}

/** Reads details files into one map by sample id; an id in two files is an error. */
async function readDetailsFiles(io: CliIo, files: readonly string[]): Promise<Map<string, DetailsRow>> {
  const rows = new Map<string, DetailsRow>();
  const from = new Map<string, string>();
  for (const file of files) {
    for (const row of await readDetails(resolve(io.cwd, file))) {
      const first = from.get(row.sample_id);
      if (first !== undefined)
        throw new RepoMapError(
          'bad-details',
          `repomap/cli: ${file}: sample_id "${row.sample_id}" also has a row in ${first}`,
          file,
        );
      from.set(row.sample_id, file);
      rows.set(row.sample_id, row);
    }
  }
  return rows;
}

export async function scoreAction(io: CliIo, flags: ScoreFlags, command: Command): Promise<void> {
  const started = performance.now();
  if (flags.details.length === 0) throw new CliExit(2, 'give at least one --details FILE');
  const all = await readSampleFiles(io, flags.samples);
  const rows = await readDetailsFiles(io, flags.details);
  const known = new Set(all.map((s) => s.id));
  const restricted = await restrictSamples(io, all, flags.repoList);
  let samples = restricted.samples;
  const notes: string[] = [...restricted.notes];
  const stray = [...rows.keys()].filter((id) => !known.has(id)).length;
  if (stray > 0) notes.push(`${stray} details rows match no sample and were ignored.`);
  if (flags.onlyRows) samples = samples.filter((s) => rows.has(s.id));
  for (const file of flags.restrictTo) {
    const keep = new Set((await readDetails(resolve(io.cwd, file))).map((r) => r.sample_id));
    samples = samples.filter((s) => keep.has(s.id));
    notes.push(`restricted to the samples with a row in ${file}.`);
  }
  const mismatched = samples.filter((s) => {
    const r = rows.get(s.id);
    return (
      r !== undefined &&
      ((r.repo !== undefined && r.repo !== s.repo) ||
        (r.base_commit !== undefined && r.base_commit.toLowerCase() !== s.base_commit.toLowerCase()))
    );
  }).length;
  if (mismatched > 0)
    notes.push(`${mismatched} rows name another repo or base commit than their sample (scored against the sample's).`);
  for (const note of notes.slice(restricted.notes.length)) io.stderr.write(`repomap: note: ${note}\n`);

  const progress = flags.repos !== undefined ? startProgress(io, 'score', samples.length) : undefined;
  let scored;
  try {
    scored = await scoreDetails(samples, rows, {
      ...(flags.repos !== undefined ? { reposDir: resolve(io.cwd, flags.repos) } : {}),
      onProgress: (done) => progress?.update(done),
    });
  } finally {
    progress?.stop();
  }
  if (scored.errors.length > 0)
    notes.push(
      `${scored.errors.length} samples with a row had no readable texts: BCY is left out of their task rows and overall.`,
    );
  const matched = samples.filter((s) => rows.has(s.id)).length;
  const summary = buildRunSummary({
    command: commandLine(command),
    method: flags.name ?? flags.details.map((f) => basename(f)).join(' + '),
    scores: scored.scores,
    rows: matched,
    errors: scored.errors,
    bcy: flags.repos !== undefined,
    selective: flags.selective === true,
    facts: {
      details: flags.details,
      ...restricted.facts,
      snapshots: scored.snapshots,
      wall_ms: Math.round(performance.now() - started),
      peak_rss_mb: mib(process.resourceUsage().maxRSS),
    },
    notes,
  });
  const spans = spanSummaryOf(samples, rows);
  if (spans !== undefined) summary.spans = spans;
  await emitSummary(io, summary, flags.summary);
  await emitSampleScores(io, scored.scores, flags.sampleScores);
  reportErrors(io, scored.errors, samples.length, 'could not be scored on texts');
}
