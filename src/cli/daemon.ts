/** `repomap daemon start|stop|status|serve`: their arguments and help; ./daemon-action.ts, loaded when one runs, does the work. */
import type { Command } from 'commander';
import { positiveInt } from './arguments.js';
import type { CliRunner } from './daemon-server.js';
import type { DaemonFlags } from './daemon-action.js';
import { DEFAULT_IDLE_MINUTES } from './daemon-protocol.js';
import { DEFAULT_KEPT_INDEXES } from './index-memory.js';
import type { CliIo } from './io.js';

/** `run`: the CLI the daemon runs commands with (./run.ts passes its own `runCli`). */
export function registerDaemon(program: Command, io: CliIo, run: CliRunner): void {
  const daemon = program
    .command('daemon')
    .description(
      'Keep indexes warm in one background process: while it serves, rank, pack, explain, symbols, refs, impact, outline and status ' +
        'run in it (same output, same exit code), from the index in memory, updated in memory after files change. ' +
        'One per user and build of repomap; REPOMAP_NO_DAEMON=1 runs a command in its own process.',
    );
  const serveOptions = (command: Command): Command =>
    command
      .option(
        '--idle-minutes <n>',
        `end after this many minutes without a command (default ${DEFAULT_IDLE_MINUTES})`,
        positiveInt,
      )
      .option(
        '--indexes <n>',
        `how many folders' indexes to keep in memory, least recently used out first (default ${DEFAULT_KEPT_INDEXES})`,
        positiveInt,
      );
  serveOptions(
    daemon
      .command('start')
      .description(
        'Start the daemon in the background (nothing to do when it already serves); print its socket and process id.',
      ),
  ).action(async (flags: DaemonFlags) => (await import('./daemon-action.js')).daemonStartAction(io, flags));
  daemon
    .command('stop')
    .description('Stop the daemon once the commands it has taken are done.')
    .action(async () => (await import('./daemon-action.js')).daemonStopAction(io));
  daemon
    .command('status')
    .description(
      'Print whether the daemon serves, its process, how many commands it ran and the indexes it keeps; exit 1 when none serves.',
    )
    .option('--json', 'one JSON object instead of text')
    .action(async (flags: { json?: boolean }) => (await import('./daemon-action.js')).daemonStatusAction(io, flags));
  serveOptions(
    daemon.command('serve').description('Serve in the foreground (what start runs in the background); log to stderr.'),
  ).action(async (flags: DaemonFlags) => (await import('./daemon-action.js')).daemonServeAction(io, flags, run));
}
