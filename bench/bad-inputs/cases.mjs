// The cases of the bad-input suite (run.mjs), at least one per finding of the issue "Safe
// on a repository nobody vetted". A case builds its hostile input in its own temporary
// folder (`h.dir`), names the command to measure, and checks the measured run against
// what a fixed build must do: `check` returns the ways the run fell short (none: pass).
// The runner adds the checks every case shares: finished before the timeout, not killed
// by a signal, peak RSS under the bound.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import {
  QUERY,
  SHOP_FILES,
  git,
  looseObject,
  makeGitRepo,
  seeded,
  settle,
  writeFiles,
  writeScript,
} from './fixture.mjs';
import { processPeakMb } from './measure.mjs';

/** What the findings are, by number (the order). */
export const FINDINGS = {
  1: 'git configuration runs commands (hooks, fsmonitor, ssh of a lazy fetch); a repository of another user',
  2: 'package.json / repomap.config.json as a FIFO or a symlink to /dev/zero',
  3: 'a .gitignore pattern with many `**` against a deep path',
  4: 'a 40 KB pattern (.gitignore line, --exclude)',
  5: "the daemon's socket: a line that is not a message, a run without env, 10 MB without a newline",
  6: 'folder mode with an unusable .git',
  7: 'a blob missing at --commit',
  8: 'a folder or FIFO in place of an index snapshot',
  9: 'tags.sqlite damaged or edited',
  10: 'empty --commit / --repo, a UTF-16 query file, an LFS pointer, a 100k-line .gitignore, a 10 MB query',
};

// --- checks ---------------------------------------------------------------------------

// a run that did not exit (timeout, signal) fails the runner's shared check, which names it
const exits = (r, code) => (r.code === code || r.code === null ? [] : [`exit ${r.code}, not ${code}`]);
const says = (r, pattern, what) => (pattern.test(r.stderr) || r.code === null ? [] : [`stderr does not ${what}`]);
const noMarker = (marker) =>
  existsSync(marker) ? [`the marker was written: ${readFileSync(marker, 'utf8').trim().split('\n')[0]}`] : [];
const stderrUnder = (r, bytes) => (r.stderrBytes < bytes ? [] : [`stderr is ${r.stderrBytes} bytes`]);

/** The parts of a JSON ranking that must not change with the cache (not its timings or notes). */
function rankingOf(stdout) {
  try {
    const row = JSON.parse(stdout);
    return JSON.stringify(['top_files', 'scores', 'spans', 'functions', 'reasons'].map((k) => row[k]));
  } catch {
    return null;
  }
}

function sameRanking(r, expected) {
  const got = rankingOf(r.stdout);
  if (got === null) return ['no JSON ranking on stdout'];
  if (got === expected) return [];
  const [a, b] = [JSON.parse(got), JSON.parse(expected)];
  const field = ['top_files', 'scores', 'spans', 'functions', 'reasons'].find(
    (_, i) => JSON.stringify(a[i]) !== JSON.stringify(b[i]),
  );
  return [`ranking differs from a fresh cache's (${field})`];
}

// --- fixtures -------------------------------------------------------------------------

/** A folder (no git) holding the shop files plus `extra`. */
function shopFolder(h, extra = {}) {
  const repo = join(h.dir, 'repo');
  writeFiles(repo, { ...SHOP_FILES, ...extra });
  settle(repo);
  return repo;
}

/** Every hook git knows: a hostile repository may set any of them. */
const HOOKS = [
  'applypatch-msg',
  'pre-applypatch',
  'post-applypatch',
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-rebase',
  'post-checkout',
  'post-merge',
  'pre-push',
  'pre-receive',
  'update',
  'proc-receive',
  'post-receive',
  'post-update',
  'reference-transaction',
  'push-to-checkout',
  'pre-auto-gc',
  'post-rewrite',
  'sendemail-validate',
  'fsmonitor-watchman',
  'p4-changelist',
  'p4-prepare-changelist',
  'p4-post-changelist',
  'p4-pre-submit',
  'post-index-change',
];

