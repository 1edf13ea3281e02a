import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // setup hooks parse whole fixture sets: seconds alone, several times that on a loaded machine
    hookTimeout: 120_000,
    pool: 'forks',
    // A temp folder of the run's own (TMPDIR and the default tags cache), removed at the end.
    globalSetup: ['test/global-setup.ts'],
  },
});
