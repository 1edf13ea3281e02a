/**
 * The `repomap` process (bin/repomap.js calls `main`): a daemon of this build serving
 * (`repomap daemon start`) runs the index commands in its warm process; otherwise, or for
 * any other command, the command runs here, with the process flags of ./process-flags.ts.
 * Loads nothing of the engine itself: the command's modules load when it runs.
 */
import { runOnDaemon } from './daemon-client.js';
import { processFlagHooks } from './process-flags.js';

/** Runs `repomap` with this process' arguments, streams and folder; sets `process.exitCode`. */
export async function main(): Promise<void> {
  // A reader that stops early (`repomap pack … | head -1`) closes the pipe: end quietly
  // with 0, as git and ripgrep do, rather than with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
  }
  const argv = process.argv.slice(2);
  const onDaemon = await runOnDaemon({
    argv,
    cwd: process.cwd(),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  if ('code' in onDaemon) process.exitCode = onDaemon.code;
  else process.exitCode = await runHere(argv, onDaemon.stdin);
}

/** Runs the command in this process; `read`: standard input already read for a daemon that then did not run it. */
async function runHere(argv: string[], read: string | undefined): Promise<number> {
  const { runCli } = await import('./run.js');
  const stdin = read === undefined ? process.stdin : (await import('node:stream')).Readable.from([read]);
  // the setters load once a command is about to run: none of them for --help or --version
  const flags = processFlagHooks({
    set: async (flag) =>
      flag === 'lean-heap'
        ? (await import('./lean-heap-flag.js')).setLeanHeap()
        : (await import('./compilation-flags.js')).setCompilation(flag),
    baselineMaxFiles: async () => (await import('./compilation-flags.js')).baselineMaxFiles(),
  });
  return runCli(argv, { stdout: process.stdout, stderr: process.stderr, stdin, cwd: process.cwd(), ...flags });
}
