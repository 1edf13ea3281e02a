import { describe, expect, it } from 'vitest';
import {
  Bm25Index,
  bm25Ranking,
  buildRunSummary,
  formatRunReport,
  scoreSample,
  selectiveItems,
  type Sample,
} from '../../../src/eval/index.js';

const sample = (id: string, repo: string, gold: string[] | null): Sample => ({
  id,
  repo,
  base_commit: 'a'.repeat(40),
  task_type: 'code2test',
  query: { pr_title: 'x' },
  gold: gold === null ? { no_gold: true } : { related_tests: gold },
});

describe('buildRunSummary', () => {
  const scores = [
    scoreSample(sample('p1', 'o/a', ['x.py']), { sample_id: 'p1', top_files: ['x.py'], confidence: 0.9 }),
    scoreSample(sample('p2', 'o/b', ['y.py']), { sample_id: 'p2', top_files: ['z.py', 'y.py'], confidence: 0.7 }),
    scoreSample(sample('n1', 'o/c', null), { sample_id: 'n1', top_files: ['x.py'], confidence: 0.1 }),
    scoreSample(sample('e1', 'o/d', ['q.py']), undefined),
  ];

  it('reports BCY as null when texts were not read, with a note', () => {
    const s = buildRunSummary({ command: 'c', method: 'm', scores, rows: 3, errors: [], bcy: false });
    expect(s.overall.metrics['BCY@8000']).toBeNull();
    expect(s.overall.metrics.MRR).toBeCloseTo((1 + 0.5 + 0) / 3, 15);
    expect(s.notes[0]).toMatch(/BCY/);
    expect(formatRunReport(s)).not.toMatch(/BCY/);
  });

  it('adds the selective report over the samples with a confidence', () => {
    expect(selectiveItems(scores).map((i) => i.sampleId)).toEqual(['p1', 'p2', 'n1']);
    const s = buildRunSummary({ command: 'c', method: 'm', scores, rows: 3, errors: [], bcy: false, selective: true });
    expect(s.selective?.withoutConfidence).toBe(1);
    expect(s.selective?.samples).toBe(3);
    expect(formatRunReport(s)).toMatch(/never abstain/);
  });
});

describe('bm25Ranking', () => {
  const index = new Bm25Index([
    { path: 'router.go', text: 'func route() { match(path) }' },
    { path: 'server.go', text: 'func serve() { listen() }' },
    { path: 'README.md', text: 'a small web server' },
  ]);

  it('cuts to top and gives a confidence in [0, 1) that falls when query words are absent', () => {
    const r = bm25Ranking(index, 'route match', 2);
    expect(r.files).toEqual(['router.go', 'README.md']);
    expect(r.scores).toHaveLength(2);
    expect(r.confidence).toBeGreaterThan(0);
    expect(r.confidence).toBeLessThan(1);
    const diluted = bm25Ranking(index, 'route match tokenizer unicode escapes yaml loader', 2);
    expect(diluted.confidence).toBeLessThan(r.confidence);
    expect(bm25Ranking(index, '', 2).confidence).toBe(0);
  });
});
