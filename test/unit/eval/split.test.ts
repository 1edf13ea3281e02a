/**
 * Repository lists (`--repo-list FILE[#KEY]`) and the dev set's fixed
 * held-in/held-out split in bench/split.json: its halves are disjoint and no
 * repository is named in src/ (that they cover the dev set is checked in
 * bench/checks/split.test.ts, beside the dev set).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRepoList, readRepoList, restrictToRepos, splitListArgument } from '../../../src/eval/index.js';
import { makeTemp, removeTemp } from '../corpus/helpers.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SPLIT = join(ROOT, 'bench', 'split.json');

describe('splitListArgument', () => {
  it('takes the key after the last #', () => {
    expect(splitListArgument('bench/split.json#held-out')).toEqual({ file: 'bench/split.json', key: 'held-out' });
    expect(splitListArgument('a#b/list.json#x')).toEqual({ file: 'a#b/list.json', key: 'x' });
    expect(splitListArgument('repos.txt')).toEqual({ file: 'repos.txt' });
  });
});

describe('parseRepoList', () => {
  it('reads a JSON array, a keyed list of a JSON object, and plain lines with comments', () => {
    expect(parseRepoList('["a/b", "c/d", "a/b"]', 'x.json')).toEqual(['a/b', 'c/d']);
    expect(parseRepoList('{"description": "two halves", "in": ["a/b"], "out": ["c/d"]}', 'x.json', 'out')).toEqual([
      'c/d',
    ]);
    expect(parseRepoList('# held-in\na/b\n\n  c/d  # the second\n', 'x.txt')).toEqual(['a/b', 'c/d']);
  });

  it.each([
    ['{"in": ["a/b"], "out": ["c/d"]}', undefined, 'the file holds several lists: choose one with #KEY (in, out)'],
    ['{"in": ["a/b"]}', 'held', 'no list "held" (lists: in)'],
    ['["a/b"]', 'in', 'the file holds one list; "#in" selects nothing'],
    ['a/b\n', 'in', '"#in" selects a list of a JSON object; this file is a plain list'],
    ['["a/b", "nope"]', undefined, 'entry 2 is not an owner/name repository: "nope"'],
    ['[1]', undefined, 'entry 1 is not an owner/name repository: 1'],
    ['[]', undefined, 'the list is empty'],
    ['{"in": ', undefined, 'not valid JSON'],
  ])('rejects %j (key %s), naming the file', (text, key, message) => {
    expect(() => parseRepoList(text, 'lists/x.json', key)).toThrow(`lists/x.json: ${message}`);
    try {
      parseRepoList(text, 'lists/x.json', key);
    } catch (err) {
      expect((err as { code?: string }).code).toBe('bad-option');
    }
  });
});

describe('readRepoList', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTemp('repomap-split-');
    writeFileSync(join(dir, 'split.json'), '{"held-in": ["a/b"], "held-out": ["c/d", "e/f"]}');
  });
  afterAll(() => removeTemp(dir));

  it('reads FILE#KEY against a folder', async () => {
    expect(await readRepoList('split.json#held-out', (f) => join(dir, f))).toEqual({
      source: 'split.json#held-out',
      repos: ['c/d', 'e/f'],
    });
  });

  it('says when the file is missing', async () => {
    await expect(readRepoList(join(dir, 'none.json#x'))).rejects.toThrow(
      /none\.json: cannot read the repository list \(no such file\)/,
    );
  });
});

describe('restrictToRepos', () => {
  it('keeps the listed repositories in input order and reports the rest', () => {
    const samples = [
      { id: '1', repo: 'a/b' },
      { id: '2', repo: 'x/y' },
      { id: '3', repo: 'a/b' },
    ];
    expect(restrictToRepos(samples, ['a/b', 'c/d'])).toEqual({
      kept: [samples[0], samples[2]],
      dropped: 1,
      unmatched: ['c/d'],
    });
  });
});

describe('bench/split.json', () => {
  const split = JSON.parse(readFileSync(SPLIT, 'utf8')) as Record<string, unknown>;
  const heldIn = parseRepoList(readFileSync(SPLIT, 'utf8'), SPLIT, 'held-in');
  const heldOut = parseRepoList(readFileSync(SPLIT, 'utf8'), SPLIT, 'held-out');

  it('has two disjoint halves of 22 and 20 repositories and a description', () => {
    expect(typeof split.description).toBe('string');
    expect(heldIn).toHaveLength(22);
    expect(heldOut).toHaveLength(20);
    expect(heldIn.filter((r) => heldOut.includes(r))).toEqual([]);
  });

  it('is data: no repository of the split is named in src/', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(join(ROOT, 'src'));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const repo of [...heldIn, ...heldOut]) expect(text.includes(repo), `${repo} in ${file}`).toBe(false);
    }
  });
});
