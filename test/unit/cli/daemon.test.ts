/**
 * `repomap daemon`: a daemon served in this process on a socket of its own, the commands
 * of "other processes" sent to it by the client bin/repomap.js uses (runOnDaemon), on a
 * copy of the Python fixture. Its answers are the one-shot CLI's, byte for byte (but
 * timings); it answers from memory while the folder is as it was, updates in memory
 * after an edit and writes the snapshot after answering; standard input, exit codes and
 * usage errors pass through; a run of another build, a command it does not run, or no
 * daemon at all runs in the command's own process.
 */
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ageTree, makeTemp, removeTemp } from '../corpus/helpers.js';
import { runCliCaptured } from '../../run-cli.js';
import { runCli } from '../../../src/cli/run.js';
import { runOnDaemon } from '../../../src/cli/daemon-client.js';
import { DAEMON_COMMANDS, daemonBuild, lineReader } from '../../../src/cli/daemon-protocol.js';
import { serveDaemon, type CliRunner } from '../../../src/cli/daemon-server.js';
import { IndexMemory } from '../../../src/cli/index-memory.js';
import { packageVersion } from '../../../src/package-root.js';
import type { Index } from '../../../src/build/index.js';
import type { FolderFingerprint } from '../../../src/corpus/index.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');
const QUERY = 'apply_discount rounds half a cent the wrong way';

let tmp: string;
let repo: string;
let cache: string;
let socket: string;
const logs: string[] = [];
let stopDaemon: (why: string) => void;
let served: Promise<void>;

/** Serves a daemon in this process; resolves once it listens, with what stops it and its end. */
async function serve(
  at: string,
  build: string,
  log: (line: string) => void,
  run: CliRunner = runCli,
  more: { maxLineBytes?: number } = {},
): Promise<{ stop: (why: string) => void; ended: Promise<void> }> {
  let stop!: (why: string) => void;
  let listening!: () => void;
  const up = new Promise<void>((resolve) => (listening = resolve));
  // git's environment is the commands' own (else the daemon refuses them)
  const ended = serveDaemon({
    socket: at,
    build,
    idleMs: 600_000,
    indexes: 2,
    run,
    log,
    env: env(),
    onListening: (s) => ((stop = s), listening()),
    ...more,
  });
  await Promise.race([up, ended]);
  return { stop, ended };
}

beforeAll(async () => {
  tmp = makeTemp('repomap-daemon-');
  repo = join(tmp, 'repo');
  cache = join(tmp, 'cache');
  socket = join(tmp, 'sockets', 'd.sock');
  cpSync(FIXTURE, repo, { recursive: true });
  ageTree(repo);
  ({ stop: stopDaemon, ended: served } = await serve(socket, daemonBuild(packageVersion()), (line) => logs.push(line)));
});
afterAll(async () => {
  stopDaemon('the tests are over');
  await served;
  removeTemp(tmp);
});

const env = (): Record<string, string> => ({
  HOME: join(tmp, 'home'),
  XDG_CACHE_HOME: join(tmp, 'xdg'),
  REPOMAP_DAEMON_SOCKET: socket,
});

