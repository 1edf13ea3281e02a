import { describe, expect, it } from 'vitest';
import {
  COUNTERFACTUAL_REASON,
  counterfactualSamples,
  isNoGold,
  validateSample,
  type Sample,
} from '../../../src/eval/index.js';

const sample = (id: string, repo: string, language: string, commit: string, task = 'code2test'): Sample => ({
  id,
  repo,
  base_commit: commit.repeat(40),
  task_type: task,
  query: { pr_title: `title of ${id}` },
  gold: { related_tests: ['t.py'] },
  metadata: { language },
});

const SET: Sample[] = [
  sample('a1', 'o/py1', 'python', '1'),
  sample('a2', 'o/py1', 'python', '2', 'edit2ripple'),
  sample('a3', 'o/py1', 'python', '1'),
  sample('b1', 'o/py2', 'python', '3'),
  sample('b2', 'o/py2', 'python', '4'),
  sample('c1', 'o/go1', 'go', '5'),
  sample('d1', 'o/rs1', 'rust', '6'),
];

describe('counterfactualSamples', () => {
  it('points each query at another repository of the same language, at one of its commits, with no gold', () => {
    const out = counterfactualSamples(SET);
    // o/rs1 and o/go1 are alone in their language: no counterfactual for c1 or d1.
    expect(out.map((s) => s.id).sort()).toEqual(['a1-cf', 'a2-cf', 'a3-cf', 'b1-cf', 'b2-cf']);
    for (const cf of out) {
      const source = SET.find((s) => `${s.id}-cf` === cf.id)!;
      expect(cf.repo).not.toBe(source.repo);
      expect(cf.query).toEqual(source.query);
      expect(cf.task_type).toBe(source.task_type);
      expect(cf.gold).toEqual({ no_gold: true, reason: COUNTERFACTUAL_REASON });
      expect(SET.some((s) => s.repo === cf.repo && s.base_commit === cf.base_commit)).toBe(true);
      expect(isNoGold(cf)).toBe(true);
      expect(() => validateSample(JSON.parse(JSON.stringify(cf)), 'x')).not.toThrow();
    }
  });

  it('is deterministic and takes sources round-robin over (repository, task) groups', () => {
    expect(counterfactualSamples(SET)).toEqual(counterfactualSamples([...SET].reverse()));
    // Groups in byte order: o/py1 code2test, o/py1 edit2ripple, o/py2 code2test; round 0 takes a1, a2, b1.
    expect(counterfactualSamples(SET, { count: 3 }).map((s) => s.id)).toEqual(['a1-cf', 'a2-cf', 'b1-cf']);
  });
});
