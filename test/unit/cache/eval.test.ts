/**
 * `repomap eval --cache DIR`: jobs read and write the persistent store (in this process,
 * and from two worker processes at once), and the rows never change because of it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TagsStore } from '../../../src/cache/index.js';
import { runCli } from '../../../src/cli/run.js';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { buildPackage } from './helpers.js';

const parsed = vi.hoisted(() => ({ files: 0 }));
vi.mock('../../../src/tags/index.js', async (importOriginal) =>
  (await import('./count-parses.js')).countingTags(
    await importOriginal<typeof import('../../../src/tags/index.js')>(),
    parsed,
  ),
);

let dir: string;
let build: string;
/** Distinct (language, content) pairs over both repositories' snapshots. */
let distinct: number;
/** Files parsed by an uncached run (every snapshot's). */
let plainParsed: number;
beforeAll(async () => {
  dir = makeTemp('repomap-cache-eval-');
  build = buildPackage();
  const samples: object[] = [];
  for (const name of ['one', 'two']) {
    const repo = initRepo(join(dir, 'repos', `acme+${name}`), 'repo');
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`${name}/mod_${i}.py`] = `def ${name}_func_${i}(x):\n    return x + ${i}\n`;
    files[`tests/test_${name}.py`] =
      `from ${name}.mod_0 import ${name}_func_0\n\ndef test_it():\n    assert ${name}_func_0(1) == 1\n`;
    writeFiles(repo, files);
    const first = commitAll(repo, 'first');
    writeFiles(repo, { [`${name}/mod_1.py`]: `def ${name}_func_1(x):\n    return x * 2\n` });
    const second = commitAll(repo, 'second');
    for (const [i, commit] of [first, second].entries()) {
      samples.push({
        id: `${name}-${i}`,
        repo: `acme/${name}`,
        base_commit: commit,
        task_type: 'code2test',
        query: {
          pr_title: `Fix ${name}_func_1`,
          changed_files: [`${name}/mod_1.py`],
          change_summary: [`${name}_func_1`],
        },
        gold: { related_tests: [`tests/test_${name}.py`] },
      });
    }
  }
  distinct = 2 * (7 + 1);
  writeFileSync(join(dir, 'samples.jsonl'), samples.map((s) => JSON.stringify(s)).join('\n') + '\n');
  parsed.files = 0;
  expect(await evalIn(['--out', 'plain.jsonl'])).toEqual({ code: 0, stderr: '' });
  plainParsed = parsed.files;
}, 120_000);
afterAll(() => {
  removeTemp(dir);
  removeTemp(build);
});
beforeEach(() => {
  parsed.files = 0;
});

const BASE = ['eval', '--samples', 'samples.jsonl', '--repos', 'repos', '--no-timing'];

/** stderr without the progress lines (`[eval] …`): notes and warnings only. */
const messagesOf = (stderr: string): string =>
  stderr
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('[eval]'))
    .join('\n');

async function evalIn(args: string[], env: Record<string, string> = {}) {
  let stderr = '';
  const code = await runCli([...BASE, ...args], {
    stdout: { write: () => true },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env,
  });
  return { code, stderr: messagesOf(stderr) };
}
const read = (f: string): string => readFileSync(join(dir, f), 'utf8');

describe('eval --cache DIR', () => {
  it('a second run parses nothing and writes the same rows as an uncached run', async () => {
    expect(existsSync(join(dir, 'cache')), 'eval has no cache unless asked').toBe(false);
    expect(await evalIn(['--cache', 'cache', '--out', 'cold.jsonl', '--summary', 'cold.json'])).toEqual({
      code: 0,
      stderr: '',
    });
    expect(parsed.files).toBe(plainParsed);
    parsed.files = 0;
    expect(await evalIn(['--out', 'warm.jsonl'], { REPOMAP_CACHE: 'cache' })).toEqual({ code: 0, stderr: '' });
    expect(parsed.files).toBe(0);
    expect(read('cold.jsonl')).toBe(read('plain.jsonl'));
    expect(read('warm.jsonl')).toBe(read('plain.jsonl'));
    expect(JSON.parse(read('cold.json')).tags_cache).toBe(join(dir, 'cache'));
  });

  it('two worker processes fill one fresh store at once; rows equal the in-process run', () => {
    const RUNNER =
      'const { runCli } = await import(process.argv[1]);' +
      'process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });';
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        RUNNER,
        join(build, 'src', 'cli', 'run.js'),
        ...BASE,
        '--jobs',
        '2',
        '--cache',
        'shared',
        '--out',
        'jobs2.jsonl',
        '--summary',
        'jobs2.json',
      ],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
    );
    expect(child.status, child.stderr).toBe(0);
    expect(messagesOf(child.stderr)).toBe('');
    expect(JSON.parse(read('jobs2.json')).processes).toBe(2);
    expect(read('jobs2.jsonl')).toBe(read('plain.jsonl'));
    const store = TagsStore.open(join(dir, 'shared', 'tags.sqlite'));
    expect(store.size()).toBe(distinct);
    store.close();
  }, 60_000);

  it('--cache-max-mb is the cap of the store the jobs write: a store over it is pruned, with a note, and the rows do not change', async () => {
    const file = join(dir, 'capped', 'tags.sqlite');
    const old = TagsStore.open(file, { now: () => Date.now() - 3_600_000 });
    const big = (k: string) => ({
      tags: {
        language: 'python' as const,
        definitions: [{ name: k.repeat(2000), kind: 'function' as const, startLine: 1, endLine: 2 }],
        references: [],
        imports: [],
        messages: [],
        errorNodes: 0,
      },
      diagnostics: [],
    });
    old.putMany(Array.from({ length: 300 }, (_, i) => [`python:old${i}`, big(`n${i}`)] as const));
    old.close();
    const r = await evalIn(['--cache', 'capped', '--cache-max-mb', '1', '--out', 'capped.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^repomap: note: the tags cache .*capped\/tags\.sqlite passed its cap of 1\.0 MiB; removed the \d+ least recently used rows/,
    );
    expect(read('capped.jsonl')).toBe(read('plain.jsonl'));
    const store = TagsStore.open(file);
    expect(store.stats().liveBytes).toBeLessThanOrEqual(1024 ** 2);
    store.close();
  });
});
