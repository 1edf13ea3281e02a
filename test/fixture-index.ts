import { join } from 'node:path';
import { buildIndex, loadCorpus, type Index, type IndexOptions } from '../src/index.js';

/** The fixture repositories and their cases. */
export const FIXTURES = join(import.meta.dirname, '../fixtures');

/** A function giving the index of a fixture repository, each built once (with `options`). */
export function fixtureIndexes(options: IndexOptions = {}): (repo: string) => Promise<Index> {
  const indexes = new Map<string, Promise<Index>>();
  return (repo) => {
    let index = indexes.get(repo);
    if (!index)
      indexes.set(
        repo,
        (index = loadCorpus({ folder: join(FIXTURES, 'repos', repo) }).then((c) => buildIndex(c, options))),
      );
    return index;
  };
}