/**
 * A git repository configured to run a script wherever git would let it (hooks, fsmonitor,
 * filters, pager, ssh, credential helper, …), each run appending to `marker`, and a
 * partial clone (promisor remote over ssh) missing util.py's blob, so that a read of it
 * makes git fetch it lazily through `core.sshCommand`. `armed`: plain git (no neutral
 * settings) did write the marker reading that blob, so the fixture is hostile.
 */
function hostileRepo(h) {
  const repo = join(h.dir, 'repo');
  makeGitRepo(repo, h.gitEnv, { '.gitattributes': '* filter=evil diff=evil\n' });
  const gitDir = join(repo, '.git');
  const marker = join(h.dir, 'MARKER');
  const evil = join(h.dir, 'evil.sh');
  writeScript(evil, `echo "ran: $0 $*" >> '${marker}'\nexit 1`);
  const hooks = join(h.dir, 'hooks');
  mkdirSync(hooks);
  for (const hook of HOOKS) {
    writeScript(join(hooks, hook), `echo "hook ${hook}" >> '${marker}'`);
    writeScript(join(gitDir, 'hooks', hook), `echo "hook ${hook}" >> '${marker}'`);
  }
  const blob = git(repo, ['rev-parse', 'HEAD:src/shop/util.py'], h.gitEnv);
  rmSync(looseObject(gitDir, blob));
  const settings = [
    ['core.repositoryformatversion', '1'],
    ['remote.origin.url', 'ssh://git@example.invalid/shop.git'],
    ['remote.origin.fetch', '+refs/heads/*:refs/remotes/origin/*'],
    ['extensions.partialClone', 'origin'],
    ['remote.origin.promisor', 'true'],
    ['remote.origin.partialclonefilter', 'blob:none'],
    ['remote.origin.uploadpack', evil],
    ['core.sshCommand', evil],
    ['core.fsmonitor', evil],
    ['core.hooksPath', hooks],
    ['core.pager', evil],
    ['core.askPass', evil],
    ['core.gitProxy', evil],
    ['core.alternateRefsCommand', evil],
    ['core.editor', evil],
    ['credential.helper', `!${evil}`],
    ['diff.external', evil],
    ['diff.evil.textconv', evil],
    ['filter.evil.clean', evil],
    ['filter.evil.smudge', evil],
    ['filter.evil.process', evil],
    ['gpg.program', evil],
    ['log.showSignature', 'true'],
    ['uploadpack.packObjectsHook', evil],
    ['protocol.allow', 'always'],
  ];
  for (const [key, value] of settings) git(repo, ['config', key, value], h.gitEnv);
  try {
    git(repo, ['cat-file', '-p', blob], h.gitEnv);
  } catch {
    // the fetch fails; what matters is whether it ran the script
  }
  const armed = existsSync(marker);
  rmSync(marker, { force: true });
  return { repo, marker, armed };
}

/** `chown -R` to nobody (root only). */
function giveToNobody(path) {
  const uid = execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim();
  const gid = execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).trim();
  execFileSync('chown', ['-R', `${uid}:${gid}`, path]);
}

function mkfifo(path) {
  execFileSync('mkfifo', [path]);
}

/** The SQLite page size of a database file. */
function pageSize(bytes) {
  const size = bytes.readUInt16BE(16);
  return size === 1 ? 65536 : size;
}

/**
 * Two runs on one folder: a ranking with a fresh cache, and the same query's cache
 * `cache` filled, its index snapshots removed (so the next run reads tags.sqlite), its
 * file checkpointed (nothing left in a -wal file). Returns the fresh ranking and the
 * stored entries (the values of the tags and terms rows).
 */
async function filledStore(h, repo, cache) {
  const args = (dir) => ['rank', '--repo', repo, '--cache', dir, '--format', 'json', QUERY];
  const fresh = rankingOf((await h.must(args(join(h.dir, 'fresh-cache')))).stdout);
  await h.must(args(cache));
  rmSync(join(cache, 'snapshots'), { recursive: true, force: true });
  const Database = h.require('better-sqlite3');
  const db = new Database(join(cache, 'tags.sqlite'));
  let entries;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    entries = ['tags', 'terms'].flatMap((table) => db.prepare(`SELECT value FROM ${table}`).pluck().all());
  } finally {
    db.close();
  }
  rmSync(join(cache, 'tags.sqlite-wal'), { force: true });
  rmSync(join(cache, 'tags.sqlite-shm'), { force: true });
  if (entries.length === 0) throw new Error('the tags cache holds no entries');
  return { fresh, entries };
}

