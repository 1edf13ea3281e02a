import { resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { serveStdio } from '../mcp/server.js';
import { Workspace } from '../build/live.js';
import { collect } from './arguments.js';
import { cacheOption, noCacheOption, openCacheStore, type CacheFlags } from './cache-flags.js';
import type { CliIo } from './io.js';
import { repoSource } from './repo-source.js';

/** Streams the MCP server talks over; the CLI passes the process' own. */
export interface McpIo {
  stdin: Readable;
  stdout: Writable;
}

export function registerMcp(program: Command, io: CliIo, mcpIo: McpIo = { stdin: process.stdin, stdout: process.stdout }): void {
  program
    .command('mcp')
    .description(
      'Serve rank_files, context_pack, explain_file, find_symbol, references, impact, outline and index_status to an agent over MCP (stdio); ' +
        'the index stays warm and follows file changes.',
    )
    .option('--repo <dir>', 'repository folder (or git directory)', '.')
    .option('--commit <ref>', 'serve the tree at this commit (read from git, no checkout); a bare repository serves HEAD')
    .option('--include <pattern>', 'index only files matching a pattern (gitignore syntax; repeatable)', collect, [])
    .option('--exclude <pattern>', 'leave out files matching a pattern (gitignore syntax; repeatable), besides .gitignore and .repomapignore', collect, [])
    .addOption(cacheOption(true))
    .addOption(noCacheOption())
    .action(async (flags: CacheFlags & { repo: string; commit?: string; include: string[]; exclude: string[] }) => {
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
    });
}
