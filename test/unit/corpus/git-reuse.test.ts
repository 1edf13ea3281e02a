/**
 * `loadCorpus({ gitDir, commit }, { previous })`: the files of an earlier load of the same
 * repository with the same rules that have the same path and blob id are taken unread.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/corpus/index.js';
import type { Corpus } from '../../../src/types.js';
import { commitAll, initRepo, makeTemp, removeTemp, writeFiles } from './helpers.js';

const UTF16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name = "utf16"\n', 'utf16le')]);

let temp: string;
let repo: string;
let other: string;
const commits: string[] = [];

beforeAll(() => {
  temp = makeTemp('repomap-git-reuse-');
  repo = initRepo(temp);
  writeFiles(repo, {
    'src/app.py': 'print("v1")\n',
    'src/util.py': 'def f():\n    return 1\n',
    'src/wide.py': UTF16,
    'bad.py': Buffer.from([0x23, 0xff, 0x0a]),
    'docs/guide.md': '# guide\n',
  });
  commits.push(commitAll(repo, 'one'));
  // app.py changes, util.py is renamed, a file is added; wide.py, bad.py and the guide stay
  writeFiles(repo, {
    'src/app.py': 'print("v2")\n',
    'src/helpers.py': 'def f():\n    return 1\n',
    'src/new.py': 'X = 1\n',
  });
  rmSync(join(repo, 'src/util.py'));
  commits.push(commitAll(repo, 'two'));
  other = initRepo(temp, 'other');
  writeFiles(other, { 'src/app.py': 'print("v1")\n' });
  commits.push(commitAll(other, 'elsewhere'));
});
afterAll(() => removeTemp(temp));

const byPath = (corpus: Corpus) => new Map(corpus.files.map((f) => [f.path, f]));

describe('loadCorpus of a git commit with an earlier load of the repository as previous', () => {
  it('takes the files with the same path and blob unread, reads the others, and gives what a fresh load gives', async () => {
    const first = await loadCorpus({ gitDir: repo, commit: commits[0]! });
    const progress: [number, number][] = [];
    const listed: string[][] = [];
    const second = await loadCorpus(
      { gitDir: repo, commit: commits[1]! },
      { previous: first, onProgress: (d, t) => progress.push([d, t]), onListed: (p) => listed.push([...p]) },
    );
    const fresh = await loadCorpus({ gitDir: repo, commit: commits[1]! });
    expect(second).toEqual(fresh);
    const [before, now] = [byPath(first), byPath(second)];
    expect(now.get('docs/guide.md'), 'same path and blob: the same record').toBe(before.get('docs/guide.md'));
    expect(now.get('src/app.py')).not.toBe(before.get('src/app.py'));
    expect(now.get('src/app.py')!.text).toBe('print("v2")\n');
    // a renamed file is read at its new path (its kind and language follow the path)
    expect(now.get('src/helpers.py')!.blobId).toBe(before.get('src/util.py')!.blobId);
    expect(now.get('src/helpers.py')).not.toBe(before.get('src/util.py'));
    // re-encoded files are read again, so their diagnostics are given again
    expect(now.get('src/wide.py')).not.toBe(before.get('src/wide.py'));
    expect(now.get('bad.py')).not.toBe(before.get('bad.py'));
    expect(second.diagnostics.map((d) => `${d.code} ${d.file}`).sort()).toEqual([
      'decoded-utf16 src/wide.py',
      'invalid-utf8 bad.py',
    ]);
    // the listing names every candidate, and progress counts the taken files as done
    expect(listed).toHaveLength(1);
    expect([...listed[0]!].sort()).toEqual(fresh.files.map((f) => f.path).sort());
    expect(progress[0]).toEqual([1, fresh.files.length]);
    expect(progress.at(-1)).toEqual([fresh.files.length, fresh.files.length]);
  });

  it('takes nothing from a load with other rules, of another repository, or of a folder', async () => {
    const first = await loadCorpus({ gitDir: repo, commit: commits[0]! });
    const guide = byPath(first).get('docs/guide.md');
    const otherRules = await loadCorpus(
      { gitDir: repo, commit: commits[1]! },
      { previous: await loadCorpus({ gitDir: repo, commit: commits[0]! }, { exclude: ['*.txt'] }) },
    );
    expect(byPath(otherRules).get('docs/guide.md')).not.toBe(guide);
    expect(byPath(otherRules).get('docs/guide.md')).toEqual(guide);
    const elsewhere = await loadCorpus({ gitDir: other, commit: commits[2]! }, { previous: first });
    expect(byPath(elsewhere).get('src/app.py')).not.toBe(byPath(first).get('src/app.py'));
    expect(elsewhere).toEqual(await loadCorpus({ gitDir: other, commit: commits[2]! }));
    const folder = await loadCorpus({ folder: repo });
    const fromFolder = await loadCorpus({ gitDir: repo, commit: commits[1]! }, { previous: folder });
    expect(byPath(fromFolder).get('docs/guide.md')).not.toBe(byPath(folder).get('docs/guide.md'));
    expect(fromFolder).toEqual(await loadCorpus({ gitDir: repo, commit: commits[1]! }));
  });
});
