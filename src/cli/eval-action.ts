/** What `repomap eval` does once its arguments are parsed (./eval.ts defines it). */
import { mkdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Ranker, TokenizerName } from '../index.js';
import {
  buildRunSummary,
  checkPackBudgets,
  DetailsOut,
  type DetailsRow,
  type EvalConfig,
  type EvalMethod,
  loadEvalConfig,
  runEval,
  type Shard,
  shardSamples,
  spanSummaryOf,
} from '../eval/index.js';
import { MIB } from './cache-flags.js';
import { openCacheStore } from './cache-store.js';
import {
  commandLine,
  emitSampleScores,
  emitSummary,
  mib,
  readSampleFiles,
  reportErrors,
  restrictSamples,
} from './eval-io.js';
import { readResumed, type Resumed } from './eval-resume.js';
import { CliExit, type CliIo } from './io.js';
import { startProgress } from './progress.js';
import { everyTask } from './ranker-flag.js';

export interface EvalFlags {
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
  cacheMaxMb?: number;
  packBudgets?: number[];
  packTokenizer: TokenizerName;
  features?: string;
  ranker?: Ranker;
  resume?: boolean;
  shard?: Shard;
}

/** The summary's record of a configuration: its label, file and overrides. */
function configFact(flags: EvalFlags, config: EvalConfig | undefined): Record<string, unknown> {
  const name =
    flags.name ?? (flags.config !== undefined ? basename(flags.config).replace(/\.json$/, '') : flags.method);
  if (config === undefined) return { name };
  return { name, config: { file: flags.config, ...config } };
}

export async function evalAction(io: CliIo, flags: EvalFlags, command: Command): Promise<void> {
  const started = performance.now();
  if (flags.config !== undefined && flags.method === 'bm25')
    throw new CliExit(2, `--config applies to --method repomap or bm25f, not ${flags.method}`);
  if (flags.packBudgets !== undefined && flags.method !== 'repomap')
    throw new CliExit(2, `--pack-budgets applies to --method repomap, not ${flags.method}`);
  if (flags.features !== undefined && flags.method !== 'repomap')
    throw new CliExit(2, `--features applies to --method repomap, not ${flags.method}`);
  if (flags.resume && flags.out === undefined)
    throw new CliExit(2, '--resume needs --out FILE, the details file of the run to resume');
  const featuresDir = flags.features !== undefined ? resolve(io.cwd, flags.features) : undefined;
  if (featuresDir !== undefined) mkdirSync(featuresDir, { recursive: true });
  const pack =
    flags.packBudgets !== undefined ? { budgets: flags.packBudgets, tokenizer: flags.packTokenizer } : undefined;
  if (flags.ranker !== undefined && flags.method !== 'repomap')
    throw new CliExit(2, `--ranker applies to --method repomap, not ${flags.method}`);
  const loaded = flags.config !== undefined ? await loadEvalConfig(resolve(io.cwd, flags.config)) : undefined;
  const config =
    flags.ranker !== undefined ? { ...loaded, rank: { ...loaded?.rank, ranker: everyTask(flags.ranker) } } : loaded;
  const restricted = await restrictSamples(io, await readSampleFiles(io, flags.samples), flags.repoList);
  const notes = [...restricted.notes];
  const shard = flags.shard !== undefined ? shardSamples(restricted.samples, flags.shard) : undefined;
  const samples = shard?.samples ?? restricted.samples;
  if (shard !== undefined) {
    const note = `shard ${flags.shard!.index}/${flags.shard!.count}: ${shard.repositories} repositories, ${samples.length} of ${restricted.samples.length} samples.`;
    io.stderr.write(`repomap: note: ${note}\n`);
    notes.push(note);
  }
  const outFile = flags.out !== undefined ? resolve(io.cwd, flags.out) : undefined;
  let resumed: Resumed | undefined;
  if (flags.resume) {
    resumed = await readResumed(io, outFile!, samples, featuresDir);
    notes.push(...resumed.notes);
  }
  // Opened here first so an unusable folder fails (or a rebuild is reported) before any work.
  const store = flags.method !== 'bm25' ? openCacheStore(flags, io, false) : undefined;
  store?.close();
  const cacheDir = store ? dirname(store.file) : undefined;
  // rows are appended as they come (a killed run leaves them for --resume), rewritten in input order at the end
  const details = outFile !== undefined ? DetailsOut.open(outFile, resumed !== undefined) : undefined;
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
      ...(cacheDir !== undefined ? { cacheDir } : {}),
      // --no-cache: no store at all, not even one for the run
      shareTags: flags.cache !== false,
      onNote: (m: string) => io.stderr.write(`repomap: note: ${m}\n`),
      ...(flags.cacheMaxMb !== undefined ? { cacheMaxBytes: flags.cacheMaxMb * MIB } : {}),
      ...(pack !== undefined ? { pack } : {}),
      ...(featuresDir !== undefined ? { featuresDir } : {}),
      ...(resumed !== undefined ? { done: resumed.done } : {}),
      ...(resumed?.featured !== undefined ? { featured: resumed.featured } : {}),
      ...(details !== undefined ? { onRow: (row: DetailsRow) => details.append(row) } : {}),
      onProgress: (done) => progress.update(done),
    });
  } finally {
    progress.stop();
    details?.close();
  }
  const rows = run.rows.filter((r): r is DetailsRow => r !== undefined);
  details?.finish([...rows, ...(resumed?.others ?? [])]);
  const summary = buildRunSummary({
    command: commandLine(command),
    method: flags.method,
    scores: run.scores,
    rows: rows.length,
    errors: run.errors,
    bcy: true,
    selective: flags.selective === true,
    notes,
    facts: {
      ...configFact(flags, config),
      ...restricted.facts,
      ...(shard !== undefined
        ? { shard: { index: flags.shard!.index, count: flags.shard!.count, repositories: shard.repositories } }
        : {}),
      ...(resumed !== undefined ? { resumed_rows: run.kept } : {}),
      ...(cacheDir !== undefined ? { tags_cache: cacheDir } : {}),
      tags_store: run.tagsStore,
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
  // a shard with no repository (more shards than repositories) did its share: nothing
  if (samples.length === 0 && shard !== undefined) return;
  if (rows.length === 0)
    throw new CliExit(
      1,
      samples.length === 0 ? 'no samples to evaluate' : `no sample produced a row (all ${samples.length} failed)`,
    );
}
