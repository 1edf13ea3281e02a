import type { CueTunables } from './defaults.js';
import { normalizeWrittenPath } from './path-suffix-index.js';
import { isLibraryPath, isTestPath } from './paths.js';
import { isCodeStopWord } from './stop-words.js';

/**
 * Stack frames read out of failure output, grouped by traceback so that each
 * traceback's deepest application frame is the strongest.
 *
 * Formats: Python `File "p", line N, in f`; pytest `p.py:N: Error` and
 * `p.py:N: in f`; Go `\t/abs/p.go:N +0x1f` under a `pkg.(*T).F(…)` line and
 * `p.go:N:` log/compiler lines; Rust `panicked at p.rs:N:M`, backtrace
 * `at ./p.rs:N:M` under `N: crate::T::f`, compiler `--> p.rs:N:M`; Java
 * `at com.a.b.C.m(C.java:N)` (path `com/a/b/C.java`); JS/TS `at f (p.ts:N:M)`,
 * `at p.js:N:M`, `at async f (file:///p.mjs:N:M)`, vitest `❯ p.ts:N:M`; tsc
 * `p.ts(N,M): error`.
 */

/** How the frames of one traceback are ordered. */
type FrameStyle = 'outermost-first' | 'innermost-first' | 'single';

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
const BOUNDARIES: readonly RegExp[] = [
  /^\s*Traceback \(most recent call last\):/,
  /^\s*During handling of the above exception/,
  /^\s*The above exception was the direct cause/,
  /^_{3,} .+ _{3,}\s*$/,
  /^={3,}.*={3,}\s*$/,
  /^\s*(?:Caused by|Suppressed):/,
  /^goroutine \d+ \[/,
  /^\s*stack backtrace:/,
  /^---- .+ stdout ----/,
  /^\s*--- FAIL:/,
  /^panic: /,
];

const JAVA_LIBRARY_PACKAGES =
  /^(?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|org\.junit|junit|org\.opentest4j|org\.gradle|worker\.org\.gradle|org\.apache\.maven|org\.testng|org\.assertj|org\.hamcrest)\./;
const RUST_LIBRARY_CRATES = /^(?:std|core|alloc|test|proc_macro|<?(?:std|core|alloc))::/;
const GO_STDLIB_FUNC = /^(?:runtime|testing|reflect|sync|internal\/[\w/]+|net\/http|os|fmt|syscall)\./;
const JS_NOISE_NAMES = new Set([
  '<anonymous>', 'Object', 'Context', 'Module', 'Function', 'process', 'Promise', 'Array', 'async', 'new',
  'exports', 'module', 'Generator', 'Timeout', 'Immediate', 'listOnTimeout', 'runMicrotasks',
]);

const TEST_CLASS_RE = /^Test[A-Z0-9_]|(?:Test|Tests|TestCase|IT|Spec)$/;

function keepSymbol(name: string): boolean {
  return name.length >= 2 && /^[A-Za-z_$][\w$]*$/.test(name) && !isCodeStopWord(name) && !/^func\d+$|^gowrap\d+$/.test(name);
}

function frame(path: string, lineText: string | undefined, lineIndex: number): Frame {
  const p = normalizeWrittenPath(path);
  const n = lineText === undefined ? NaN : Number(lineText);
  const f: Frame = { path: p, symbols: [], library: isLibraryPath(p), test: isTestPath(p), lineIndex };
  if (n > 0) f.line = n;
  return f;
}

/** Python / pytest function name → symbols or test name. */
function withPythonFunc(f: Frame, func: string | undefined): Frame {
  const name = func?.trim();
  if (!name || name.startsWith('<')) return f;
  if (f.test && /^test/.test(name)) f.testName = name;
  else if (!f.library && keepSymbol(name)) f.symbols.push(name);
  return f;
}

/** Text of the function line above a Go `\t/path.go:N +0x..` line → names. */
function goFuncSymbols(raw: string): { symbols: string[]; library: boolean; funcName?: string } {
  let text = raw.trim().replace(/^created by /, '').replace(/ in goroutine \d+$/, '');
  // Drop the trailing argument list `(0xc0001, …)` / `(...)`.
  if (text.endsWith(')')) {
    let depth = 0;
    for (let i = text.length - 1; i >= 0; i--) {
      if (text[i] === ')') depth++;
      else if (text[i] === '(' && --depth === 0) {
        text = text.slice(0, i);
        break;
      }
    }
  }
  const library = GO_STDLIB_FUNC.test(text) || /^main\.main$/.test(text);
  const tail = text.slice(text.lastIndexOf('/') + 1);
  const parts = tail.split('.').slice(1);
  const names = parts.map((p) => p.replace(/^\(\*?|\)$/g, '').replace(/\[.*\]$/, '')).filter(keepSymbol);
  const funcName = [...names].reverse().find((n) => !/^func\d+$/.test(n));
  return funcName === undefined ? { symbols: names, library } : { symbols: names, library, funcName };
}

/** `crate::mod::Type::method::h0123…` → [Type, method]. */
function rustFuncSymbols(raw: string): { symbols: string[]; library: boolean; last?: string } {
  let text = raw.trim().replace(/::h[0-9a-f]{16}$/, '');
  const library = RUST_LIBRARY_CRATES.test(text) || text.startsWith('rust_begin_unwind') || text.startsWith('__rust');
  let prev = '';
  while (prev !== text) {
    prev = text;
    text = text.replace(/<[^<>]*>/g, '');
  }
  const segments = text.split('::').filter((s) => s && !/^\{\{.*\}\}$/.test(s));
  const last = segments[segments.length - 1];
  const symbols: string[] = [];
  const owner = segments[segments.length - 2];
  if (owner && /^[A-Z]/.test(owner) && keepSymbol(owner)) symbols.push(owner);
  if (last && keepSymbol(last)) symbols.push(last);
  return last === undefined ? { symbols, library } : { symbols, library, last };
}

/** `Foo.bar [as baz]`, `new Foo`, `Object.<anonymous>` → [Foo, bar]. */
function jsFuncSymbols(raw: string): string[] {
  const text = raw.replace(/\s*\[as [^\]]*\]$/, '').replace(/^(?:async |new )+/, '');
  return text.split('.').filter((p) => !JS_NOISE_NAMES.has(p) && keepSymbol(p));
}

