/**
 * What a frame format reads out of one line of failure output, and the helpers every
 * format shares. Formats live one family per file in this folder, and `index.ts` lists
 * them in the order they are tried.
 */
import { normalizeWrittenPath } from '../path-suffix-index.js';
import { isTestPath } from '../../corpus/classify.js';
import { isLibraryPath } from '../paths.js';
import { isCodeStopWord } from '../stop-words.js';

/** How the frames of one traceback are ordered. */
export type FrameStyle = 'outermost-first' | 'innermost-first' | 'single';

export interface Frame {
  /** Path as written (tidied); for Java, the package path `com/a/b/C.java`. */
  path: string;
  line?: number;
  /** Names the frame's function gives (class, method), filtered of noise. */
  symbols: string[];
  /** The test function, when the frame is one (`test_x`, `TestX`, JUnit `testX`/`shouldX`). */
  testName?: string;
  /** Class of a test frame (`TestParser`, `ParserTest`), for the symbol under test. */
  testClass?: string;
  library: boolean;
  test: boolean;
  /** Index of the line it was read from. */
  lineIndex: number;
}

/** A frame read from a line, a line that belongs to a trace but names no file (`consumed`), or nothing. */
export type LineResult = { frame: Frame; style: FrameStyle } | 'consumed' | null;

/** One way tools print stack frames. */
export interface FrameFormat {
  /** Reads line `i` of `lines` (its neighbours may be looked at). */
  read(lines: readonly string[], i: number): LineResult;
  /** Whether line `i` sits inside a trace of this format without being a frame (`... 3 more`). */
  continues?(lines: readonly string[], i: number): boolean;
  /** Lines that end one traceback and start the next (`Traceback (most recent call last):`). */
  boundaries?: readonly RegExp[];
  /**
   * Lines of this format that only a failing run or a crash prints, matched at a line's start
   * (`Traceback (most recent call last):`, a JVM `at a.B.c(B.java:1)`): plain text holding one
   * is a failure (task inference, `cues/task.ts`). Looser lines a frame may be read from (`p.go:12:`) are none.
   */
  failureLines?: readonly RegExp[];
}

/** Whether a function or class name is worth a cue: an identifier of two characters or more, not a stop word. */
export function keepSymbol(name: string): boolean {
  return (
    name.length >= 2 && /^[A-Za-z_$][\w$]*$/.test(name) && !isCodeStopWord(name) && !/^func\d+$|^gowrap\d+$/.test(name)
  );
}

/** A frame at `path` (tidied) and line, test (the corpus' test-path rule) and library as the path says. */
export function frame(path: string, lineText: string | undefined, lineIndex: number): Frame {
  const p = normalizeWrittenPath(path);
  const n = lineText === undefined ? NaN : Number(lineText);
  const f: Frame = { path: p, symbols: [], library: isLibraryPath(p), test: isTestPath(p), lineIndex };
  if (n > 0) f.line = n;
  return f;
}

/** Text without its trailing balanced parenthesized group (`f(a, (b))` → `f`); unchanged when it does not end in `)`. */
export function withoutTrailingArguments(text: string): string {
  if (!text.endsWith(')')) return text;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return text.slice(0, i);
  }
  return text;
}
