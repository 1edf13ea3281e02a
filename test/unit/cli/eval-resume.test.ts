/**
 * `repomap eval --resume`, on the eval world (./eval-world.ts): a run resumed
 * from a cut details file (or a killed run's) gives the uninterrupted run's rows
 * and summary.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { parseDetails, type RunSummary } from '../../../src/eval/index.js';
import { fakeIo, makeEvalWorld, type EvalWorld } from './eval-world.js';

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
const read = (file: string): string => readFileSync(at(file), 'utf8');
const readJson = (file: string): RunSummary => JSON.parse(read(file)) as RunSummary;
/** The scored part of a summary, as text: two runs agree to the last digit when these are equal. */
const metricsOf = (s: RunSummary): string =>
  JSON.stringify({ tasks: s.tasks, overall: s.overall, macro: s.macro, selective: s.selective });
const EVAL = ['eval', '--samples', 'samples.jsonl', '--repos', 'repos', '--no-timing', '--selective'];

/** The uninterrupted, unsharded run every test compares with. */
let full: string;
beforeAll(async () => {
  const r = await cli([...EVAL, '--out', 'full.details.jsonl', '--summary', 'full.summary.json']);
  expect(r.code, r.err).toBe(0);
  full = read('full.details.jsonl');
});

describe('repomap eval --resume', () => {
  it('is a usage error without --out', async () => {
    const r = await cli([...EVAL, '--resume']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--resume needs --out/);
  });

  it('starts from nothing when --out does not exist yet', async () => {
    const r = await cli([...EVAL, '--resume', '--out', 'fresh.details.jsonl', '--summary', 'fresh.summary.json']);
    expect(r.code, r.err).toBe(0);
    expect(read('fresh.details.jsonl')).toBe(full);
    expect(readJson('fresh.summary.json').resumed_rows).toBe(0);
  });

  it("after a cut last line: keeps the complete rows, runs the rest, and ends with the uninterrupted run's file and summary", async () => {
    const lines = full.split('\n').filter(Boolean);
    // three complete rows (out of input order, as a run writes them as they finish) and half of a fourth
    writeFileSync(
      at('cut.details.jsonl'),
      [lines[4], lines[0], lines[2]].map((l) => `${l}\n`).join('') + lines[1]!.slice(0, 40),
    );
    const r = await cli([...EVAL, '--resume', '--out', 'cut.details.jsonl', '--summary', 'cut.summary.json']);
    expect(r.code, r.err).toBe(0);
    expect(read('cut.details.jsonl')).toBe(full);
    const s = readJson('cut.summary.json');
    expect(metricsOf(s)).toBe(metricsOf(readJson('full.summary.json')));
    expect(s.resumed_rows).toBe(3);
    expect(s.rows).toBe(7);
    expect(s.errors.map((e) => e.sample_id)).toEqual(['s6', 's7']);
    expect(r.err).toMatch(/resumed from .*cut\.details\.jsonl: 3 of 9 samples have their row/);
    expect(r.err).toMatch(/a cut last line \(40 bytes\) was dropped/);
  });

  it('does not rank again a sample whose row is in the file: the row stays as it was', async () => {
    const rows = parseDetails(full, 'full');
    const s1 = rows.find((r) => r.sample_id === 's1')!;
    const altered = { ...s1, top_files: [...s1.top_files].reverse(), scores: [...s1.scores!].reverse() };
    writeFileSync(at('altered.details.jsonl'), `${JSON.stringify(altered)}\n`);
    const r = await cli([...EVAL, '--resume', '--out', 'altered.details.jsonl', '--summary', 'altered.summary.json']);
    expect(r.code, r.err).toBe(0);
    const after = parseDetails(read('altered.details.jsonl'), 'altered');
    expect(after.map((x) => x.sample_id)).toEqual(rows.map((x) => x.sample_id));
    expect(after.find((x) => x.sample_id === 's1')!.top_files).toEqual(altered.top_files);
    expect(after.filter((x) => x.sample_id !== 's1')).toEqual(rows.filter((x) => x.sample_id !== 's1'));
  });

  it('keeps rows of samples outside the run at the end of the file, and refuses a row of another commit', async () => {
    const stray = JSON.stringify({ sample_id: 'elsewhere', top_files: ['a.py'] });
    writeFileSync(at('stray.details.jsonl'), `${stray}\n`);
    const r = await cli([...EVAL, '--resume', '--out', 'stray.details.jsonl']);
    expect(r.code, r.err).toBe(0);
    expect(read('stray.details.jsonl')).toBe(`${full}${stray}\n`);
    expect(r.err).toMatch(/1 rows belong to no sample of this run/);

    const s1 = parseDetails(full, 'full').find((x) => x.sample_id === 's1')!;
    writeFileSync(at('other.details.jsonl'), `${JSON.stringify({ ...s1, base_commit: world.alpha2 })}\n`);
    const bad = await cli([...EVAL, '--resume', '--out', 'other.details.jsonl']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(
      /other\.details\.jsonl: the row of sample "s1" is for acme\/alpha@[0-9a-f]{40}, the sample is acme\/alpha@/,
    );
  });

  it('names file:line for a bad line before the last', async () => {
    const lines = full.split('\n').filter(Boolean);
    writeFileSync(at('broken.details.jsonl'), `${lines[0]}\n{"sample_id": \n${lines[1]}\n`);
    const r = await cli([...EVAL, '--resume', '--out', 'broken.details.jsonl']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/broken\.details\.jsonl:2: invalid JSON/);
  });

  it('with --features, writes each sample\u2019s vectors once: the missing ones, and ranks again only for them', async () => {
    const base = [...EVAL, '--features', 'features-full', '--out', 'features-full.details.jsonl'];
    expect((await cli(base)).code).toBe(0);
    const vectors = (dir: string): Map<string, string[]> =>
      new Map(
        readdirSync(at(dir))
          .sort()
          .map((f) => [
            f,
            readFileSync(join(at(dir), f), 'utf8')
              .split('\n')
              .filter(Boolean),
          ]),
      );
    const want = vectors('features-full');
    expect([...want.keys()]).toEqual(['acme+alpha.jsonl', 'acme+beta.jsonl']);
    const alpha = want.get('acme+alpha.jsonl')!;
    expect(alpha).toHaveLength(5);

    // interrupted: every row written, but alpha's vectors only for its first two samples and half of the third's
    const dir = at('features-cut');
    mkdirSync(dir);
    writeFileSync(join(dir, 'acme+beta.jsonl'), `${want.get('acme+beta.jsonl')!.join('\n')}\n`);
    writeFileSync(join(dir, 'acme+alpha.jsonl'), `${alpha[0]}\n${alpha[1]}\n${alpha[2]!.slice(0, 100)}`);
    writeFileSync(at('features-cut.details.jsonl'), full);
    const r = await cli([
      ...EVAL,
      '--features',
      'features-cut',
      '--resume',
      '--out',
      'features-cut.details.jsonl',
      '--summary',
      'features-cut.summary.json',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /3 samples with a row have no feature vectors in .*features-cut: they are ranked again for them/,
    );
    expect(vectors('features-cut')).toEqual(want);
    expect(read('features-cut.details.jsonl')).toBe(full);
    expect(metricsOf(readJson('features-cut.summary.json'))).toBe(metricsOf(readJson('full.summary.json')));
  });
});

describe('the built CLI: --resume', () => {
  it("resumes a killed run to the uninterrupted run's file", async () => {
    const out = at('killed.details.jsonl');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'repomap.js'), ...EVAL, '--out', out], {
      cwd: world.dir,
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // killed once it has written a row (or has ended); the deadline only guards against a hang
    const deadline = Date.now() + 60_000;
    while (
      !(existsSync(out) && readFileSync(out, 'utf8').includes('\n')) &&
      child.exitCode === null &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill('SIGKILL');
    await exited;
    expect(readFileSync(out, 'utf8')).toMatch(/\n/);
    const r = await cli([...EVAL, '--resume', '--out', 'killed.details.jsonl']);
    expect(r.code, r.err).toBe(0);
    expect(read('killed.details.jsonl')).toBe(full);
  }, 90_000);

  it('resumes with --jobs 2: the workers keep the rows they are given and rank the rest', () => {
    const lines = full.split('\n').filter(Boolean);
    writeFileSync(at('jobs.details.jsonl'), `${lines[1]}\n${lines[5]}\n`);
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'bin', 'repomap.js'),
        ...EVAL,
        '--jobs',
        '2',
        '--resume',
        '--out',
        'jobs.details.jsonl',
        '--summary',
        'jobs.summary.json',
      ],
      {
        cwd: world.dir,
        stdio: 'ignore',
      },
    );
    expect(read('jobs.details.jsonl')).toBe(full);
    const s = readJson('jobs.summary.json');
    expect([s.processes, s.resumed_rows]).toEqual([2, 2]);
    expect(metricsOf(s)).toBe(metricsOf(readJson('full.summary.json')));
  }, 90_000);
});
