import { describe, expect, it } from 'vitest';
import { formatDetailsRow, parseDetails, type DetailsRow } from '../../../src/eval/details.js';

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toMatchObject({ code: 'bad-details' });
    return (err as Error).message;
  }
  throw new Error('expected an error');
}

const ok = { sample_id: 's', top_files: ['a', 'b'] };

describe('details rows', () => {
  it('reads valid rows and keeps unknown fields', () => {
    const rows = parseDetails(
      `${JSON.stringify({ ...ok, scores: [2, 1], confidence: 0.5, abstain: false, spans: { a: [[1, 2]] }, timing_ms: { rank: 3 }, note: 'x' })}\n\n`,
      'd',
    );
    expect(rows[0]?.note).toBe('x');
    expect(rows[0]?.top_files).toEqual(['a', 'b']);
  });

  it('names file:line for each kind of problem', () => {
    const bad = (v: unknown) => message(() => parseDetails(`${JSON.stringify(ok)}\n${JSON.stringify(v)}\n`, 'd.jsonl'));
    expect(bad({ sample_id: 't' })).toBe('repomap/eval: d.jsonl:2: missing required field "top_files"');
    expect(bad({ sample_id: 't', top_files: 'a' })).toBe(
      'repomap/eval: d.jsonl:2: field "top_files" must be an array of strings',
    );
    expect(bad({ sample_id: 't', top_files: ['a', 3] })).toBe(
      'repomap/eval: d.jsonl:2: top_files[1] must be a non-empty string',
    );
    expect(bad({ sample_id: 't', top_files: ['a', 'b', 'a'] })).toBe(
      'repomap/eval: d.jsonl:2: top_files[2] duplicates "a"',
    );
    expect(bad({ sample_id: 't', top_files: ['a'], scores: [1, 2] })).toBe(
      'repomap/eval: d.jsonl:2: field "scores" has 2 entries for 1 top_files',
    );
    expect(bad({ sample_id: 't', top_files: [], confidence: 2 })).toMatch(
      /^repomap\/eval: d\.jsonl:2: field "confidence" must be a number in \[0, 1\]/,
    );
    expect(bad({ top_files: [] })).toBe('repomap/eval: d.jsonl:2: missing required field "sample_id"');
    expect(bad(ok)).toBe('repomap/eval: d.jsonl:2: duplicate sample_id "s" (first at d.jsonl:1)');
    expect(message(() => parseDetails('{oops}', 'd.jsonl'))).toMatch(/^repomap\/eval: d\.jsonl:1: invalid JSON/);
  });

  it('formats with a stable key order, unknown keys last in byte order', () => {
    const row: DetailsRow = {
      zeta: 1,
      top_files: ['a'],
      alpha: 2,
      sample_id: 's',
      task_type: 'code2test',
      confidence: 0.5,
      repo: 'o/r',
      scores: undefined,
    };
    expect(formatDetailsRow(row)).toBe(
      '{"sample_id":"s","repo":"o/r","task_type":"code2test","top_files":["a"],"confidence":0.5,"alpha":2,"zeta":1}',
    );
    expect(parseDetails(formatDetailsRow(row), 'x')[0]).toEqual({ ...row, scores: undefined });
  });
});
