import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // Commands whose tags cache is on by default (rank, pack, explain) write to a
    // fresh folder per test run, never to the user's ~/.cache; tests of the
    // location rules pass their own environment.
    env: { REPOMAP_CACHE: mkdtempSync(join(tmpdir(), 'repomap-test-cache-')) },
  },
});
