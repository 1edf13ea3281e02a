/**
 * `useOneShotCompilation` and `useBaselineCompilation` change V8 flags for the whole process, so each case runs in a
 * child process of the built package (dist/, built by test/build-setup.ts): the tags
 * must be exactly those of the default compilation, in this thread and on workers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../../src/package-root.js';
import { FIXTURE_REPOS } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'repomap-one-shot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dist = (path: string): string => pathToFileURL(join(packageRoot(), 'dist', 'src', path)).href;

/** A script that tags every fixture repository in this thread and on two workers, and prints a digest of each result. */
const SCRIPT = `
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
const api = { ...(await import(${JSON.stringify(dist('index.js'))})), ...(await import(${JSON.stringify(dist('unstable.js'))})) };
const { extractTags } = await import(${JSON.stringify(dist('tags/extract.js'))});
const mode = process.argv[2];
if (mode === 'one-shot') api.useOneShotCompilation();
if (mode === 'baseline') api.useBaselineCompilation();
const files = [];
for (const repo of readdirSync(${JSON.stringify(FIXTURE_REPOS)}).sort()) {
  const corpus = await api.loadCorpus({ folder: join(${JSON.stringify(FIXTURE_REPOS)}, repo) });
  for (const f of corpus.files) files.push({ ...f, path: repo + '/' + f.path });
}
const digest = (r) => createHash('sha256').update(JSON.stringify(r)).digest('hex');
const inThread = await extractTags(files, { jobs: 1 });
const pool = { minFiles: 0, minBytes: 0, batchBytes: 4096, batchFiles: 4 };
let workers = 0;
const onWorkers = await extractTags(files, { jobs: 2, pool, onWorkers: (s) => (workers = s.workersStarted) });
let again = 'no error';
try { api.useOneShotCompilation(); } catch (error) { again = error.code + ': ' + error.message; }
let againBaseline = 'no error';
try { api.useBaselineCompilation(); } catch (error) { againBaseline = error.code + ': ' + error.message; }
console.log(JSON.stringify({ tags: inThread.tags.length, inThread: digest(inThread), onWorkers: digest(onWorkers), workers, again, againBaseline }));
`;

interface Outcome {
  tags: number;
  inThread: string;
  onWorkers: string;
  workers: number;
  again: string;
  againBaseline: string;
}

const outcomes = new Map<string, Outcome>();

/**
 * A guard against a hung child, not a measure: a child tags every fixture repository twice
 * (in its thread, then on two workers): 20-50 s on two shared cores, 47-86 s with two busy
 * loops and two other test files beside it (load average 8-14). A test waits on at most
 * two children.
 */
const CHILD_TIMEOUT_MS = 300_000;
const TEST_TIMEOUT_MS = 2 * CHILD_TIMEOUT_MS;

/** The script's output in a fresh process, once per mode. */
function run(mode: string): Outcome {
  let outcome = outcomes.get(mode);
  if (!outcome) {
    const script = join(dir, 'tag-fixtures.mjs');
    writeFileSync(script, SCRIPT);
    outcome = JSON.parse(
      execFileSync(process.execPath, [script, mode], { encoding: 'utf8', timeout: CHILD_TIMEOUT_MS }),
    ) as Outcome;
    outcomes.set(mode, outcome);
  }
  return outcome;
}

describe('useOneShotCompilation', () => {
  it(
    'gives the same tags as the default compilation, in this thread and on workers',
    () => {
      const standard = run('default');
      const oneShot = run('one-shot');
      expect(standard.tags).toBeGreaterThan(30);
      expect(standard.workers).toBe(2);
      expect(oneShot.workers).toBe(2);
      expect(standard.onWorkers).toBe(standard.inThread);
      expect(oneShot.inThread).toBe(standard.inThread);
      expect(oneShot.onWorkers).toBe(standard.inThread);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'starts compiling any other wasm file only once the runtime compiled under its flags',
    () => {
      // A grammar compiled while the flags are set would get the runtime's eager TurboFan compilation.
      const script = join(dir, 'order.mjs');
      writeFileSync(
        script,
        `const api = await import(${JSON.stringify(dist('unstable.js'))});
const wasm = await import(${JSON.stringify(dist('tags/wasm-modules.js'))});
const grammar = await import(${JSON.stringify(dist('tags/grammar.js'))});
const { statSync } = await import('node:fs');
const names = new Map([[statSync(wasm.runtimeWasmPath()).size, 'runtime'], [statSync(grammar.grammarWasmPath('python')).size, 'python']]);
const log = [];
const compile = WebAssembly.compile.bind(WebAssembly);
WebAssembly.compile = (bytes) => {
  const name = names.get(bytes.byteLength) ?? 'other';
  log.push('start ' + name);
  return compile(bytes).finally(() => log.push('end ' + name));
};
api.useOneShotCompilation();
await Promise.all([wasm.compiledWasm(grammar.grammarWasmPath('python')), wasm.compiledWasm(wasm.runtimeWasmPath())]);
console.log(log.join(', '));`,
      );
      expect(execFileSync(process.execPath, [script], { encoding: 'utf8', timeout: CHILD_TIMEOUT_MS }).trim()).toBe(
        'start runtime, end runtime, start python, end python',
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'is an error once the process has parsed a file, naming the call',
    () => {
      const { again } = run('default');
      expect(again).toBe('bad-option: repomap/tags: useOneShotCompilation must be called before any file is parsed');
    },
    TEST_TIMEOUT_MS,
  );
});

describe('useBaselineCompilation', () => {
  it(
    'gives the same tags as the default compilation, in this thread and on workers',
    () => {
      const standard = run('default');
      const baseline = run('baseline');
      expect(baseline.workers).toBe(2);
      expect(baseline.inThread).toBe(standard.inThread);
      expect(baseline.onWorkers).toBe(standard.inThread);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'is an error once the process has parsed a file, naming the call',
    () => {
      expect(run('default').againBaseline).toBe(
        'bad-option: repomap/tags: useBaselineCompilation must be called before any file is parsed',
      );
    },
    TEST_TIMEOUT_MS,
  );
});
