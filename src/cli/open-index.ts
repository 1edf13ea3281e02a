/**
 * The index a command opens from its source flags (./repo-source.ts): the library's
 * `openIndex` (src/persist/open-index.ts) with the flags' repository (./repo-root.ts),
 * cache folder and tags store, notes and warnings on stderr, progress for a long build
 * (`label` names the command in it) unless --quiet, the daemon's memory and deferred work,
 * and the clock that times a load (`CliIo`). An index of no file fails every command but
 * `status` (`nothingToRank`).
 */
import { type OpenedIndex as LibraryOpened, openIndex as openSourceIndex } from '../index.js';
import { storeFolderProblem, tagsStorePath } from '../unstable.js';
import { cacheDirOf, cacheFolderWarning } from './cache-flags.js';
import { reportDiagnostics } from './diagnostics.js';
import { CliExit, type CliIo } from './io.js';
import { chosenRepo, fileArgument, repoNote } from './repo-root.js';
import { repoSource, type RepoFlags } from './repo-source.js';

/** An index opened by a command, and the repository folder on disk it read (the folder, or the git directory). */
export type OpenedIndex = LibraryOpened & { repo: string };

/**
 * Loads the flags' source in its scope and opens its index, through the persistent tags
 * cache unless --no-cache; an index of no file fails every command but `status`
 * (`nothingToRank`). `parseJobs` as `buildIndex`'s (default 2).
 */
export async function openIndex(given: RepoFlags, io: CliIo, label: string, parseJobs?: number): Promise<OpenedIndex> {
  const opened = await openAny(given, io, label, parseJobs);
  if (!ANSWERS_EMPTY.has(label) && opened.index.corpus.files.length === 0) nothingToRank(opened, given, io);
  return opened;
}

/** The commands that answer on an index of no file: `status` says what was skipped. */
const ANSWERS_EMPTY: ReadonlySet<string> = new Set(['status']);

/**
 * Fails the command (exit 1) on an index of no file (an empty or binary-only folder, or
 * a scope that leaves nothing): there is nothing to rank or look up. The message names
 * the folder (or commit) and the files skipped by rule, as the rank header counts them;
 * `--diagnostics` lists them first.
 */
function nothingToRank({ index, repo }: OpenedIndex, flags: RepoFlags, io: CliIo): never {
  const { corpus } = index;
  const where = corpus.commit !== undefined ? `${repo} at ${corpus.commit.slice(0, 12)}` : repo;
  const skipped = Object.entries(index.stats.skipped).filter(([, n]) => n > 0);
  const scoped = flags.include.length + flags.exclude.length > 0 ? ' in the scope of --include/--exclude' : '';
  let why: string;
  if (skipped.length === 0)
    why = corpus.commit !== undefined ? `its tree holds no file${scoped}` : `it holds no file${scoped}`;
  else {
    if (flags.diagnostics) reportDiagnostics(io, index.diagnostics, flags, false);
    const counts = skipped.map(([rule, n]) => `${rule} ${n}`).join(', ');
    why = `no file${scoped} is indexed (skipped: ${counts}${flags.diagnostics || index.diagnostics.length === 0 ? '' : '; --diagnostics lists them'})`;
  }
  throw new CliExit(1, `nothing to rank in ${where}: ${why}`);
}

async function openAny(given: RepoFlags, io: CliIo, label: string, parseJobs?: number): Promise<OpenedIndex> {
  const chosen = chosenRepo(given, io);
  if (chosen.aboveCwd && !given.quiet) io.stderr.write(`repomap: note: ${repoNote(chosen)}\n`);
  const repo = chosen.dir;
  const source = repoSource(repo, given.commit);
  // (a git source keeps no snapshot: its build opens the store, which says the same)
  const flags = 'folder' in source ? withUsableCache(given, io) : given;
  const where = cacheDirOf(flags, io, true);
  const opened = await openSourceIndex(source, {
    ...(where ? { cache: where.dir } : {}),
    include: flags.include,
    exclude: flags.exclude,
    ...(flags.cacheMaxMb !== undefined ? { cacheMaxMb: flags.cacheMaxMb } : {}),
    ...(parseJobs !== undefined ? { parseJobs } : {}),
    // the store's modules (and the schema of its entries) load only when a build runs
    openStore: async () => (await import('./cache-store.js')).openCacheStore(flags, io, true),
    onNote: (m) => void (flags.quiet || io.stderr.write(`repomap: note: ${m}\n`)),
    onWarning: (m) => void io.stderr.write(`repomap: warning: ${m}\n`),
    // the progress bar (cli-progress) loads only when a build runs, too
    progress: async () => (await import('./progress.js')).indexProgress(io, label, flags.quiet),
    ...(io.beforeBuild ? { beforeBuild: io.beforeBuild } : {}),
    ...(io.memory ? { memory: io.memory } : {}),
    ...(io.defer ? { defer: io.defer } : {}),
    ...(io.now ? { now: io.now } : {}),
    // every command that reads a query prepares it (rank, explain, pack: its code blocks' grammars load then)
    deferCodeGrammars: true,
  });
  return { ...opened, repo };
}

/**
 * A command's file argument as a path of the opened repository (`fileArgument`): from the
 * working folder when that is inside the repository, else as written.
 */
export function fileOf(opened: Pick<OpenedIndex, 'index' | 'repo'>, file: string, io: Pick<CliIo, 'cwd'>): string {
  let paths: Set<string> | undefined;
  const known = (path: string): boolean => (paths ??= new Set(opened.index.corpus.files.map((f) => f.path))).has(path);
  return fileArgument(file, { repo: opened.repo, cwd: io.cwd }, known);
}

/**
 * The flags as given unless something is in the way of their cache folder (a file, a
 * path that cannot be stated); then, once that is said (where, and why), the flags of a
 * command without a cache: no snapshot, no tags store. A folder that cannot be made is
 * found when the build opens the store, which says the same.
 */
function withUsableCache(flags: RepoFlags, io: CliIo): RepoFlags {
  const where = cacheDirOf(flags, io, true);
  // a look only: nothing is made before the store opens (which needs its driver, an optional dependency)
  const problem = where && storeFolderProblem(tagsStorePath(where.dir), false);
  if (!problem) return flags;
  io.stderr.write(cacheFolderWarning(problem));
  return { ...flags, cache: false };
}
