/**
 * Before any test file runs: dist/ built when missing or older than the sources
 * (./build-dist.ts), so no test file builds it while others run. Then one temp folder
 * per test run, set as TMPDIR for every test and the processes they start, and as the
 * tags cache of the commands whose cache is on by default (rank, pack, explain, mcp),
 * never the user's ~/.cache. Tests remove what they make; the run removes the folder,
 * and fails naming whatever a test left in it.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-dist.js';

export default function setup(): () => void {
  buildIfStale(join(import.meta.dirname, '..'), (line) => process.stderr.write(`${line}\n`));
  const run = mkdtempSync(join(tmpdir(), 'repomap-test-run-'));
  // Open to every user, as /tmp is: the tests that run the binary as an unprivileged
  // user (test/unit/cli/bin.test.ts) reach their files here and make temp files of their own.
  chmodSync(run, 0o1777);
  const cache = join(run, 'tags-cache');
  process.env.TMPDIR = run;
  process.env.REPOMAP_CACHE = cache;
  return () => {
    const left = readdirSync(run).filter((name) => name !== 'tags-cache');
    rmSync(run, { recursive: true, force: true });
    if (left.length === 0) return;
    // A teardown's exception is only printed by vitest; the exit code says it too.
    process.stderr.write(`test run: tests left ${left.length} entries in their temp folder: ${left.sort().join(', ')}\n`);
    process.exitCode = 1;
  };
}
