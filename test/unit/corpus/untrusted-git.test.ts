/**
 * A repository is untrusted input (issue 48): repomap runs git on it, and git must not run
 * anything the repository configures, nor read a repository another user owns unless the
 * caller's git allows it; a folder whose `.git` git cannot use is ranked without history;
 * a blob missing from a repository that is not a partial clone is said loudly.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus } from '../../../src/index.js';
import { readHistory } from '../../../src/corpus/index.js';
import { rejectionOf } from '../../error-of.js';
import { runCliCaptured } from '../../run-cli.js';
import { git, initRepo, makeTemp, removeTemp, writeFiles } from './helpers.js';

let tmp: string;
/** The caller's global git configuration for this file's git calls (none of the machine's). */
let globalConfig: string;
/** Written by the repository's configured programs whenever one runs. */
let marker: string;

beforeAll(() => {
  tmp = makeTemp('repomap-untrusted-');
  chmodSync(tmp, 0o755); // a repository handed to another user below must stay reachable
  globalConfig = join(tmp, 'global.gitconfig');
  writeFileSync(globalConfig, '');
  // read when repomap first runs git in this process (git-process.ts keeps its environment)
  process.env.GIT_CONFIG_GLOBAL = globalConfig;
  marker = join(tmp, 'ran');
});
afterAll(() => removeTemp(tmp));
beforeEach(() => rmSync(marker, { force: true }));

/** A script that leaves the marker when run, and fails (as a refused command would). */
function markerScript(name: string): string {
  const script = join(tmp, name);
  writeFileSync(script, `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexit 1\n`);
  chmodSync(script, 0o755);
  return script;
}

/** The loose object file of `oid` in the repository at `repo`. */
function objectFile(repo: string, oid: string): string {
  return join(repo, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
}

/**
 * The probe's repository: a partial clone (a promisor remote reached over ssh) whose one
 * blob is missing, `core.sshCommand`, `core.fsmonitor` and `gpg.program` set to a script,
 * `log.showSignature` on. Returns the repository, its commit and the missing blob.
 */
function partialCloneWithScripts(name: string): { repo: string; commit: string; missing: string } {
  const repo = initRepo(tmp, name);
  writeFiles(repo, {
    'src/app.py': 'from src.util import helper\n\ndef main():\n    return helper()\n',
    'src/util.py': 'def helper():\n    return 42\n',
  });
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'first');
  writeFiles(repo, { 'src/util.py': 'def helper():\n    return 43\n' });
  git(repo, 'commit', '-qam', 'second');
  const commit = git(repo, 'rev-parse', 'HEAD');
  const missing = git(repo, 'rev-parse', 'HEAD:src/app.py');
  rmSync(objectFile(repo, missing));
  const script = markerScript(`${name}-script`);
  for (const [key, value] of [
    ['core.repositoryFormatVersion', '1'],
    ['extensions.partialClone', 'origin'],
    ['remote.origin.url', 'ssh://git.invalid/repo.git'],
    ['remote.origin.promisor', 'true'],
    ['remote.origin.partialclonefilter', 'blob:none'],
    ['core.sshCommand', script],
    ['core.fsmonitor', script],
    ['gpg.program', script],
    ['log.showSignature', 'true'],
  ]) {
    git(repo, 'config', key!, value!);
  }
  return { repo, commit, missing };
}

