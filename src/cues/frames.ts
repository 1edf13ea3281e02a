import type { CueTunables } from './defaults.js';
import { FRAME_FORMATS, type Frame, type FrameStyle, type LineResult } from './frame-formats/index.js';

/**
 * Stack frames read out of failure output, grouped by traceback so that each
 * traceback's deepest application frame is the strongest.
 *
 * Formats (`frame-formats/`, tried in the order of FRAME_FORMATS): Python `File "p", line N, in f`; pytest `p.py:N: Error` and
 * `p.py:N: in f`; Go `\t/abs/p.go:N +0x1f` under a `pkg.(*T).F(…)` line and
 * `p.go:N:` log/compiler lines; Rust `panicked at p.rs:N:M`, backtrace
 * `at ./p.rs:N:M` under `N: crate::T::f`, compiler `--> p.rs:N:M`; Java
 * `at com.a.b.C.m(C.java:N)` (path `com/a/b/C.java`); JS/TS `at f (p.ts:N:M)`,
 * `at p.js:N:M`, `at async f (file:///p.mjs:N:M)`, vitest `❯ p.ts:N:M`; tsc
 * `p.ts(N,M): error`; Ruby `p.rb:N:in 'C#m'` (`from …`, RSpec `# ./p.rb:N`), RSpec and
 * Minitest failure lines; PHP `#0 p.php(N): C->m()`, `… in p.php:N`, `… on line N`,
 * PHPUnit `p.php:N`.
 */

export type { Frame } from './frame-formats/index.js';

export interface FrameGroup {
  style: FrameStyle;
  /** In the order printed. */
  frames: Frame[];
}

export interface FrameScan {
  groups: FrameGroup[];
  /** Line indices read as frames or frame continuations; no other extractor reads them. */
  consumed: Set<number>;
}

/** Longest line read as a frame. */
const MAX_FRAME_LINE = 1000;

/** Lines that end one traceback and start the next. */
const BOUNDARIES: readonly RegExp[] = FRAME_FORMATS.flatMap((f) => f.boundaries ?? []);

function parseLine(lines: readonly string[], i: number): LineResult {
  for (const format of FRAME_FORMATS) {
    const result = format.read(lines, i);
    if (result !== null) return result;
  }
  return null;
}

/** Lines inside a traceback that are neither frames nor a reason to close it. */
function isContinuation(lines: readonly string[], i: number): boolean {
  return FRAME_FORMATS.some((f) => f.continues?.(lines, i) ?? false);
}

/** Reads every frame of the given lines (skipping indices in `skip`) into tracebacks. */
export function scanFrames(lines: readonly string[], skip: ReadonlySet<number> = new Set()): FrameScan {
  const groups: FrameGroup[] = [];
  const consumed = new Set<number>();
  let current: FrameGroup | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (skip.has(i)) {
      current = undefined;
      continue;
    }
    const line = lines[i]!;
    if (BOUNDARIES.some((re) => re.test(line))) {
      current = undefined;
      continue;
    }
    // No tool prints a frame this long; the guard keeps the line patterns linear.
    const result = line.length > MAX_FRAME_LINE ? null : parseLine(lines, i);
    if (result === 'consumed') {
      consumed.add(i);
      continue;
    }
    if (result) {
      consumed.add(i);
      if (result.style !== 'single' && current && current.style === result.style) {
        current.frames.push(result.frame);
      } else {
        current = { style: result.style, frames: [result.frame] };
        groups.push(current);
        if (result.style === 'single') current = undefined;
      }
      continue;
    }
    if (isContinuation(lines, i)) {
      consumed.add(i);
      continue;
    }
    if (current && current.style === 'innermost-first') current = undefined;
  }
  return { groups, consumed };
}

/**
 * Strength of each frame of a group, in printed order: counted from the
 * innermost frame, application frames get 1, decay, decay², …; test frames
 * the same scaled by `testFrameScale`; library frames from
 * `libraryFrameStrength`; never below `minFrameStrength`.
 */
export function frameStrengths(group: FrameGroup, t: CueTunables): number[] {
  const n = group.frames.length;
  const strengths = new Array<number>(n).fill(0);
  const seen = { app: 0, test: 0, library: 0 };
  for (let step = 0; step < n; step++) {
    const index = group.style === 'outermost-first' ? n - 1 - step : step;
    const f = group.frames[index]!;
    const cls = f.library ? 'library' : f.test ? 'test' : 'app';
    const base = cls === 'app' ? 1 : cls === 'test' ? t.testFrameScale : t.libraryFrameStrength;
    strengths[index] = Math.min(1, Math.max(t.minFrameStrength, base * t.frameDecay ** seen[cls]++));
  }
  return strengths;
}
