/**
 * The built binary as a user runs it (dist/, built by test/build-setup.ts before any
 * test file runs): `node bin/repomap.js` as a child process with the real streams and
 * exit code (stdin, pipes, --version); the modules it loads (none of the engine for help,
 * the version or a usage error); and the same as a user who may not read or write
 * everything (issue 19).
 */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageTree, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { fixtureCopy } from '../../fixture-copy.js';

const ROOT = join(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/repomap.js');
const FIXTURE = join(ROOT, 'fixtures/repos/python-inventory');
/** A copy of it outside the checkout, for the runs without --repo (in the checkout they read the whole checkout). */
const HERE = fixtureCopy('python-inventory');
const run = promisify(execFile);

describe('bin/repomap.js (built)', () => {
  // rank caches tags by default: a temp folder, never the user's ~/.cache
  const tmp = mkdtempSync(join(tmpdir(), 'repomap-bin-'));
  const env = { ...process.env, REPOMAP_CACHE: join(tmp, 'cache') };
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('rank "QUERY" --top 3 in a repository folder ranks that folder, exits 0 and names the defining file', async () => {
    const { stdout, stderr } = await run(process.execPath, [BIN, 'rank', 'apply_discount', '--top', '3'], {
      cwd: HERE,
      encoding: 'utf8',
      env,
    });
    // execFile rejects on a non-zero exit code, so reaching here means exit 0
    expect(stderr).toBe('');
    const rows = stdout.split('\n').filter((l) => /^\s*\d+\. \d\.\d{4} {2}\S/.test(l));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^\s*1\. \d\.\d{4} {2}src\/inventory\/pricing\.py$/);
  }, 30_000);

  it('rank after an edit, in a fresh process: the kept index updated (the parse started at the stamp check, Liftoff alone) ranks as --no-cache', async () => {
    const repo = join(tmp, 'rust-edited');
    cpSync(join(ROOT, 'fixtures/repos/rust-tokenizer'), repo, { recursive: true });
    ageTree(repo);
    const own = { ...env, REPOMAP_NO_DAEMON: '1', REPOMAP_CACHE: join(tmp, 'cache-edited') };
    const rank = (...more: string[]) =>
      run(
        process.execPath,
        [
          BIN,
          'rank',
          '--repo',
          repo,
          '--query',
          'the lexer panics on an unterminated string literal',
          '--format',
          'json',
          '--top',
          '10',
          ...more,
        ],
        { encoding: 'utf8', env: own },
      );
    const zeroTimings = (json: string): string => JSON.stringify({ ...JSON.parse(json), timing_ms: null });
    await rank();
    appendFileSync(
      join(repo, 'src/lexer.rs'),
      '\npub fn unterminated_string_literal_panics() -> bool {\n    true\n}\n',
    );
    const updated = await rank();
    expect(updated.stderr).toBe('');
    const status = await run(process.execPath, [BIN, 'status', '--repo', repo], { encoding: 'utf8', env: own });
    // the snapshot is used; whether the updated index was kept in it depends on how long ago
    // the edit was when the update read it (a folder still settling is not kept): a clock's call
    expect(status.stdout).toMatch(/^snapshot +\S+\.snap \(the index was (updated|loaded) from it/m);
    const fresh = await rank('--no-cache');
    expect(zeroTimings(updated.stdout)).toBe(zeroTimings(fresh.stdout));
    expect(JSON.parse(updated.stdout).top_files).toContain('src/lexer.rs');
  }, 60_000);

  it('--version and -V print the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const { stdout } = await run(process.execPath, [BIN, flag], { encoding: 'utf8' });
      expect(stdout).toBe(`${version}\n`);
    }
  });

  it('--query-file - reads the query from standard input', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'rank', '--repo', FIXTURE, '--query-file', '-', '--top', '1', '--format', 'json'],
      { env },
    );
    child.stdin.end('FAILED tests/test_pricing.py::TestApplyDiscount::test_rounds_half_cent_to_even');
    const { code, stdout, stderr } = await finished(child);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ top_files: expect.arrayContaining(['src/inventory/pricing.py']) });
  }, 30_000);

  it('a reader that closes the pipe early (`| head -c 100`) ends it quietly with exit 0', async () => {
    // A pack larger than a pipe's buffer, so the writer is still writing when the reader leaves.
    const repo = join(tmp, 'big');
    const body = Array.from(
      { length: 200 },
      (_, i) => `def price_rule_${i}(item):\n    return item.total * ${i} // 100\n`,
    ).join('\n');
    writeFiles(repo, Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`shop/rules_${i}.py`, body])));
    // A shell pipe (Node's own stdio pipes are sockets, whose buffers take the whole pack);
    // pipefail makes the pipeline's status repomap's.
    const pipeline = 'set -o pipefail; "$@" | head -c 100';
    const child = spawn('bash', [
      '-c',
      pipeline,
      'bash',
      process.execPath,
      BIN,
      'pack',
      '--repo',
      repo,
      'price_rule_7 total',
      '--budget',
      '200000',
      '--no-cache',
    ]);
    const { code, stdout, stderr } = await finished(child);
    expect(stdout).toMatch(/^### shop\/rules_/);
    expect(stdout).toHaveLength(100);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 30_000);

  it('daemon start serves in the background: rank runs in it with the output of its own process, status tells, stop ends it', async () => {
    const socket = join(tmp, 'daemon', 'd.sock');
    const denv = { ...env, REPOMAP_DAEMON_SOCKET: socket };
    let pid = 0;
    const alive = (id: number): boolean => {
      try {
        process.kill(id, 0);
        return true;
      } catch {
        return false;
      }
    };
    const started = await run(process.execPath, [BIN, 'daemon', 'start', '--idle-minutes', '5'], {
      encoding: 'utf8',
      env: denv,
    });
    expect(started.stdout).toMatch(
      new RegExp(`^repomap daemon: serving ${socket.replace(/[.]/g, '\\.')} \\(pid \\d+; log `),
    );
    try {
      const args = [BIN, 'rank', 'apply_discount', '--top', '3', '--format', 'json'];
      const served = await run(process.execPath, args, { cwd: HERE, encoding: 'utf8', env: denv });
      const own = await run(process.execPath, args, {
        cwd: HERE,
        encoding: 'utf8',
        env: { ...denv, REPOMAP_NO_DAEMON: '1' },
      });
      const ranking = (json: string) => ({ ...JSON.parse(json), timing_ms: null });
      expect(ranking(served.stdout)).toEqual(ranking(own.stdout));
      expect(served.stderr).toBe('');
      const status = JSON.parse(
        (await run(process.execPath, [BIN, 'daemon', 'status', '--json'], { encoding: 'utf8', env: denv })).stdout,
      );
      pid = status.pid;
      expect(status).toMatchObject({ serving: true, socket, commands: 1, indexes: [{ root: HERE }] });
      // a second start finds it serving
      expect((await run(process.execPath, [BIN, 'daemon', 'start'], { encoding: 'utf8', env: denv })).stdout).toMatch(
        /already serving/,
      );
    } finally {
      const stopped = await run(process.execPath, [BIN, 'daemon', 'stop'], { encoding: 'utf8', env: denv });
      expect(stopped.stdout).toMatch(/^repomap daemon: stopped/);
    }
    expect(existsSync(socket)).toBe(false);
    // and its process ends
    const ended = Date.now() + 10_000;
    while (alive(pid) && Date.now() < ended) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(pid)).toBe(false);
    const none = spawnSync(process.execPath, [BIN, 'daemon', 'status'], { encoding: 'utf8', env: denv });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/daemon: none serves/);
  }, 60_000);
});