type LineResult = { frame: Frame; style: FrameStyle } | 'consumed' | null;

function parseLine(lines: readonly string[], i: number): LineResult {
  const line = lines[i]!;
  let m: RegExpMatchArray | null;

  // Python: File "path", line N, in func
  if ((m = line.match(/^\s*File "([^"]+)", line (\d+)(?:, in (.+?))?\s*$/))) {
    if (m[1]!.startsWith('<')) return 'consumed';
    return { frame: withPythonFunc(frame(m[1]!, m[2], i), m[3]), style: 'outermost-first' };
  }

  // Rust backtrace location under `  N: crate::f`
  if ((m = line.match(/^\s+at (\S+\.rs):(\d+)(?::\d+)?\s*$/))) {
    const f = frame(m[1]!, m[2], i);
    const above = lines[i - 1]?.match(/^\s*\d+:\s+(\S.*)$/);
    if (above) {
      const info = rustFuncSymbols(above[1]!);
      if (info.library) f.library = true;
      const inTests = /(?:^|::)tests?::/.test(above[1]!);
      if (inTests) f.test = true;
      if (f.test && info.last) f.testName = info.last;
      else if (!f.library) f.symbols = info.symbols;
    }
    return { frame: f, style: 'innermost-first' };
  }

  // Go panic frame location under `pkg.(*T).F(…)`
  if ((m = line.match(/^\s+(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?\s*$/))) {
    const f = frame(m[1]!, m[2], i);
    const above = lines[i - 1];
    if (above !== undefined && above.trim() && !/^\s/.test(above)) {
      const info = goFuncSymbols(above);
      if (info.library) f.library = true;
      if (f.test && info.funcName && /^(?:Test|Benchmark|Fuzz)/.test(info.funcName)) f.testName = info.funcName;
      else if (!f.library) f.symbols = info.symbols;
    }
    return { frame: f, style: 'innermost-first' };
  }

  // Java: at [module/]com.a.b.C$Inner.method(C.java:N)
  if ((m = line.match(/^\s*at\s+(?:([\w.\-]+(?:@[\w.\-]+)?)\/\/?)?((?:[\w$]+\.)+)([\w$<>]+)\(([^()]*)\)\s*(?:~?\[[^\]]*\])?\s*$/))) {
    const module = m[1] ?? '';
    const qualified = m[2]!.slice(0, -1);
    const method = m[3]!;
    const location = m[4]!;
    const loc = location.match(/^([\w$]+\.(?:java|kt|scala|groovy))(?::(\d+))?$/);
    if (!loc) return 'consumed';
    const segments = qualified.split('.');
    const className = segments[segments.length - 1]!.replace(/\$.*$/, '');
    const pkg = segments.slice(0, -1);
    const f = frame([...pkg, loc[1]!].join('/'), loc[2], i);
    f.library = JAVA_LIBRARY_PACKAGES.test(`${qualified}.`) || /^(?:java|jdk)\./.test(module);
    f.test = !f.library && TEST_CLASS_RE.test(className);
    const methodName = method.startsWith('lambda$') ? (method.split('$')[1] ?? '') : method;
    if (f.test) {
      f.testClass = className;
      if (keepSymbol(methodName) && !/^(?:setUp|tearDown|before|after)/.test(methodName)) f.testName = methodName;
    } else if (!f.library) {
      f.symbols = [className, methodName].filter(keepSymbol);
    }
    return { frame: f, style: 'innermost-first' };
  }

  // JS/TS: at [async] fn (path:N:M) | at [async] path:N:M | vitest ❯ [fn] path:N:M
  if (
    (m = line.match(/^\s*at (?:async )?(.+?) \((.+?):(\d+):\d+\)\s*\{?\s*$/)) ||
    (m = line.match(/^\s*at (?:async )?()(\S+?):(\d+):\d+\s*\{?\s*$/)) ||
    (m = line.match(/^\s*❯ (?:(\S+) )?(\S+?):(\d+):\d+\s*$/))
  ) {
    const path = m[2]!;
    if (/^(?:node:|native$|<anonymous>$|eval )/.test(path) || !/\.\w+$/.test(path.replace(/\?.*$/, ''))) return 'consumed';
    const f = frame(path.replace(/\?.*$/, ''), m[3], i);
    if (!f.library && m[1]) f.symbols = jsFuncSymbols(m[1]);
    return { frame: f, style: 'innermost-first' };
  }

  // JS frames without a file: at async Promise.all (index 0), at foo (native), at eval (eval at …)
  if (/^\s*at (?:async )?\S.*\((?:index \d+|native|<anonymous>|eval at .*)\)\s*$/.test(line)) return 'consumed';

  // testify: Error Trace:	/abs/x_test.go:45
  if ((m = line.match(/^\s*Error Trace:\s+(\S+\.go):(\d+)\s*$/))) {
    return { frame: frame(m[1]!, m[2], i), style: 'single' };
  }

  // Rust panic location (new and old formats)
  if ((m = line.match(/panicked at (?:'.*', )?([^\s']+\.rs):(\d+):\d+/))) {
    return { frame: frame(m[1]!, m[2], i), style: 'single' };
  }

  // Compiler diagnostics: rustc `--> p.rs:N:M`, tsc `p.ts(N,M): error`, javac/maven `P.java:[N,M]` / `P.java:N: error:`
  if (
    (m = line.match(/^\s*--> (\S+\.\w+):(\d+)(?::\d+)?\s*$/)) ||
    (m = line.match(/^(\S+\.[cm]?[jt]sx?)\((\d+),\d+\): error/)) ||
    (m = line.match(/^(?:\[(?:ERROR|WARNING)\]\s+)?(\S+\.(?:java|kt)):\[(\d+),\d+\]/)) ||
    (m = line.match(/^(\S+\.\w+):(\d+):(?:\d+:)? (?:error|fatal error):/))
  ) {
    return { frame: frame(m[1]!, m[2], i), style: 'single' };
  }

  // pytest: path.py:N: [in func | ErrorType[: msg]]
  if ((m = line.match(/^([^\s:"'()<>]+\.py):(\d+):(?: (.*))?$/))) {
    const rest = m[3]?.trim() ?? '';
    const inFunc = rest.match(/^in (\S+)$/);
    return { frame: withPythonFunc(frame(m[1]!, m[2], i), inFunc?.[1]), style: 'outermost-first' };
  }

  // Go: file.go:N[:M]: message (t.Errorf / testify / compiler)
  if ((m = line.match(/^\s*([^\s:"'()]+\.go):(\d+)(?::\d+)?:(?:\s|$)/))) {
    return { frame: frame(m[1]!, m[2], i), style: 'single' };
  }

  return null;
}

/** Lines inside a traceback that are neither frames nor a reason to close it. */
function isContinuation(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  if (/^\s*\.\.\. \d+ (?:more|common frames omitted)/.test(line)) return true;
  if (/^\s*\d+: \S/.test(line)) return true; // Rust backtrace function line
  const next = lines[i + 1];
  return next !== undefined && /^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?\s*$/.test(next) && line.trim() !== '';
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
