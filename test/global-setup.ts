/**
 * Before any test file of either tier runs: one temp folder per test run, set as TMPDIR
 * for every test and the processes they start, and as the tags cache of the commands
 * whose cache is on by default (rank, pack, explain, mcp), never the user's ~/.cache.
 * Tests remove what they make; the run removes the folder, and fails naming whatever a
 * test left in it. Both tiers' projects list this setup: a run of both makes one folder
 * (the second call reuses the first's), removed when the last of them ends.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let run: string | undefined;
let users = 0;

export default function setup(): () => void {
  if (run === undefined) {
    run = mkdtempSync(join(tmpdir(), 'repomap-test-run-'));
    // Open to every user, as /tmp is: the tests that run the binary as an unprivileged
    // user (test/unit/cli/bin.test.ts) reach their files here and make temp files of their own.
    chmodSync(run, 0o1777);
    process.env.TMPDIR = run;
    process.env.REPOMAP_CACHE = join(run, 'tags-cache');
  }
  users += 1;
  return () => {
    users -= 1;
    if (users > 0 || run === undefined) return;
    const folder = run;
    run = undefined;
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
