/**
 * bench/split.json covers the repositories of the shared dev and issue sets and gives
 * each language with two repositories one in each half (`npm run bench:checks`;
 * skipped when either set is absent).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRepoList } from '../../src/eval/index.js';
import { sharedSet } from './dev-folder.js';

const SPLIT = join(import.meta.dirname, '..', 'split.json');
const DEV = sharedSet('dev');
const ISSUES = sharedSet('issues');

/** repo → language of a repos.tsv (owner/name, language, … per line after a header). */
function languagesOf(tsv: string): Map<string, string> {
  const rows = readFileSync(tsv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  return new Map(rows.map(([repo, lang]) => [repo!, lang!]));
}

describe.skipIf(DEV === null || ISSUES === null)('bench/split.json over the shared sets', () => {
  it('covers both sets, one repository of each two-repository language per half', () => {
    const text = readFileSync(SPLIT, 'utf8');
    const heldIn = parseRepoList(text, SPLIT, 'held-in');
    const heldOut = parseRepoList(text, SPLIT, 'held-out');
    const language = new Map([...languagesOf(join(DEV!, 'repos.tsv')), ...languagesOf(join(ISSUES!, 'repos.tsv'))]);
    expect([...heldIn, ...heldOut].sort()).toEqual([...language.keys()].sort());
    const byLanguage = new Map<string, string[]>();
    for (const [repo, lang] of language) byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), repo]);
    for (const [lang, repos] of byLanguage) {
      if (repos.length < 2) continue;
      expect(
        repos.some((r) => heldIn.includes(r)),
        `${lang} held-in`,
      ).toBe(true);
      expect(
        repos.some((r) => heldOut.includes(r)),
        `${lang} held-out`,
      ).toBe(true);
    }
  });
});
