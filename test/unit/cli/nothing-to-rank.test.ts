/**
 * A repository with no file to index (an empty folder, a binary-only one, a scope that
 * leaves nothing, a commit with an empty tree): every command but `status` fails with
 * exit 1, naming the folder and the skips by rule, and keeps no index snapshot.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, initRepo, makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';
import { runCliCaptured } from '../../run-cli.js';

let tmp: string;
let empty: string;
let binary: string;
beforeAll(() => {
  tmp = makeTemp('repomap-cli-nothing-');
  empty = join(tmp, 'empty');
  mkdirSync(empty);
  binary = join(tmp, 'binary');
  writeFiles(binary, {
    'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
    'data/blob.bin': Buffer.from([1, 0, 2, 0]),
  });
});
afterAll(() => removeTemp(tmp));

const cache = (): string => join(tmp, 'cache');
const run = (argv: string[]) => runCliCaptured([...argv, '--cache', cache()], { cwd: tmp });

describe('nothing to rank', () => {
  it('an empty folder: rank fails (exit 1) naming it, prints nothing and keeps no snapshot', async () => {
    for (const format of ['text', 'json']) {
      const r = await run(['rank', 'anything', '--repo', empty, '--format', format]);
      expect(r).toEqual({ code: 1, stdout: '', stderr: `repomap: nothing to rank in ${empty}: it holds no file\n` });
    }
    const snapshots = join(cache(), 'snapshots');
    expect(existsSync(snapshots) ? readdirSync(snapshots) : []).toEqual([]);
  });

  it('a binary-only folder: every command that ranks or looks up fails naming the skips by rule', async () => {
    const message = `repomap: nothing to rank in ${binary}: no file is indexed (skipped: binary 2; --diagnostics lists them)\n`;
    for (const argv of [
      ['rank', 'logo'],
      ['pack', 'logo'],
      ['explain', 'logo.png', 'logo'],
      ['symbols', 'logo'],
      ['refs', 'logo'],
      ['impact', '--file', 'logo.png'],
      ['outline', 'logo.png'],
    ]) {
      const r = await run([...argv, '--repo', binary]);
      expect(r, argv[0]).toEqual({ code: 1, stdout: '', stderr: message });
    }
    // --diagnostics lists them first, and the message does not send the reader there
    const listed = await run(['rank', 'logo', '--repo', binary, '--diagnostics']);
    expect(listed.code).toBe(1);
    expect(listed.stderr.split('\n')).toEqual([
      'repomap: 2 diagnostics:',
      expect.stringMatching(/^ {2}skipped-binary {2}data\/blob\.bin: /),
      expect.stringMatching(/^ {2}skipped-binary {2}logo\.png: /),
      `repomap: nothing to rank in ${binary}: no file is indexed (skipped: binary 2)`,
      '',
    ]);
  });

  it('status still answers: it says what was skipped', async () => {
    const r = await run(['status', '--repo', binary]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\nfiles        0 (parsed: none)\nskipped      binary 2\n');
  });

  it('a scope that leaves nothing, and a commit whose tree is empty, are said as such', async () => {
    const some = join(tmp, 'some');
    writeFiles(some, { 'a.py': 'def a():\n    return 1\n' });
    const scoped = await run(['rank', 'a', '--repo', some, '--exclude', '*.py']);
    expect(scoped).toMatchObject({ code: 1, stdout: '' });
    expect(scoped.stderr).toBe(
      `repomap: nothing to rank in ${some}: no file in the scope of --include/--exclude is indexed (skipped: ignored 1)\n`,
    );
    const repo = initRepo(tmp, 'bare-tree');
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'nothing yet');
    const head = git(repo, 'rev-parse', 'HEAD');
    const r = await run(['rank', 'a', '--repo', repo, '--commit', 'HEAD']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `repomap: nothing to rank in ${repo} at ${head.slice(0, 12)}: its tree holds no file\n`,
    });
  });
});
