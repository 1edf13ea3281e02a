/**
 * Checks over the shared dev set, which is not part of the repository, and of the bench
 * scripts that find it:
 * `npm run bench:checks` (REPOMAP_DEV names the folder). `npm test` never runs them.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['bench/checks/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