/**
 * Changes `count` bytes of the stored entries in the database `file` (each entry's bytes
 * found in the file by its first 64, up to the end of their page: an entry that spills
 * over pages is damaged in its first), chosen at random among those `where` accepts,
 * each to `pick(random, old byte)`. Damage there keeps the file a database, and may keep
 * an entry well-formed: only the entry can tell.
 */
function damageEntries(file, entries, count, seed, where, pick) {
  const bytes = readFileSync(file);
  const page = pageSize(bytes);
  const offsets = [];
  for (const entry of entries) {
    const value = Buffer.from(entry);
    const at = bytes.indexOf(value.subarray(0, 64), page);
    if (at < 0) continue;
    const end = Math.min(at + value.length, (Math.floor(at / page) + 1) * page);
    for (let i = at; i < end; i++) if (where(bytes[i])) offsets.push(i);
  }
  if (offsets.length === 0) throw new Error(`no stored entry found in ${file}`);
  const random = seeded(seed);
  for (let n = 0; n < count && offsets.length > 0; n++) {
    const at = offsets.splice(Math.floor(random() * offsets.length), 1)[0];
    bytes[at] = pick(random, bytes[at]);
  }
  writeFileSync(file, bytes);
}

const ALNUM = Buffer.from('abcdefghijklmnopqrstuvwxyz0123456789');
const isAlnum = (b) => ALNUM.includes(b);

// --- the daemon -----------------------------------------------------------------------

/**
 * A daemon of the run's own: its socket in a folder of mode 700 under the case's folder
 * (REPOMAP_DAEMON_SOCKET), so no real user's daemon is reached; started, asked its
 * build, then sent `payload` over a connection of its own, which stays open while the
 * measured `daemon status` runs (closed by `finish`).
 */
async function daemonCase(h, payload) {
  const folder = join(h.dir, 'daemon');
  mkdirSync(folder, { mode: 0o700 });
  const env = h.env({ REPOMAP_DAEMON_SOCKET: join(folder, 'd.sock'), REPOMAP_NO_DAEMON: undefined });
  const started = await h.must(['daemon', 'start', '--idle-minutes', '10'], { env });
  const pid = Number(/pid (\d+)/.exec(started.stdout)?.[1]);
  if (!(pid > 0)) throw new Error(`daemon start printed no process id: ${started.stdout.trim()}`);
  const prepared = { args: ['daemon', 'status'], env, state: { env, pid } };
  try {
    const status = JSON.parse((await h.must(['daemon', 'status', '--json'], { env })).stdout);
    prepared.state.connection = await send(join(folder, 'd.sock'), payload(status.build, shopFolder(h)));
  } catch (error) {
    await stopDaemon({}, prepared, h);
    throw error;
  }
  return prepared;
}

/** Writes `data` to the socket and waits until it is written, an answer came, or 10 s passed; the connection stays open. */
function send(socket, data) {
  return new Promise((resolve) => {
    const connection = connect(socket);
    const done = () => {
      clearTimeout(timer);
      resolve(connection);
    };
    const timer = setTimeout(done, 10_000);
    connection.on('error', done);
    connection.on('data', done);
    connection.on('close', done);
    connection.on('connect', () => connection.write(data, done));
  });
}

/** Where the daemon case's daemon listened. */
const daemonNote = (p) =>
  `with REPOMAP_DAEMON_SOCKET=${p.env.REPOMAP_DAEMON_SOCKET}, started by \`repomap daemon start --idle-minutes 10\`, after the payload`;

