import type { CueTunables } from './defaults.js';
import { FRAME_FORMATS, type Frame, type FrameStyle, type LineResult } from './frame-formats/index.js';
import { frameOrigin } from './frame-origin.js';

/**
 * Stack frames read out of failure output, grouped by traceback so that each
 * traceback's deepest application frame is the strongest.
 *
 * Formats (`frame-formats/`, tried in the order of FRAME_FORMATS): Python `File "p", line N, in f`; IPython
 * `File p.py:N, in f(args)` and `p.py in f(args)`; pytest `p.py:N: Error` and `p.py:N: in f`; Go `\t/abs/p.go:N +0x1f` under a `pkg.(*T).F(…)` line and
 * `p.go:N:` log/compiler lines; Rust `panicked at p.rs:N:M`, backtrace
 * `at ./p.rs:N:M` under `N: crate::T::f`, compiler `--> p.rs:N:M`; Java
 * `at com.a.b.C.m(C.java:N)` (path `com/a/b/C.java`; Maven's `m (C.java:N)` too); JS/TS `at f (p.ts:N:M)`,
 * `at p.js:N:M`, `at async f (file:///p.mjs:N:M)`, vitest `❯ p.ts:N:M`; tsc
 * `p.ts(N,M): error`; Ruby `p.rb:N:in 'C#m'` (`from …`, RSpec `# ./p.rb:N`), RSpec and
 * Minitest failure lines; PHP `#0 p.php(N): C->m()`, `… in p.php:N`, `… on line N`,
 * PHPUnit `p.php:N`. Each line is read without what a paste puts before it: a markdown
 * quote, a log's `|` margin, a CI timestamp.
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

/**
 * What a paste puts before each line of a trace: markdown quotes (`> `), a log's pipe
 * (`  | `, docker compose, Go's test logs) and a bracketed or ISO timestamp (CI logs).
 */
const LINE_PREFIX = /^\s*(?:>\s?)+|^\s*[|│]\s?/;
const TIMESTAMP = /^(?:\[\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\]|\d{4}-\d\d-\d\dT[\d:.,]+Z)\s+/;

/** A line as the tool printed it: its paste's quote, pipe and timestamp prefixes taken off. */
function unprefixed(line: string): string {
  const rest = line.replace(LINE_PREFIX, '');
  const stamp = TIMESTAMP.exec(rest);
  return stamp ? rest.slice(stamp[0].length) : rest;
}

/** Reads every frame of the given lines (skipping indices in `skip`) into tracebacks. */
export function scanFrames(written: readonly string[], skip: ReadonlySet<number> = new Set()): FrameScan {
  const lines = written.map(unprefixed);
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

/**
 * Strength of each frame of a group in an installed package or a toolchain (`frameOrigin`)
 * should the repository be that package, in printed order (undefined for other frames): it
 * is then one of the repository's frames, weighed as `frameStrengths` weighs application
 * (or test) frames, counted from the innermost among the frames of the same package.
 */
export function repositoryStrengths(group: FrameGroup, t: CueTunables): (number | undefined)[] {
  const n = group.frames.length;
  const strengths = new Array<number | undefined>(n).fill(undefined);
  const seen = new Map<string, number>();
  for (let step = 0; step < n; step++) {
    const index = group.style === 'outermost-first' ? n - 1 - step : step;
    const f = group.frames[index]!;
    const origin = frameOrigin(f.path);
    if (!origin) continue;
    const key = `${origin.kind}\u0000${origin.package}\u0000${f.test ? 'test' : 'app'}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const base = f.test ? t.testFrameScale : 1;
    strengths[index] = Math.min(1, Math.max(t.minFrameStrength, base * t.frameDecay ** k));
  }
  return strengths;
}
