/**
 * `repomap eval --shard i/n`, on the eval world (./eval-world.ts): the shards'
 * details files, concatenated and scored, give the unsharded run's summary.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { parseDetails, type RunSummary } from '../../../src/eval/index.js';
import { fakeIo, makeEvalWorld, type EvalWorld } from './eval-world.js';

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
const idsOf = (file: string): string[] => parseDetails(read(file), file).map((r) => r.sample_id);
/** The scored part of a summary, as text: two runs agree to the last digit when these are equal. */
const metricsOf = (s: RunSummary): string =>
  JSON.stringify({ tasks: s.tasks, overall: s.overall, macro: s.macro, selective: s.selective });
const EVAL = ['eval', '--samples', 'samples.jsonl', '--repos', 'repos', '--no-timing', '--selective'];

/** The unsharded run every test compares with. */
let full: string;
beforeAll(async () => {
  const r = await cli([...EVAL, '--out', 'full.details.jsonl', '--summary', 'full.summary.json']);
  expect(r.code, r.err).toBe(0);
  full = read('full.details.jsonl');
});

describe('repomap eval --shard', () => {
  beforeAll(async () => {
    for (const i of [1, 2]) {
      const r = await cli([
        ...EVAL,
        '--shard',
        `${i}/2`,
        '--out',
        `shard${i}.details.jsonl`,
        '--summary',
        `shard${i}.summary.json`,
      ]);
      expect(r.code, r.err).toBe(0);
    }
  });

  it('puts whole repositories in shards, most samples first, each to the lightest shard', () => {
    // acme/alpha has 6 samples (shard 1); acme/beta 2 and acme/gone 1 go to the lighter shard 2
    expect(idsOf('shard1.details.jsonl')).toEqual(['s1', 's3', 's4', 's5', 's9']);
    expect(idsOf('shard2.details.jsonl')).toEqual(['s2', 's8']);
    const [one, two] = [readJson('shard1.summary.json'), readJson('shard2.summary.json')];
    expect([one.samples, two.samples]).toEqual([6, 3]);
    expect([one.errors.map((e) => e.sample_id), two.errors.map((e) => e.sample_id)]).toEqual([['s7'], ['s6']]);
    expect([one.shard, two.shard]).toEqual([
      { index: 1, count: 2, repositories: 1 },
      { index: 2, count: 2, repositories: 2 },
    ]);
  });

  it("writes, over both shards, exactly the unsharded run's rows", () => {
    const lines = (text: string): string[] => text.split('\n').filter(Boolean).sort();
    expect(lines(read('shard1.details.jsonl') + read('shard2.details.jsonl'))).toEqual(lines(full));
  });

  it("merges: `repomap score` over the concatenated shards gives the unsharded run's summary, in either order", async () => {
    for (const [name, order] of [
      ['merged12', [1, 2]],
      ['merged21', [2, 1]],
    ] as const) {
      writeFileSync(at(`${name}.details.jsonl`), order.map((i) => read(`shard${i}.details.jsonl`)).join(''));
      const r = await cli([
        'score',
        '--samples',
        'samples.jsonl',
        '--repos',
        'repos',
        '--selective',
        '--details',
        `${name}.details.jsonl`,
        '--summary',
        `${name}.summary.json`,
      ]);
      expect(r.code, r.err).toBe(0);
      expect(metricsOf(readJson(`${name}.summary.json`)), name).toBe(metricsOf(readJson('full.summary.json')));
    }
    // and the shards' files given as two --details
    const r = await cli([
      'score',
      '--samples',
      'samples.jsonl',
      '--repos',
      'repos',
      '--selective',
      '--details',
      'shard2.details.jsonl',
      '--details',
      'shard1.details.jsonl',
      '--summary',
      'two.summary.json',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(metricsOf(readJson('two.summary.json'))).toBe(metricsOf(readJson('full.summary.json')));
  });

  it('runs a shard with no repository (more shards than repositories) as an empty share, exit 0', async () => {
    const r = await cli([
      ...EVAL,
      '--shard',
      '4/4',
      '--out',
      'shard4.details.jsonl',
      '--summary',
      'shard4.summary.json',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(read('shard4.details.jsonl')).toBe('');
    expect(readJson('shard4.summary.json').samples).toBe(0);
    expect(r.err).toMatch(/shard 4\/4: 0 repositories, 0 of 9 samples/);
  });

  it.each(['0/2', '3/2', 'x', '1/0', '1.5/2', '-1/2', '1/2/3', ''])(
    'refuses --shard %j as a usage error naming the option',
    async (value) => {
      const r = await cli([...EVAL, '--shard', value]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /option '--shard <i\/n>' argument '.*' is invalid\. expected i\/n with whole numbers 1 ≤ i ≤ n/,
      );
    },
  );
});
