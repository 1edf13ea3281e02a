import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import {
  EVAL_METHODS,
  RUN_DEFAULTS,
  buildRunSummary,
  formatDetailsRow,
  formatRunReport,
  readSamples,
  runEval,
  type DetailsRow,
  type EvalMethod,
  type RunSummary,
  type Sample,
  type SampleError,
} from '../eval/index.js';
import { CliExit, type CliIo } from './io.js';
import { startProgress } from './progress.js';
import { positiveInt } from './rank.js';

/** Commander collector for a repeatable option. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

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
    { onWarning: (w) => io.stderr.write(`repomap: warning: ${w.file}:${w.line}: ${w.message} (sample ${w.sampleId})\n`) },
  );
}

/** Details rows as JSONL text (one row a line, contract key order). */
export function detailsText(rows: readonly DetailsRow[]): string {
  return rows.map((r) => formatDetailsRow(r) + '\n').join('');
}

/** Reports failed samples on stderr: the count, and the first few messages. */
export function reportErrors(io: CliIo, errors: readonly SampleError[], total: number, what: string): void {
  if (errors.length === 0) return;
  io.stderr.write(`repomap: ${errors.length} of ${total} samples ${what} (listed under "errors" in the summary)\n`);
  for (const e of errors.slice(0, 5)) io.stderr.write(`  ${e.sample_id} (${e.repo}@${e.base_commit.slice(0, 12)}): ${e.message}\n`);
  if (errors.length > 5) io.stderr.write(`  … and ${errors.length - 5} more\n`);
}

/** Peak RSS in MiB with one decimal. */
export function mib(kb: number): number {
  return Math.round((kb / 1024) * 10) / 10;
}

/** Writes the summary JSON when asked and prints the report on stdout. */
export async function emitSummary(io: CliIo, summary: RunSummary, file: string | undefined): Promise<void> {
  if (file !== undefined) await writeOutput(resolve(io.cwd, file), JSON.stringify(summary, null, 2) + '\n');
  io.stdout.write(formatRunReport(summary));
}

interface EvalFlags {
  samples: string[];
  repos: string;
  method: EvalMethod;
  out?: string;
  summary?: string;
  jobs: number;
  top: number;
  selective?: boolean;
  timing: boolean;
}

export function registerEval(program: Command, io: CliIo): void {
  program
    .command('eval')
    .description(
      'Rank every sample of contract JSONL files on its repository at its base commit (read from git) and score the rankings. ' +
        'A sample whose repository or commit is missing gets no row; it is counted, listed under "errors" in the summary, and the run goes on (exit code 0).',
    )
    .option('--samples <file>', 'samples JSONL (repeatable)', collect, [])
    .requiredOption('--repos <dir>', 'folder of git repositories named owner+name, owner+name/repo or owner/name (bare or not)')
    .addOption(new Option('--method <method>', 'retriever').choices(EVAL_METHODS).default(RUN_DEFAULTS.method))
    .option('--out <file>', 'write the details rows (JSONL, input order)')
    .option('--summary <file>', 'write the summary JSON')
    .option('--jobs <n>', 'worker processes (each takes whole repositories)', positiveInt, RUN_DEFAULTS.jobs)
    .option('--top <n>', 'files per row (at least 20 are written)', positiveInt, RUN_DEFAULTS.top)
    .option('--selective', 'add the repository-grouped cross-validated abstention report (needs no-gold samples among the inputs)')
    .option('--no-timing', 'leave timing_ms out of the rows (runs become byte-comparable)')
    .action(async (flags: EvalFlags, command: Command) => {
      const started = performance.now();
      const samples = await readSampleFiles(io, flags.samples);
      const progress = startProgress(io, 'eval', samples.length);
      let run;
      try {
        run = await runEval(samples, {
          reposDir: resolve(io.cwd, flags.repos),
          method: flags.method,
          top: flags.top,
          jobs: flags.jobs,
          timings: flags.timing,
          onProgress: (done) => progress.update(done),
        });
      } finally {
        progress.stop();
      }
      const rows = run.rows.filter((r): r is DetailsRow => r !== undefined);
      if (flags.out !== undefined) await writeOutput(resolve(io.cwd, flags.out), detailsText(rows));
      const summary = buildRunSummary({
        command: commandLine(command),
        method: flags.method,
        scores: run.scores,
        rows: rows.length,
        errors: run.errors,
        bcy: true,
        selective: flags.selective === true,
        facts: {
          top: flags.top,
          jobs: flags.jobs,
          repositories: run.repositories,
          snapshots: run.snapshots,
          processes: run.processes,
          wall_ms: Math.round(performance.now() - started),
          peak_rss_mb: mib(run.peakRssKb),
        },
      });
      await emitSummary(io, summary, flags.summary);
      reportErrors(io, run.errors, samples.length, 'failed');
    });
}
