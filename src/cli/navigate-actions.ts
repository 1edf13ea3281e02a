/**
 * What the agent-tool commands (./navigate.ts defines them) do once their arguments are
 * parsed: `symbols`, `refs`, `impact`, `outline`, `status`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Index, SymbolKind, TokenizerName } from '../index.js';
import {
  indexStatus,
  renderImpact,
  renderOutline,
  renderReferences,
  renderStatus,
  renderSymbols,
} from '../unstable.js';
import { diagnosticsField, reportDiagnostics } from './diagnostics.js';
import { CliExit, readStdin, type CliIo } from './io.js';
import { fileOf, openIndex } from './open-index.js';
import type { RepoFlags } from './repo-source.js';

export type Format = 'text' | 'json';
export type SymbolsFlags = RepoFlags & { kind?: SymbolKind; limit: number; format: Format };
export type RefsFlags = RepoFlags & { path?: string; limit: number; format: Format };
export type ImpactFlags = RepoFlags & { diff?: string; file?: string; top: number; format: Format };
export type OutlineFlags = RepoFlags & { budget: number; tokenizer: TokenizerName; format: Format };
export type StatusFlags = RepoFlags & { format: Format };

/**
 * Prints a result as JSON (with the index's `diagnostics`) or as its text rendering, then
 * says on stderr what the index skipped or could not fully parse (./diagnostics.ts).
 */
function print<T extends object>(
  io: CliIo,
  flags: RepoFlags & { format: Format },
  index: Index,
  result: T,
  text: (r: T) => string,
): void {
  io.stdout.write(
    flags.format === 'json'
      ? JSON.stringify({ ...result, diagnostics: diagnosticsField(index.diagnostics) }) + '\n'
      : text(result),
  );
  reportDiagnostics(io, index.diagnostics, flags, flags.format === 'text', index.stats.skipped);
}

/** A blank positional argument is a usage error naming it, before any index is built. */
function required(command: string, what: string, value: string): void {
  if (value.trim() === '') throw new CliExit(2, `${command}: the ${what} is empty`);
}

export async function symbolsAction(io: CliIo, query: string, flags: SymbolsFlags): Promise<void> {
  required('symbols', 'query', query);
  const { index } = await openIndex(flags, io, 'symbols');
  print(
    io,
    flags,
    index,
    index.symbols(query, { limit: flags.limit, ...(flags.kind ? { kind: flags.kind } : {}) }),
    renderSymbols,
  );
}

export async function refsAction(io: CliIo, symbol: string, flags: RefsFlags): Promise<void> {
  required('refs', 'symbol', symbol);
  const opened = await openIndex(flags, io, 'refs');
  const { index } = opened;
  const path = flags.path !== undefined ? fileOf(opened, flags.path, io) : undefined;
  print(
    io,
    flags,
    index,
    index.refs(symbol, { limit: flags.limit, ...(path !== undefined ? { path } : {}) }),
    renderReferences,
  );
}

export async function impactAction(io: CliIo, flags: ImpactFlags): Promise<void> {
  if (flags.diff === undefined && flags.file === undefined)
    throw new CliExit(2, 'impact needs --diff FILE (- for standard input) or --file PATH');
  const diff =
    flags.diff === undefined
      ? undefined
      : flags.diff === '-'
        ? await readStdin(io, '--diff')
        : await readDiff(resolve(io.cwd, flags.diff));
  const opened = await openIndex(flags, io, 'impact');
  const { index } = opened;
  const file = flags.file !== undefined ? fileOf(opened, flags.file, io) : undefined;
  print(
    io,
    flags,
    index,
    index.impact(
      { ...(diff !== undefined ? { diff } : {}), ...(file !== undefined ? { file } : {}) },
      { top: flags.top },
    ),
    renderImpact,
  );
}

export async function outlineAction(io: CliIo, file: string, flags: OutlineFlags): Promise<void> {
  required('outline', 'file', file);
  const opened = await openIndex(flags, io, 'outline');
  const { index } = opened;
  print(
    io,
    flags,
    index,
    await index.outline(fileOf(opened, file, io), { budget: flags.budget, tokenizer: flags.tokenizer }),
    renderOutline,
  );
}

export async function statusAction(io: CliIo, flags: StatusFlags): Promise<void> {
  const { index, cacheFile, snapshot } = await openIndex(flags, io, 'status');
  const status = { ...indexStatus(index), cacheFile: cacheFile ?? null, builtAt: new Date().toISOString() };
  const cache = index.stats.cache;
  print(io, flags, index, status, (s) =>
    renderStatus(s, [
      [
        'tags cache',
        cacheFile !== undefined
          ? `${cacheFile}${cache ? ` (${cacheUse(cache, snapshot?.updated === true)})` : ''}`
          : 'none',
      ],
      ...(snapshot ? [['snapshot', `${snapshot.file} (${snapshotUse(snapshot)})`] as [string, string]] : []),
      ['built', s.builtAt],
    ]),
  );
}

/** Where the index came from: the snapshot file, or the daemon's memory of it. */
function snapshotUse({ updated, inMemory }: { updated: boolean; inMemory?: boolean }): string {
  if (inMemory)
    return updated
      ? "the daemon's index of it, in memory, was updated: the files changed since it was built were read again"
      : "the daemon's index of it, in memory, was used: nothing changed since it was built";
  return updated
    ? 'the index was updated from it: the files changed since it was built were read again'
    : 'the index was loaded from it: nothing changed since it was built';
}

/** What a build took from the tags cache; an update from a snapshot took the unchanged files' tags from the snapshot instead. */
function cacheUse(cache: { hits: number; misses: number }, updated: boolean): string {
  return updated
    ? `${cache.misses} parsed, the others from the snapshot or from it`
    : `${cache.hits} files from it, ${cache.misses} parsed`;
}

async function readDiff(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new CliExit(1, `cannot read --diff ${file}: ${(error as Error).message}`);
  }
}
