/**
 * `repomap eval --config/--name/--repo-list` and `repomap score --repo-list`,
 * on two tiny git repositories built in a temp folder; `--jobs 2` hands the
 * configuration to the worker processes (built CLI).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { runCli } from '../../../src/cli/run.js';
import { parseDetails, type RunSummary } from '../../../src/eval/index.js';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let dir: string;
beforeAll(() => {
  dir = makeTemp('repomap-eval-config-');
  const calc = initRepo(join(dir, 'repos', 'acme+calc'), 'repo');
  writeFiles(calc, {
    'calc/__init__.py': '',
    'calc/totals.py': 'def compute_total(items):\n    return sum(items)\n',
    'calc/report.py':
      'from calc.totals import compute_total\n\n\ndef render_report(items):\n    return f"total {compute_total(items)}"\n',
    'calc/unrelated.py': 'def helper():\n    return 1\n',
    'tests/test_totals.py':
      'from calc.totals import compute_total\n\n\ndef test_compute_total():\n    assert compute_total([1, 2]) == 3\n',
  });
  const c1 = commitAll(calc, 'calc');
  const tiny = initRepo(join(dir, 'repos', 'acme+tiny'), 'repo');
  writeFiles(tiny, {
    'tiny/core.py': 'def parse_flags(argv):\n    return argv\n',
    'tests/test_core.py':
      'from tiny.core import parse_flags\n\n\ndef test_parse_flags():\n    assert parse_flags([]) == []\n',
  });
  const t1 = commitAll(tiny, 'tiny');
  const samples = [
    {
      id: 'r1',
      repo: 'acme/calc',
      base_commit: c1,
      task_type: 'edit2ripple',
      query: {
        intent: 'totals of empty lists',
        anchor_file: 'calc/totals.py',
        anchor_diff:
          '@@ -1,2 +1,2 @@ def compute_total(items):\n-    return sum(items)\n+    return sum(items or [])\n',
      },
      gold: { files: ['tests/test_totals.py'], given_files: ['calc/totals.py'] },
    },
    {
      id: 't1',
      repo: 'acme/tiny',
      base_commit: t1,
      task_type: 'code2test',
      query: { pr_title: 'Flags may be empty', changed_files: ['tiny/core.py'], change_summary: ['parse_flags'] },
      gold: { related_tests: ['tests/test_core.py'] },
    },
  ];
  writeFileSync(join(dir, 'samples.jsonl'), samples.map((s) => JSON.stringify(s)).join('\n') + '\n');
  writeFileSync(
    join(dir, 'no-tests.json'),
    JSON.stringify({ description: 'tests score 0 in ripple', rank: { kindPrior: { edit2ripple: { test: 0 } } } }),
  );
  writeFileSync(join(dir, 'typo.json'), JSON.stringify({ rank: { callerWeight: { edit2rippel: 0 } } }));
  writeFileSync(
    join(dir, 'split.json'),
    JSON.stringify({ description: 'halves', 'held-in': ['acme/calc'], 'held-out': ['acme/tiny', 'acme/gone'] }),
  );
});
afterAll(() => removeTemp(dir));

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    cwd: dir,
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
  };
  const code = await runCli(args, io);
  return { code, out, err };
}

const readJson = (file: string): RunSummary => JSON.parse(readFileSync(join(dir, file), 'utf8')) as RunSummary;
const readRows = (file: string) => parseDetails(readFileSync(join(dir, file), 'utf8'), file);
const BASE = ['eval', '--samples', 'samples.jsonl', '--repos', 'repos', '--no-timing'];

describe('repomap eval --config', () => {
  beforeAll(async () => {
    expect((await cli([...BASE, '--out', 'out/plain.jsonl', '--summary', 'out/plain.json'])).code).toBe(0);
  });

  it('ranks with the overrides and records the configuration and its name', async () => {
    const r = await cli([
      ...BASE,
      '--config',
      'no-tests.json',
      '--name',
      'no tests',
      '--out',
      'out/cfg.jsonl',
      '--summary',
      'out/cfg.json',
    ]);
    expect(r.code, r.err).toBe(0);
    const [plain, cfg] = [readRows('out/plain.jsonl')[0]!, readRows('out/cfg.jsonl')[0]!];
    expect(plain.top_files.indexOf('tests/test_totals.py')).toBeLessThan(plain.top_files.indexOf('calc/unrelated.py'));
    expect(cfg.top_files.indexOf('tests/test_totals.py')).toBeGreaterThan(cfg.top_files.indexOf('calc/unrelated.py'));
    const s = readJson('out/cfg.json');
    expect(s.name).toBe('no tests');
    expect(s.config).toEqual({
      file: 'no-tests.json',
      description: 'tests score 0 in ripple',
      rank: { kindPrior: { edit2ripple: { test: 0 } } },
    });
    expect(s.tasks.edit2ripple!.metrics.MRR!).toBeLessThan(readJson('out/plain.json').tasks.edit2ripple!.metrics.MRR!);
  });

  it('names the run after the configuration file, else the method', async () => {
    expect((await cli([...BASE, '--config', 'no-tests.json', '--summary', 'out/named.json'])).code).toBe(0);
    expect(readJson('out/named.json').name).toBe('no-tests');
    expect(readJson('out/plain.json').name).toBe('repomap');
    expect(readJson('out/plain.json').config).toBeUndefined();
  });

  it('fails on an unknown key, naming the file and the key path', async () => {
    const r = await cli([...BASE, '--config', 'typo.json']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/typo\.json: unknown key "rank\.callerWeight\.edit2rippel" \(known: generic, code2test/);
  });

  it('fails when the file is missing, and is a usage error with --method bm25', async () => {
    expect((await cli([...BASE, '--config', 'missing.json'])).err).toMatch(
      /missing\.json: cannot read the configuration/,
    );
    const r = await cli([...BASE, '--config', 'no-tests.json', '--method', 'bm25']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--config applies to --method repomap/);
  });
});

describe('--repo-list', () => {
  it('eval keeps the listed repositories and records the list', async () => {
    const r = await cli([
      ...BASE,
      '--repo-list',
      'split.json#held-in',
      '--out',
      'out/in.jsonl',
      '--summary',
      'out/in.json',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(readRows('out/in.jsonl').map((row) => row.sample_id)).toEqual(['r1']);
    const s = readJson('out/in.json');
    expect(s.samples).toBe(1);
    expect(s.repo_list).toEqual({ source: 'split.json#held-in', repos: ['acme/calc'] });
    expect(r.err).toMatch(/restricted to the 1 repositories of split\.json#held-in: 1 of 2 samples kept/);
  });

  it('score keeps the listed repositories and says which have no sample', async () => {
    const r = await cli([
      'score',
      '--samples',
      'samples.jsonl',
      '--details',
      'out/plain.jsonl',
      '--repo-list',
      'split.json#held-out',
      '--summary',
      'out/out.json',
    ]);
    expect(r.code, r.err).toBe(0);
    const s = readJson('out/out.json');
    expect(s.samples).toBe(1);
    expect(Object.keys(s.tasks)).toEqual(['code2test']);
    expect(s.notes.join('\n')).toMatch(/no sample belongs to acme\/gone/);
    expect(s.notes.join('\n')).not.toMatch(/match no sample/); // rows of the other half are not strays
  });

  it('is an error for a missing key, naming the lists there are', async () => {
    const r = await cli([
      'score',
      '--samples',
      'samples.jsonl',
      '--details',
      'out/plain.jsonl',
      '--repo-list',
      'split.json#held',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/split\.json: no list "held" \(lists: held-in, held-out\)/);
  });
});

describe('the built CLI: --config with --jobs 2', () => {
  let build: string;
  const RUNNER =
    'const { runCli } = await import(process.argv[1]);' +
    'process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });';

  beforeAll(() => {
    // Workers run compiled JavaScript: build the package into a temp folder laid out like the package root.
    build = mkdtempSync(join(tmpdir(), 'repomap-build-'));
    try {
      execFileSync(
        join(ROOT, 'node_modules', '.bin', 'tsc'),
        ['-p', join(ROOT, 'tsconfig.build.json'), '--outDir', build],
        { stdio: 'pipe' },
      );
    } catch {
      // Type errors elsewhere still emit JavaScript; the runs below fail if it is missing.
    }
    writeFileSync(join(build, 'package.json'), JSON.stringify({ name: 'repomap', type: 'module' }));
    for (const d of ['node_modules', 'grammars', 'queries', 'models']) symlinkSync(join(ROOT, d), join(build, d));
  }, 180_000);
  afterAll(() => removeTemp(build));

  const runBuilt = (...args: string[]): string =>
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', RUNNER, join(build, 'src', 'cli', 'run.js'), ...args],
      {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );

  it('the workers rank with the configuration: the same rows as one process', () => {
    runBuilt(...BASE, '--config', 'no-tests.json', '--jobs', '2', '--out', 'out/j2.jsonl', '--summary', 'out/j2.json');
    runBuilt(...BASE, '--config', 'no-tests.json', '--jobs', '1', '--out', 'out/j1.jsonl');
    const two = readFileSync(join(dir, 'out/j2.jsonl'));
    expect(two.equals(readFileSync(join(dir, 'out/j1.jsonl')))).toBe(true);
    expect(readJson('out/j2.json').processes).toBe(2);
    const cfg = readRows('out/j2.jsonl')[0]!;
    expect(cfg.top_files.indexOf('tests/test_totals.py')).toBeGreaterThan(cfg.top_files.indexOf('calc/unrelated.py'));
  }, 60_000);
});