/** A command as a process runs it with the daemon up: null when it would run in its own process. */
async function onDaemon(
  argv: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string } | null> {
  let stdout = '';
  let stderr = '';
  const outcome = await runOnDaemon({
    argv,
    cwd: tmp,
    env: options.env ?? env(),
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  if ('code' in outcome) return { code: outcome.code, stdout, stderr };
  // what runs here gets the standard input the daemon was offered
  expect(outcome.stdin).toBe(options.stdin !== undefined && argv.includes('-') ? options.stdin : undefined);
  return null;
}
/** The same command in this process, as a one-shot `repomap` runs it. */
const here = (argv: string[]) => runCliCaptured(argv, { cwd: tmp, env: env() });

const rankArgs = (...more: string[]) => [
  'rank',
  '--repo',
  repo,
  '--cache',
  cache,
  '--format',
  'json',
  '--top',
  '20',
  ...more,
];
const zeroTimings = (json: string): string => JSON.stringify({ ...JSON.parse(json), timing_ms: { index: 0, rank: 0 } });
const snapshotFiles = (): string[] =>
  existsSync(join(cache, 'snapshots')) ? readdirSync(join(cache, 'snapshots')).filter((f) => f.endsWith('.snap')) : [];

describe('repomap daemon', () => {
  it('answers a rank as the command answers in its own process, then from the index it keeps in memory', async () => {
    const first = await onDaemon(rankArgs('--query', QUERY));
    expect(first).not.toBeNull();
    expect(first!.stderr).toBe('');
    expect(first!.code).toBe(0);
    const fresh = await here(rankArgs('--query', QUERY, '--no-cache'));
    expect(zeroTimings(first!.stdout)).toBe(zeroTimings(fresh.stdout));
    expect(JSON.parse(first!.stdout).top_files[0]).toBe('src/inventory/pricing.py');
    // its snapshot was written after the answer (for one-shot commands): without it, the next rank still
    // answers, from memory, and nothing is built or written again
    expect(snapshotFiles()).toHaveLength(1);
    rmSync(join(cache, 'snapshots'), { recursive: true });
    const second = await onDaemon(rankArgs('--query', QUERY));
    expect(second).toEqual(first === null ? null : { ...first, stdout: second!.stdout });
    expect(zeroTimings(second!.stdout)).toBe(zeroTimings(first!.stdout));
    expect(snapshotFiles()).toEqual([]);
    const status = await onDaemon(['status', '--repo', repo, '--cache', cache]);
    expect(status!.code).toBe(0);
    expect(status!.stdout).toMatch(/the daemon's index of it, in memory, was used: nothing changed/);
  });

  it('updates the index in memory after a file changed, ranks as a fresh build, and keeps the updated snapshot for one-shot commands', async () => {
    await onDaemon(rankArgs('--query', QUERY));
    // no snapshot to update from: what the daemon updates is the index in its memory
    rmSync(join(cache, 'snapshots'), { recursive: true, force: true });
    const pricing = join(repo, 'src/inventory/pricing.py');
    appendFileSync(
      pricing,
      '\n\ndef clamp_refund_total(total: int) -> int:\n    """Refunds never exceed the paid total."""\n    return max(0, total)\n',
    );
    // settled: stamped before the command begins (a file written as a read began is read again next time)
    const when = new Date(Date.now() - 600_000);
    utimesSync(pricing, when, when);
    const query = 'clamp_refund_total lets a refund exceed the paid total';
    // the first command after the edit updates: the changed file parsed, the rest from the kept index
    const status = await onDaemon(['status', '--repo', repo, '--cache', cache]);
    expect(status!.stdout).toMatch(/^tags cache +\S+ \(1 parsed, the others from the snapshot or from it\)$/m);
    expect(status!.stdout).toMatch(/the daemon's index of it, in memory, was updated/);
    const updated = await onDaemon(rankArgs('--query', query));
    expect(updated!.code).toBe(0);
    expect(updated!.stderr).toBe('');
    const fresh = await here(rankArgs('--query', query, '--no-cache'));
    expect(zeroTimings(updated!.stdout)).toBe(zeroTimings(fresh.stdout));
    expect(JSON.parse(updated!.stdout).top_files[0]).toBe('src/inventory/pricing.py');
    // the snapshot it wrote after answering is the updated index: a one-shot command loads it as it is
    const oneShot = await here(['status', '--repo', repo, '--cache', cache]);
    expect(oneShot.stdout).toMatch(/the index was loaded from it/);
    expect(zeroTimings((await here(rankArgs('--query', query))).stdout)).toBe(zeroTimings(fresh.stdout));
    expect(logs.some((l) => /^rank in .*: exit 0, \d+ ms$/.test(l))).toBe(true);

    // an edit just before the command (it may still be under way as the file is read): answered as a fresh
    // build, no snapshot kept, and the file read again by the next command, which answers the same
    appendFileSync(pricing, '\n\ndef refund_window_days() -> int:\n    return 30\n');
    rmSync(join(cache, 'snapshots'), { recursive: true, force: true });
    const windowQuery = 'refund_window_days returns the wrong number of days';
    const unsettled = await onDaemon(rankArgs('--query', windowQuery));
    const freshWindow = await here(rankArgs('--query', windowQuery, '--no-cache'));
    expect(zeroTimings(unsettled!.stdout)).toBe(zeroTimings(freshWindow.stdout));
    expect(snapshotFiles()).toEqual([]);
    const reread = await onDaemon(['status', '--repo', repo, '--cache', cache]);
    expect(reread!.stdout).toMatch(/^tags cache +\S+ \([01] parsed, the others from the snapshot or from it\)$/m);
    expect(zeroTimings((await onDaemon(rankArgs('--query', windowQuery)))!.stdout)).toBe(
      zeroTimings(freshWindow.stdout),
    );
  });

  it('passes standard input, usage errors and exit codes through', async () => {
    const fromStdin = await onDaemon(rankArgs('--query-file', '-'), { stdin: QUERY });
    expect(fromStdin!.code).toBe(0);
    expect(zeroTimings(fromStdin!.stdout)).toBe(zeroTimings((await here(rankArgs('--query', QUERY))).stdout));
    const usage = await onDaemon(['rank', '--repo', repo, '--top', 'none', QUERY]);
    const usageHere = await here(['rank', '--repo', repo, '--top', 'none', QUERY]);
    expect(usage).toEqual(usageHere);
    expect(usage!.code).toBe(2);
    // another cache folder is another index: not the one in memory (here, a file that cannot be one: no cache at all)
    writeFileSync(join(tmp, 'a-file'), 'not a folder');
    const notFolder = ['rank', '--repo', repo, '--cache', join(tmp, 'a-file'), '--format', 'json', QUERY];
    const notFolderHere = await here(notFolder);
    expect(notFolderHere.code).toBe(0);
    expect(notFolderHere.stderr).toMatch(
      /^repomap: warning: the tags cache cannot be created at .*a-file \(it is a file\); running without a cache\n$/,
    );
    const notFolderThere = await onDaemon(notFolder);
    expect({ ...notFolderThere!, stdout: zeroTimings(notFolderThere!.stdout) }).toEqual({
      ...notFolderHere,
      stdout: zeroTimings(notFolderHere.stdout),
    });
    const missing = await onDaemon(['rank', '--repo', join(tmp, 'no-such-folder'), QUERY]);
    expect(missing!.code).toBe(1);
    expect(missing!.stderr).toContain('no-such-folder');
  });

  it('leaves to the command’s own process what it does not run: other commands, REPOMAP_NO_DAEMON, no daemon, another build', async () => {
    expect(await onDaemon(['cache', 'stats', '--cache', cache])).toBeNull();
    expect(await onDaemon(['--version'])).toBeNull();
    expect(await onDaemon(rankArgs('--query', QUERY), { env: { ...env(), REPOMAP_NO_DAEMON: '1' } })).toBeNull();
    // git would run with the daemon's PATH, HOME and GIT_* variables, not these
    expect(await onDaemon(rankArgs('--query', QUERY), { env: { ...env(), PATH: '/nowhere' } })).toBeNull();
    expect(await onDaemon(rankArgs('--query', QUERY), { env: { ...env(), GIT_DIR: '/elsewhere' } })).toBeNull();
    expect(logs.some((l) => /refused a rank from .*: its GIT_DIR is not the daemon's/.test(l))).toBe(true);
    expect(await onDaemon(rankArgs('--query', QUERY), { env: { ...env(), REPOMAP_NO_DAEMON: '0' } })).not.toBeNull();
    expect(
      await onDaemon(rankArgs('--query', QUERY), {
        env: { ...env(), REPOMAP_DAEMON_SOCKET: join(tmp, 'sockets', 'none.sock') },
      }),
    ).toBeNull();
    const other = join(tmp, 'sockets', 'other.sock');
    const otherLogs: string[] = [];
    const daemon = await serve(other, 'another-build', (line) => otherLogs.push(line));
    try {
      expect(
        await onDaemon(rankArgs('--query', QUERY), { env: { ...env(), REPOMAP_DAEMON_SOCKET: other } }),
      ).toBeNull();
      // the standard input read for it comes back for the run here
      expect(
        await onDaemon(rankArgs('--query-file', '-'), {
          stdin: QUERY,
          env: { ...env(), REPOMAP_DAEMON_SOCKET: other },
        }),
      ).toBeNull();
      expect(otherLogs.filter((l) => l.startsWith('rank'))).toEqual([]);
    } finally {
      daemon.stop('test over');
      await daemon.ended;
    }
    expect(existsSync(other)).toBe(false);
  });

  it('talks only over a socket in a folder of this user that nobody else may enter', async () => {
    const open = join(tmp, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    await expect(serve(join(open, 'd.sock'), 'x', () => undefined)).rejects.toThrow(
      /will not serve .*others may enter it/,
    );
    chmodSync(join(tmp, 'sockets'), 0o755);
    try {
      expect(await onDaemon(rankArgs('--query', QUERY))).toBeNull();
    } finally {
      chmodSync(join(tmp, 'sockets'), 0o700);
    }
    expect(await onDaemon(rankArgs('--query', QUERY))).not.toBeNull();
  });

  it('stopped while a command runs, answers it and then ends, leaving no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const at = join(tmp, 'sockets', 'stop.sock');
      let entered!: () => void;
      const running = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const { stop, ended } = await serve(
        at,
        daemonBuild(packageVersion()),
        () => undefined,
        async (_argv, io) => {
          entered();
          await released;
          io.stdout.write('answered\n');
          return 3;
        },
      );
      const answer = onDaemon(rankArgs('--query', QUERY), { env: { ...env(), REPOMAP_DAEMON_SOCKET: at } });
      await running;
      stop('told to stop');
      release();
      expect(await answer).toEqual({ code: 3, stdout: 'answered\n', stderr: '' });
      await ended;
      // no idle timer started after the command: nothing keeps the process alive
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('start says why when the daemon process cannot be started at all', async () => {
    // a working folder that does not exist: the spawn fails, and no 'exit' follows
    const at = join(tmp, 'sockets-unstarted', 'd.sock');
    const run = await runCliCaptured(['daemon', 'start'], {
      cwd: join(tmp, 'no-such-folder'),
      env: { ...process.env, REPOMAP_DAEMON_SOCKET: at },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/did not start serving .*\(it could not be started: spawn .*ENOENT\)/);
  });

  it('will not serve a socket a live daemon serves, and takes over one a dead daemon left', async () => {
    await expect(serve(socket, 'x', () => undefined)).rejects.toThrow(/a daemon already serves/);
    // a process killed while it listened leaves its socket behind
    const left = join(tmp, 'sockets', 'left.sock');
    spawnSync(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(left)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    expect(existsSync(left)).toBe(true);
    // listening there at all means it took the place over (a socket in use refuses a second listener)
    const daemon = await serve(left, 'x', () => undefined);
    daemon.stop('test over');
    await daemon.ended;
    expect(existsSync(left)).toBe(false);
  });
});

/**
 * Writes `chunks` to the socket as they come (a client of the daemon's user, not the
 * repomap client) and gives back the lines the daemon answered before the connection
 * closed, parsed.
 */
function rawExchange(at: string, chunks: (string | Buffer)[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve) => {
    const connection = connect(at);
    let text = '';
    connection.on('connect', () => chunks.forEach((c) => connection.write(c)));
    connection.on('data', (d) => (text += d.toString()));
    // the daemon may close while a long message is still being written
    connection.on('error', () => undefined);
    connection.on('close', () =>
      resolve(
        text
          .split('\n')
          .filter((l) => l.length > 0)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      ),
    );
  });
}

describe('repomap daemon, given bad lines on its socket', () => {
  const build = daemonBuild(packageVersion());
  const run = (fields: Record<string, unknown>) =>
    JSON.stringify({
      type: 'run',
      build,
      argv: ['status', '--repo', repo],
      cwd: tmp,
      env: env(),
      stdoutTTY: false,
      stderrTTY: false,
      ...fields,
    });
  const withoutArgv = (): Record<string, unknown> => {
    const { argv: _argv, ...rest } = JSON.parse(run({})) as Record<string, unknown>;
    return rest;
  };

  it.each([
    ['null', () => 'null', /^value: /],
    ['a number', () => '42', /^value: /],
    ['a list', () => '[]', /^value: /],
    ['not JSON', () => '{"type": "run", ', /^not JSON/],
    ['an unknown type', () => '{"type": "restart"}', /^type: /],
    ['a run with nothing else', () => '{"type": "run"}', /^(build|argv|cwd|env|stdoutTTY|stderrTTY): /],
    ['a run without env', () => run({ env: undefined }), /^env: /],
    ['a run whose env is null', () => run({ env: null }), /^env: /],
    ['a run whose env holds a number', () => run({ env: { ...env(), PATH: 7 } }), /^env\.PATH: /],
    [
      'a run without argv whose environment differs',
      () => JSON.stringify({ ...withoutArgv(), env: { ...env(), GIT_DIR: '/elsewhere' } }),
      /^argv: /,
    ],
    ['a run with an empty argv', () => run({ argv: [] }), /^argv: /],
    ['a run from a relative folder', () => run({ cwd: 'somewhere' }), /^cwd: /],
    [
      'a run of mcp (not an index command)',
      () => run({ argv: ['mcp', '--repo', repo] }),
      /^it runs the index commands only \(rank, .*\), not mcp$/,
    ],
    [
      'a run of eval',
      () => run({ argv: ['eval', '--samples', 'x.jsonl'] }),
      /^it runs the index commands only .*, not eval$/,
    ],
    [
      'a run of cache prune',
      () => run({ argv: ['cache', 'prune', '--cache', cache] }),
      /^it runs the index commands only .*, not cache$/,
    ],
    ['a run of an option', () => run({ argv: ['--version'] }), /^it runs the index commands only .*, not --version$/],
  ])('refuses %s with a reply saying why, and goes on serving', async (_what, line, why) => {
    const replies = await rawExchange(socket, [line() + '\n']);
    expect(replies).toEqual([{ type: 'refused', why: expect.stringMatching(why) }]);
    expect(logs.at(-1)).toMatch(/^refused a message: /);
    // still serving: its status, and a command
    expect(await rawExchange(socket, [JSON.stringify({ type: 'status' }) + '\n'])).toEqual([
      expect.objectContaining({ type: 'status', pid: process.pid }),
    ]);
    const status = await onDaemon(['status', '--repo', repo, '--cache', cache]);
    expect(status?.code).toBe(0);
  });

  it('runs each index command it is offered (the list the client offers)', () => {
    expect(DAEMON_COMMANDS).toEqual(['rank', 'pack', 'explain', 'symbols', 'refs', 'impact', 'outline', 'status']);
  });

  it('refuses a line longer than its cap, sent in many chunks without a newline, and closes that connection only', async () => {
    const at = join(tmp, 'sockets', 'capped.sock');
    const cappedLogs: string[] = [];
    const daemon = await serve(at, build, (line) => cappedLogs.push(line), runCli, { maxLineBytes: 4096 });
    try {
      // a client that streams bytes and never ends its line
      const replies = await rawExchange(
        at,
        Array.from({ length: 64 }, () => 'x'.repeat(1000)),
      );
      expect(replies).toEqual([{ type: 'refused', why: 'a message longer than 4096 bytes' }]);
      expect(cappedLogs.at(-1)).toBe('refused a message: a message longer than 4096 bytes');
      // a run within the cap is answered as before
      expect(
        await onDaemon(['status', '--repo', repo, '--cache', cache], { env: { ...env(), REPOMAP_DAEMON_SOCKET: at } }),
      ).toMatchObject({ code: 0 });
      // one over it is refused: it runs in the command's own process
      expect(
        await onDaemon(rankArgs('--query-file', '-'), {
          stdin: 'q'.repeat(5000),
          env: { ...env(), REPOMAP_DAEMON_SOCKET: at },
        }),
      ).toBeNull();
    } finally {
      daemon.stop('test over');
      await daemon.ended;
    }
  });
});

describe('lineReader', () => {
  it('hands on each line whole, however the chunks cut it (a character split across two included), and nothing of a line not ended', () => {
    const lines: string[] = [];
    const read = lineReader((line) => lines.push(line));
    const bytes = Buffer.from('first\n\nsecond é line\nthird 😀\nunfinished');
    for (let at = 0; at < bytes.length; at += 3) read(bytes.subarray(at, at + 3));
    expect(lines).toEqual(['first', 'second é line', 'third 😀']);
  });

  it('past its cap, says so once and reads no more', () => {
    const lines: string[] = [];
    const over: number[] = [];
    const read = lineReader((line) => lines.push(line), { maxBytes: 10, onOverlong: () => over.push(1) });
    read('0123456789\n0123');
    read('4567890');
    read('\nshort\n');
    expect(lines).toEqual(['0123456789']);
    expect(over).toEqual([1]);
    // a long line inside one chunk too
    const again: string[] = [];
    const overAgain: number[] = [];
    lineReader((line) => again.push(line), { maxBytes: 4, onOverlong: () => overAgain.push(1) })('ok\ntoo long\nok\n');
    expect([again, overAgain]).toEqual([['ok'], [1]]);
  });
});

describe('IndexMemory', () => {
  const entry = (root: string) => ({
    index: { corpus: { root, files: [] } } as unknown as Index,
    fingerprint: {} as FolderFingerprint,
  });

  it('keeps the most recently used indexes up to its capacity; a taken index is out until kept again', () => {
    const memory = new IndexMemory(2);
    memory.keep('a', entry('/a'));
    memory.keep('b', entry('/b'));
    expect(memory.take('a')?.index.corpus.root).toBe('/a');
    expect(memory.take('a')).toBeUndefined();
    memory.keep('a', entry('/a'));
    memory.keep('c', entry('/c'));
    // b was the least recently used
    expect(memory.list().map((i) => i.root)).toEqual(['/a', '/c']);
    expect(() => new IndexMemory(0)).toThrow(/capacity/);
    // replaced in place only while it still holds that index
    const c = memory.take('c')!;
    memory.keep('c', c);
    memory.replace('c', c.index, entry('/c-loaded'));
    memory.replace('a', c.index, entry('/a-other'));
    expect(memory.list().map((i) => i.root)).toEqual(['/a', '/c-loaded']);
  });

  it('runs deferred work in order once settled, past a failure, which it reports', async () => {
    const memory = new IndexMemory();
    const done: string[] = [];
    const failures: unknown[] = [];
    memory.defer(() => void done.push('first'));
    memory.defer(() => {
      throw new Error('disk full');
    });
    memory.defer(async () => void done.push('third'));
    await memory.settle((error) => failures.push(error));
    expect(done).toEqual(['first', 'third']);
    expect(failures.map(String)).toEqual(['Error: disk full']);
    await memory.settle(() => failures.push('again'));
    expect(failures).toHaveLength(1);
  });
});
