/**
 * The worker-thread parse pool gives exactly what the in-thread path gives. The workers run
 * the compiled dist/src/tags/worker.js (`npm run build`; CI builds it in `npm ci`): if these
 * tests fail right after a change under src/tags, rebuild first.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/corpus/index.js';
import { RepoMapError } from '../../../src/errors.js';
import { packageRoot } from '../../../src/package-root.js';
import { extractTags, type TagsOptions, type TagsResult } from '../../../src/tags/extract.js';
import { TAGS_BUDGET } from '../../../src/tags/budget.js';
import {
  parseInWorkers,
  POOL_DEFAULTS,
  prestartParseWorkers,
  prestartWhenListed,
  releasePrestarted,
  type PoolStats,
} from '../../../src/tags/pool.js';
import { LANGUAGES, type FileRecord, type LanguageId } from '../../../src/types.js';
import { FIXTURE_REPOS } from './helpers.js';

/** Small batches and no size threshold, so even a fixture repository is spread over both workers. */
const FORCE_POOL = { minFiles: 0, minBytes: 0, batchBytes: 4096, batchFiles: 4 };

function record(path: string, language: FileRecord['language'], text: string): FileRecord {
  return { path, size: Buffer.byteLength(text), text, language, kind: 'source' };
}

/** Every file of every fixture repository, paths prefixed with the repository's folder. */
async function allFixtureFiles(): Promise<FileRecord[]> {
  const repos = readdirSync(FIXTURE_REPOS).sort();
  expect(repos.length).toBeGreaterThanOrEqual(7);
  const files: FileRecord[] = [];
  for (const repo of repos) {
    const corpus = await loadCorpus({ folder: join(FIXTURE_REPOS, repo) });
    expect(corpus.files.filter((f) => f.language !== null).length, repo).toBeGreaterThan(0);
    for (const f of corpus.files) files.push({ ...f, path: `${repo}/${f.path}` });
  }
  return files;
}

async function onWorkers(
  files: FileRecord[],
  options: TagsOptions = {},
): Promise<{ result: TagsResult; stats: PoolStats }> {
  let stats: PoolStats | undefined;
  const result = await extractTags(files, {
    jobs: 2,
    ...options,
    pool: { ...FORCE_POOL, ...options.pool },
    onWorkers: (s) => (stats = s),
  });
  if (!stats) throw new Error('expected the files to be parsed on worker threads');
  return { result, stats };
}

