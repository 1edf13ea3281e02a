import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureIndexes } from '../fixture-index.js';
import { canonical, caseOutputs, casesOf, REPOS } from './cases.js';

/**
 * Byte identity: every ranking, lexical ranking, explanation and pack of the fixture
 * cases, as it was when the snapshot in identity/ was written. A refactoring that is
 * meant to change no behaviour must leave these files as they are (a change of
 * behaviour updates them on purpose, with `vitest -u`, and says why in its commit).
 * Timings are the only fields left out; scores are kept to the last bit.
 */
const indexOf = fixtureIndexes();

describe.each(REPOS)('byte identity of %s', (repo) => {
  it('ranks, explains and packs every case as the snapshot says', async () => {
    const index = await indexOf(repo);
    await expect(canonical(await caseOutputs(index, casesOf(repo)), index.corpus.root)).toMatchFileSnapshot(
      join('identity', `${repo}.json`),
    );
  });
});
