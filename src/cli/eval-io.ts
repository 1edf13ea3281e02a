/**
 * What `eval`, `score` and `fuse` share once they run: the command line for summaries,
 * samples in, details rows, summaries and per-sample scores out.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
// the harness' leaf modules, not its entry: fuse writes details rows without loading the engine
import {
  type DetailsRow,
  formatDetailsRow,
  formatRunReport,
  readRepoList,
  readSamples,
  restrictToRepos,
  type RunSummary,
  type Sample,
  type SampleError,
  type SampleScores,
  spanMarkdownTable,
  type SpanSummary,
} from '../eval/index.js';
import { CliExit, type CliIo } from './io.js';

/** The command line as typed (shell-quoted where needed), for summaries. */
export function commandLine(command: Command): string {
  let root = command;
  while (root.parent) root = root.parent;
  const quote = (a: string): string => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  // Commander keeps the parsed argv in `rawArgs` (not in its typings).
  const argv = (root as unknown as { rawArgs?: string[] }).rawArgs ?? [];
  return ['repomap', ...argv.map(quote)].join(' ');
}

/** Writes a file, creating its folder. */
export async function writeOutput(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** Reads samples from the `--samples` files (resolved against the working folder); warnings go to stderr. */
export async function readSampleFiles(io: CliIo, files: readonly string[]): Promise<Sample[]> {
  if (files.length === 0) throw new CliExit(2, 'give at least one --samples FILE');
  return readSamples(
    files.map((f) => resolve(io.cwd, f)),
    {
      onWarning: (w) => io.stderr.write(`repomap: warning: ${w.file}:${w.line}: ${w.message} (sample ${w.sampleId})\n`),
    },
  );
}

/**
 * Keeps the samples of the repositories listed in `--repo-list FILE[#KEY]`
 * (every sample without it); says on stderr what was dropped. Returns the
 * samples and the summary fact that records the restriction.
 */
export async function restrictSamples(
  io: CliIo,
  samples: Sample[],
  argument: string | undefined,
): Promise<{ samples: Sample[]; facts: Record<string, unknown>; notes: string[] }> {
  if (argument === undefined) return { samples, facts: {}, notes: [] };
  const list = await readRepoList(argument, (f) => resolve(io.cwd, f));
  const r = restrictToRepos(samples, list.repos);
  const notes = [
    `restricted to the ${list.repos.length} repositories of ${list.source}: ${r.kept.length} of ${samples.length} samples kept.`,
  ];
  if (r.unmatched.length > 0) notes.push(`no sample belongs to ${r.unmatched.join(', ')} (listed in ${list.source}).`);
  for (const note of notes) io.stderr.write(`repomap: note: ${note}\n`);
  return { samples: r.kept, facts: { repo_list: { source: list.source, repos: list.repos } }, notes };
}

/** Details rows as JSONL text (one row a line, contract key order). */
export function detailsText(rows: readonly DetailsRow[]): string {
  return rows.map((r) => formatDetailsRow(r) + '\n').join('');
}

/** Reports failed samples on stderr: the count, and the first few messages. */
export function reportErrors(io: CliIo, errors: readonly SampleError[], total: number, what: string): void {
  if (errors.length === 0) return;
  io.stderr.write(`repomap: ${errors.length} of ${total} samples ${what} (listed under "errors" in the summary)\n`);
  for (const e of errors.slice(0, 5))
    io.stderr.write(`  ${e.sample_id} (${e.repo}@${e.base_commit.slice(0, 12)}): ${e.message}\n`);
  if (errors.length > 5) io.stderr.write(`  … and ${errors.length - 5} more\n`);
}

/** Peak RSS in MiB with one decimal. */
export function mib(kb: number): number {
  return Math.round((kb / 1024) * 10) / 10;
}

/** Writes each sample's scores as JSONL (sample id, repository, task, metrics) when asked: for tables by group (language, half). */
export async function emitSampleScores(
  io: CliIo,
  scores: readonly SampleScores[],
  file: string | undefined,
): Promise<void> {
  if (file === undefined) return;
  const lines = scores.map((s) =>
    JSON.stringify({
      sample_id: s.sampleId,
      repo: s.repo,
      task_type: s.taskType,
      first_gold_rank: s.firstGoldRank,
      metrics: s.metrics,
    }),
  );
  await writeOutput(resolve(io.cwd, file), lines.map((l) => `${l}\n`).join(''));
}

/** Writes the summary JSON when asked and prints the report on stdout. */
export async function emitSummary(io: CliIo, summary: RunSummary, file: string | undefined): Promise<void> {
  if (file !== undefined) await writeOutput(resolve(io.cwd, file), JSON.stringify(summary, null, 2) + '\n');
  io.stdout.write(formatRunReport(summary));
  if (summary.spans !== undefined)
    io.stdout.write('\nPacks (span metrics):\n\n' + spanMarkdownTable(summary.spans as SpanSummary));
}
