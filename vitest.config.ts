import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // a guard against a hang, not a measure: a test that runs the CLI in child processes takes
    // up to ~20 s on two cores loaded by other work (load average 14)
    testTimeout: 120_000,
    // setup hooks parse whole fixture sets: seconds alone, several times that on a loaded machine
    hookTimeout: 120_000,
    pool: 'forks',
    // A temp folder of the run's own (TMPDIR and the default tags cache), removed at the end.
    globalSetup: ['test/global-setup.ts'],
  },
});
