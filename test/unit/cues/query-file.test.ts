/**
 * What a query file holds (`parseQueryFile`, which `--query-file` and bench/perf/held-rank.mjs
 * read with): plain text, an ARB query object, or an ARB sample row; text that starts
 * with `{` but is no JSON object is a `bad-query` naming the file.
 */
import { describe, expect, it } from 'vitest';
import { parseQueryFile } from '../../../src/cues/query-file.js';
import { errorOf } from '../../error-of.js';

describe('parseQueryFile', () => {
  it('reads plain text as it is, leading and trailing blanks kept', () => {
    expect(parseQueryFile('  apply_discount fails\n', 'q.txt')).toEqual({ query: '  apply_discount fails\n' });
  });

  it('reads an ARB query object as the query', () => {
    const query = { pr_title: 'Fix rounding', changed_files: ['src/a.py'] };
    expect(parseQueryFile(`\n${JSON.stringify(query)}\n`, 'q.json')).toEqual({ query });
  });

  it("reads a sample row's query, task_type (a known task only), id, repo and base commit; never its gold", () => {
    const row = {
      id: 's-1',
      repo: 'example/r',
      base_commit: 'a'.repeat(40),
      task_type: 'trace2code',
      query: { text: 'boom' },
      gold: { files: ['x.py'] },
    };
    expect(parseQueryFile(JSON.stringify(row), 'row.json')).toEqual({
      query: { text: 'boom' },
      task: 'trace2code',
      sampleId: 's-1',
      repo: 'example/r',
      baseCommit: 'a'.repeat(40),
    });
    expect(parseQueryFile(JSON.stringify({ ...row, task_type: 'summarize' }), 'row.json').task).toBeUndefined();
  });

  it('text that starts with { but is not JSON is a bad-query naming the file', () => {
    const error = errorOf(() => parseQueryFile('{ not json', 'bad.json'));
    expect(error.code).toBe('bad-query');
    expect(error.subject).toBe('bad.json');
    expect(error.message).toMatch(/^repomap\/cues: bad\.json starts with "\{" but is not valid JSON: /);
  });
});