describe('bin/repomap.js loads the engine only for a command that runs', () => {
  // every module the child loads, as recorded by ./module-log (a module loader hook)
  const tmp = mkdtempSync(join(tmpdir(), 'repomap-loads-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const REGISTER = pathToFileURL(join(import.meta.dirname, 'module-log/register.mjs')).href;
  const warmRepo = fixtureCopy('python-inventory');
  let runs = 0;
  async function loadedBy(args: string[]): Promise<{ stdout: string; modules: string[] }> {
    const log = join(tmp, `run-${++runs}.log`);
    const env = { ...process.env, REPOMAP_MODULE_LOG: log, REPOMAP_CACHE: join(tmp, 'cache') };
    const { stdout } = await run(process.execPath, ['--import', REGISTER, BIN, ...args], {
      cwd: HERE,
      encoding: 'utf8',
      env,
    });
    return {
      stdout,
      modules: readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    };
  }
  /**
   * The source modules behind loaded files: a file of the bundled CLI (dist/cli/) stands for
   * the modules the bundler put in it (dist/bundle-inputs.json: `/dist/src/…`, `/node_modules/…`).
   */
  let inputs: Record<string, string[]> | undefined;
  const sourcesOf = (modules: string[]): string[] => {
    inputs ??= JSON.parse(readFileSync(join(ROOT, 'dist/bundle-inputs.json'), 'utf8')) as Record<string, string[]>;
    return modules.flatMap((m) => {
      const at = m.indexOf('/dist/cli/');
      if (at < 0) return [m];
      const held = inputs![m.slice(at + '/dist/cli/'.length)];
      if (!held) throw new Error(`${m} is not an output of the bundle (dist/bundle-inputs.json)`);
      return held.map((i) => `/${i}`);
    });
  };
  /** The engine's heavy packages and its own stages: none of them is needed to print help. */
  const ENGINE =
    /\/node_modules\/(@modelcontextprotocol\/sdk|zod|graphology[^/]*|web-tree-sitter|gpt-tokenizer|better-sqlite3|cli-progress)\/|\/dist\/src\/((index|unstable|repomap)\.js|(corpus|cache|eval|pack)\/index\.js|(build|tags|graph|rank|cli\/mcp)\/)/;
  const engineIn = (modules: string[]) => sourcesOf(modules).filter((m) => ENGINE.test(m));

  it.each([
    '--help',
    '--version',
    '-V',
    'help rank',
    'rank --help',
    'pack --help',
    'eval --help',
    'mcp --help',
    'symbols --help',
  ])('`repomap %s` loads none of the engine', async (line) => {
    const { stdout, modules } = await loadedBy(line.split(' '));
    expect(stdout).not.toBe('');
    // the log is live: it holds the CLI's own modules
    expect(modules.some((m) => m.endsWith('/dist/cli/run.js'))).toBe(true);
    expect(sourcesOf(modules)).toContain('/dist/src/cli/run.js');
    expect(engineIn(modules)).toEqual([]);
  });

  it('a usage error loads none of the engine either', async () => {
    const log = join(tmp, 'usage.log');
    const r = spawnSync(process.execPath, ['--import', REGISTER, BIN, 'rank', '--top', '0', 'apply_discount'], {
      cwd: HERE,
      encoding: 'utf8',
      env: { ...process.env, REPOMAP_MODULE_LOG: log },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("option '--top <n>' argument '0' is invalid");
    expect(engineIn(readFileSync(log, 'utf8').split('\n'))).toEqual([]);
  });

  it('fuse reads and writes details rows without the engine', async () => {
    const details = join(tmp, 'details.jsonl');
    writeFileSync(details, '{"sample_id":"s1","top_files":["b.py","a.py"]}\n');
    const { stdout, modules } = await loadedBy(['fuse', details, details]);
    expect(JSON.parse(stdout)).toMatchObject({ sample_id: 's1', top_files: ['b.py', 'a.py'] });
    expect(engineIn(modules)).toEqual([]);
  });

  it('rank loads the parser, the graph and the config checker, and not the MCP SDK', async () => {
    const { stdout, modules } = await loadedBy(['rank', 'apply_discount', '--top', '1']);
    expect(stdout).toContain('src/inventory/pricing.py');
    const packages = new Set(
      sourcesOf(modules).flatMap((m) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1] ?? []),
    );
    for (const used of ['web-tree-sitter', 'graphology', 'zod']) expect(packages).toContain(used);
    expect(packages).not.toContain('@modelcontextprotocol/sdk');
  }, 30_000);

  it('a warm rank (its snapshot kept) loads neither the parser, the tags store, the schema of its entries nor a progress bar', async () => {
    const args = ['rank', 'apply_discount', '--top', '3', '--repo', warmRepo];
    const ranked = (stdout: string): string[] => stdout.split('\n').filter((l) => /^\s*\d+\.\s/.test(l));
    const cold = await loadedBy(args);
    expect(sourcesOf(cold.modules)).toContain('/dist/src/cache/tags-store.js');
    const warm = await loadedBy(args);
    expect(ranked(warm.stdout)).toEqual(ranked(cold.stdout));
    expect(ranked(warm.stdout)[0]).toContain('src/inventory/pricing.py');
    const sources = sourcesOf(warm.modules);
    // read from the snapshot, not built
    expect(sources).toContain('/dist/src/persist/kept-index.js');
    expect(sources).not.toContain('/dist/src/persist/open-build.js');
    const heavy =
      /\/node_modules\/(web-tree-sitter|zod|cli-progress)\/|\/dist\/src\/(cache\/(tags-store|entry-schema)|tags\/(grammar|query|pool))\.js$/;
    expect(sources.filter((m) => heavy.test(m))).toEqual([]);
  }, 30_000);
});

describe('the bundled CLI (dist/cli/)', () => {
  /** A package's name from a path under node_modules (the innermost). */
  const packageOf = (path: string): string | null => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? null;

  it("holds a second copy of an installed package only for those loaded on a command's way (scripts/bundle-cli.mjs says why)", () => {
    const inputs = JSON.parse(readFileSync(join(ROOT, 'dist/bundle-inputs.json'), 'utf8')) as Record<string, string[]>;
    const bundled = new Set(
      Object.values(inputs)
        .flat()
        .flatMap((i) => packageOf(i) ?? []),
    );
    // what `npm install repomap` brings: the lockfile's packages but the devDependencies' own
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const installed = new Set(
      Object.entries(lock.packages).flatMap(([path, entry]) => (entry.dev ? [] : (packageOf(path) ?? []))),
    );
    const twice = [...bundled].filter((name) => installed.has(name)).sort();
    // zod, @nodelib/fs.walk (with its own dependencies), ignore, fastest-levenshtein and graphology
    expect(twice).toEqual([
      '@nodelib/fs.scandir',
      '@nodelib/fs.stat',
      '@nodelib/fs.walk',
      'fastest-levenshtein',
      'fastq',
      'graphology',
      'ignore',
      'queue-microtask',
      'reusify',
      'run-parallel',
      'zod',
    ]);
    // and the CLI's own packages are in it alone
    for (const name of ['@modelcontextprotocol/sdk', 'commander', 'cli-progress']) {
      expect(bundled).toContain(name);
      expect(installed).not.toContain(name);
    }
  });
});

/**
 * How to run the binary as a user that file modes bind: as is for a user other than
 * root; under `setpriv` as nobody for root (which reads and writes everything); null when
 * neither works here, with the reason.
 */
function unprivileged(): { prefix: string[] } | { skip: string } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  if (!setpriv) return { skip: 'running as root without setpriv: no unprivileged user to test permissions with' };
  const prefix = [setpriv, '--reuid=nobody', '--regid=nogroup', '--clear-groups'];
  const probe = spawnSync(prefix[0]!, [
    ...prefix.slice(1),
    process.execPath,
    '-e',
    `require('fs').accessSync(${JSON.stringify(BIN)})`,
  ]);
  if (probe.status !== 0)
    return { skip: `nobody cannot run this checkout (${probe.stderr.toString().trim() || `exit ${probe.status}`})` };
  // its files live in the temp folder, which it must reach and write to (a private TMPDIR's parent may bar it)
  const temp = spawnSync(prefix[0]!, [
    ...prefix.slice(1),
    process.execPath,
    '-e',
    `require('fs').accessSync(${JSON.stringify(tmpdir())}, 3)`,
  ]);
  if (temp.status !== 0)
    return {
      skip: `nobody cannot write to the temp folder ${tmpdir()} (${temp.stderr.toString().trim().split('\n')[0] || `exit ${temp.status}`})`,
    };
  return { prefix };
}

const as = unprivileged();

describe.skipIf('skip' in as)(
  `bin/repomap.js as an unprivileged user${'skip' in as ? ` (skipped: ${as.skip})` : ''}`,
  () => {
    let tmp: string;
    beforeAll(() => {
      tmp = makeTemp('repomap-unprivileged-');
      chmodSync(tmp, 0o755);
    });
    afterAll(() => removeTemp(tmp));

    const prefix = 'prefix' in as ? as.prefix : [];
    function repomap(args: string[]) {
      const [command, ...rest] = [...prefix, process.execPath, BIN, ...args];
      const r = spawnSync(command!, rest, { cwd: tmp, encoding: 'utf8', timeout: 60_000 });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    }
    const zeroTimings = (json: string) => JSON.stringify({ ...JSON.parse(json), timing_ms: { index: 0, rank: 0 } });

    it('an unreadable file, folder and .gitignore are skipped and reported; the run goes on', () => {
      const repo = join(tmp, 'r1');
      writeFiles(repo, {
        'a.py': 'def f():\n    pass\n',
        's.py': 'x = 1\n',
        'locked/inner.py': 'def g():\n    pass\n',
        'guarded/.gitignore': '*.log\n',
        'guarded/debug.log': 'x\n',
      });
      chmodSync(join(repo, 's.py'), 0);
      chmodSync(join(repo, 'locked'), 0);
      chmodSync(join(repo, 'guarded/.gitignore'), 0);
      try {
        const r = repomap(['rank', '--repo', repo, '--query', 'f', '--no-cache', '--format', 'json']);
        expect(r.stderr).not.toMatch(/EACCES|at .*\.js:\d+/);
        expect(r.code).toBe(0);
        const row = JSON.parse(r.stdout) as {
          top_files: string[];
          diagnostics: { file: string; code: string; message: string }[];
        };
        expect(row.top_files.sort()).toEqual(['a.py', 'guarded/debug.log']);
        expect(row.diagnostics.map((d) => [d.code, d.file])).toEqual([
          ['skipped-unreadable', 'guarded/.gitignore'],
          ['skipped-unreadable', 'locked'],
          ['skipped-unreadable', 's.py'],
        ]);
        for (const d of row.diagnostics) expect(d.message).toContain('permission denied (EACCES)');
      } finally {
        chmodSync(join(repo, 'locked'), 0o755);
      }
    });

    it('a --cache it may not write is read as it is, with a note; the output equals --no-cache', () => {
      const cache = join(tmp, 'shared-cache');
      const query = ['rank', '--repo', FIXTURE, '--query', 'apply_discount rounds half a cent', '--format', 'json'];
      // filled by this (privileged) process, then read by a user who may not write there
      execFileSync(process.execPath, [BIN, ...query, '--cache', cache], { cwd: ROOT, stdio: 'pipe' });
      chmodSync(cache, 0o555);
      const plain = repomap([...query, '--no-cache']);
      // the index snapshot the first run kept answers, as it is
      const kept = repomap([...query, '--cache', cache]);
      expect(kept.code).toBe(0);
      expect(kept.stderr).toBe('');
      expect(zeroTimings(kept.stdout)).toBe(zeroTimings(plain.stdout));
      // another scope (the same files) has no snapshot: the store is read as it is, and nothing is kept
      const cached = repomap([...query, '--exclude', 'no-such-file', '--cache', cache]);
      expect(cached.code).toBe(0);
      expect(cached.stderr).toMatch(
        new RegExp(
          `^repomap: note: the tags cache ${cache}/tags\\.sqlite cannot be written \\(.*\\); reading it as it is, and keeping no new tags\\n$`,
        ),
      );
      expect(zeroTimings(cached.stdout)).toBe(zeroTimings(plain.stdout));
    });

    it('a folder in the place of an index snapshot that it may not remove: built without it, with a note saying so', () => {
      const cache = join(tmp, 'odd-snapshot-cache');
      const query = ['rank', '--repo', FIXTURE, '--query', 'apply_discount rounds half a cent', '--format', 'json'];
      execFileSync(process.execPath, [BIN, ...query, '--cache', cache], { cwd: ROOT, stdio: 'pipe' });
      const folder = join(cache, 'snapshots');
      const [name] = readdirSync(folder);
      rmSync(join(folder, name!));
      writeFiles(join(folder, name!), { 'inside/x': 'x' });
      chmodSync(folder, 0o555);
      const plain = repomap([...query, '--no-cache']);
      const r = repomap([...query, '--cache', cache]);
      expect(r.code).toBe(0);
      expect(r.stderr.split('\n')[0]).toMatch(
        new RegExp(
          `^repomap: note: the index snapshot ${folder}/${name} is not a regular file \\(a folder\\); it cannot be removed \\(.*EACCES.*\\); the index is built without it$`,
        ),
      );
      expect(zeroTimings(r.stdout)).toBe(zeroTimings(plain.stdout));
    });

    it('an index snapshot it may not read: built without it, left where it is, with a note that does not say it was removed', () => {
      const cache = join(tmp, 'unreadable-snapshot-cache');
      const query = ['rank', '--repo', FIXTURE, '--query', 'apply_discount rounds half a cent', '--format', 'json'];
      execFileSync(process.execPath, [BIN, ...query, '--cache', cache], { cwd: ROOT, stdio: 'pipe' });
      const [name] = readdirSync(join(cache, 'snapshots'));
      const file = join(cache, 'snapshots', name!);
      chmodSync(file, 0);
      const r = repomap([...query, '--cache', cache]);
      expect(r.code).toBe(0);
      expect(r.stderr.split('\n')[0]).toMatch(
        new RegExp(
          `^repomap: note: the index snapshot ${file} cannot be read \\(permission denied \\(EACCES\\)\\); the index is built without it$`,
        ),
      );
      expect(existsSync(file)).toBe(true);
      expect(zeroTimings(r.stdout)).toBe(zeroTimings(repomap([...query, '--no-cache']).stdout));
    });
  },
);

/** The exit code and output of a child process once it has exited. */
function finished(child: ReturnType<typeof spawn>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
