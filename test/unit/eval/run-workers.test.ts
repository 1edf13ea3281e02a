/**
 * How `runEval` shares snapshots among worker processes (src/eval/run-workers.ts), with a
 * stand-in worker module that speaks the workers' protocol: it asks for its job's snapshots
 * one at a time and reports each sample with the process that took it, so the test sees
 * which worker evaluated which snapshot, in which order.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../../src/eval/index.js';
import { SPLIT_MIN_SNAPSHOTS, workerCount } from '../../../src/eval/run-workers.js';
import type { Sample } from '../../../src/eval/samples.js';
import { TAGS_STORE_FILE } from '../../../src/cache/location.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

/**
 * A worker that evaluates nothing: each sample's outcome names the process and the snapshot's
 * place in its run. Before its first snapshot it waits (up to 2 s) until a second worker of
 * the run has its job too (each marks the job's folder), so that a slow start of one process
 * does not let the other finish its chain before the first snapshot of the second is taken.
 */
const STAND_IN = `
const { readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const send = (m, then) => process.send(m, undefined, undefined, then);
let job;
let taken = 0;
let started = false;
const whenBothStarted = (then) => {
  if (started) return then();
  started = true;
  writeFileSync(join(job.reposDir, 'started-' + process.pid), '');
  const until = Date.now() + 2000;
  const poll = () => readdirSync(job.reposDir).filter((f) => f.startsWith('started-')).length >= 2 || Date.now() > until ? then() : setTimeout(poll, 2);
  poll();
};
process.on('message', (m) => {
  if (m.type === 'job') { job = m.job; taken = 0; whenBothStarted(() => send({ type: 'next' })); }
  else if (m.type === 'snapshot') {
    if (!m.snapshot) return send({ type: 'done', repo: job.repo, snapshots: taken });
    for (const { index } of m.snapshot.samples) send({ type: 'sample', outcome: { index, scores: {}, error: process.pid + ' ' + job.repo + ' ' + taken } });
    taken++;
    // a little work per snapshot, so that the runs overlap as real ones do
    setTimeout(() => send({ type: 'next' }), 5);
  } else if (m.type === 'close') send({ type: 'closed', maxRssKb: 1 }, () => process.disconnect());
});
`;

/** A worker that reports, for each sample, the tags store folder its job names and whether that folder holds the store's file. */
const STORE_STAND_IN = `
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const send = (m, then) => process.send(m, undefined, undefined, then);
let job;
process.on('message', (m) => {
  if (m.type === 'job') { job = m.job; send({ type: 'next' }); }
  else if (m.type === 'snapshot') {
    if (!m.snapshot) return send({ type: 'done', repo: job.repo, snapshots: 0 });
    const dir = job.cacheDir ?? '-';
    const held = job.cacheDir !== undefined && existsSync(join(job.cacheDir, ${JSON.stringify(TAGS_STORE_FILE)}));
    for (const { index } of m.snapshot.samples) send({ type: 'sample', outcome: { index, scores: {}, error: process.pid + ' ' + dir + ' ' + held } });
    setTimeout(() => send({ type: 'next' }), 5);
  } else if (m.type === 'close') send({ type: 'closed', maxRssKb: 1 }, () => process.disconnect());
});
`;

/** A worker that dies at its first snapshot. */
const DYING_STAND_IN = `
process.on('message', (m) => {
  if (m.type === 'job') process.send({ type: 'next' });
  else if (m.type === 'snapshot') process.exit(3);
});
`;

/** A worker that asks for its first snapshot, then closes its channel before the answer comes and exits. */
const LEAVING_STAND_IN = `
process.on('message', (m) => {
  if (m.type === 'job') process.send({ type: 'next' }, () => { process.disconnect(); setTimeout(() => process.exit(3), 100); });
});
`;

let dir: string;
let module: string;
let storeModule: string;
let dyingModule: string;
let leavingModule: string;
beforeAll(() => {
  dir = makeTemp('repomap-run-workers-');
  module = join(dir, 'stand-in.cjs');
  writeFileSync(module, STAND_IN);
  storeModule = join(dir, 'store-stand-in.cjs');
  writeFileSync(storeModule, STORE_STAND_IN);
  dyingModule = join(dir, 'dying-stand-in.cjs');
  writeFileSync(dyingModule, DYING_STAND_IN);
  leavingModule = join(dir, 'leaving-stand-in.cjs');
  writeFileSync(leavingModule, LEAVING_STAND_IN);
});
afterAll(() => removeTemp(dir));

const samplesOf = (repo: string, commits: number): Sample[] =>
  Array.from(
    { length: commits },
    (_, i) =>
      ({
        id: `${repo}-${i}`,
        repo,
        base_commit: `${i}`.padStart(40, 'c'),
        task_type: 'issue2code',
        query: { text: 'x' },
        gold: { files: ['a.py'] },
      }) as Sample,
  );

/** Per sample (input order): the process, repository and place in its worker's run the stand-in reported. */
async function who(samples: Sample[], jobs: number): Promise<{ pid: string; repo: string; place: number }[]> {
  // a folder of the run's own: the stand-ins mark it as they start
  const run = await runEval(samples, { reposDir: mkdtempSync(join(dir, 'run-')), jobs, workerModule: module });
  return run.errors.map((e) => {
    const [pid, repo, place] = e.message.split(' ');
    return { pid: pid!, repo: repo!, place: Number(place) };
  });
}

