/** What `repomap mcp` does once its arguments are parsed (./mcp.ts defines it): serve a workspace over stdio. */
import type { Readable, Writable } from 'node:stream';
import { serveStdio } from './mcp/server.js';
import { type IndexKeeper, snapshotKeeper as folderKeeper, Workspace } from '../unstable.js';
import { cacheDirOf, type CacheFlags } from './cache-flags.js';
import { openCacheStore } from './cache-store.js';
import type { CliIo } from './io.js';
import { chosenRepo } from './repo-root.js';
import { repoSource } from './repo-source.js';

/** Streams the MCP server talks over; the CLI passes the process' own. */
export interface McpIo {
  stdin: Readable;
  stdout: Writable;
}

export type McpFlags = CacheFlags & { repo?: string; commit?: string; include: string[]; exclude: string[] };

export async function mcpAction(io: CliIo, mcpIo: McpIo, flags: McpFlags): Promise<void> {
  const chosen = chosenRepo(flags, io);
  const repo = chosen.dir;
  const source = repoSource(repo, flags.commit);
  const commit = 'commit' in source ? source.commit : undefined;
  const store = openCacheStore(flags, io, true);
  try {
    const scope = { include: flags.include, exclude: flags.exclude };
    const keeper =
      commit === undefined && store && !store.readOnly ? snapshotKeeper(flags, io, repo, scope, store.file) : undefined;
    const workspace = new Workspace(repo, commit, store, scope, keeper);
    const why = chosen.aboveCwd
      ? ' (root of the git work tree containing the current folder; --repo . serves the current folder alone)'
      : '';
    io.stderr.write(`repomap mcp: serving ${workspace.root}${why}${commit ? ` at ${commit}` : ''} over stdio\n`);
    await serveStdio(workspace, mcpIo.stdin, mcpIo.stdout, (m) => io.stderr.write(`repomap mcp: ${m}\n`));
  } finally {
    store?.close();
  }
}

/**
 * The folder's index snapshot in the cache folder (src/persist/kept-index.ts), as the
 * one-shot commands keep it: the server starts from it and keeps its first build there.
 * Kept only with a usable, writable tags store, as those commands do.
 */
function snapshotKeeper(
  flags: McpFlags,
  io: CliIo,
  repo: string,
  scope: { include: string[]; exclude: string[] },
  storeFile: string,
): IndexKeeper | undefined {
  const where = cacheDirOf(flags, io, true);
  if (!where) return undefined;
  return folderKeeper(
    where.dir,
    repo,
    scope,
    { cacheMaxMb: flags.cacheMaxMb, storeFile },
    (m) => void io.stderr.write(`repomap mcp: ${m}\n`),
  );
}
