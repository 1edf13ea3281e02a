import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Query, Task } from '../../src/index.js';
import { fixtureIndexes } from '../fixture-index.js';

/** A ranking case of fixtures/cases/<repo>.json; each expectation says why it holds. */
interface RankingCase {
  id: string;
  task: Task;
  why: string;
  query: Query;
  expect: { path: string; within: number; why: string }[];
  notFirst: string[];
}

const fixtures = join(import.meta.dirname, '../../fixtures');
const repos = readdirSync(join(fixtures, 'cases')).map((f) => f.replace(/\.json$/, ''));
const indexOf = fixtureIndexes();

describe.each(repos)('ranking cases of %s', (repo) => {
  const cases = JSON.parse(readFileSync(join(fixtures, 'cases', `${repo}.json`), 'utf8')) as RankingCase[];
  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const index = await indexOf(repo);
    const result = index.rank(c.query, { task: c.task });
    const ranked = result.files.map((f) => f.path);
    for (const e of c.expect) {
      const rank = ranked.indexOf(e.path) + 1;
      expect(
        rank,
        `${e.path} should be within ${e.within}: ${e.why}\nranking: ${ranked.slice(0, 8).join(', ')}`,
      ).toBeGreaterThan(0);
      expect(
        rank,
        `${e.path} should be within ${e.within}: ${e.why}\nranking: ${ranked.slice(0, 8).join(', ')}`,
      ).toBeLessThanOrEqual(e.within);
    }
    for (const path of c.notFirst) expect(ranked[0], `${path} must not be first`).not.toBe(path);
    expect(result.files[0]!.reasons.length, 'the top file says why it is there').toBeGreaterThan(0);
  });
});