describe('runEval over worker processes', () => {
  it("gives one repository's 16 snapshots to two workers: the first takes the front half in order, the other the back half", async () => {
    const seen = await who(samplesOf('acme/long', 16), 2);
    expect(seen).toHaveLength(16);
    const pids = [...new Set(seen.map((s) => s.pid))];
    expect(pids).toHaveLength(2);
    // each worker took a run of consecutive snapshots, in order (each built from the one before)
    expect(seen.slice(0, 8).map((s) => s.pid)).toEqual(Array(8).fill(seen[0]!.pid));
    expect(seen.slice(8).map((s) => s.pid)).toEqual(Array(8).fill(seen[8]!.pid));
    expect(seen.map((s) => s.place)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('does not split a run shorter than SPLIT_MIN_SNAPSHOTS: a second repository keeps the other worker', async () => {
    const short = SPLIT_MIN_SNAPSHOTS - 1;
    const seen = await who([...samplesOf('acme/a', short), ...samplesOf('acme/b', 2)], 2);
    const a = seen.filter((s) => s.repo === 'acme/a');
    expect(new Set(a.map((s) => s.pid)).size, 'one worker for all of a').toBe(1);
    expect(a.map((s) => s.place)).toEqual(Array.from({ length: short }, (_, i) => i));
  });

  it('fails the run with the exit of a worker that left while its answer was on the way, not with an uncaught write error', async () => {
    // the answer's write to a closed channel fails (EPIPE) in some of these runs; vitest fails the file on an uncaught one
    for (let run = 0; run < 10; run++) {
      await expect(
        runEval(samplesOf('acme/long', 16), { reposDir: dir, jobs: 2, workerModule: leavingModule, shareTags: false }),
      ).rejects.toThrow(/the eval worker exited \(code 3\)/);
    }
  });

  it('starts no more workers than the repositories can use', () => {
    expect(workerCount([{ snapshots: Array(3) }], 4)).toBe(1);
    expect(workerCount([{ snapshots: Array(16) }], 2)).toBe(2);
    expect(workerCount([{ snapshots: Array(3) }, { snapshots: Array(1) }], 4)).toBe(2);
  });
});

describe("runEval's tags store for its worker processes", () => {
  /** Per sample: the process, the store folder its job named ('-' for none) and whether the store's file was there. */
  const stores = (errors: { message: string }[]): { pid: string; dir: string; held: boolean }[] =>
    errors.map((e) => {
      const [pid, storeDir, held] = e.message.split(' ');
      return { pid: pid!, dir: storeDir!, held: held === 'true' };
    });
  let n = 0;
  const freshRoot = (): string => {
    const root = join(dir, `root-${n++}`);
    mkdirSync(root);
    return root;
  };

  it('without a persistent store, makes one under the root that both workers share, and removes it at the end', async () => {
    const root = freshRoot();
    const run = await runEval(samplesOf('acme/long', 16), {
      reposDir: dir,
      jobs: 2,
      workerModule: storeModule,
      runStoreRoot: root,
    });
    const seen = stores(run.errors);
    expect(new Set(seen.map((s) => s.pid)).size, 'two workers').toBe(2);
    const dirs = new Set(seen.map((s) => s.dir));
    expect(dirs.size, 'one store for both').toBe(1);
    const [storeDir] = dirs;
    expect(storeDir!.startsWith(join(root, 'repomap-eval-'))).toBe(true);
    expect(
      seen.every((s) => s.held),
      'the store existed while the workers ran',
    ).toBe(true);
    expect(run.tagsStore).toBe('run');
    expect(readdirSync(root), 'removed once the run ended').toEqual([]);
  });

  it('removes the store when a worker dies', async () => {
    const root = freshRoot();
    await expect(
      runEval(samplesOf('acme/long', 16), { reposDir: dir, jobs: 2, workerModule: dyingModule, runStoreRoot: root }),
    ).rejects.toThrow(/eval worker/);
    expect(readdirSync(root)).toEqual([]);
  });

  it('makes none with shareTags false, with one process, or for BM25; uses a persistent store as it is and keeps it', async () => {
    const root = freshRoot();
    const unshared = await runEval(samplesOf('acme/long', 16), {
      reposDir: dir,
      jobs: 2,
      workerModule: storeModule,
      runStoreRoot: root,
      shareTags: false,
    });
    expect(stores(unshared.errors).map((s) => s.dir)).toEqual(Array(16).fill('-'));
    expect(unshared.tagsStore).toBe('memory');
    const bm25 = await runEval(samplesOf('acme/long', 16), {
      reposDir: dir,
      jobs: 2,
      method: 'bm25',
      workerModule: storeModule,
      runStoreRoot: root,
    });
    expect(stores(bm25.errors).map((s) => s.dir)).toEqual(Array(16).fill('-'));
    expect(readdirSync(root)).toEqual([]);

    const persistent = join(dir, 'persistent');
    const kept = await runEval(samplesOf('acme/long', 16), {
      reposDir: dir,
      jobs: 2,
      workerModule: storeModule,
      runStoreRoot: root,
      cacheDir: persistent,
    });
    expect(new Set(stores(kept.errors).map((s) => s.dir))).toEqual(new Set([persistent]));
    expect(kept.tagsStore).toBe('persistent');
    expect(readdirSync(root)).toEqual([]);
  });

  it('notes why it could not make the store, and the workers keep their tags in memory', async () => {
    const notes: string[] = [];
    const missing = join(dir, 'no-such-root');
    const run = await runEval(samplesOf('acme/long', 16), {
      reposDir: dir,
      jobs: 2,
      workerModule: storeModule,
      runStoreRoot: missing,
      onNote: (m) => notes.push(m),
    });
    expect(stores(run.errors).map((s) => s.dir)).toEqual(Array(16).fill('-'));
    expect(run.tagsStore).toBe('memory');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(missing);
    expect(existsSync(missing)).toBe(false);
  });
});
