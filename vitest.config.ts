import { defineConfig } from 'vitest/config';
import { PROCESS_TIER } from './test/tiers.js';

// Two tiers (test/tiers.ts says which file is where and why): `npm test` runs the unit
// tier, `npm run test:process` the process tier; `npx vitest run FILE` runs a file in its own.
export default defineConfig({
  test: {
    // a guard against a hang, not a measure: a test that runs the CLI in child processes takes
    // up to ~20 s on two cores loaded by other work (load average 14)
    testTimeout: 120_000,
    // setup hooks parse whole fixture sets: seconds alone, several times that on a loaded machine
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...PROCESS_TIER],
          globalSetup: ['test/global-setup.ts'],
        },
      },
      {
        extends: true,
        // dist/ built once, before any of the tier's files runs
        test: {
          name: 'process',
          include: [...PROCESS_TIER],
          globalSetup: ['test/build-setup.ts', 'test/global-setup.ts'],
        },
      },
    ],
  },
});
