/**
 * One string order, byte order (git's), wherever an order reaches the output: on a
 * repository whose names hold a character above U+FFFF (😀, 𝐀) and one in U+E000–U+FFFF
 * (～, Ａ), the two orders JavaScript offers disagree (`<` compares UTF-16 code units and
 * puts a surrogate, 0xD83D, before 0xFF5E). Ties in a ranking, the tags of one line and the
 * symbols listing follow `git ls-files`, built and loaded from a snapshot alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadCorpus, type Index } from '../../../src/index.js';
import { findSymbols } from '../../../src/navigate/index.js';
import { indexOfSnapshot, snapshotOf } from '../../../src/persist/snapshot.js';
import { throughSnapshotFile } from '../../snapshot-file.js';
import { ageTree, commitAll, git, initRepo, writeFiles } from '../corpus/helpers.js';

const TILDE = 'pkg/\uFF5E.py'; // U+FF5E FULLWIDTH TILDE: bytes EF BD 9E
const EMOJI = 'pkg/\u{1F600}.py'; // U+1F600: bytes F0 9F 98 80, code units D83D DE00
const FULL_A = 'f_\uFF21'; // U+FF21 FULLWIDTH LATIN CAPITAL LETTER A
const BOLD_A = 'f_\u{1D400}'; // U+1D400 MATHEMATICAL BOLD CAPITAL A, code units D835 DC00

// the two files alike but for their names, so that only the order of their paths tells them apart
const TWIN = 'from util import helper\n\n\ndef shared():\n    return helper()\n';
const FILES = {
  [TILDE]: TWIN,
  [EMOJI]: TWIN,
  'util.py': 'def helper():\n    return 1\n',
  'names.py': `def ${BOLD_A}():\n    return 1\n\n\ndef ${FULL_A}():\n    return 2\n\n\ndef both():\n    return ${BOLD_A}() + ${FULL_A}()\n`,
};
const QUERY = { text: 'shared helper' };

let parent: string;
let repo: string;
let built: Index;
let loaded: Index;
beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'repomap-string-order-'));
  repo = initRepo(parent);
  writeFiles(repo, FILES);
  commitAll(repo, 'names beyond U+FFFF and in U+E000–U+FFFF');
  ageTree(repo);
  built = await buildIndex(await loadCorpus({ folder: repo }), { history: false });
  loaded = indexOfSnapshot(throughSnapshotFile(snapshotOf(built), join(parent, 'snapshots'), 'order'));
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** `git ls-files` order (byte order of the paths), of the files in `paths`. */
function gitOrder(paths: readonly string[]): string[] {
  const listed = git(repo, 'ls-files', '-z').split('\0');
  return listed.filter((p) => paths.includes(p));
}

const twins = (paths: readonly string[]): string[] => paths.filter((p) => p === TILDE || p === EMOJI);

describe.each([
  ['built', () => built],
  ['loaded from its snapshot', () => loaded],
])('an index %s', (_, index) => {
  it('lists the corpus in git ls-files order', () => {
    expect(index().corpus.files.map((f) => f.path)).toEqual(gitOrder(Object.keys(FILES)));
  });

  it('breaks a tie in the ranking by path in byte order (git ls-files)', () => {
    const tuned = index().rank(QUERY, { task: 'generic', spans: false }).files;
    const [first, second] = twins(tuned.map((f) => f.path));
    expect(tuned.find((f) => f.path === first)!.score).toBe(tuned.find((f) => f.path === second)!.score);
    expect([first, second]).toEqual(gitOrder([TILDE, EMOJI]));
    // the learned ranker reads the tuned rank: the first of the tie stays first
    const learned = index().rank(QUERY, { task: 'issue2code', spans: false }).files;
    expect(twins(learned.map((f) => f.path))).toEqual(gitOrder([TILDE, EMOJI]));
  });

  it("orders one line's references by name in byte order", () => {
    const names = index()
      .tagsOf('names.py')!
      .references.filter((r) => r.line === 10)
      .map((r) => r.name);
    expect(names).toEqual([FULL_A, BOLD_A]);
  });

  it('lists and finds symbols by name in byte order', () => {
    expect(findSymbols(index(), 'f_').matches.map((m) => m.name)).toEqual([FULL_A, BOLD_A]);
    for (const name of [FULL_A, BOLD_A]) expect(findSymbols(index(), name).matches[0]!.match).toBe('exact');
  });
});
