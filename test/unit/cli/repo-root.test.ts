/**
 * Which repository a command reads without --repo: the root of the git work tree holding
 * the current folder (as git, ripgrep and Aider find it), said in a note, with file
 * arguments taken from the current folder; an explicit --repo as given. Real runs of the
 * CLI in-process on git repositories made in a temp folder.
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workTreeRoot } from '../../../src/corpus/work-tree.js';
import { git, initRepo, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { runCliCaptured, type CliRun } from '../../run-cli.js';

const FILES = {
  'src/pkg/sessions.py':
    'def should_set_cookie(app):\n    return True\n\n\nclass SessionInterface:\n    def open_session(self):\n        pass\n',
  'src/pkg/app.py': 'from .sessions import SessionInterface\n\n\ndef run():\n    return SessionInterface()\n',
  'tests/test_sessions.py':
    'from pkg.sessions import should_set_cookie\n\n\ndef test_cookie():\n    assert should_set_cookie(None)\n',
};

let tmp: string;
let repo: string;
beforeAll(() => {
  tmp = makeTemp('repomap-cli-root-');
  repo = initRepo(tmp, 'flasklike');
  writeFiles(repo, FILES);
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'one');
});
afterAll(() => removeTemp(tmp));

function run(argv: string[], cwd: string): Promise<CliRun> {
  return runCliCaptured([...argv, '--no-cache'], { cwd });
}

/** The paths of a text ranking, in order. */
function ranked(stdout: string): string[] {
  return [...stdout.matchAll(/^ *\d+\. [\d.]+ {2}(\S+)$/gm)].map((m) => m[1]!);
}

const NOTE = (root: string): string =>
  `repomap: note: repository: ${root} (root of the git work tree containing the current folder; --repo . reads the current folder alone)\n`;

describe('without --repo, in a subfolder of a git work tree', () => {
  it('ranks the whole work tree from its root, and says so first', async () => {
    const r = await run(['rank', 'cookie session'], join(repo, 'src', 'pkg'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/· 3 files \(3 parsed\)/);
    expect(ranked(r.stdout).sort()).toEqual(Object.keys(FILES).sort());
    expect(r.stderr.startsWith(NOTE(repo))).toBe(true);
  });

  it('takes a file argument from the current folder, and a path from the root as written', async () => {
    const here = join(repo, 'src', 'pkg');
    const fromCwd = await run(['explain', 'sessions.py', 'cookie'], here);
    expect(fromCwd.code).toBe(0);
    expect(fromCwd.stdout.split('\n')[0]).toMatch(/^src\/pkg\/sessions\.py · rank \d+ of 3/);
    const fromRoot = await run(['explain', 'src/pkg/sessions.py', 'cookie'], here);
    expect(fromRoot.stdout.split('\n')[0]).toMatch(/^src\/pkg\/sessions\.py · rank \d+ of 3/);
    const up = await run(['outline', '../../tests/test_sessions.py'], here);
    expect(up.stdout.split('\n')[0]).toMatch(/^tests\/test_sessions\.py · python/);
  });

  it('with -q says nothing of it', async () => {
    const r = await run(['rank', 'cookie', '-q'], join(repo, 'tests'));
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/· 3 files/);
  });

  it('in a linked worktree, ranks that worktree from its root (its .git is a file)', async () => {
    const linked = join(tmp, 'linked');
    git(repo, 'worktree', 'add', '-q', linked);
    writeFiles(linked, { 'src/pkg/extra.py': 'def extra():\n    return 2\n' });
    const r = await run(['rank', 'extra'], join(linked, 'src'));
    expect(r.stderr.startsWith(NOTE(linked))).toBe(true);
    expect(ranked(r.stdout)).toContain('src/pkg/extra.py');
    expect(r.stdout).toMatch(/· 4 files/);
  });

  it("finds the root without running the repository's configured commands", async () => {
    const trap = initRepo(tmp, 'trap');
    writeFiles(trap, { 'lib/a.py': 'def a():\n    return 1\n' });
    const marker = join(tmp, 'fsmonitor-ran');
    const hook = join(tmp, 'fsmonitor.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\n`);
    chmodSync(hook, 0o755);
    git(trap, 'config', 'core.fsmonitor', hook);
    const r = await run(['rank', 'a'], join(trap, 'lib'));
    expect(r.stderr.startsWith(NOTE(trap))).toBe(true);
    expect(ranked(r.stdout)).toEqual(['lib/a.py']);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('an explicit --repo', () => {
  it('is taken as given: a subfolder is ranked alone, with no note', async () => {
    const r = await run(['rank', 'cookie', '--repo', '.'], join(repo, 'src', 'pkg'));
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(ranked(r.stdout).sort()).toEqual(['app.py', 'sessions.py']);
  });
});

describe('outside any git work tree', () => {
  it('ranks the current folder, with no note', async () => {
    const plain = join(tmp, 'plain');
    writeFiles(plain, { 'a.py': 'def a():\n    return 1\n' });
    const r = await run(['rank', 'a'], plain);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(ranked(r.stdout)).toEqual(['a.py']);
  });
});

describe('workTreeRoot', () => {
  it('takes a .git folder with a HEAD, or a .git file with a gitdir line, and nothing else', () => {
    const top = join(tmp, 'shapes');
    mkdirSync(join(top, 'empty-git', '.git', 'x'), { recursive: true });
    mkdirSync(join(top, 'empty-git', 'sub'), { recursive: true });
    writeFiles(top, {
      'file-git/.git': 'not a gitdir line\n',
      'file-git/sub/a.txt': '',
      'linked/.git': 'gitdir: /elsewhere/.git/worktrees/x\n',
      'linked/sub/a.txt': '',
    });
    expect(workTreeRoot(join(top, 'empty-git', 'sub'))).toBe(null);
    expect(workTreeRoot(join(top, 'file-git', 'sub'))).toBe(null);
    expect(workTreeRoot(join(top, 'linked', 'sub'))).toBe(join(top, 'linked'));
    expect(workTreeRoot(join(repo, 'src', 'pkg'))).toBe(repo);
  });
});
