import { describe, expect, it } from 'vitest';
import { startProgress } from '../../../src/cli/progress.js';

function io(tty: boolean) {
  let err = '';
  return {
    cwd: '.',
    stdout: { write: () => true },
    stderr: { write: (s: string) => (err += s), isTTY: tty, columns: 120 },
    err: () => err,
  };
}

describe('startProgress', () => {
  it('prints a plain line every ~10 s and one at the end when stderr is not a terminal', () => {
    let t = 0;
    const fake = io(false);
    const p = startProgress(fake, 'eval', 433, { now: () => t });
    t = 4000;
    p.update(10);
    expect(fake.err()).toBe('');
    t = 10_000;
    p.update(31);
    t = 12_000;
    p.update(40);
    t = 40_000;
    p.update(120);
    p.stop();
    expect(fake.err().split('\n').filter(Boolean)).toEqual([
      '[eval] 31/433 samples, 3.1/s',
      '[eval] 120/433 samples, 3.0/s',
      '[eval] 120/433 samples, 3.0/s, 40.0 s',
    ]);
  });

  it('draws a bar with counts, rate and ETA on a terminal', () => {
    const fake = io(true);
    const p = startProgress(fake, 'eval', 10);
    p.update(5);
    p.stop();
    expect(fake.err()).toMatch(/eval \[.*\] \d+\/10 samples \| [\d.]+\/s \| ETA/);
  });
});
