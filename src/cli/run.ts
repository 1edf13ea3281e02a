import { Command, CommanderError } from 'commander';
import { isReportable, messageWithoutModule, packageVersion } from '../unstable.js';
import { CliExit, type CliIo } from './io.js';
import { registerCache } from './cache.js';
import { registerDaemon } from './daemon.js';
import { registerEval } from './eval.js';
import { registerExplain } from './explain.js';
import { registerFuse } from './fuse.js';
import { registerPack } from './pack.js';
import { registerMcp } from './mcp.js';
import { registerNavigate } from './navigate.js';
import { registerRank } from './rank.js';
import { registerScore } from './score.js';

/**
 * Runs the repomap CLI in-process and returns its exit code:
 * 0 success, 1 failure (a clear message on stderr), 2 usage error.
 *
 * Only the commands' definitions load up front (what --help and --version need); each
 * command loads the engine parts it uses when it runs (its ./<command>-action.ts), and
 * the repository config's checker with it.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const deferred: (() => void | Promise<void>)[] = [];
  try {
    return await runCommand(argv, io.defer ? io : { ...io, defer: (work) => void deferred.push(work) });
  } finally {
    for (const work of deferred) {
      try {
        await work();
      } catch (error) {
        // a bug in deferred work is not swallowed: it replaces the exit code
        // biome-ignore lint/correctness/noUnsafeFinally: meant, as the line above says
        if (!isReportable(error)) throw error;
        io.stderr.write(`repomap: warning: ${messageWithoutModule(error)}\n`);
      }
    }
  }
}

async function runCommand(argv: string[], io: CliIo): Promise<number> {
  const program = new Command('repomap')
    .description('Rank the repository files a coding agent should read next.')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .addHelpText(
      'after',
      [
        '',
        'Without --repo, a command reads the git work tree holding the current folder',
        '(from its root), else the current folder.',
        'Exit codes: 0 success; 1 failure (the message names the file, commit or field',
        'at fault), or nothing to rank (an empty or binary-only folder: the message',
        'names it and the files skipped by rule); 2 usage error. Every error starts',
        'with "repomap: ". `repomap rank --help` says what confidence means.',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // commander's errors take repomap's prefix, as every other error of the CLI: `repomap: unknown option '--bogus'`
      outputError: (s, write) => write(s.replace(/^error: /, 'repomap: ')),
    })
    .hook('preAction', async (_program, command) => {
      // Commands run on one repository (--repo) take their defaults from its config file.
      if (command.options.some((o) => o.long === '--repo')) {
        const { checkScope, checkSource } = await import('./repo-check.js');
        checkSource(command);
        const { findConfig } = await import('./config-file.js');
        const { repoOf } = await import('./repo-root.js');
        const { repo, quiet } = command.opts<{ repo?: string; quiet?: boolean }>();
        const found = findConfig(repoOf({ repo }, io), (m) => void (quiet || io.stderr.write(`repomap: note: ${m}\n`)));
        if (found) {
          const { applyConfig, checkedConfig } = await import('./config.js');
          applyConfig(command, checkedConfig(found.value, found.where));
        }
        checkScope(command, found?.where);
      }
      await io.beforeCommand?.(command.name());
    });
  registerRank(program, io);
  registerEval(program, io);
  registerScore(program, io);
  registerFuse(program, io);
  registerExplain(program, io);
  registerPack(program, io);
  registerNavigate(program, io);
  registerMcp(program, io);
  registerCache(program, io);
  registerDaemon(program, io, runCli);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof CliExit) {
      io.stderr.write(`repomap: ${err.message}\n`);
      return err.exitCode;
    }
    if (isReportable(err)) {
      io.stderr.write(`repomap: ${messageWithoutModule(err)}\n`);
      return 1;
    }
    throw err;
  }
}