describe('a repository that configures commands', () => {
  it('makes plain git run them (the check below can fail)', () => {
    const { repo, missing } = partialCloneWithScripts('plain');
    try {
      execFileSync('git', ['--git-dir', join(repo, '.git'), 'cat-file', '-p', missing], {
        stdio: 'ignore',
        env: { ...process.env, GIT_NO_LAZY_FETCH: '0' },
      });
    } catch {
      // the lazy fetch fails; what matters is that it ran the script
    }
    expect(existsSync(marker)).toBe(true);
  });

  it('runs none of them: a commit read, its history, a folder build', async () => {
    const { repo, commit, missing } = partialCloneWithScripts('probe');
    const corpus = await loadCorpus({ gitDir: repo, commit });
    expect(corpus.files.map((f) => f.path)).toEqual(['src/util.py']);
    // a partial clone's absent blob is said to be one: never fetched
    expect(corpus.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'skipped-not-fetched',
        file: 'src/app.py',
        message: expect.stringContaining(missing),
      }),
    );
    expect(corpus.skipped['not-fetched']).toBe(1);
    expect(await readHistory(repo, commit)).toEqual([['src/app.py', 'src/util.py']]);
    const index = await buildIndex(await loadCorpus({ folder: repo }));
    expect(index.stats.files).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });

  it('runs none of them from the CLI, in folder and commit mode', async () => {
    const { repo } = partialCloneWithScripts('cli');
    for (const argv of [
      ['rank', '--no-cache', '-q', 'helper'],
      ['rank', '--no-cache', '-q', '--commit', 'HEAD', 'helper'],
    ]) {
      const run = await runCliCaptured(argv, { cwd: repo });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('src/util.py');
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe('a blob missing from a repository that is not a partial clone', () => {
  it('is skipped as a missing object and warned about, not taken for a large file', async () => {
    const repo = initRepo(tmp, 'damaged');
    writeFiles(repo, { 'a.py': 'def a():\n    return 1\n', 'b.py': 'def b():\n    return 2\n' });
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'one');
    const lost = git(repo, 'rev-parse', 'HEAD:b.py');
    rmSync(objectFile(repo, lost));
    const corpus = await loadCorpus({ gitDir: repo, commit: 'HEAD' });
    expect(corpus.skipped).toMatchObject({ 'missing-object': 1, 'too-large': 0 });
    expect(corpus.diagnostics).toEqual([expect.objectContaining({ code: 'skipped-missing-object', file: 'b.py' })]);
    const run = await runCliCaptured(['rank', '--no-cache', '-q', '--commit', 'HEAD', 'a'], { cwd: repo });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^repomap: warning: 1 file is missing from the repository's object store and not indexed \(a damaged repository\?\), first b\.py$/m,
    );
  });
});

describe('a folder whose .git git cannot use', () => {
  /** A folder with one Python file and the given `.git` made by `breakGit`. */
  async function buildWith(name: string, breakGit: (repo: string) => void) {
    const repo = join(tmp, name);
    mkdirSync(repo);
    writeFiles(repo, { 'main.py': 'def run():\n    return 1\n' });
    breakGit(repo);
    return buildIndex(await loadCorpus({ folder: repo }));
  }

  it.each([
    ['an empty .git folder', (repo: string) => mkdirSync(join(repo, '.git'))],
    ['a .git file naming no folder', (repo: string) => writeFileSync(join(repo, '.git'), 'gitdir: ../nowhere/.git\n')],
    ['a .git file without a gitdir line', (repo: string) => writeFileSync(join(repo, '.git'), 'garbage\n')],
    [
      'a garbage HEAD',
      (repo: string) => {
        git(repo, '-c', 'init.defaultBranch=main', 'init', '-q');
        writeFileSync(join(repo, '.git', 'HEAD'), 'not a ref at all\n');
      },
    ],
  ])('is ranked without history, and says so: %s', async (name, breakGit) => {
    const index = await buildWith(name.replace(/\W+/g, '-'), breakGit);
    expect(index.stats.files).toBe(1);
    const said = index.diagnostics.filter((d) => d.code === 'history-unavailable');
    expect(said).toHaveLength(1);
    expect(said[0]!.message).toMatch(/^co-change history not read \(.+\); the folder is ranked without it$/);
    expect(index.rank('run').files[0]!.path).toBe('main.py');
  });

  it('is ranked without history when an old commit is missing, and the CLI says why', async () => {
    const repo = initRepo(tmp, 'lost-parent');
    writeFiles(repo, { 'main.py': 'def run():\n    return 1\n' });
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'one');
    const first = git(repo, 'rev-parse', 'HEAD');
    writeFiles(repo, { 'main.py': 'def run():\n    return 2\n' });
    git(repo, 'commit', '-qam', 'two');
    rmSync(objectFile(repo, first));
    const index = await buildIndex(await loadCorpus({ folder: repo }));
    expect(index.diagnostics.map((d) => d.code)).toEqual(['history-unavailable']);
    const run = await runCliCaptured(['rank', '--no-cache', 'run'], { cwd: repo });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^repomap: note: co-change history not read \(cannot read the history of .+\); the folder is ranked without it$/m,
    );
  });
});

describe('a linked worktree', () => {
  it('is read at a commit through its gitdir line', async () => {
    const main = initRepo(tmp, 'with-worktree');
    writeFiles(main, { 'lib.py': 'def lib():\n    return 1\n' });
    git(main, 'add', '.');
    git(main, 'commit', '-qm', 'one');
    const linked = join(tmp, 'linked-worktree');
    git(main, 'worktree', 'add', '-q', linked);
    const corpus = await loadCorpus({ gitDir: linked, commit: 'HEAD' });
    expect(corpus.files.map((f) => f.path)).toEqual(['lib.py']);
    expect(corpus.commit).toBe(git(main, 'rev-parse', 'HEAD'));
    const run = await runCliCaptured(['rank', '--no-cache', '-q', '--commit', 'HEAD', 'lib'], { cwd: linked });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('lib.py');
  });
});

