import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  givenFiles,
  goldFiles,
  isNoGold,
  parseSamples,
  readSamples,
  type Sample,
  type SampleWarning,
} from '../../../src/eval/samples.js';
import { errorOf } from '../../error-of.js';

const COMMIT = 'a'.repeat(40);

function row(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 's1',
    repo: 'o/r',
    base_commit: COMMIT,
    task_type: 'code2test',
    query: { pr_title: 't' },
    gold: { related_tests: ['t.py'] },
    ...fields,
  };
}

function sample(fields: Record<string, unknown>): Sample {
  return row(fields) as Sample;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'repomap-samples-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseSamples / readSamples', () => {
  it('reads one object per line, skips blank lines, keeps unknown fields', () => {
    const text = `${JSON.stringify(row({ extra: 1 }))}\n\n  \r\n${JSON.stringify(row({ id: 's2' }))}\r\n`;
    const samples = parseSamples(text, 'x.jsonl');
    expect(samples.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(samples[0]?.extra).toBe(1);
  });

  it('names file and line of a malformed line', () => {
    const text = `${JSON.stringify(row())}\n\n{"id": "s2",\n`;
    const err = errorOf(() => parseSamples(text, 'dev.jsonl'));
    expect(err.code).toBe('bad-sample');
    expect(err.message).toMatch(/^repomap\/eval: dev\.jsonl:3: invalid JSON/);
  });

  it('names a missing required field', () => {
    const { base_commit: _omit, ...rest } = row();
    const err = errorOf(() => parseSamples(`${JSON.stringify(rest)}\n`, 'dev.jsonl'));
    expect(err.message).toBe('repomap/eval: dev.jsonl:1: missing required field "base_commit"');
  });

  it('checks field shapes', () => {
    expect(errorOf(() => parseSamples(JSON.stringify(row({ repo: 'norepo' })), 'f')).message).toMatch(
      /^repomap\/eval: f:1: field "repo" must be "owner\/name"/,
    );
    expect(errorOf(() => parseSamples(JSON.stringify(row({ base_commit: 'abc' })), 'f')).message).toMatch(
      /^repomap\/eval: f:1: field "base_commit" must be a 40-hex/,
    );
    expect(errorOf(() => parseSamples(JSON.stringify(row({ query: 'text' })), 'f')).message).toBe(
      'repomap/eval: f:1: field "query" must be an object',
    );
    expect(errorOf(() => parseSamples(JSON.stringify(row({ gold: { files: 'a.py' } })), 'f')).message).toBe(
      'repomap/eval: f:1: field "gold.files" must be an array of strings',
    );
    expect(errorOf(() => parseSamples('[1]', 'f')).message).toBe('repomap/eval: f:1: expected a JSON object');
  });

  it('keeps an unknown task type and reports it', () => {
    const warnings: SampleWarning[] = [];
    const samples = parseSamples(JSON.stringify(row({ task_type: 'future_task' })), 'f.jsonl', {
      onWarning: (w) => warnings.push(w),
    });
    expect(samples).toHaveLength(1);
    expect(warnings).toEqual([
      { file: 'f.jsonl', line: 1, sampleId: 's1', message: 'unknown task_type "future_task"' },
    ]);
  });

  it('rejects a duplicate id across files, naming both locations', async () => {
    const a = join(dir, 'a.jsonl');
    const b = join(dir, 'b.jsonl');
    await writeFile(a, `${JSON.stringify(row())}\n`);
    await writeFile(b, `${JSON.stringify(row({ id: 's2' }))}\n${JSON.stringify(row())}\n`);
    await expect(readSamples(a)).resolves.toHaveLength(1);
    await expect(readSamples([a, b])).rejects.toThrow(`${b}:2: duplicate sample id "s1" (first at ${a}:1)`);
  });

  it('reports a missing file as bad-sample', async () => {
    await expect(readSamples(join(dir, 'none.jsonl'))).rejects.toMatchObject({ code: 'bad-sample' });
  });
});

describe('goldFiles: first rule that yields files wins', () => {
  it('gold.files first, for any task', () => {
    expect(goldFiles(sample({ gold: { files: ['a'], related_tests: ['t'] } }))).toEqual(['a']);
  });
  it('code2test: related_tests before root_cause_files', () => {
    expect(goldFiles(sample({ gold: { root_cause_files: ['r'], related_tests: ['t'] } }))).toEqual(['t']);
  });
  it('trace2code: root_cause_files before related_tests', () => {
    expect(
      goldFiles(sample({ task_type: 'trace2code', gold: { root_cause_files: ['r'], related_tests: ['t'] } })),
    ).toEqual(['r']);
    expect(
      goldFiles(sample({ task_type: 'trace2code', gold: { root_cause_files: [], related_tests: ['t'] } })),
    ).toEqual(['t']);
  });
  it('comment2context: must_context_files, then context_files, before root causes', () => {
    const c2c = (gold: Record<string, unknown>) => sample({ task_type: 'comment2context', query: {}, gold });
    expect(goldFiles(c2c({ must_context_files: ['m'], context_files: ['c'], root_cause_files: ['r'] }))).toEqual(['m']);
    expect(goldFiles(c2c({ must_context_files: [], context_files: ['c'], root_cause_files: ['r'] }))).toEqual(['c']);
    // Other tasks ignore context files.
    expect(
      goldFiles(sample({ task_type: 'edit2ripple', query: {}, gold: { context_files: ['c'], related_tests: ['t'] } })),
    ).toEqual(['t']);
  });
  it('no_gold means empty; a missing gold means empty', () => {
    expect(goldFiles(sample({ gold: { no_gold: true, files: ['a'] } }))).toEqual([]);
    expect(isNoGold(sample({ task_type: 'abstention', query: { text: 'q' }, gold: { no_gold: true } }))).toBe(true);
    expect(isNoGold(sample({ gold: undefined }))).toBe(true);
    expect(isNoGold(sample({}))).toBe(false);
  });
  it('removes given files after choosing the rule, and dedupes', () => {
    const s = sample({
      task_type: 'edit2ripple',
      query: { anchor_file: 'a.py' },
      gold: { files: ['a.py', 'b.py', 'b.py'] },
    });
    expect(goldFiles(s)).toEqual(['b.py']);
    expect(goldFiles(s, { excludeGiven: false })).toEqual(['a.py', 'b.py']);
    // The rule that listed only the given file still wins: no fallback to related_tests.
    const only = sample({
      task_type: 'edit2ripple',
      query: { anchor_file: 'a.py' },
      gold: { files: ['a.py'], related_tests: ['t'] },
    });
    expect(goldFiles(only)).toEqual([]);
    expect(isNoGold(only)).toBe(true);
  });
});

describe('givenFiles', () => {
  it('gold.given_files when present, even if empty', () => {
    expect(
      givenFiles(
        sample({ task_type: 'edit2ripple', query: { anchor_file: 'a' }, gold: { files: ['b'], given_files: ['g'] } }),
      ),
    ).toEqual(['g']);
    expect(
      givenFiles(
        sample({ task_type: 'edit2ripple', query: { anchor_file: 'a' }, gold: { files: ['b'], given_files: [] } }),
      ),
    ).toEqual([]);
  });
  it('comment2context: query.given_file, else query.path', () => {
    expect(
      givenFiles(sample({ task_type: 'comment2context', query: { given_file: 'g', path: 'p' }, gold: {} })),
    ).toEqual(['g']);
    expect(givenFiles(sample({ task_type: 'comment2context', query: { path: 'p' }, gold: {} }))).toEqual(['p']);
  });
  it('edit2ripple: query.anchor_file; other tasks: none', () => {
    expect(givenFiles(sample({ task_type: 'edit2ripple', query: { anchor_file: 'a' }, gold: {} }))).toEqual(['a']);
    expect(givenFiles(sample({ task_type: 'trace2code', query: { path: 'p', anchor_file: 'a' }, gold: {} }))).toEqual(
      [],
    );
  });
});
