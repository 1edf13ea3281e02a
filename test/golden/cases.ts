import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Index, Query, Task } from '../../src/index.js';
import { FIXTURES } from '../fixture-index.js';

/** A fixture case: a query and the task it is ranked as. */
export interface Case {
  id: string;
  task: Task;
  query: Query;
}

/** The fixture repositories that have cases. */
export const REPOS = readdirSync(join(FIXTURES, 'cases')).map((f) => f.replace(/\.json$/, ''));

export function casesOf(repo: string): Case[] {
  return JSON.parse(readFileSync(join(FIXTURES, 'cases', `${repo}.json`), 'utf8')) as Case[];
}

/** What the identity snapshots hold of an index: its stats and diagnostics, and per case the ranking, the inferred-task ranking, the lexical ranking, the top file's explanation and a pack. */
export async function caseOutputs(index: Index, cases: readonly Case[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { stats: index.stats, diagnostics: index.diagnostics };
  for (const c of cases) {
    await index.prepare(c.query, { task: c.task });
    await index.prepare(c.query);
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
  return out;
}

/** JSON text with the fixture root replaced and timings dropped, so the snapshot names no machine path. */
export function canonical(value: unknown, root: string): string {
  const text = JSON.stringify(value, (key, v: unknown) => (key === 'timingsMs' || key === 'rankMs' ? undefined : v), 1);
  return text.split(root).join('<root>');
}
