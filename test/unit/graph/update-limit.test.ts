/**
 * The change limit (src/corpus/change-limit.ts) that the file graph's update and the
 * index snapshot's update both read: the graph is updated in place for up to
 * MAX_CHANGES_UPDATED changed files, and rebuilt (null) past it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHANGES_UPDATED } from '../../../src/corpus/change-limit.js';
import { loadCorpus } from '../../../src/corpus/index.js';
import { buildFileGraph, updateFileGraph, type GraphBefore } from '../../../src/graph/index.js';
import { extractTags } from '../../../src/tags/extract.js';
import { makeTemp, removeTemp, writeFiles } from '../corpus/helpers.js';

describe('updateFileGraph and MAX_CHANGES_UPDATED', () => {
  let tmp: string;
  let before: GraphBefore;
  let paths: string[];
  beforeAll(async () => {
    tmp = makeTemp('repomap-update-limit-');
    const count = MAX_CHANGES_UPDATED + 4;
    writeFiles(
      tmp,
      Object.fromEntries(
        Array.from({ length: count }, (_, i) => [
          `pkg/m${i}.py`,
          `from pkg.m${(i + 1) % count} import f${(i + 1) % count}\n\ndef f${i}():\n    return f${(i + 1) % count}()\n`,
        ]),
      ),
    );
    const { files } = await loadCorpus({ folder: tmp });
    const { tags } = await extractTags(files, { jobs: 1 });
    before = { graph: buildFileGraph(files, tags), files, tags };
    paths = files.map((f) => f.path);
  });
  afterAll(() => removeTemp(tmp));

  it('is 256', () => {
    expect(MAX_CHANGES_UPDATED).toBe(256);
  });

  it('updates the graph for MAX_CHANGES_UPDATED changed files, and gives up (null) for one more', () => {
    expect(paths.length).toBeGreaterThan(MAX_CHANGES_UPDATED);
    const fresh = () => ({ ...before, graph: buildFileGraph(before.files, before.tags) });
    expect(updateFileGraph(fresh(), before.files, before.tags, paths.slice(0, MAX_CHANGES_UPDATED))).not.toBeNull();
    expect(updateFileGraph(fresh(), before.files, before.tags, paths.slice(0, MAX_CHANGES_UPDATED + 1))).toBeNull();
  });
});
