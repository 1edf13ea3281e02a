import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Query, Task } from '../../src/index.js';
import { FIXTURES, fixtureIndexes } from '../fixture-index.js';

/**
 * Byte identity: every ranking, lexical ranking, explanation and pack of the fixture
 * cases, as it was when the snapshot in identity/ was written. A refactoring that is
 * meant to change no behaviour must leave these files as they are (a change of
 * behaviour updates them on purpose, with `vitest -u`, and says why in its commit).
 * Timings are the only fields left out; scores are kept to the last bit.
 */
interface Case {
  id: string;
  task: Task;
  query: Query;
}

const repos = readdirSync(join(FIXTURES, 'cases')).map((f) => f.replace(/\.json$/, ''));
const indexOf = fixtureIndexes();

/** JSON text with the fixture root replaced and timings dropped, so the snapshot names no machine path. */
function canonical(value: unknown, root: string): string {
  const text = JSON.stringify(value, (key, v: unknown) => (key === 'timingsMs' || key === 'rankMs' ? undefined : v), 1);
  return text.split(root).join('<root>');
}

describe.each(repos)('byte identity of %s', (repo) => {
  it('ranks, explains and packs every case as the snapshot says', async () => {
    const cases = JSON.parse(readFileSync(join(FIXTURES, 'cases', `${repo}.json`), 'utf8')) as Case[];
    const index = await indexOf(repo);
    const out: Record<string, unknown> = { stats: index.stats, diagnostics: index.diagnostics };
    for (const c of cases) {
      const ranked = index.rank(c.query, { task: c.task });
      const inferred = index.rank(c.query, { top: 5 });
      const top = ranked.files[0]!.path;
      const pack = await index.pack(c.query, { task: c.task, budget: 1500, tokenizer: 'regex' });
      out[c.id] = {
        ranked,
        inferred: { task: inferred.task, files: inferred.files.map((f) => [f.path, f.score]) },
        lexical: index.lexicalRank(c.query, { task: c.task, top: 10 }),
        explain: index.explain(c.query, top, { task: c.task }),
        pack: { text: pack.text, tokens: pack.tokens },
      };
    }
    await expect(canonical(out, index.corpus.root)).toMatchFileSnapshot(join('identity', `${repo}.json`));
  });
});