describe('a short commit id', () => {
  it('that several commits start with is said to be ambiguous, not missing', async () => {
    const repo = join(tmp, 'many-commits.git');
    git(tmp, 'init', '-q', '--bare', repo);
    let stream = '';
    for (let i = 0; i < 1500; i++) {
      const message = `c${i}\n`;
      stream += `commit refs/heads/main\nmark :${i + 1}\ncommitter A <a@b> 1700000000 +0000\ndata ${message.length}\n${message}${i > 0 ? `from :${i}\n` : ''}\n`;
    }
    execFileSync('git', ['fast-import', '--quiet'], { cwd: repo, input: stream });
    const prefixes = git(repo, 'rev-list', 'main')
      .split('\n')
      .map((id) => id.slice(0, 4));
    const shared = prefixes.find((p, i) => prefixes.indexOf(p) !== i)!;
    expect(shared).toBeDefined();
    const error = await rejectionOf(() => loadCorpus({ gitDir: repo, commit: shared }));
    expect(error).toMatchObject({
      code: 'missing-commit',
      message: expect.stringContaining(`commit ${shared} is ambiguous`),
    });
  });
});

describe('a config file or package.json that is not a regular file', () => {
  /** A folder with one source file and `name` at its root made by `make`. */
  function folderWith(dir: string, name: string, make: (file: string) => void): string {
    const repo = join(tmp, dir);
    mkdirSync(repo);
    writeFiles(repo, { 'main.py': 'def run():\n    return 1\n' });
    make(join(repo, name));
    return repo;
  }
  const fifo = (file: string) => execFileSync('mkfifo', [file]);
  const toDevZero = (file: string) => symlinkSync('/dev/zero', file);

  it.each([
    ['a FIFO package.json', 'fifo-manifest', fifo],
    ['a package.json linked to /dev/zero', 'zero-manifest', toDevZero],
  ])('%s gives no config, with a note, and the folder is ranked', async (_, dir, make) => {
    const repo = folderWith(dir, 'package.json', make);
    const run = await runCliCaptured(['rank', '--no-cache', 'run'], { cwd: repo });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('main.py');
    expect(run.stderr).toMatch(
      /^repomap: note: .*package\.json not read \(it is (not a regular file|a symlink \(symlinks are not followed\))\); no "repomap" config taken from it$/m,
    );
  });

  it.each([
    ['a FIFO repomap.config.json', 'fifo-config', fifo, 'it is not a regular file'],
    [
      'a repomap.config.json linked to /dev/zero',
      'zero-config',
      toDevZero,
      'it is a symlink (symlinks are not followed)',
    ],
  ])('%s is a usage error naming it', async (_, dir, make, why) => {
    const repo = folderWith(dir, 'repomap.config.json', make);
    const run = await runCliCaptured(['rank', '--no-cache', 'run'], { cwd: repo });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(repo, 'repomap.config.json')}: not read: ${why}`);
  });
});

const root = process.geteuid?.() === 0;

describe.skipIf(!root)('a repository another user owns (needs root to hand it over)', () => {
  it('is refused at a commit, naming safe.directory, and read once git allows it', async () => {
    const { repo, commit } = partialCloneWithScripts('foreign');
    execFileSync('chown', ['-R', 'nobody', repo]);
    const error = await rejectionOf(() => loadCorpus({ gitDir: repo, commit }));
    expect(error).toMatchObject({
      code: 'unsafe-repository',
      message: expect.stringContaining(`git config --global --add safe.directory ${repo}`),
    });

    // a folder is still ranked, without the history git would refuse to read
    const index = await buildIndex(await loadCorpus({ folder: repo }));
    expect(index.diagnostics.find((d) => d.code === 'history-unavailable')?.message).toContain('safe.directory');

    writeFileSync(globalConfig, `[safe]\n\tdirectory = ${repo}\n`);
    try {
      const corpus = await loadCorpus({ gitDir: repo, commit });
      expect(corpus.files.map((f) => f.path)).toEqual(['src/util.py']);
    } finally {
      writeFileSync(globalConfig, '');
    }
    expect(existsSync(marker)).toBe(false);
  });

  it("owned by the user who ran sudo is the caller's", async () => {
    const repo = initRepo(tmp, 'sudo-user');
    writeFiles(repo, { 'x.py': 'x = 1\n' });
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'x');
    chownSync(repo, 65534, 65534);
    const before = process.env.SUDO_UID;
    process.env.SUDO_UID = '65534';
    try {
      expect((await loadCorpus({ gitDir: repo, commit: 'HEAD' })).files).toHaveLength(1);
    } finally {
      if (before === undefined) delete process.env.SUDO_UID;
      else process.env.SUDO_UID = before;
    }
  });
});
