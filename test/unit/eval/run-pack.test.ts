/**
 * `runEval` with packs, on a git copy of the python-inventory fixture: rows
 * gain the span pack's and the whole-file pack's line ranges per budget, and
 * those ranges are real (inside the files, whole files whole), deterministic,
 * and scored by the span metrics.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { runCli } from '../../../src/cli/run.js';
import type { DetailsRow } from '../../../src/eval/details.js';
import { runEval, type EvalRun } from '../../../src/eval/run.js';
import type { Sample } from '../../../src/eval/samples.js';
import { spanSummaryOf, type LineRanges } from '../../../src/eval/span-metrics.js';
import { commitAll, initRepo, makeTemp, removeTemp } from '../corpus/helpers.js';

const FIXTURE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'fixtures',
  'repos',
  'python-inventory',
);

let dir: string;
let reposDir: string;
let samples: Sample[];
let run: EvalRun;

const lineCount = (path: string): number =>
  readFileSync(join(FIXTURE, path), 'utf8').replace(/\n$/, '').split('\n').length;

beforeAll(async () => {
  dir = makeTemp('repomap-run-pack-');
  reposDir = join(dir, 'repos');
  const repo = initRepo(join(reposDir, 'acme+inventory'), 'repo');
  cpSync(FIXTURE, repo, { recursive: true });
  const commit = commitAll(repo, 'fixture');
  samples = [
    {
      id: 't1',
      repo: 'acme/inventory',
      base_commit: commit,
      task_type: 'trace2code',
      query: {
        raw_signal:
          'FAILED tests/test_pricing.py::TestApplyDiscount::test_rounds_half_cent_to_even - AssertionError: assert apply_discount(item, 50) == 2',
      },
      // apply_discount's body.
      gold: {
        root_cause_files: ['src/inventory/pricing.py'],
        gold_spans: [{ path: 'src/inventory/pricing.py', start_line: 35, end_line: 40 }],
      },
    },
    {
      id: 'c1',
      repo: 'acme/inventory',
      base_commit: commit,
      task_type: 'code2test',
      query: {
        pr_title: 'Bulk discounts start at ten items',
        changed_files: ['src/inventory/pricing.py'],
        change_summary: ['bulk_discount_percent'],
      },
      gold: { related_tests: ['tests/test_pricing.py'] },
    },
  ] as Sample[];
  run = await runEval(samples, { reposDir, timings: false, pack: { budgets: [8000, 300, 8000], tokenizer: 'regex' } });
}, 60_000);
afterAll(() => removeTemp(dir));

const rowOf = (id: string): DetailsRow => run.rows.find((r) => r?.sample_id === id) as DetailsRow;

describe('runEval with packs', () => {
  it('writes both packs at every budget (ascending, repeats dropped)', () => {
    expect(run.errors).toEqual([]);
    for (const row of run.rows) {
      expect(Object.keys(row?.pack as object)).toEqual(['300', '8000']);
      expect(Object.keys(row?.pack_whole as object)).toEqual(['300', '8000']);
    }
  });

  it('packs ranges inside the files; the whole-file pack holds whole files only', () => {
    for (const row of run.rows) {
      for (const field of ['pack', 'pack_whole'] as const) {
        for (const files of Object.values(row?.[field] as Record<string, LineRanges>)) {
          for (const [path, ranges] of Object.entries(files)) {
            for (const [s, e] of ranges) {
              expect(s).toBeGreaterThanOrEqual(1);
              expect(e).toBeLessThanOrEqual(lineCount(path));
              expect(s).toBeLessThanOrEqual(e);
            }
            if (field === 'pack_whole') expect(ranges, path).toEqual([[1, lineCount(path)]]);
          }
        }
      }
    }
  });

  it('packs more at 8000 than at 300 tokens, and the span pack at 8000 holds the root cause', () => {
    const pack = rowOf('t1').pack as Record<string, LineRanges>;
    const lines = (files: LineRanges) =>
      Object.values(files)
        .flat()
        .reduce((n, [s, e]) => n + e - s + 1, 0);
    expect(lines(pack['8000']!)).toBeGreaterThan(lines(pack['300']!));
    expect(Object.keys(pack['8000']!)).toContain('src/inventory/pricing.py');
  });

  it('gives the same ranges on a second run', async () => {
    const again = await runEval(samples, {
      reposDir,
      timings: false,
      pack: { budgets: [300, 8000], tokenizer: 'regex' },
    });
    expect(again.rows.map((r) => [r?.pack, r?.pack_whole])).toEqual(run.rows.map((r) => [r?.pack, r?.pack_whole]));
  }, 60_000);

  it('is scored by the span metrics: line metrics only where the sample has gold spans', () => {
    const summary = spanSummaryOf(samples, run.rows);
    expect(summary?.fields).toEqual(['pack', 'pack_whole']);
    expect(summary?.budgets).toEqual([300, 8000]);
    const t = summary?.tasks.trace2code?.packs.pack?.['8000'];
    expect([t?.packed, t?.lineScored, t?.metrics.PackBCY]).toEqual([1, 1, 1]);
    expect(summary?.tasks.code2test?.packs.pack?.['8000']?.lineScored).toBe(0);
  });

  it('rejects packs for bm25, bad budgets and unknown tokenizers, naming the option', async () => {
    await expect(
      runEval(samples, { reposDir, method: 'bm25', pack: { budgets: [300], tokenizer: 'regex' } }),
    ).rejects.toThrow(/packs need the repomap method, not bm25/);
    await expect(runEval(samples, { reposDir, pack: { budgets: [], tokenizer: 'regex' } })).rejects.toThrow(
      /at least one budget/,
    );
    await expect(runEval(samples, { reposDir, pack: { budgets: [0.5], tokenizer: 'regex' } })).rejects.toThrow(
      /whole number of tokens ≥ 1, got 0\.5/,
    );
    await expect(
      runEval(samples, { reposDir, pack: { budgets: [300], tokenizer: 'gpt2' as 'regex' } }),
    ).rejects.toThrow(/unknown pack tokenizer "gpt2"/);
  });
});

describe('repomap eval --pack-budgets', () => {
  const cli = async (args: string[]) => {
    let out = '';
    let err = '';
    const io: CliIo = {
      cwd: dir,
      stdout: { write: (t: string) => (out += t), isTTY: false },
      stderr: { write: (t: string) => (err += t), isTTY: false },
    };
    return { code: await runCli(args, io), out, err };
  };
  beforeAll(() => writeFileSync(join(dir, 'samples.jsonl'), samples.map((x) => JSON.stringify(x) + '\n').join('')));

  it('writes the packs into the rows and the span summary, with the pack options recorded', async () => {
    const r = await cli([
      'eval',
      '--samples',
      'samples.jsonl',
      '--repos',
      'repos',
      '--no-timing',
      '--pack-budgets',
      '8000,300',
      '--out',
      'd.jsonl',
      '--summary',
      's.json',
    ]);
    expect(r.code, r.err).toBe(0);
    const rows = readFileSync(join(dir, 'd.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DetailsRow);
    expect(rows.map((row) => [row.pack, row.pack_whole])).toEqual(run.rows.map((row) => [row?.pack, row?.pack_whole]));
    const summary = JSON.parse(readFileSync(join(dir, 's.json'), 'utf8'));
    expect(summary.pack).toEqual({ budgets: [300, 8000], tokenizer: 'regex' });
    expect(summary.spans.overall.packs.pack['8000'].packed).toBe(2);
    expect(r.out).toContain('Packs (span metrics):');
  }, 60_000);

  it('is a usage error with bm25 or a malformed budget list', async () => {
    const bm25 = await cli([
      'eval',
      '--samples',
      'samples.jsonl',
      '--repos',
      'repos',
      '--method',
      'bm25',
      '--pack-budgets',
      '4000',
    ]);
    expect([bm25.code, bm25.err]).toEqual([
      2,
      expect.stringMatching(/--pack-budgets applies to --method repomap, not bm25/),
    ]);
    const bad = await cli(['eval', '--samples', 'samples.jsonl', '--repos', 'repos', '--pack-budgets', '4000,4k']);
    expect([bad.code, bad.err]).toEqual([2, expect.stringMatching(/whole numbers ≥ 1 separated by commas, got "4k"/)]);
  });
});
