/**
 * Files parsed ahead on a worker (`parseAhead`) give the tags stage what parsing them in
 * its own thread gives, and only for the same grammar, text and budget. The worker runs
 * the compiled dist/src/tags/worker.js (`npm run build`), as the pool's tests do.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/corpus/index.js';
import { parseAhead } from '../../../src/unstable.js';
import { TAGS_BUDGET } from '../../../src/tags/budget.js';
import { extractTags } from '../../../src/tags/extract.js';
import type { FileRecord } from '../../../src/types.js';
import { FIXTURE_REPOS } from './helpers.js';

function record(path: string, language: FileRecord['language'], text: string): FileRecord {
  return { path, size: Buffer.byteLength(text), text, language, kind: 'source' };
}

/** The totals `extractTags` reports: how many files it parsed itself. */
function parsedHere(): { totals: number[]; onProgress: (done: number, total: number) => void } {
  const totals: number[] = [];
  return { totals, onProgress: (done, total) => void (done === 0 && totals.push(total)) };
}

describe('parseAhead', () => {
  it("gives the in-thread tags and diagnostics of a fixture repository's files, which the stage then parses no more", async () => {
    const corpus = await loadCorpus({ folder: join(FIXTURE_REPOS, 'python-inventory') });
    const files = [...corpus.files, record('broken.py', 'python', 'def broken(:\n    return 1\n')];
    const parseable = files.filter((f) => f.language !== null);
    expect(parseable.length).toBeGreaterThan(3);
    const inThread = await extractTags(files, { jobs: 1 });
    expect(inThread.diagnostics.map((d) => d.code)).toContain('parse-error');
    const progress = parsedHere();
    const withAhead = await extractTags(files, {
      jobs: 1,
      parsedAhead: parseAhead(files),
      onProgress: progress.onProgress,
    });
    expect(withAhead).toEqual(inThread);
    expect(progress.totals).toEqual([0]);
  });

  it('parses a file again where its text, grammar or the budget is not what was parsed ahead', async () => {
    const before = [
      record('a.py', 'python', 'def alpha():\n    return 1\n'),
      record('b.py', 'python', 'def beta():\n    return 2\n'),
      record('c.ts', 'typescript', 'export function gamma() {}\n'),
    ];
    const ahead = parseAhead(before);
    const now = [
      record('a.py', 'python', 'def alpha_renamed():\n    return 1\n'),
      before[1]!,
      record('c.ts', 'javascript', 'export function gamma() {}\n'),
    ];
    const progress = parsedHere();
    const result = await extractTags(now, { jobs: 1, parsedAhead: ahead, onProgress: progress.onProgress });
    expect(result).toEqual(await extractTags(now, { jobs: 1 }));
    expect(result.tags.find((t) => t.path === 'a.py')!.definitions.map((d) => d.name)).toEqual(['alpha_renamed']);
    // a.py (its text) and c.ts (its grammar) parsed here; b.py taken as parsed ahead
    expect(progress.totals).toEqual([2]);

    const other = parsedHere();
    await extractTags(before, {
      jobs: 1,
      parsedAhead: ahead,
      budget: { timeMs: TAGS_BUDGET.timeMs + 1 },
      onProgress: other.onProgress,
    });
    expect(other.totals, 'another budget: all parsed here').toEqual([3]);
  });

  it('files without a grammar start no worker and are left to the stage', async () => {
    const files = [record('README.md', null, '# hi\n')];
    const progress = parsedHere();
    expect(
      await extractTags(files, { jobs: 1, parsedAhead: parseAhead(files), onProgress: progress.onProgress }),
    ).toEqual({ tags: [], diagnostics: [] });
    expect(progress.totals).toEqual([0]);
  });
});
