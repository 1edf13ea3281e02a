/**
 * bench/setup.sh, the preamble of the bench scripts, on a clone the test lays out itself
 * (bench/setup.sh and bench/dev.sh copied into a temp folder): a shared sample set or a
 * folder of repositories that is not there is named, with where it was looked for and how
 * to point at it, and the script exits 2 before it builds or runs anything.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemp, removeTemp } from '../../test/unit/corpus/helpers.js';

const BENCH = join(import.meta.dirname, '..');

let tmp: string;
let clone: string;
let repos: string;
beforeAll(() => {
  tmp = makeTemp('repomap-bench-setup-');
  clone = join(tmp, 'repomap');
  repos = join(tmp, 'repos');
  mkdirSync(join(clone, 'bench'), { recursive: true });
  mkdirSync(repos);
  for (const script of ['setup.sh', 'dev.sh']) copyFileSync(join(BENCH, script), join(clone, 'bench', script));
});
afterAll(() => removeTemp(tmp));

/** `bash SCRIPT ARGS` in the clone, with REPOMAP_* variables only as given. */
function bash(args: string[], env: Record<string, string> = {}) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('REPOMAP_')));
  const r = spawnSync('bash', args, { cwd: clone, env: { ...base, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench/dev.sh without the shared dev set', () => {
  it('says the dev set is missing, where it looked (../shared beside the clone) and how to point at it, and exits 2', () => {
    const r = bash(['bench/dev.sh', repos]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      [
        `bench/dev.sh: no dev set at ${join(tmp, 'shared/bench/dev')} (the default: ../shared/bench/dev beside the repository).`,
        "The shared sample sets are not part of the repository: set REPOMAP_DEV to the dev set's folder:",
        '  REPOMAP_DEV=/path/to/dev bench/dev.sh ...',
        '',
      ].join('\n'),
    );
  });

  it('names REPOMAP_DEV when the folder it gives is not there', () => {
    const r = bash(['bench/dev.sh', repos], { REPOMAP_DEV: join(tmp, 'no-such-dev') });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`bench/dev.sh: no dev set at ${join(tmp, 'no-such-dev')} (from REPOMAP_DEV).`);
  });

  it('names a folder of repositories that is not there', () => {
    const r = bash(['bench/dev.sh', join(tmp, 'no-such-repos')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `bench/dev.sh: no folder of repositories at ${join(tmp, 'no-such-repos')} (the REPOS_DIR argument, or REPOMAP_REPOS)\n`,
    );
  });
});

describe('bench_set', () => {
  it('gives the set beside the clone, or the folder REPOMAP_<NAME> names, as an absolute path', () => {
    mkdirSync(join(tmp, 'shared/bench/issues'), { recursive: true });
    mkdirSync(join(tmp, 'elsewhere/dev'), { recursive: true });
    const script = 'source bench/setup.sh; bench_set ISSUES issues; bench_set DEV dev; echo "$ISSUES"; echo "$DEV"';
    const r = bash(['-c', script], { REPOMAP_DEV: '../elsewhere/dev' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${join(tmp, 'shared/bench/issues')}\n${join(tmp, 'elsewhere/dev')}\n`);
  });
});
