/**
 * What rank, pack and explain share: the `--repo/--commit` source, the
 * `--query/--query-file/--task` query options, and an index built from them
 * with the tags cache of `--cache/--no-cache`.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { loadCorpus, type CorpusSource } from '../corpus/index.js';
import { packageRoot } from '../package-root.js';
import { buildIndex, type Index } from '../repomap.js';
import { prestartWhenListed } from '../tags/index.js';
import { TAGS_DEFAULTS } from '../tags/extract.js';
import { TASKS, type Task } from '../types.js';
import { cacheOption, noCacheOption, openCacheStore, type CacheFlags } from './cache-flags.js';
import { diagnosticsOption, type DiagnosticsFlags } from './diagnostics.js';
import type { CliIo } from './io.js';

/** The fixture repository the commands use when no --repo is given. */
export const DEFAULT_REPO = 'fixtures/repos/python-inventory';

export interface SourceFlags extends CacheFlags, DiagnosticsFlags {
  repo?: string;
  commit?: string;
  query?: string;
  queryFile?: string;
  task?: Task;
}

/** Adds --repo, --commit, --query, --query-file, --task, --cache and --no-cache (the cache is on by default), and --diagnostics. */
export function addSourceOptions(command: Command): Command {
  return command
    .option('--repo <dir>', 'repository folder or git directory (default: the bundled fixture repository)')
    .option('--commit <sha>', 'read the tree at this commit straight from git (no checkout); a bare repository defaults to HEAD')
    .option('--query <text>', 'query text')
    .option('--query-file <file>', 'file holding the query: plain text, an ARB query object, or an ARB sample row')
    .addOption(new Option('--task <task>', 'task mode (inferred from the query when absent)').choices(TASKS))
    .addOption(cacheOption(true))
    .addOption(noCacheOption())
    .addOption(diagnosticsOption());
}

/** The --repo folder (resolved against the working directory), or the bundled fixture. */
export function repoOf(flags: SourceFlags, io: CliIo): string {
  return flags.repo ? resolve(io.cwd, flags.repo) : join(packageRoot(), DEFAULT_REPO);
}

/** A bare git repository: HEAD, objects/ and refs/ at its top and no work tree. */
function isBareRepository(dir: string): boolean {
  return existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs')) && !existsSync(join(dir, '.git'));
}

/** Where a --repo DIR [--commit SHA] reads from: the folder, or a commit (a bare repository's HEAD by default). */
export function repoSource(repo: string, commit?: string): CorpusSource {
  const at = commit ?? (isBareRepository(repo) ? 'HEAD' : undefined);
  return at ? { gitDir: repo, commit: at } : { folder: repo };
}

/** Loads the flags' source and builds its index, through the persistent tags cache unless --no-cache. */
export async function indexFromFlags(flags: SourceFlags, io: CliIo, source: CorpusSource, parseJobs?: number): Promise<Index> {
  // parse workers start while the files are read, once the listing is large enough for them
  const corpus = await loadCorpus(source, { onListed: prestartWhenListed(parseJobs ?? TAGS_DEFAULTS.jobs) });
  const store = openCacheStore(flags, io, true);
  try {
    return await buildIndex(corpus, { releaseTexts: true, ...(store ? { tagsCache: store } : {}), ...(parseJobs !== undefined ? { parseJobs } : {}) });
  } finally {
    store?.close();
  }
}
