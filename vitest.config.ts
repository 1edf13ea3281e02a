import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // A temp folder of the run's own (TMPDIR and the default tags cache), removed at the end.
    globalSetup: ['test/global-setup.ts'],
  },
});
