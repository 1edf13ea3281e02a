import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  EVAL_METHODS,
  RUN_DEFAULTS,
  buildRunSummary,
  checkPackBudgets,
  formatDetailsRow,
  formatRunReport,
  loadEvalConfig,
  readRepoList,
  readSamples,
  restrictToRepos,
  runEval,
  spanMarkdownTable,
  spanSummaryOf,
  type DetailsRow,
  type EvalConfig,
  type EvalMethod,
  type RunSummary,
  type Sample,
  type SampleError,
  type SampleScores,
  type SpanSummary,
} from '../eval/index.js';
import { TOKENIZERS, type TokenizerName } from '../index.js';
import { cacheOption, noCacheOption, openCacheStore } from './cache-flags.js';
import { CliExit, type CliIo } from './io.js';
import { startProgress } from './progress.js';
import { collect, positiveInt } from './arguments.js';

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
  const notes = [`restricted to the ${list.repos.length} repositories of ${list.source}: ${r.kept.length} of ${samples.length} samples kept.`];
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
  for (const e of errors.slice(0, 5)) io.stderr.write(`  ${e.sample_id} (${e.repo}@${e.base_commit.slice(0, 12)}): ${e.message}\n`);
  if (errors.length > 5) io.stderr.write(`  … and ${errors.length - 5} more\n`);
}

/** Peak RSS in MiB with one decimal. */
export function mib(kb: number): number {
  return Math.round((kb / 1024) * 10) / 10;
}

/** Writes each sample's scores as JSONL (sample id, repository, task, metrics) when asked: for tables by group (language, half). */
export async function emitSampleScores(io: CliIo, scores: readonly SampleScores[], file: string | undefined): Promise<void> {
  if (file === undefined) return;
  const lines = scores.map((s) => JSON.stringify({ sample_id: s.sampleId, repo: s.repo, task_type: s.taskType, first_gold_rank: s.firstGoldRank, metrics: s.metrics }));
  await writeOutput(resolve(io.cwd, file), lines.map((l) => `${l}\n`).join(''));
}

/** Writes the summary JSON when asked and prints the report on stdout. */
export async function emitSummary(io: CliIo, summary: RunSummary, file: string | undefined): Promise<void> {
  if (file !== undefined) await writeOutput(resolve(io.cwd, file), JSON.stringify(summary, null, 2) + '\n');
  io.stdout.write(formatRunReport(summary));
  if (summary.spans !== undefined) io.stdout.write('\nPacks (span metrics):\n\n' + spanMarkdownTable(summary.spans as SpanSummary));
}

interface EvalFlags {
  samples: string[];
  repos: string;
  method: EvalMethod;
  out?: string;
  summary?: string;
  sampleScores?: string;
  jobs: number;
  top: number;
  selective?: boolean;
  timing: boolean;
  config?: string;
  name?: string;
  repoList?: string;
  cache?: string | false;
  packBudgets?: number[];
  packTokenizer: TokenizerName;
}

