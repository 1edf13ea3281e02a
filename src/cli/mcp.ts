/** `repomap mcp`: its arguments and help; ./mcp-action.ts, loaded when it runs, serves. */
import type { Command } from 'commander';
import { collect } from './arguments.js';
import { cacheMaxMbOption, cacheOption, noCacheOption } from './cache-flags.js';
import type { CliIo } from './io.js';
import type { McpFlags, McpIo } from './mcp-action.js';

export function registerMcp(
  program: Command,
  io: CliIo,
  mcpIo: McpIo = { stdin: process.stdin, stdout: process.stdout },
): void {
  program
    .command('mcp')
    .description(
      'Serve rank_files, context_pack, explain_file, find_symbol, references, impact, outline and index_status to an agent over MCP (stdio); ' +
        'the index stays warm and follows file changes.',
    )
    .option(
      '--repo <dir>',
      'repository folder (or git directory) (default: the root of the git work tree holding the current folder, else the current folder)',
    )
    .option(
      '--commit <ref>',
      'serve the tree at this commit (read from git, no checkout); a bare repository serves HEAD',
    )
    .option('--include <pattern>', 'index only files matching a pattern (gitignore syntax; repeatable)', collect, [])
    .option(
      '--exclude <pattern>',
      'leave out files matching a pattern (gitignore syntax; repeatable), besides .gitignore and .repomapignore',
      collect,
      [],
    )
    .addOption(cacheOption(true))
    .addOption(noCacheOption())
    .addOption(cacheMaxMbOption())
    .action(async (flags: McpFlags) => (await import('./mcp-action.js')).mcpAction(io, mcpIo, flags));
}
