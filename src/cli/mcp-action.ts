/** What `repomap mcp` does once its arguments are parsed (./mcp.ts defines it): serve a workspace over stdio. */
import { resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { serveStdio } from '../mcp/server.js';
import { Workspace } from '../build/live.js';
import type { CacheFlags } from './cache-flags.js';
import { openCacheStore } from './cache-store.js';
import type { CliIo } from './io.js';
import { repoSource } from './repo-source.js';

/** Streams the MCP server talks over; the CLI passes the process' own. */
export interface McpIo {
  stdin: Readable;
  stdout: Writable;
}

export type McpFlags = CacheFlags & { repo: string; commit?: string; include: string[]; exclude: string[] };

export async function mcpAction(io: CliIo, mcpIo: McpIo, flags: McpFlags): Promise<void> {
  const repo = resolve(io.cwd, flags.repo);
  const source = repoSource(repo, flags.commit);
  const commit = 'commit' in source ? source.commit : undefined;
  const store = openCacheStore(flags, io, true);
  try {
    const workspace = new Workspace(repo, commit, store, { include: flags.include, exclude: flags.exclude });
    io.stderr.write(`repomap mcp: serving ${workspace.root}${commit ? ` at ${commit}` : ''} over stdio\n`);
    await serveStdio(workspace, mcpIo.stdin, mcpIo.stdout, (m) => io.stderr.write(`repomap mcp: ${m}\n`));
  } finally {
    store?.close();
  }
}