/** Commander parser of `--pack-budgets 4000,8000`. */
function budgetList(value: string): number[] {
  return value.split(',').map((part) => {
    const n = Number(part.trim());
    if (part.trim() === '' || !Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected whole numbers ≥ 1 separated by commas, got "${part}"`);
    return n;
  });
}

/** The summary's record of a configuration: its label, file and overrides. */
function configFact(flags: EvalFlags, config: EvalConfig | undefined): Record<string, unknown> {
  const name = flags.name ?? (flags.config !== undefined ? basename(flags.config).replace(/\.json$/, '') : flags.method);
  if (config === undefined) return { name };
  return { name, config: { file: flags.config, ...config } };
}

export function registerEval(program: Command, io: CliIo): void {
  program
    .command('eval')
    .description(
      'Rank every sample of contract JSONL files on its repository at its base commit (read from git) and score the rankings. ' +
        'A sample whose repository or commit is missing gets no row; it is counted, listed under "errors" in the summary, and the run goes on ' +
        '(exit code 0, or 1 when no sample got a row).',
    )
    .option('--samples <file>', 'samples JSONL (repeatable)', collect, [])
    .requiredOption('--repos <dir>', 'folder of git repositories named owner+name, owner+name/repo or owner/name (bare or not)')
    .addOption(new Option('--method <method>', 'retriever').choices(EVAL_METHODS).default(RUN_DEFAULTS.method))
    .option('--out <file>', 'write the details rows (JSONL, input order)')
    .option('--summary <file>', 'write the summary JSON')
    .option('--sample-scores <file>', 'write each sample\u2019s metrics as JSONL (for tables by language or half)')
    .option('--jobs <n>', 'worker processes (each takes whole repositories)', positiveInt, RUN_DEFAULTS.jobs)
    .option('--top <n>', 'files per row (at least 20 are written)', positiveInt, RUN_DEFAULTS.top)
    .option('--selective', 'add the repository-grouped cross-validated abstention report (needs no-gold samples among the inputs)')
    .option('--no-timing', 'leave timing_ms out of the rows (runs become byte-comparable)')
    .option('--config <file>', 'JSON overrides of the graph and rank defaults: {"graph": {…}, "rank": {…}}, deep-merged (repomap method)')
    .option('--name <label>', 'label of the run in the summary (default: the config file name, else the method)')
    .option('--repo-list <file[#key]>', 'evaluate only the repositories listed (JSON array, JSON object with #key, or one owner/name a line)')
    .addOption(cacheOption(false))
    .addOption(noCacheOption())
    .option('--pack-budgets <list>', 'also pack each sample at these token budgets (e.g. 4000,8000): rows gain "pack" and "pack_whole" line ranges, scored against gold spans (repomap method)', budgetList)
    .addOption(new Option('--pack-tokenizer <name>', 'how pack tokens are counted (regex: the contract\u2019s tokens, as BCY)').choices(TOKENIZERS).default('regex'))
    .action(async (flags: EvalFlags, command: Command) => {
      const started = performance.now();
      if (flags.config !== undefined && flags.method === 'bm25') throw new CliExit(2, `--config applies to --method repomap or bm25f, not ${flags.method}`);
      if (flags.packBudgets !== undefined && flags.method !== 'repomap') throw new CliExit(2, `--pack-budgets applies to --method repomap, not ${flags.method}`);
      const pack = flags.packBudgets !== undefined ? { budgets: flags.packBudgets, tokenizer: flags.packTokenizer } : undefined;
      const config = flags.config !== undefined ? await loadEvalConfig(resolve(io.cwd, flags.config)) : undefined;
      const restricted = await restrictSamples(io, await readSampleFiles(io, flags.samples), flags.repoList);
      const samples = restricted.samples;
      // Opened here first so an unusable folder fails (or a rebuild is reported) before any work.
      const store = flags.method !== 'bm25' ? openCacheStore(flags, io, false) : undefined;
      store?.close();
      const cacheDir = store ? dirname(store.file) : undefined;
      const progress = startProgress(io, 'eval', samples.length);
      let run;
      try {
        run = await runEval(samples, {
          reposDir: resolve(io.cwd, flags.repos),
          method: flags.method,
          top: flags.top,
          jobs: flags.jobs,
          timings: flags.timing,
          ...(config !== undefined ? { config } : {}),
          ...(cacheDir !== undefined ? { cacheDir, onNote: (m: string) => io.stderr.write(`repomap: note: ${m}\n`) } : {}),
          ...(pack !== undefined ? { pack } : {}),
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
        notes: restricted.notes,
        facts: {
          ...configFact(flags, config),
          ...restricted.facts,
          ...(cacheDir !== undefined ? { tags_cache: cacheDir } : {}),
          ...(pack !== undefined ? { pack: { budgets: checkPackBudgets(pack.budgets), tokenizer: pack.tokenizer } } : {}),
          top: flags.top,
          jobs: flags.jobs,
          repositories: run.repositories,
          snapshots: run.snapshots,
          processes: run.processes,
          wall_ms: Math.round(performance.now() - started),
          peak_rss_mb: mib(run.peakRssKb),
        },
      });
      const spans = pack !== undefined ? spanSummaryOf(samples, run.rows) : undefined;
      if (spans !== undefined) summary.spans = spans;
      await emitSummary(io, summary, flags.summary);
      await emitSampleScores(io, run.scores, flags.sampleScores);
      reportErrors(io, run.errors, samples.length, 'failed');
      if (rows.length === 0) throw new CliExit(1, samples.length === 0 ? 'no samples to evaluate' : `no sample produced a row (all ${samples.length} failed)`);
    });
}