/** Reads the daemon's peak RSS, closes the case's connection, stops the daemon (by its process id when it does not stop). */
async function stopDaemon(r, p, h) {
  const { pid, env, connection } = p.state;
  r.peakMb = processPeakMb(pid);
  r.peakOf = 'daemon';
  if (r.peakMb === null) r.peakOf = 'daemon gone';
  connection?.destroy();
  await h.run(['daemon', 'stop'], { env });
  for (const signal of ['SIGTERM', 'SIGKILL']) {
    if (!alive(pid)) break;
    process.kill(pid, signal);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// --- the cases ------------------------------------------------------------------------

/**
 * A 100,000-line .gitignore under the 1 MiB an ignore file may take (a larger one is not
 * read at all): names, folders, suffixes, globstars and negations, with base-36 counters.
 */
function longIgnore() {
  const kinds = [(k) => `b${k}/`, (k) => `*.${k}`, (k) => `x/**/${k}.py`, (k) => `!${k}.py`, (k) => `${k}*`];
  const text = Array.from({ length: 100_000 }, (_, i) => kinds[i % kinds.length](i.toString(36))).join('\n') + '\n';
  if (text.length >= 2 ** 20) throw new Error(`the .gitignore is ${text.length} bytes, over 1 MiB`);
  return text;
}

/** 10 MB of query text: frames, paths and words, as a pasted log is. */
function hugeQuery() {
  const lines = [];
  let size = 0;
  for (let i = 0; size < 10 * 2 ** 20; i++) {
    const line = `  File "src/shop/module_${i % 997}.py", line ${i % 400}, in handler_${i % 331}\n    value = compute_total(cart_${i % 89}, parse_config)\nWARNING worker ${i} retried the cart settings after a KeyError\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

const TRACE =
  'Traceback (most recent call last):\n  File "src/shop/util.py", line 2, in round_cents\n    return round(value, 2)\nTypeError: type str doesn\'t define __round__ method\n';

const LFS_POINTER =
  'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';

const DEEP = Array.from({ length: 40 }, () => 'a').join('/');

/** The cases, in the order. `h.isRoot` decides the ownership cases. */
export const CASES = [
  {
    id: '1a',
    finding: 1,
    expect: 'folder mode: the marker is never written; exit 0',
    prepare(h) {
      const { repo, marker, armed } = hostileRepo(h);
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY], state: { marker, armed } };
    },
    check: (r, p) => [...noMarker(p.state.marker), ...exits(r, 0)],
    note: (p) =>
      p.state.armed ? 'plain git wrote the marker' : 'plain git did not write the marker: fixture not armed',
  },
  {
    id: '1b',
    finding: 1,
    expect: '--commit, partial clone missing a blob: the marker is never written (no lazy fetch); exit 0',
    prepare(h) {
      const { repo, marker, armed } = hostileRepo(h);
      return { args: ['rank', '--repo', repo, '--commit', 'HEAD', '--no-cache', QUERY], state: { marker, armed } };
    },
    check: (r, p) => [...noMarker(p.state.marker), ...exits(r, 0)],
    note: (p) =>
      p.state.armed ? 'plain git wrote the marker' : 'plain git did not write the marker: fixture not armed',
  },
  {
    id: '1c',
    finding: 1,
    root: true,
    expect: '--commit, repository owned by nobody: exit 1 naming safe.directory; no marker',
    prepare(h) {
      const { repo, marker } = hostileRepo(h);
      giveToNobody(repo);
      return { args: ['rank', '--repo', repo, '--commit', 'HEAD', '--no-cache', QUERY], state: { marker } };
    },
    check: (r, p) => [
      ...noMarker(p.state.marker),
      ...exits(r, 1),
      ...says(r, /safe\.directory/, 'name safe.directory'),
    ],
  },
  {
    id: '1d',
    finding: 1,
    root: true,
    expect: 'folder mode, repository owned by nobody: the marker is never written; exit 0',
    prepare(h) {
      const { repo, marker } = hostileRepo(h);
      giveToNobody(repo);
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY], state: { marker } };
    },
    check: (r, p) => [...noMarker(p.state.marker), ...exits(r, 0)],
  },
  {
    id: '2a',
    finding: 2,
    expect: 'package.json a FIFO: exit 0 with a note naming it',
    prepare(h) {
      const repo = shopFolder(h);
      mkfifo(join(repo, 'package.json'));
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => [...exits(r, 0), ...says(r, /package\.json/, 'name package.json')],
  },
  {
    id: '2b',
    finding: 2,
    expect: 'repomap.config.json a FIFO: exit 2 naming it',
    prepare(h) {
      const repo = shopFolder(h);
      mkfifo(join(repo, 'repomap.config.json'));
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => [...exits(r, 2), ...says(r, /repomap\.config\.json/, 'name repomap.config.json')],
  },
  {
    id: '2c',
    finding: 2,
    expect: 'package.json a symlink to /dev/zero: exit 0 with a note naming it',
    prepare(h) {
      const repo = shopFolder(h);
      symlinkSync('/dev/zero', join(repo, 'package.json'));
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => [...exits(r, 0), ...says(r, /package\.json/, 'name package.json')],
  },
  ...[
    ['3a', 10],
    ['3b', 12],
  ].map(([id, times]) => ({
    id,
    finding: 3,
    expect: `\`**/a/**/a/…/**/b\` (${times} \`a\`) and a file 40 folders deep: exit 0`,
    prepare(h) {
      const pattern = Array.from({ length: times }, () => '**/a/').join('') + '**/b';
      const repo = shopFolder(h, { '.gitignore': `${pattern}\n`, [`${DEEP}/deep.py`]: 'def deep():\n    return 1\n' });
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => exits(r, 0),
  })),
  {
    id: '4a',
    finding: 4,
    expect: 'a 40 KB .gitignore line: exit 0 with a diagnostic naming .gitignore; stderr < 2 KB',
    prepare(h) {
      const repo = shopFolder(h, { '.gitignore': `${'a*'.repeat(20_480)}\n` });
      return { args: ['rank', '--repo', repo, '--no-cache', '--diagnostics', QUERY] };
    },
    check: (r) => [
      ...exits(r, 0),
      ...stderrUnder(r, 2048),
      ...(/\.gitignore/.test(r.stdout + r.stderr) ? [] : ['no diagnostic names .gitignore']),
    ],
  },
  {
    id: '4b',
    finding: 4,
    expect: '--exclude with a 40 KB pattern: exit 0 or 2; stderr < 2 KB',
    prepare(h) {
      const repo = shopFolder(h);
      return {
        args: ['rank', '--repo', repo, '--no-cache', '--exclude', 'a*'.repeat(20_480), QUERY],
        show: { 5: '<40 KB: a* x 20480>' },
      };
    },
    check: (r) => [
      ...(r.code === 0 || r.code === 2 || r.code === null ? [] : [`exit ${r.code}, not 0 or 2`]),
      ...stderrUnder(r, 2048),
    ],
  },
  {
    id: '5a',
    finding: 5,
    expect: 'daemon sent `null\\n`: `daemon status` still answers (exit 0)',
    prepare: (h) => daemonCase(h, () => 'null\n'),
    check: (r) => exits(r, 0),
    finish: stopDaemon,
    note: daemonNote,
  },
  {
    id: '5b',
    finding: 5,
    expect: 'daemon sent a `run` without `env`: `daemon status` still answers (exit 0)',
    prepare: (h) =>
      daemonCase(
        h,
        (build, repo) =>
          JSON.stringify({
            type: 'run',
            build,
            argv: ['status', '--repo', repo],
            cwd: repo,
            stdoutTTY: false,
            stderrTTY: false,
          }) + '\n',
      ),
    check: (r) => exits(r, 0),
    finish: stopDaemon,
    note: daemonNote,
  },
  {
    id: '5c',
    finding: 5,
    expect: 'daemon sent 10 MB without a newline (connection left open): `daemon status` answers (exit 0)',
    prepare: (h) => daemonCase(h, () => Buffer.alloc(10 * 2 ** 20, 'a')),
    check: (r) => exits(r, 0),
    finish: stopDaemon,
    note: daemonNote,
  },
  {
    id: '6a',
    finding: 6,
    expect: 'folder mode, an empty .git folder: exit 0 with a history note',
    prepare(h) {
      const repo = shopFolder(h);
      mkdirSync(join(repo, '.git'));
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => [...exits(r, 0), ...says(r, /histor/i, 'note the history')],
  },
  {
    id: '6b',
    finding: 6,
    expect: 'folder mode, a .git file whose gitdir: is dangling: exit 0 with a history note',
    prepare(h) {
      const repo = shopFolder(h, { '.git': `gitdir: ${join(h.dir, 'gone', '.git')}\n` });
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => [...exits(r, 0), ...says(r, /histor/i, 'note the history')],
  },
  {
    id: '6c',
    finding: 6,
    expect: 'folder mode, .git/HEAD of random bytes: exit 0 with a history note',
    prepare(h) {
      const repo = join(h.dir, 'repo');
      makeGitRepo(repo, h.gitEnv);
      const random = seeded(6);
      writeFileSync(
        join(repo, '.git', 'HEAD'),
        Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256))),
      );
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => [...exits(r, 0), ...says(r, /histor/i, 'note the history')],
  },
  {
    id: '7',
    finding: 7,
    expect:
      "--commit, util.py's blob deleted (not a partial clone): non-zero exit, or a warning naming src/shop/util.py",
    prepare(h) {
      const repo = join(h.dir, 'repo');
      makeGitRepo(repo, h.gitEnv);
      rmSync(looseObject(join(repo, '.git'), git(repo, ['rev-parse', 'HEAD:src/shop/util.py'], h.gitEnv)));
      return { args: ['rank', '--repo', repo, '--commit', 'HEAD', '--no-cache', QUERY] };
    },
    check: (r) =>
      r.code !== 0 || /src\/shop\/util\.py/.test(r.stderr) ? [] : ['exit 0 and no warning names src/shop/util.py'],
  },
  ...[
    ['8a', 'a folder (holding a file)', (file) => (mkdirSync(file), writeFileSync(join(file, 'x'), 'x'))],
    ['8b', 'a FIFO', mkfifo],
  ].map(([id, what, put]) => ({
    id,
    finding: 8,
    expect: `${what} at <cache>/snapshots/<key>.snap: exit 0`,
    async prepare(h) {
      const repo = shopFolder(h);
      const cache = join(h.dir, 'cache');
      const args = ['rank', '--repo', repo, '--cache', cache, QUERY];
      await h.must(args);
      const folder = join(cache, 'snapshots');
      const snaps = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.snap')) : [];
      if (snaps.length === 0) throw new Error(`no snapshot written in ${folder}`);
      for (const name of snaps) {
        rmSync(join(folder, name));
        put(join(folder, name));
      }
      return { args, state: { snaps: snaps.length } };
    },
    check: (r) => exits(r, 0),
  })),
  ...[
    [
      '9a',
      '300 random bytes in its stored entries',
      (file, entries) =>
        damageEntries(
          file,
          entries,
          300,
          9,
          () => true,
          (random) => Math.floor(random() * 256),
        ),
    ],
    [
      '9b',
      '300 letters and digits of its stored entries changed to others',
      (file, entries) =>
        damageEntries(file, entries, 300, 99, isAlnum, (random, old) => {
          let b = old;
          while (b === old) b = ALNUM[Math.floor(random() * ALNUM.length)];
          return b;
        }),
    ],
    ['9c', "config.py's entry edited (parse_config renamed, still well-formed)", null],
  ].map(([id, what, damage]) => ({
    id,
    finding: 9,
    expect: `tags.sqlite with ${what}: exit 0, the ranking a fresh cache gives`,
    async prepare(h) {
      const repo = shopFolder(h);
      const cache = join(h.dir, 'cache');
      const { fresh, entries } = await filledStore(h, repo, cache);
      const store = join(cache, 'tags.sqlite');
      if (damage) damage(store, entries);
      else editEntry(h, store);
      return { args: ['rank', '--repo', repo, '--cache', cache, '--format', 'json', QUERY], state: { fresh } };
    },
    check: (r, p) => [...exits(r, 0), ...(r.code === 0 ? sameRanking(r, p.state.fresh) : [])],
  })),
  {
    id: '10a',
    finding: 10,
    expect: '`--commit ""`: exit 2',
    prepare(h) {
      const repo = join(h.dir, 'repo');
      makeGitRepo(repo, h.gitEnv);
      return { args: ['rank', '--repo', repo, '--commit', '', '--no-cache', QUERY] };
    },
    check: (r) => exits(r, 2),
  },
  {
    id: '10b',
    finding: 10,
    expect: '`--repo ""` (run in the repository): exit 2',
    prepare(h) {
      const repo = shopFolder(h);
      return { args: ['rank', '--repo', '', '--no-cache', QUERY], cwd: repo };
    },
    check: (r) => exits(r, 2),
  },
  {
    id: '10c',
    finding: 10,
    expect:
      "a UTF-16 query file (FF FE) naming util.py in a trace: the UTF-8 file's first file, or exit 2 naming the file",
    async prepare(h) {
      const repo = shopFolder(h);
      const utf8 = join(h.dir, 'trace-utf8.txt');
      const utf16 = join(h.dir, 'trace-utf16.txt');
      writeFileSync(utf8, TRACE);
      writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TRACE, 'utf16le')]));
      const args = (file) => ['rank', '--repo', repo, '--no-cache', '--format', 'json', '--query-file', file];
      const control = JSON.parse((await h.must(args(utf8))).stdout).top_files[0];
      return { args: args(utf16), state: { control, file: utf16 } };
    },
    check(r, p) {
      if (r.code === 2) return r.stderr.includes(p.state.file) ? [] : ['exit 2 without naming the file'];
      if (r.code === null) return [];
      if (r.code !== 0) return [`exit ${r.code}, not 0 or 2`];
      const top = JSON.parse(r.stdout).top_files[0];
      return top === p.state.control ? [] : [`first file ${top ?? 'none'}, not ${p.state.control} (the UTF-8 file's)`];
    },
  },
  {
    id: '10d',
    finding: 10,
    expect: 'an LFS pointer at src/shop/model.py: exit 0, skipped and named as an LFS pointer (--diagnostics)',
    prepare(h) {
      const repo = shopFolder(h, { 'src/shop/model.py': LFS_POINTER });
      return { args: ['rank', '--repo', repo, '--no-cache', '--diagnostics', QUERY] };
    },
    check: (r) => [
      ...exits(r, 0),
      ...(/model\.py[^\n]*lfs|lfs[^\n]*model\.py/i.test(r.stdout + r.stderr)
        ? []
        : ['nothing names model.py as an LFS pointer']),
    ],
  },
  {
    id: '10e',
    finding: 10,
    expect: 'a 100,000-line .gitignore, 300 files: exit 0',
    prepare(h) {
      const files = Object.fromEntries(
        Array.from({ length: 296 }, (_, i) => [`src/shop/gen/mod_${i}.py`, `def f_${i}():\n    return ${i}\n`]),
      );
      const repo = shopFolder(h, { '.gitignore': longIgnore(), ...files });
      return { args: ['rank', '--repo', repo, '--no-cache', QUERY] };
    },
    check: (r) => exits(r, 0),
  },
  {
    id: '10f',
    finding: 10,
    expect: 'a 10 MB query (--query-file): exit 0',
    prepare(h) {
      const repo = shopFolder(h);
      const file = join(h.dir, 'query.txt');
      writeFileSync(file, hugeQuery());
      return { args: ['rank', '--repo', repo, '--no-cache', '--query-file', file] };
    },
    check: (r) => exits(r, 0),
  },
];

/** Renames parse_config in the definitions of the tags row that defines it (still well-formed JSON). */
function editEntry(h, store) {
  const Database = h.require('better-sqlite3');
  const db = new Database(store);
  try {
    const rows = db.prepare('SELECT key, value FROM tags').all();
    const row = rows.find((r) => r.value.includes('"name":"parse_config","kind":"function"'));
    if (!row) throw new Error('no tags row defines parse_config');
    db.prepare('UPDATE tags SET value = ? WHERE key = ?').run(
      row.value.replaceAll('"name":"parse_config"', '"name":"parse_konfig"'),
      row.key,
    );
  } finally {
    db.close();
  }
}

/** better-sqlite3 as the repository installs it (the suite adds no dependency). */
export function requireFrom(root) {
  return createRequire(join(root, 'package.json'));
}
