import { runCli } from '../src/cli/run.js';
import type { CliIo } from '../src/cli/io.js';

/** What an in-process CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in this process with stdout and stderr captured. The progress clock is
 * frozen (an index build never shows progress, however loaded the machine) unless `io`
 * gives one; `options` set the folder, the environment, whether stderr is a terminal
 * (`tty`) and the rest.
 */
export async function runCliCaptured(
  argv: string[],
  options: Partial<CliIo> & Pick<CliIo, 'cwd'> & { tty?: boolean },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const { tty, ...io } = options;
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), ...(tty !== undefined ? { isTTY: tty } : {}) },
    now: () => 0,
    ...io,
  });
  return { code, stdout, stderr };
}
