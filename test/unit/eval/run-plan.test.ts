import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateRepository, planRepositories, repositoryCandidates } from '../../../src/eval/index.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

const C = (c: string): string => c.repeat(40);

describe('planRepositories', () => {
  it('groups by repository then commit, both in first-seen order, sample indexes ascending', () => {
    const plan = planRepositories([
      { repo: 'b/x', base_commit: C('1') },
      { repo: 'a/y', base_commit: C('2') },
      { repo: 'b/x', base_commit: C('3') },
      { repo: 'b/x', base_commit: C('1') },
      { repo: 'a/y', base_commit: C('2') },
    ]);
    expect(plan).toEqual([
      {
        repo: 'b/x',
        snapshots: [
          { commit: C('1'), samples: [0, 3] },
          { commit: C('3'), samples: [2] },
        ],
      },
      { repo: 'a/y', snapshots: [{ commit: C('2'), samples: [1, 4] }] },
    ]);
  });

  it('treats a commit written in upper and lower case as one snapshot', () => {
    const plan = planRepositories([
      { repo: 'a/b', base_commit: C('a') },
      { repo: 'a/b', base_commit: C('A') },
    ]);
    expect(plan[0]?.snapshots).toEqual([{ commit: C('a'), samples: [0, 1] }]);
  });
});

describe('locateRepository', () => {
  const dir = makeTemp('repomap-locate-');
  afterAll(() => removeTemp(dir));
  const make = (path: string, marker: string): void => {
    mkdirSync(join(dir, path, marker), { recursive: true });
  };

  it('finds the mirror layout owner+name/repo, owner/name, and bare owner+name.git', async () => {
    make('acme+mirror/repo', '.git');
    make('acme/plain', '.git');
    mkdirSync(join(dir, 'acme+bare.git'), { recursive: true });
    writeFileSync(join(dir, 'acme+bare.git', 'HEAD'), 'ref: refs/heads/main\n');
    expect(await locateRepository(dir, 'acme/mirror')).toBe(join(dir, 'acme+mirror', 'repo'));
    expect(await locateRepository(dir, 'acme/plain')).toBe(join(dir, 'acme', 'plain'));
    expect(await locateRepository(dir, 'acme/bare')).toBe(join(dir, 'acme+bare.git'));
  });

  it('prefers owner+name itself when it is a repository (even with a repo/ folder inside)', async () => {
    make('acme+work', '.git');
    make('acme+work/repo', 'src');
    expect(await locateRepository(dir, 'acme/work')).toBe(join(dir, 'acme+work'));
  });

  it('returns an existing folder that is not a repository (loadCorpus says why), else null', async () => {
    mkdirSync(join(dir, 'acme', 'empty'), { recursive: true });
    expect(await locateRepository(dir, 'acme/empty')).toBe(join(dir, 'acme', 'empty'));
    expect(await locateRepository(dir, 'acme/none')).toBeNull();
    expect(repositoryCandidates(dir, 'acme/none')).toHaveLength(5);
  });
});
