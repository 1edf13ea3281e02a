/**
 * `repomap eval`, `score` and `fuse` end to end, on a tiny world of git
 * repositories built in a temp folder (./eval-world.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { parseDetails, rrfFuse, runEval, type RunSummary } from '../../../src/eval/index.js';
import { commitAll, initRepo, removeTemp, writeFiles } from '../corpus/helpers.js';
import { alphaFiles, fakeIo, makeEvalWorld, type EvalWorld } from './eval-world.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let world: EvalWorld;
beforeAll(() => {
  world = makeEvalWorld();
});
afterAll(() => world.cleanup());

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo(world.dir);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const at = (file: string): string => join(world.dir, file);
const readJson = (file: string): RunSummary => JSON.parse(readFileSync(at(file), 'utf8')) as RunSummary;
const readRows = (file: string) => parseDetails(readFileSync(at(file), 'utf8'), file);
/** The scored part of a summary, as text: two runs agree to the last digit when these are equal. */
const metricsOf = (s: RunSummary): string =>
  JSON.stringify({ tasks: s.tasks, overall: s.overall, macro: s.macro, selective: s.selective });

describe('repomap eval', () => {
  let run: { code: number; out: string; err: string };
  let summary: RunSummary;
  beforeAll(async () => {
    run = await cli([
      'eval',
      '--samples',
      'samples.jsonl',
      '--repos',
      'repos',
      '--out',
      'out/repomap.details.jsonl',
      '--summary',
      'out/repomap.summary.json',
      '--selective',
    ]);
    summary = readJson('out/repomap.summary.json');
  });

  it('exits 0 and writes one row per readable sample, in input order', () => {
    expect(run.code, run.err).toBe(0);
    expect(readRows('out/repomap.details.jsonl').map((r) => r.sample_id)).toEqual([
      's1',
      's2',
      's3',
      's4',
      's5',
      's8',
      's9',
    ]);
  });

  it('ranks at least min(20, corpus files) files per row', () => {
    for (const row of readRows('out/repomap.details.jsonl')) {
      const files = row.repo === 'acme/beta' ? world.betaFiles : world.alphaFiles;
      expect(row.top_files.length, row.sample_id).toBeGreaterThanOrEqual(Math.min(20, files));
      expect(new Set(row.top_files).size).toBe(row.top_files.length);
    }
  });

  it('writes contract rows: sample task type, scores, confidence, abstain, timings; never gold or metadata', () => {
    const rows = readRows('out/repomap.details.jsonl');
    for (const row of rows) {
      // `functions` (not a contract field) comes with rankings of issue2code, inferred for a plain-text query of an unknown task
      expect(Object.keys(row).filter((k) => k !== 'functions')).toEqual([
        'sample_id',
        'repo',
        'base_commit',
        'task_type',
        'top_files',
        'scores',
        'confidence',
        'abstain',
        'timing_ms',
      ]);
      for (const id of (row.functions as string[] | undefined) ?? [])
        expect(
          row.top_files.some((f) => id.startsWith(`${f}::`)),
          id,
        ).toBe(true);
      expect(row.scores).toHaveLength(row.top_files.length);
      expect(row.confidence).toBeGreaterThanOrEqual(0);
      expect(row.confidence).toBeLessThanOrEqual(1);
      expect(row.abstain).toBe(false);
      expect(Object.keys(row.timing_ms ?? {})).toEqual(['index', 'rank']);
    }
    const byId = new Map(rows.map((r) => [r.sample_id, r]));
    expect(byId.get('s1')?.base_commit).toBe(world.alpha1);
    expect(byId.get('s3')?.base_commit).toBe(world.alpha2);
    expect(byId.get('s8')?.task_type).toBe('abstention');
  });

  it('builds one index per (repository, commit) that can be read', () => {
    expect(summary.repositories).toBe(3);
    expect(summary.snapshots).toBe(3);
  });

  it("ranks a snapshot built from the repository's earlier one as a fresh build of it", async () => {
    // s3 and s5 are on alpha's second commit: with s1 first, its index is built from the first commit's
    const later = readFileSync(world.samplesFile, 'utf8')
      .split('\n')
      .filter((l) => /"id":"s[35]"/.test(l));
    writeFileSync(at('later.jsonl'), later.join('\n') + '\n');
    const alone = await cli([
      'eval',
      '--samples',
      'later.jsonl',
      '--repos',
      'repos',
      '--no-timing',
      '--out',
      'out/later.details.jsonl',
    ]);
    expect(alone.code, alone.err).toBe(0);
    const afterEarlier = readRows('out/repomap.details.jsonl').filter(
      (r) => r.sample_id === 's3' || r.sample_id === 's5',
    );
    expect(afterEarlier.map((r) => r.sample_id)).toEqual(['s3', 's5']);
    expect(readRows('out/later.details.jsonl')).toEqual(afterEarlier.map(({ timing_ms: _t, ...row }) => row));
    expect(afterEarlier[0]!.top_files).not.toContain('setup.cfg');
  });

  it('reports a missing repository and a missing commit per sample, and the others succeed', () => {
    expect(summary.error_count).toBe(2);
    expect(summary.errors.map((e) => e.sample_id)).toEqual(['s6', 's7']);
    expect(summary.errors[0]?.message).toMatch(/acme\/gone not found/);
    expect(summary.errors[1]?.message).toMatch(/commit f{40} not found/);
    expect(run.err).toMatch(/2 of 9 samples failed/);
    expect(summary.overall.missingRows).toBe(2);
  });

  it('keeps an unknown task type (with a warning) and ranks a sample with no query text', () => {
    const byId = new Map(readRows('out/repomap.details.jsonl').map((r) => [r.sample_id, r]));
    expect(byId.get('s4')?.task_type).toBe('mystery');
    expect(Object.keys(summary.tasks)).toContain('mystery');
    expect(run.err).toMatch(/samples\.jsonl:4: unknown task_type "mystery"/);
    expect(byId.get('s5')?.top_files.length).toBeGreaterThanOrEqual(20);
  });

  it('summarizes every metric per task, overall and macro, with run facts', () => {
    expect(Object.keys(summary.overall.metrics)).toEqual([
      'Recall@5',
      'Recall@10',
      'Recall@20',
      'MRR',
      'Any@5',
      'Any@10',
      'Any@20',
      'nDCG@20',
      'Acc@1',
      'Acc@3',
      'Acc@5',
      'Acc@10',
      'BCY@4000',
      'BCY@8000',
      'BCY@16000',
      'BCY@32000',
      'BCY@4000-trunc8k',
      'BCY@8000-trunc8k',
      'BCY@16000-trunc8k',
      'BCY@32000-trunc8k',
    ]);
    expect(summary.macro.tasks).toEqual(['code2test', 'edit2ripple', 'mystery', 'trace2code']);
    expect(summary.method).toBe('repomap');
    expect(summary.command).toMatch(/^repomap eval --samples samples\.jsonl --repos repos /);
    expect(summary.wall_ms).toBeGreaterThan(0);
    expect(summary.peak_rss_mb).toBeGreaterThan(0);
    expect(summary.samples).toBe(9);
    expect(summary.rows).toBe(7);
    expect(run.out).toMatch(/\| overall \| 9 \| 8 \| 1 \| 2 \|/);
  });

  it('adds the selective report over the samples that have a confidence', () => {
    expect(summary.selective?.positives).toBe(6);
    expect(summary.selective?.noGold).toBe(1);
    expect(summary.selective?.withoutConfidence).toBe(2);
    expect(summary.selective?.baseline.coverage).toBe(1);
    expect(run.out).toMatch(/Selective \(\d-fold repository-grouped CV; 6 positives, 1 no-gold/);
  });

  it('prints plain progress lines when stderr is not a terminal', () => {
    expect(run.err).toMatch(/\[eval\] 9\/9 samples, [\d.]+\/s, [\d.]+ s/);
  });
});

describe('repomap score', () => {
  it('agrees with repomap eval to the last digit on the same details', async () => {
    const r = await cli([
      'score',
      '--samples',
      'samples.jsonl',
      '--details',
      'out/repomap.details.jsonl',
      '--repos',
      'repos',
      '--summary',
      'out/score.summary.json',
      '--selective',
    ]);
    expect(r.code, r.err).toBe(0);
    const scored = readJson('out/score.summary.json');
    expect(metricsOf(scored)).toBe(metricsOf(readJson('out/repomap.summary.json')));
    expect(scored.bcy).toBe(true);
    expect(scored.snapshots).toBe(3);
  });

  it('reports BCY as null without --repos, with a note, and the same rank metrics', async () => {
    const r = await cli([
      'score',
      '--samples',
      'samples.jsonl',
      '--details',
      'out/repomap.details.jsonl',
      '--summary',
      'out/nobcy.json',
    ]);
    expect(r.code, r.err).toBe(0);
    const s = readJson('out/nobcy.json');
    const e = readJson('out/repomap.summary.json');
    expect(s.bcy).toBe(false);
    expect(s.overall.metrics['BCY@8000']).toBeNull();
    expect(s.macro.metrics['BCY@8000-trunc8k']).toBeNull();
    expect(s.notes.join(' ')).toMatch(/--repos/);
    expect(s.overall.metrics.MRR).toBe(e.overall.metrics.MRR);
    expect(s.overall.metrics['nDCG@20']).toBe(e.overall.metrics['nDCG@20']);
    expect(r.out).not.toMatch(/BCY/);
  });

  it('--only-rows scores only the samples that have a row; --restrict-to only those of another file', async () => {
    await cli([
      'score',
      '--samples',
      'samples.jsonl',
      '--details',
      'out/repomap.details.jsonl',
      '--only-rows',
      '--summary',
      'out/only.json',
    ]);
    const only = readJson('out/only.json');
    expect(only.samples).toBe(7);
    expect(only.overall.missingRows).toBe(0);
    const subset = readFileSync(at('out/repomap.details.jsonl'), 'utf8').split('\n').slice(0, 2).join('\n') + '\n';
    writeFileSync(at('out/subset.details.jsonl'), subset);
    await cli([
      'score',
      '--samples',
      'samples.jsonl',
      '--details',
      'out/repomap.details.jsonl',
      '--restrict-to',
      'out/subset.details.jsonl',
      '--summary',
      'out/restricted.json',
    ]);
    const restricted = readJson('out/restricted.json');
    expect(restricted.samples).toBe(2);
    expect(Object.keys(restricted.tasks)).toEqual(['code2test', 'edit2ripple']);
  });
});

describe('repomap eval --method bm25, and repomap fuse', () => {
  beforeAll(async () => {
    const r = await cli([
      'eval',
      '--samples',
      'samples.jsonl',
      '--repos',
      'repos',
      '--method',
      'bm25',
      '--out',
      'out/bm25.details.jsonl',
      '--summary',
      'out/bm25.summary.json',
    ]);
    expect(r.code, r.err).toBe(0);
  });

  it('writes BM25 rows with a confidence in [0, 1]', () => {
    const rows = readRows('out/bm25.details.jsonl');
    expect(rows.map((r) => r.sample_id)).toEqual(['s1', 's2', 's3', 's4', 's5', 's8', 's9']);
    for (const row of rows) {
      expect(row.confidence).toBeGreaterThanOrEqual(0);
      expect(row.confidence).toBeLessThan(1);
    }
    expect(readJson('out/bm25.summary.json').method).toBe('bm25');
  });

  it('fuse writes, row by row, what rrfFuse gives (weights and k applied)', async () => {
    const r = await cli([
      'fuse',
      'out/repomap.details.jsonl',
      'out/bm25.details.jsonl',
      '--weights',
      '2,1',
      '--k',
      '10',
      '--out',
      'out/rrf.details.jsonl',
    ]);
    expect(r.code, r.err).toBe(0);
    const a = readRows('out/repomap.details.jsonl');
    const b = new Map(readRows('out/bm25.details.jsonl').map((row) => [row.sample_id, row]));
    const fused = readRows('out/rrf.details.jsonl');
    expect(fused.map((f) => f.sample_id)).toEqual(a.map((row) => row.sample_id));
    for (const [i, row] of fused.entries()) {
      const expected = rrfFuse([a[i]!.top_files, b.get(row.sample_id)!.top_files], { k: 10, weights: [2, 1] });
      expect(row.top_files).toEqual(expected.map((f) => f.path));
      expect(row.scores).toEqual(expected.map((f) => f.score));
      expect(row.task_type).toBe(a[i]!.task_type);
    }
  });

  it('fuse writes to stdout by default', async () => {
    const r = await cli(['fuse', 'out/repomap.details.jsonl', 'out/bm25.details.jsonl']);
    expect(r.code, r.err).toBe(0);
    expect(parseDetails(r.out, 'stdout')).toHaveLength(7);
  });
});

describe('repomap eval: samples that cannot run (issue 19)', () => {
  const line = (fields: Record<string, unknown>) =>
    JSON.stringify({
      id: 'x1',
      repo: 'acme/alpha',
      base_commit: world.alpha1,
      task_type: 'code2test',
      query: { pr_title: 'func_3' },
      gold: { related_tests: ['tests/test_mod_3.py'] },
      ...fields,
    });

  it('refuses a repo that climbs out of --repos ("../name"), naming the field', async () => {
    // a repository beside the repositories folder, where "../outside" would find it
    const outside = initRepo(world.dir, 'outside');
    writeFiles(outside, { 'a.py': 'x = 1\n' });
    const commit = commitAll(outside, 'outside');
    writeFileSync(at('escape.jsonl'), line({ repo: '../outside', base_commit: commit }) + '\n');
    const r = await cli(['eval', '--samples', 'escape.jsonl', '--repos', 'repos', '--out', 'out/escape.jsonl']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/escape\.jsonl:1: field "repo" must be "owner\/name", got "\.\.\/outside"/);
    // given straight to the library, the sample fails on its own: nothing outside --repos is read
    const run = await runEval(
      [{ id: 'x1', repo: '../outside', base_commit: commit, task_type: 'code2test', query: { pr_title: 'x' } }],
      { reposDir: world.reposDir },
    );
    expect(run.rows).toEqual([undefined]);
    expect(run.snapshots).toBe(0);
    expect(run.errors[0]!.message).toBe(
      'repomap/eval: repository "../outside" is not "owner/name" (two names, neither "." nor "..")',
    );
  });

  it('exits 1 when no sample produced a row, after writing the summary', async () => {
    writeFileSync(
      at('all-fail.jsonl'),
      [line({ id: 'f1', repo: 'acme/gone' }), line({ id: 'f2', base_commit: 'f'.repeat(40) })].join('\n') + '\n',
    );
    const r = await cli([
      'eval',
      '--samples',
      'all-fail.jsonl',
      '--repos',
      'repos',
      '--summary',
      'out/all-fail.summary.json',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/repomap: no sample produced a row \(all 2 failed\)\n$/);
    expect(readJson('out/all-fail.summary.json').errors).toHaveLength(2);
  });

  it('still exits 0 when only some samples failed', async () => {
    writeFileSync(at('some-fail.jsonl'), [line({ id: 'g1', repo: 'acme/gone' }), line({ id: 'g2' })].join('\n') + '\n');
    const r = await cli(['eval', '--samples', 'some-fail.jsonl', '--repos', 'repos']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/1 of 2 samples failed/);
  });
});

describe('repomap fuse of inputs with different samples (issue 19)', () => {
  const row = (id: string, files: string[]) =>
    JSON.stringify({
      sample_id: id,
      task_type: 'code2test',
      top_files: files,
      scores: files.map((_, i) => 1 / (i + 1)),
    });

  it('counts on stderr the samples missing from some inputs, per input; --strict refuses them', async () => {
    writeFileSync(at('fa.jsonl'), [row('a', ['x.py']), row('b', ['y.py']), row('c', ['z.py'])].join('\n') + '\n');
    writeFileSync(at('fb.jsonl'), [row('b', ['y.py']), row('d', ['w.py'])].join('\n') + '\n');
    const r = await cli(['fuse', 'fa.jsonl', 'fb.jsonl']);
    expect(r.code, r.err).toBe(0);
    expect(parseDetails(r.out, 'stdout').map((x) => x.sample_id)).toEqual(['a', 'b', 'c', 'd']);
    expect(r.err).toBe(
      'repomap: note: 3 of 4 samples have a row in only some of the inputs: fa.jsonl lacks 1 (first: d); fb.jsonl lacks 2 (first: a); each is fused from the rows it has\n',
    );
    const strict = await cli(['fuse', 'fa.jsonl', 'fb.jsonl', '--strict', '--out', 'out/strict.jsonl']);
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(
      /^repomap: 3 of 4 samples have a row in only some of the inputs: .*; --strict refuses them\n$/,
    );
    expect(existsSync(at('out/strict.jsonl'))).toBe(false);
  });

  it('says nothing when every input has every sample', async () => {
    writeFileSync(at('fc.jsonl'), [row('a', ['x.py'])].join('\n') + '\n');
    const r = await cli(['fuse', 'fc.jsonl', 'fc.jsonl', '--strict']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
  });
});

describe('repomap eval: input errors', () => {
  it('names file:line for a malformed JSONL line', async () => {
    const lines = readFileSync(world.samplesFile, 'utf8').split('\n');
    writeFileSync(at('bad.jsonl'), [lines[0], '{"id": "broken", ', lines[1]].join('\n') + '\n');
    const r = await cli(['eval', '--samples', 'bad.jsonl', '--repos', 'repos']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.jsonl:2: invalid JSON/);
  });

  it('rejects duplicate sample ids across files, naming both places', async () => {
    const r = await cli(['eval', '--samples', 'samples.jsonl', '--samples', 'samples.jsonl', '--repos', 'repos']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/samples\.jsonl:1: duplicate sample id "s1" \(first at .*samples\.jsonl:1\)/);
  });

  it('is a usage error without --samples or --repos', async () => {
    expect((await cli(['eval', '--repos', 'repos'])).code).toBe(2);
    expect((await cli(['eval', '--samples', 'samples.jsonl'])).code).toBe(2);
  });
});

describe('the built CLI: --jobs', () => {
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
    for (const dir of ['node_modules', 'grammars', 'queries', 'models']) symlinkSync(join(ROOT, dir), join(build, dir));
  }, 120_000);
  afterAll(() => removeTemp(build));

  const runBuilt = (...args: string[]): string => runBuiltIn(undefined, ...args);
  /** Runs the built CLI with `tmp` as the system's temp folder (where a run's shared tags store is made) when given. */
  const runBuiltIn = (tmp: string | undefined, ...args: string[]): string =>
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', RUNNER, join(build, 'src', 'cli', 'run.js'), ...args],
      {
        cwd: world.dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, REPOMAP_CACHE: '', ...(tmp !== undefined ? { TMPDIR: tmp } : {}) },
      },
    );

  it('--jobs 2 writes the same details as --jobs 1, byte for byte', () => {
    const base = ['eval', '--samples', 'samples.jsonl', '--repos', 'repos', '--no-timing'];
    runBuilt(...base, '--jobs', '1', '--out', 'out/j1.details.jsonl', '--summary', 'out/j1.json');
    runBuilt(...base, '--jobs', '2', '--out', 'out/j2.details.jsonl', '--summary', 'out/j2.json');
    const one = readFileSync(at('out/j1.details.jsonl'));
    expect(one.length).toBeGreaterThan(0);
    expect(readFileSync(at('out/j2.details.jsonl')).equals(one)).toBe(true);
    const [s1, s2] = [readJson('out/j1.json'), readJson('out/j2.json')];
    expect(metricsOf(s2)).toBe(metricsOf(s1));
    expect([s1.processes, s2.processes]).toEqual([1, 2]);
    expect([s1.snapshots, s2.snapshots]).toEqual([3, 3]);
    expect(s2.errors).toEqual(s1.errors);
    expect(s2.peak_rss_mb).toBeGreaterThan(0);
    // The in-process run of the sources agrees with the built one.
    const inProcess = readRows('out/repomap.details.jsonl').map(({ timing_ms: _t, ...row }) => row);
    expect(readRows('out/j1.details.jsonl')).toEqual(inProcess);
  }, 60_000);

  it("--jobs 2 on one repository's 16 snapshots splits them over both workers, with the same details as --jobs 1", () => {
    // one repository, a commit per step, each changing one module and adding one; a sample on each commit
    const dir = join(world.dir, 'long');
    const repo = initRepo(join(dir, 'repos', 'acme+long'), 'repo');
    const files = alphaFiles();
    writeFiles(repo, files);
    const samples: object[] = [];
    for (let step = 0; step < 16; step++) {
      const changed = `pkg/mod_${step % 12}.py`;
      if (step > 0)
        writeFiles(repo, {
          [changed]: files[changed]!.replace('Step', `Changed at ${step}: step`),
          [`pkg/new_${step}.py`]: `def new_${step}(x):\n    return x * ${step}\n`,
        });
      const commit = commitAll(repo, `step ${step}`);
      samples.push({
        id: `l${step}`,
        repo: 'acme/long',
        base_commit: commit,
        task_type: 'issue2code',
        query: { text: `func_${step % 12} gives a wrong step ${step} in the rounding pipeline` },
        gold: { files: [changed] },
      });
    }
    writeFileSync(join(dir, 'samples.jsonl'), samples.map((x) => JSON.stringify(x)).join('\n') + '\n');
    const base = ['eval', '--samples', join(dir, 'samples.jsonl'), '--repos', join(dir, 'repos'), '--no-timing'];
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    runBuiltIn(tmp, ...base, '--jobs', '1', '--out', join(dir, 'j1.details.jsonl'), '--summary', join(dir, 'j1.json'));
    runBuiltIn(tmp, ...base, '--jobs', '2', '--out', join(dir, 'j2.details.jsonl'), '--summary', join(dir, 'j2.json'));
    runBuiltIn(
      tmp,
      ...base,
      '--jobs',
      '2',
      '--no-cache',
      '--out',
      join(dir, 'j2m.details.jsonl'),
      '--summary',
      join(dir, 'j2m.json'),
    );
    const one = readFileSync(join(dir, 'j1.details.jsonl'));
    expect(one.toString().trim().split('\n')).toHaveLength(16);
    expect(readFileSync(join(dir, 'j2.details.jsonl')).equals(one)).toBe(true);
    expect(readFileSync(join(dir, 'j2m.details.jsonl')).equals(one)).toBe(true);
    const [s1, s2, s2m] = [join(dir, 'j1.json'), join(dir, 'j2.json'), join(dir, 'j2m.json')].map(
      (f) => JSON.parse(readFileSync(f, 'utf8')) as RunSummary,
    );
    expect([s1!.processes, s2!.processes, s2m!.processes]).toEqual([1, 2, 2]);
    // every snapshot indexed once, whichever worker took it
    expect([s1!.snapshots, s2!.snapshots, s2m!.snapshots]).toEqual([16, 16, 16]);
    expect(metricsOf(s2!)).toBe(metricsOf(s1!));
    // the workers shared a store made for the run (none with --no-cache, none for one process), removed at its end
    expect([s1!.tags_store, s2!.tags_store, s2m!.tags_store]).toEqual(['memory', 'run', 'memory']);
    expect(readdirSync(tmp)).toEqual([]);
    // a guard against a hang: three eval runs of 16 snapshots took 137 s on two cores
    // at load average ~30 (other work), past the 120 s guard
  }, 300_000);
});