describe('parse pool', () => {
  let files: FileRecord[];
  let inThread: TagsResult;
  beforeAll(async () => {
    files = await allFixtureFiles();
    inThread = await extractTags(files, { jobs: 1 });
  });

  it('gives exactly the in-thread tags and diagnostics on every fixture repository', async () => {
    const progress: number[] = [];
    const { result, stats } = await onWorkers([...files].reverse(), { onProgress: (done) => progress.push(done) });
    expect(stats.workersStarted).toBe(2);
    expect(stats.batches).toBeGreaterThan(10);
    // Each worker loads the languages it is sent: about one load per language, not one per worker and language
    // (the fixtures hold every language).
    const languages = new Set(files.map((f) => f.language).filter((l) => l !== null)).size;
    expect(languages).toBe(LANGUAGES.length);
    expect(stats.languageLoads).toBeGreaterThanOrEqual(languages);
    expect(stats.languageLoads).toBeLessThanOrEqual(languages + 2);
    expect(result).toEqual(inThread);
    expect(JSON.stringify(result)).toBe(JSON.stringify(inThread));
    const total = files.filter((f) => f.language !== null).length;
    expect(progress).toEqual(Array.from({ length: total + 1 }, (_, i) => i));
  });

  it('replaces a worker once it has parsed its large files, not after each, and still gives the same output', async () => {
    // A file of 1 KiB or more is large here, each file is a batch, and each language's large files come first.
    const some = files.filter((f) => f.path.startsWith('python-inventory/') || f.path.startsWith('rust-tokenizer/'));
    const large = some.filter((f) => f.language !== null && f.size >= 1024).length;
    expect(large).toBeGreaterThan(8);
    const { result, stats } = await onWorkers(some, { pool: { recycleBytes: 1024, batchFiles: 1 } });
    expect(stats.recycled).toBeGreaterThan(0);
    // at most once per worker and language (after a run of large files), where a replacement after every large file would be `large` less the last
    expect(stats.recycled).toBeLessThanOrEqual(2 * 2);
    expect(stats.workersStarted).toBe(2 + stats.recycled);
    expect(JSON.stringify(result)).toBe(JSON.stringify(await extractTags(some, { jobs: 1 })));
  });

  it('takes workers started ahead, and gives the same output with them', async () => {
    prestartParseWorkers(2);
    const { result, stats } = await onWorkers(files);
    expect(stats.prestarted).toBe(2);
    expect(stats.workersStarted).toBe(2);
    expect(JSON.stringify(result)).toBe(JSON.stringify(inThread));
    // a pool takes them once: the next one starts its own
    expect((await onWorkers(files.slice(0, 40))).stats.prestarted).toBe(0);
  });

  it('ends workers started ahead that no pool takes: a release, or an input parsed in this thread', async () => {
    prestartParseWorkers(2);
    await releasePrestarted();
    expect((await onWorkers(files.slice(0, 40))).stats.prestarted).toBe(0);
    prestartParseWorkers(2);
    await extractTags(files.slice(0, 5), { jobs: 2 }); // below the thresholds: parsed here, the workers ended
    expect((await onWorkers(files.slice(0, 40))).stats.prestarted).toBe(0);
  });

  it('starts workers ahead from a corpus listing only when it holds enough files for a pool', async () => {
    const seen: number[] = [];
    const listing = (n: number): string[] => Array.from({ length: n }, (_, i) => `src/m${i}.py`);
    prestartWhenListed(2, (paths) => seen.push(paths.length))(listing(POOL_DEFAULTS.minFiles - 1));
    expect((await onWorkers(files.slice(0, 40))).stats.prestarted).toBe(0);
    prestartWhenListed(2)(listing(POOL_DEFAULTS.minFiles));
    expect((await onWorkers(files.slice(0, 40))).stats.prestarted).toBe(2);
    prestartWhenListed(1)(listing(POOL_DEFAULTS.minFiles * 10)); // one thread: no workers
    expect((await onWorkers(files.slice(0, 40))).stats.prestarted).toBe(0);
    expect(seen).toEqual([POOL_DEFAULTS.minFiles - 1]);
  });

  it('compiles the grammars of the languages a listing names, and only those, when it starts workers', () => {
    // A fresh process: this one's compiled grammars are shared by every test in it.
    const script = `const pool = await import(${JSON.stringify(pathToFileURL(join(packageRoot(), 'dist', 'src', 'tags', 'pool.js')).href)});
const wasm = await import(${JSON.stringify(pathToFileURL(join(packageRoot(), 'dist', 'src', 'tags', 'wasm-modules.js')).href)});
const grammar = await import(${JSON.stringify(pathToFileURL(join(packageRoot(), 'dist', 'src', 'tags', 'grammar.js')).href)});
const paths = [...Array.from({ length: 200 }, (_, i) => 'src/m' + i + '.rs'), ...Array.from({ length: 150 }, (_, i) => 'web/c' + i + '.tsx'), 'README.md'];
pool.prestartWhenListed(2)(paths);
const compiled = [];
for (const language of ['go', 'java', 'javascript', 'python', 'rust', 'tsx', 'typescript']) {
  if (wasm.compiledWasmPaths().has(grammar.grammarWasmPath(language))) compiled.push(language);
}
console.log(compiled.join(' '));
await pool.releasePrestarted();`;
    const dir = mkdtempSync(join(tmpdir(), 'repomap-prestart-'));
    const file = join(dir, 'listed.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('rust tsx');
  });

  it('workers started ahead and never taken keep no process alive', () => {
    // The script ends after starting them (and after they have started): the process must exit on its own.
    const script = `const m = await import(${JSON.stringify(pathToFileURL(join(packageRoot(), 'dist', 'src', 'tags', 'pool.js')).href)});
m.prestartParseWorkers(2);
await new Promise((r) => setTimeout(r, 1000));
console.log(process.getActiveResourcesInfo().includes('MessagePort') ? 'a worker holds the process' : 'none holds it');
// they were alive all the same: a pool takes both
const file = { index: 0, path: 'a.py', language: 'python', text: 'def f():\\n    return 1\\n', size: 24 };
const { TAGS_BUDGET } = await import(${JSON.stringify(pathToFileURL(join(packageRoot(), 'dist', 'src', 'tags', 'budget.js')).href)});
const stats = await m.parseInWorkers([file, { ...file, index: 1, path: 'b.py' }], 2, { ...m.POOL_DEFAULTS, batchFiles: 1 }, TAGS_BUDGET, () => {});
console.log('taken', stats.prestarted);`;
    // a file, not -e: workers inherit the process's options, and --input-type would stop them
    const dir = mkdtempSync(join(tmpdir(), 'repomap-prestart-'));
    const file = join(dir, 'prestart.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.signal).toBeNull(); // not killed at the timeout
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual(['none holds it', 'taken 2']);
  });

  it('parses in this thread with jobs 1 or below the thresholds', async () => {
    let called = false;
    const meanwhile = async () => void (called = true);
    await extractTags(files, { jobs: 1, pool: FORCE_POOL, onWorkers: () => (called = true), meanwhile });
    await extractTags(files.slice(0, 5), {
      jobs: 2,
      pool: { minFiles: 6, minBytes: 0 },
      onWorkers: () => (called = true),
      meanwhile,
    });
    expect(called).toBe(false);
  });

  it('runs `meanwhile` on this thread while workers parse, and settles after both', async () => {
    const log: string[] = [];
    const meanwhile = async () => {
      for (let i = 0; i < 5; i++) {
        log.push(`meanwhile ${i}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      log.push('meanwhile done');
    };
    const { result } = await onWorkers(files, {
      meanwhile,
      onProgress: (done) => done === 1 && log.push('first outcome'),
    });
    expect(log).toContain('meanwhile done');
    // it started before the workers' first outcome came back: it ran alongside them
    expect(log.indexOf('meanwhile 0')).toBeLessThan(log.indexOf('first outcome'));
    expect(JSON.stringify(result)).toBe(JSON.stringify(inThread));
  });

  it('tells which files it is about to parse, then each once its outcome is in, on workers and in this thread alike', async () => {
    const parseable = files
      .filter((f) => f.language !== null)
      .map((f) => f.path)
      .sort();
    for (const run of [
      (o: TagsOptions) => onWorkers(files, o).then((r) => r.result),
      (o: TagsOptions) => extractTags(files, { jobs: 1, ...o }),
    ]) {
      const log: string[] = [];
      let parsing: readonly string[] = [];
      const result = await run({
        onParsing: (paths) => (parsing = paths),
        onParsed: (path) => log.push(path),
        onProgress: (done) => done > 0 && log.push(`progress ${done}`),
      });
      expect([...parsing].sort()).toEqual(parseable);
      const parsed = log.filter((l) => !l.startsWith('progress '));
      expect([...parsed].sort()).toEqual(parseable);
      // each file is told before the progress that counts it
      expect(log.indexOf(parsed[0]!)).toBeLessThan(log.indexOf('progress 1'));
      expect(JSON.stringify(result)).toBe(JSON.stringify(inThread));
    }
  });

  it('gives the same diagnostics as in-thread for files that fail to parse or have syntax errors', async () => {
    const mixed = [
      record('src/a.ts', 'typescript', 'export function a() { b(); }\n'),
      { ...record('src/bad.ts', 'typescript', 'x'), text: 42 as unknown as string },
      record('src/broken.py', 'python', 'def good(x):\n    return helper(x)\n\ndef broken(:\n    pass\n'),
      record('src/c.ts', 'typescript', 'export class C {}\n'),
      { ...record('src/d.go', 'go', 'x'), text: null as unknown as string },
      record('src/e.go', 'go', 'package e\n\nfunc E() {}\n'),
    ];
    const expected = await extractTags(mixed, { jobs: 1 });
    expect(expected.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual([
      'parse-failed src/bad.ts',
      'parse-error src/broken.py',
      'parse-failed src/d.go',
    ]);
    const { result } = await onWorkers(mixed, { pool: { batchFiles: 1 } });
    expect(JSON.stringify(result)).toBe(JSON.stringify(expected));
  });

  it('rejects with the RepoMapError a worker reports when a grammar cannot load', async () => {
    const bogus = [record('a/main.cob', 'cobol' as LanguageId, 'x'), record('b/main.py', 'python', 'x = 1\n')];
    const inThreadError = await failure(() => extractTags(bogus, { jobs: 1 }));
    expect(inThreadError.code).toBe('grammar-load-failed');
    expect(inThreadError.message).toContain('(needed by a/main.cob)');
    // Straight from the worker, before extractTags re-derives the in-thread message.
    const pooled = bogus.map((f, index) => ({
      index,
      path: f.path,
      language: f.language!,
      text: f.text,
      size: f.size,
    }));
    const fromWorker = await failure(() =>
      parseInWorkers(pooled, 2, { ...POOL_DEFAULTS, ...FORCE_POOL }, TAGS_BUDGET, () => {}),
    );
    expect(fromWorker.code).toBe('grammar-load-failed');
    expect(await failure(() => onWorkers([...bogus, ...files.slice(0, 20)]))).toEqual(inThreadError);
  });

  it('rejects bad jobs values', async () => {
    for (const jobs of [0, 1.5, Number.NaN]) {
      expect((await failure(() => extractTags(files, { jobs }))).code).toBe('bad-option');
    }
  });
});

/**
 * A copy of the built package with a broken grammar path (python) and a broken query (go),
 * so that its workers, which read the manifest and queries themselves, meet the same faults.
 */
describe('parse pool in a broken installation', () => {
  let root: string;
  let extract: typeof import('../../../src/tags/extract.js');
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'repomap-pool-'));
    const real = packageRoot();
    cpSync(join(real, 'package.json'), join(root, 'package.json'));
    cpSync(join(real, 'dist', 'src'), join(root, 'dist', 'src'), { recursive: true });
    cpSync(join(real, 'grammars'), join(root, 'grammars'), { recursive: true });
    cpSync(join(real, 'queries'), join(root, 'queries'), { recursive: true });
    symlinkSync(join(real, 'node_modules'), join(root, 'node_modules'), 'dir');
    const manifestFile = join(root, 'grammars', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.languages.python.wasm = 'tree-sitter-missing.wasm';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    writeFileSync(
      join(root, 'queries', 'go', 'tags.scm'),
      '(function_declaration name: (no_such_node) @name) @definition.function\n',
    );
    extract = await import(pathToFileURL(join(root, 'dist', 'src', 'tags', 'extract.js')).href);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const many = (language: LanguageId, ext: string, text: string): FileRecord[] =>
    Array.from({ length: 12 }, (_, i) => record(`m${String(i).padStart(2, '0')}.${ext}`, language, text));

  for (const [what, code, subject, input] of [
    [
      'a grammar that cannot load',
      'grammar-load-failed',
      /tree-sitter-missing\.wasm$/,
      many('python', 'py', 'x = 1\n'),
    ],
    [
      'a query that does not compile',
      'query-error',
      /repomap-pool-.*[\\/]queries[\\/]go[\\/]tags\.scm$/,
      many('go', 'go', 'package m\n'),
    ],
  ] as const) {
    it(`${what} fails the same way with and without workers`, async () => {
      const files = [...many('rust', 'rs', 'fn f() {}\n').map((f) => ({ ...f, path: `z/${f.path}` })), ...input];
      const single = await failure(() => extract.extractTags(files, { jobs: 1 }));
      let stats: PoolStats | undefined;
      const pooled = await failure(() =>
        extract.extractTags(files, { jobs: 2, pool: FORCE_POOL, onWorkers: (s) => (stats = s) }),
      );
      expect(single.code).toBe(code);
      expect(single.subject).toMatch(subject);
      expect(pooled).toEqual(single);
      expect(stats).toBeUndefined();
    });
  }

  it('a missing compiled worker is an error that says to build (workers started ahead or not)', async () => {
    unlinkSync(join(root, 'dist', 'src', 'tags', 'worker.js'));
    const files = many('rust', 'rs', 'fn f() {}\n');
    // a head start that cannot start leaves the error to the pool
    const pool: typeof import('../../../src/tags/pool.js') = await import(
      pathToFileURL(join(root, 'dist', 'src', 'tags', 'pool.js')).href
    );
    pool.prestartParseWorkers(2);
    expect(await failure(() => extract.extractTags(files, { jobs: 2, pool: FORCE_POOL }))).toMatchObject({
      code: 'bad-option',
    });
    const error = await failure(() => extract.extractTags(files, { jobs: 2, pool: FORCE_POOL }));
    expect(error.code).toBe('bad-option');
    expect(error.message).toContain('npm run build');
    expect((await extract.extractTags(files, { jobs: 1 })).tags).toHaveLength(12);
  });
});

async function failure(
  run: () => Promise<unknown>,
): Promise<{ name: string; code: string; subject?: string; message: string }> {
  try {
    await run();
  } catch (error) {
    // Errors from the copied package are RepoMapErrors of that copy, not of this one.
    expect((error as Error).name).toBe(RepoMapError.name);
    const { name, code, subject, message } = error as RepoMapError;
    return { name, code, subject, message };
  }
  throw new Error('expected a RepoMapError');
}
