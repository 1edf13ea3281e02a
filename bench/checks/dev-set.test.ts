/**
 * The shared dev set reads cleanly and its reference baselines score as their
 * README says (`npm run bench:checks`; skipped when the folder is absent).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDetailsRow, parseDetails, readDetails } from '../../src/eval/details.js';
import { scoreSamples, summarize } from '../../src/eval/metrics.js';
import { givenFiles, goldFiles, readSamples, type SampleWarning } from '../../src/eval/samples.js';
import { fuseDetails } from '../../src/eval/fuse.js';
import { devFolder } from './dev-folder.js';

const DEV = devFolder() ?? '';
const SAMPLE_FILES =
  DEV === ''
    ? []
    : readdirSync(DEV)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((f) => join(DEV, f));

describe.skipIf(DEV === '')('the shared dev set', () => {
  it('reads all 433 samples without error or warning', async () => {
    const warnings: SampleWarning[] = [];
    const samples = await readSamples(SAMPLE_FILES, { onWarning: (w) => warnings.push(w) });
    expect(samples).toHaveLength(433);
    expect(warnings).toEqual([]);
    const byTask = new Map<string, number>();
    for (const s of samples) byTask.set(s.task_type, (byTask.get(s.task_type) ?? 0) + 1);
    expect(Object.fromEntries(byTask)).toEqual({ code2test: 192, edit2ripple: 192, trace2code: 49 });
    // Every sample has gold; edit2ripple's anchor is given and never gold.
    expect(samples.every((s) => goldFiles(s).length > 0)).toBe(true);
    for (const s of samples.filter((x) => x.task_type === 'edit2ripple')) {
      expect(givenFiles(s)).toEqual([s.query.anchor_file]);
      expect(goldFiles(s)).not.toContain(s.query.anchor_file);
    }
  });

  it("reads the baselines and reproduces their README's Recall@20 and MRR", async () => {
    const samples = await readSamples(SAMPLE_FILES);
    // README table: rows, R@20, MRR per task and overall (three decimals).
    const expected = {
      'arb-repomap': { code2test: [57, 0.779, 0.294], edit2ripple: [63, 0.675, 0.383], overall: [120, 0.725, 0.341] },
      'arb-bm25': { code2test: [57, 0.691, 0.261], edit2ripple: [63, 0.449, 0.237], overall: [120, 0.564, 0.249] },
    } as const;
    for (const [name, want] of Object.entries(expected)) {
      const rows = await readDetails(join(DEV, 'baselines', `${name}.details.jsonl`));
      expect(rows).toHaveLength(120);
      expect(rows.every((r) => r.top_files.length === 50)).toBe(true);
      const ids = new Set(rows.map((r) => r.sample_id));
      const covered = samples.filter((s) => ids.has(s.id));
      expect(covered).toHaveLength(120);
      const summary = summarize(scoreSamples(covered, rows));
      for (const [task, [n, r20, mrr]] of Object.entries(want)) {
        const got = task === 'overall' ? summary.overall : summary.tasks[task];
        expect(got?.scored, `${name} ${task}`).toBe(n);
        expect(Math.abs((got?.metrics['Recall@20'] as number) - r20), `${name} ${task} R@20`).toBeLessThanOrEqual(
          0.0005,
        );
        expect(Math.abs((got?.metrics.MRR as number) - mrr), `${name} ${task} MRR`).toBeLessThanOrEqual(0.0005);
      }
      // Scored against all samples, the rows the baseline lacks count as zeros.
      const all = summarize(scoreSamples(samples, rows));
      expect(all.overall).toMatchObject({ samples: 433, positives: 433, missingRows: 313, scored: 433 });
      expect(summarize(scoreSamples(samples, rows), { missingRows: 'exclude' }).overall.scored).toBe(120);
    }
  });

  it('fuses the two baselines into valid details rows', async () => {
    const inputs = await Promise.all(
      ['arb-repomap', 'arb-bm25'].map((n) => readDetails(join(DEV, 'baselines', `${n}.details.jsonl`))),
    );
    const fused = fuseDetails(inputs);
    expect(fused).toHaveLength(120);
    const reread = parseDetails(fused.map(formatDetailsRow).join('\n'), 'fused.jsonl');
    expect(reread).toEqual(fused);
    for (const row of fused) {
      expect(row.top_files.length).toBeGreaterThanOrEqual(50);
      expect(row.scores?.every((s, i, all) => i === 0 || (all[i - 1] as number) >= s)).toBe(true);
    }
  });
});
