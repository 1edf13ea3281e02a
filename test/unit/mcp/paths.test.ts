import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PATH_CHARS, repoRelativePath } from '../../../src/cli/mcp/paths.js';

const repo = mkdtempSync(join(tmpdir(), 'repomap-mcp-paths-'));
const outside = mkdtempSync(join(tmpdir(), 'repomap-mcp-outside-'));
mkdirSync(join(repo, 'src'));
writeFileSync(join(repo, 'src/a.py'), 'x = 1\n');
symlinkSync(outside, join(repo, 'out'));
symlinkSync(join(repo, 'src'), join(repo, 'alias'));
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('repoRelativePath', () => {
  it.each([
    ['src/a.py', 'src/a.py'],
    ['./src/a.py', 'src/a.py'],
    ['src\\a.py', 'src/a.py'],
    ['src/../src/a.py', 'src/a.py'],
    ['src/new.py', 'src/new.py'],
    // a symlink that stays inside the repository is allowed (the corpus decides whether it is a file of it)
    ['alias/a.py', 'alias/a.py'],
  ])('keeps %s as %s', (written, expected) => {
    expect(repoRelativePath(written, 'path', repo)).toBe(expected);
  });

  it.each([
    ['../x.py', 'path: "../x.py" is outside the repository'],
    ['src/../../x.py', 'path: "src/../../x.py" is outside the repository'],
    ['/etc/passwd', 'path: "/etc/passwd" is absolute; give a path relative to the repository root'],
    ['C:\\Windows\\win.ini', 'path: "C:\\Windows\\win.ini" is absolute; give a path relative to the repository root'],
    ['out/secret.txt', 'path: "out/secret.txt" resolves outside the repository (through a symlink)'],
    ['out', 'path: "out" resolves outside the repository (through a symlink)'],
    ['', 'path: is empty'],
    ['.', 'path: "." is the repository itself, not a file'],
    ['a\0b', 'path: contains a NUL byte'],
    ['a/'.repeat(2049), `path: is 4098 characters long; a path has at most ${MAX_PATH_CHARS}`],
  ])('refuses %j', (written, message) => {
    expect(() => repoRelativePath(written, 'path', repo)).toThrow(message);
  });

  it('judges a deep path that does not exist by its deepest existing folder', () => {
    const deep = 'src/' + 'x/'.repeat(2000) + 'y.py';
    expect(repoRelativePath(deep, 'path', repo)).toBe(deep);
    expect(() => repoRelativePath('out/' + 'x/'.repeat(2000) + 'y.py', 'path', repo)).toThrow(
      'resolves outside the repository',
    );
    expect(repoRelativePath('alias/' + 'x/'.repeat(2000) + 'y.py', 'path', repo)).toMatch(/^alias\//);
  });

  it('checks no symlinks for a git source (no folder on disk)', () => {
    expect(repoRelativePath('out/secret.txt', 'path', null)).toBe('out/secret.txt');
  });
});
