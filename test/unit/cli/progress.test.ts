/**
 * Progress on stderr (src/cli/progress.ts) through its API, on a clock of the test's own:
 * whether anything shows is decided by the amount of work, never by the clock (an index
 * build's phase of few files shows nothing, however slow the clock); a bar or a line shows
 * once enough is done to estimate the time left, and its ETA is that estimate.
 */
import { describe, expect, it } from 'vitest';
import {
  indexProgress,
  INDEX_PROGRESS_DEFAULTS,
  STDERR_PROGRESS_DEFAULTS,
  startProgress,
} from '../../../src/cli/progress.js';

function io(tty: boolean, now?: () => number) {
  let err = '';
  return {
    cwd: '.',
    stdout: { write: () => true },
    stderr: { write: (s: string) => (err += s), isTTY: tty, columns: 120 },
    ...(now ? { now } : {}),
    err: () => err,
  };
}

/** What a bar drew, without its terminal control sequences. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escapes start with ESC
const drawn = (s: string): string => s.replace(/\x1b\[[0-9;?]*[A-Za-z]|\x1b[78]/g, '');

/** Not a number a broken estimate prints (cli-progress's `NULL` and `INF` cut to two characters). */
const GARBAGE = /LL|NULL|INF|NF|NaN|Infinity|undefined/;

describe('startProgress', () => {
  it('prints nothing until a share of the work is done, then a plain line every ~10 s with an ETA, and one at the end (not a terminal)', () => {
    let t = 0;
    const fake = io(false);
    const p = startProgress(fake, 'eval', 433, { now: () => t });
    // 5 of 433 is less than the share an estimate needs, however late
    t = 12_000;
    p.update(5);
    expect(fake.err()).toBe('');
    t = 13_000;
    p.update(31);
    t = 15_000;
    p.update(40);
    t = 40_000;
    p.update(120);
    p.stop();
    expect(fake.err().split('\n').filter(Boolean)).toEqual([
      // 13 s for 31: 402 left at 2.4/s
      '[eval] 31/433 samples, 2.4/s, ETA 2m49s',
      '[eval] 120/433 samples, 3.0/s, ETA 1m44s',
      '[eval] 120/433 samples, 3.0/s, 40.0 s',
    ]);
  });

  it('draws a bar with counts, rate and an ETA from the work done, on a terminal, once enough is done', () => {
    let t = 0;
    const fake = io(true);
    const p = startProgress(fake, 'rank parsing', 5000, { unit: 'files', now: () => t });
    p.update(0);
    t = 50;
    p.update(20);
    expect(fake.err()).toBe('');
    // 100 in 1 s: 4,900 left at 100/s
    t = 1000;
    p.update(STDERR_PROGRESS_DEFAULTS.shownAfter * 5000);
    expect(drawn(fake.err())).toMatch(/^rank parsing \[[^\]]*\] 100\/5000 files \| 100\.0\/s \| ETA 49s/);
    t = 25_000;
    p.update(5000);
    p.stop();
    expect(drawn(fake.err())).toMatch(/5000\/5000 files \| 200\.0\/s \| ETA 0s\n$/);
    expect(drawn(fake.err())).not.toMatch(GARBAGE);
  });

  it('gives a long ETA in minutes and seconds, or hours and minutes', () => {
    const etaOf = (total: number, done: number, ms: number): string => {
      let t = 0;
      const fake = io(true);
      const p = startProgress(fake, 'x', total, { now: () => t });
      t = ms;
      p.update(done);
      p.stop();
      return /ETA (\S+)/.exec(drawn(fake.err()))![1]!;
    };
    expect(etaOf(100_000, 2000, 2000)).toBe('1m38s');
    expect(etaOf(1000, 100, 120_000)).toBe('18m00s');
    expect(etaOf(1_000_000, 20_000, 100_000)).toBe('1h22m');
  });

  it('shows nothing while the clock has not moved: no rate, no estimate', () => {
    for (const tty of [true, false]) {
      const fake = io(tty);
      const p = startProgress(fake, 'eval', 10, { now: () => 0 });
      p.update(5);
      p.update(10);
      p.stop();
      expect(fake.err()).toBe('');
    }
  });
});

describe('indexProgress', () => {
  /** A clock that moves 2 s on every reading: every build looks long. */
  const slowClock = (): (() => number) => {
    let t = 0;
    return () => (t += 2000);
  };

  /** A build's callbacks: `read` files read, then `parse` files parsed, one at a time. */
  function build(progress: ReturnType<typeof indexProgress>, read: number, parse: number): void {
    for (let i = 0; i <= read; i++) progress.read(i, read);
    for (let i = 0; i <= parse; i++) progress.parse(i, parse);
    progress.stop();
  }

  it('shows nothing for a build of few files, however slow the clock', () => {
    for (const tty of [true, false]) {
      const fake = io(tty, slowClock());
      build(indexProgress(fake, 'rank'), 13, 11);
      expect(fake.err()).toBe('');
    }
  });

  it('shows a phase of more files than its threshold, with a sane ETA, and not the smaller phase before it', () => {
    const { reading, parsing } = INDEX_PROGRESS_DEFAULTS.minFiles;
    const files = parsing + 1;
    expect(files).toBeLessThanOrEqual(reading);
    // a file parsed every 5 ms
    let t = 0;
    const fake = io(false, () => t);
    const progress = indexProgress(fake, 'rank');
    for (let i = 0; i <= files; i++) progress.read(i, files);
    for (let i = 0; i <= files; i++) {
      t = 5 * i;
      progress.parse(i, files);
    }
    progress.stop();
    expect(fake.err()).toBe(`[rank parsing] ${files}/${files} files, 200.0/s, ${((5 * files) / 1000).toFixed(1)} s\n`);
    t = 0;
    const bar = io(true, () => t);
    const shown = indexProgress(bar, 'rank');
    for (let i = 0; i <= files; i++) {
      t = 5 * i;
      shown.parse(i, files);
    }
    shown.stop();
    expect(drawn(bar.err())).toMatch(
      new RegExp(`^rank parsing \\[[^\\]]*\\] \\d+/${files} files \\| 200\\.0/s \\| ETA \\d+s`),
    );
    expect(drawn(bar.err())).not.toMatch(GARBAGE);
  });

  it('shows nothing when quiet', () => {
    const fake = io(true, slowClock());
    build(indexProgress(fake, 'rank', true), 20_000, 20_000);
    expect(fake.err()).toBe('');
  });
});
