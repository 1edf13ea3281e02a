/** Go goroutine traces (`\t/abs/p.go:N +0x1f` under `pkg.(*T).F(…)`), testify's `Error Trace:` and `p.go:N:` log lines. */
import { frame, keepSymbol, withoutTrailingArguments, type FrameFormat } from './frame.js';

const GO_STDLIB_FUNC = /^(?:runtime|testing|reflect|sync|internal\/[\w/]+|net\/http|os|fmt|syscall)\./;

/** Text of the function line above a Go `\t/path.go:N +0x..` line → names. */
function goFuncSymbols(raw: string): { symbols: string[]; library: boolean; funcName?: string } {
  // Drop the trailing argument list `(0xc0001, …)` / `(...)`.
  const text = withoutTrailingArguments(
    raw
      .trim()
      .replace(/^created by /, '')
      .replace(/ in goroutine \d+$/, ''),
  );
  const library = GO_STDLIB_FUNC.test(text) || /^main\.main$/.test(text);
  const tail = text.slice(text.lastIndexOf('/') + 1);
  const parts = tail.split('.').slice(1);
  const names = parts.map((p) => p.replace(/^\(\*?|\)$/g, '').replace(/\[.*\]$/, '')).filter(keepSymbol);
  const funcName = [...names].reverse().find((n) => !/^func\d+$/.test(n));
  return funcName === undefined ? { symbols: names, library } : { symbols: names, library, funcName };
}

/**
 * A frame's location: indented, or flush left when its `+0x…` offset says what it is (a
 * trace whose indentation a log prefix took).
 */
const LOCATION = /^(?:\s+(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?|(\S+\.go):(\d+) \+0x[0-9a-f]+)\s*$/;

/** Go panic frame location under `pkg.(*T).F(…)` */
export const goroutineFrame: FrameFormat = {
  failureLines: [/panic: /],
  read(lines, i) {
    const m = LOCATION.exec(lines[i]!);
    if (!m) return null;
    const f = frame(m[1] ?? m[3]!, m[2] ?? m[4], i);
    const above = lines[i - 1];
    if (above?.trim() && !/^\s/.test(above) && !LOCATION.test(above)) {
      const info = goFuncSymbols(above);
      if (info.library) f.library = true;
      if (f.test && info.funcName && /^(?:Test|Benchmark|Fuzz)/.test(info.funcName)) f.testName = info.funcName;
      else if (!f.library) f.symbols = info.symbols;
    }
    return { frame: f, style: 'innermost-first' };
  },
  // The function line above a frame's location.
  continues(lines, i) {
    const next = lines[i + 1];
    return next !== undefined && LOCATION.test(next) && lines[i]!.trim() !== '';
  },
  boundaries: [/^goroutine \d+ \[/, /^\s*--- FAIL:/, /^panic: /],
};

/** testify: Error Trace:	/abs/x_test.go:45 */
export const testifyTrace: FrameFormat = {
  read(lines, i) {
    const m = lines[i]!.match(/^\s*Error Trace:\s+(\S+\.go):(\d+)\s*$/);
    return m ? { frame: frame(m[1]!, m[2], i), style: 'single' } : null;
  },
};

/** Go: file.go:N[:M]: message (t.Errorf / testify / compiler) */
export const goLogLine: FrameFormat = {
  read(lines, i) {
    const m = lines[i]!.match(/^\s*([^\s:"'()]+\.go):(\d+)(?::\d+)?:(?:\s|$)/);
    return m ? { frame: frame(m[1]!, m[2], i), style: 'single' } : null;
  },
};
