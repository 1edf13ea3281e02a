import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { OWN_MODULES, PROCESS_TIER } from './test/tiers.js';

// The unit tier's workers: vitest's default leaves a core to its own process (one worker on
// two cores), which is idle once the test files are transformed.
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1);

// Two tiers (test/tiers.ts says which file is where and why): `npm test` runs the unit
// tier (its projects unit and unit-own-modules), `npm run test:process` the process tier;
// `npx vitest run FILE` runs a file in its own.
export default defineConfig({
  test: {
    // a guard against a hang, not a measure: a test that runs the CLI in child processes takes
    // up to ~20 s on two cores loaded by other work (load average 14)
    testTimeout: 120_000,
    // setup hooks parse whole fixture sets: seconds alone, several times that on a loaded machine
    hookTimeout: 120_000,
    // child processes, not worker threads: a thread's smaller stack changes what V8 compiles
    // (test/unit/corpus/ignore-rules.test.ts fails in one), and a thread may not change the folder
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...PROCESS_TIER, ...OWN_MODULES],
          globalSetup: ['test/global-setup.ts'],
          // a worker runs file after file with the modules it has loaded (and the grammars it
          // has compiled): per file, a fresh worker cost more than most files' tests
          isolate: false,
          maxWorkers: UNIT_WORKERS,
        },
      },
      {
        extends: true,
        // the unit tier's files that need modules of their own (test/tiers.ts)
        test: {
          name: 'unit-own-modules',
          include: [...OWN_MODULES],
          globalSetup: ['test/global-setup.ts'],
          maxWorkers: UNIT_WORKERS,
        },
      },
      {
        extends: true,
        // dist/ built once, before any of the tier's files runs
        test: {
          name: 'process',
          include: [...PROCESS_TIER],
          globalSetup: ['test/build-setup.ts', 'test/global-setup.ts'],
          // after the unit tier in a run of both (a group of its own: vitest's default workers)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
