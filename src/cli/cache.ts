/** `repomap cache stats|prune`: their arguments and help; ./cache-action.ts, loaded when one runs, does the work. */
import type { Command } from 'commander';
import { cacheMaxMbOption, cacheOption, mebibytes, MIB } from './cache-flags.js';
import { STORE_DEFAULTS } from '../unstable.js';
import type { CacheCommandFlags } from './cache-action.js';
import type { CliIo } from './io.js';

export function registerCache(program: Command, io: CliIo): void {
  const cache = program
    .command('cache')
    .description(
      'Inspect or prune the persistent tags cache (--cache DIR, else $REPOMAP_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/repomap).',
    );
  cache
    .command('stats')
    .description(
      'Print the store file, its size on disk and live, rows per table, the oldest and newest use, and the cap.',
    )
    .addOption(cacheOption(true))
    .addOption(cacheMaxMbOption())
    .option('--json', 'one JSON object instead of text')
    .action(async (flags: CacheCommandFlags) => (await import('./cache-action.js')).cacheStatsAction(io, flags));
  cache
    .command('prune')
    .description(
      'Remove the least recently used entries until the store is under --max-mb, give the space back, and print what was removed.',
    )
    .addOption(cacheOption(true))
    .option('--max-mb <n>', `size to prune to, in MiB (default: the cap, ${STORE_DEFAULTS.maxBytes / MIB})`, mebibytes)
    .option('--json', 'one JSON object instead of text')
    .action(async (flags: CacheCommandFlags) => (await import('./cache-action.js')).cachePruneAction(io, flags));
}
