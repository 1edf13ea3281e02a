/**
 * The unit tier (test/tiers.ts) starts no process and no worker: each of its files is
 * read for the calls that would (a node child process, a parse or stamp worker, parse
 * jobs past one, a parse ahead, npm or tsc), which belong in the process tier. A unit-tier
 * file that replaces a module or sets an environment variable runs with modules of its own
 * (OWN_MODULES), not in a worker other files share.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEPT_APART, OWN_MODULES, PROCESS_TIER } from '../tiers.js';

const ROOT = join(import.meta.dirname, '../..');

/** Calls that start a process or a worker, or build. */
const STARTS =
  /\(\s*process\.execPath\s*,|\bparseAhead\(|\bnew Worker\(|\b(?:parseJobs|jobs):\s*[2-9]|\b(?:spawn|spawnSync|execFile|execFileSync)\(\s*['"](?:npm|npx|node)['"]|node_modules['"],\s*['"]\.bin/;

/** Calls that replace a module, or set what a module may read once per process. */
const REPLACES =
  /\bvi\.(?:mock|doMock|stubEnv|stubGlobal)\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;

const testFiles = (): string[] =>
  readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => `test/${path}`)
    .sort();

describe('the test tiers', () => {
  it('name process-tier files that exist', () => {
    const files = new Set(testFiles());
    expect(PROCESS_TIER.filter((file) => !files.has(file))).toEqual([]);
  });

  it('name unit-tier files of their own modules that exist, none of the process tier', () => {
    const files = new Set(testFiles());
    expect(OWN_MODULES.filter((file) => !files.has(file) || PROCESS_TIER.includes(file))).toEqual([]);
  });

  it('give every unit-tier file that replaces a module or sets the environment modules of its own', () => {
    const replacing = testFiles()
      .filter((file) => !PROCESS_TIER.includes(file))
      .filter((file) => REPLACES.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(replacing).toEqual(OWN_MODULES.filter((file) => !KEPT_APART.includes(file)).sort());
  });

  it('leave every file that starts a process or a worker out of the unit tier', () => {
    const starting = testFiles()
      .filter((file) => !PROCESS_TIER.includes(file))
      .filter((file) => STARTS.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(starting).toEqual([]);
  });

  it("the rule finds such calls (in the process tier's own files)", () => {
    const found = PROCESS_TIER.filter((file) => STARTS.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found.length).toBeGreaterThan(PROCESS_TIER.length / 2);
  });
});
