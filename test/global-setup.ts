/**
 * Before any test file of either tier runs: one temp folder per test run, set as TMPDIR
 * for every test and the processes they start, and as the tags cache of the commands
 * whose cache is on by default (rank, pack, explain, mcp), never the user's ~/.cache.
 * Tests remove what they make; the run removes the folder, and fails naming whatever a
 * test left in it. Every project lists this setup, and vitest loads it once per project:
 * a run of several makes one folder (the later calls reuse the first's, kept on
 * globalThis), removed when the last of them ends.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The run's folder and how many projects' setups use it, shared by every copy of this module. */
const shared = ((globalThis as { [key: symbol]: unknown })[Symbol.for('repomap.test-run')] ??= {
  run: undefined,
  users: 0,
}) as { run: string | undefined; users: number };

export default function setup(): () => void {
  if (shared.run === undefined) {
    const run = mkdtempSync(join(tmpdir(), 'repomap-test-run-'));
    // Open to every user, as /tmp is: the tests that run the binary as an unprivileged
    // user (test/unit/cli/bin.test.ts) reach their files here and make temp files of their own.
    chmodSync(run, 0o1777);
    process.env.TMPDIR = run;
    process.env.REPOMAP_CACHE = join(run, 'tags-cache');
    shared.run = run;
  }
  shared.users += 1;
  return () => {
    shared.users -= 1;
    if (shared.users > 0 || shared.run === undefined) return;
    const folder = shared.run;
    shared.run = undefined;
    const left = readdirSync(folder).filter((name) => name !== 'tags-cache');
    rmSync(folder, { recursive: true, force: true });
    if (left.length === 0) return;
    // A teardown's exception is only printed by vitest; the exit code says it too.
    process.stderr.write(
      `test run: tests left ${left.length} entries in their temp folder: ${left.sort().join(', ')}\n`,
    );
    process.exitCode = 1;
  };
}
