/**
 * Swift failures:
 * - runtime traps: `Fatal error: msg: file Checkout/Cart.swift, line 12` (Swift 5.0–5.2) and
 *   `Checkout/Cart.swift:12: Fatal error: msg` (5.3 on), likewise `Precondition failed` and
 *   `Assertion failed`; the standard library's own (`file Swift/Array.swift`) are library frames;
 * - crash backtraces: the runtime backtracer (Swift 5.9 on Linux)
 *   `0 [ra] 0x… Cart.total() + 52 in Checkout at /x/Cart.swift:12:5`, its short form
 *   `0  Checkout  0x… in Cart.total() at /x/Cart.swift:12:5`, and symbolicated crash
 *   reports `3   Checkout   0x… Cart.total() + 52 (Cart.swift:12)`;
 * - test failures: XCTest `/x/CartTests.swift:27: error: -[CheckoutTests.CartTests testTotal] : XCTAssertEqual failed: …`
 *   (Linux: `… error: CartTests.testTotal : …`) and Swift Testing
 *   `✘ Test totalIsRounded() recorded an issue at CartTests.swift:27:5: Expectation failed: …`.
 * (Compiler errors `Cart.swift:12:5: error: …` are `compilerDiagnostic`'s.)
 * Demangled names lose their arguments, closures and accessors:
 * `closure #1 in Checkout.Cart.subtotal.getter : Money.Money` → Cart, subtotal.
 */
import { frame, keepSymbol, type Frame, type FrameFormat, type LineResult } from './frame.js';

/** Symbols of a demangled Swift function: its type (when capitalized) and its name. */
function swiftSymbols(raw: string): string[] {
  let text = raw.trim();
  // `closure #1 in`, `implicit closure #2 in`, `partial apply for`, `specialized`, `static`, …
  text = text.replace(
    /^(?:(?:implicit )?closure #\d+ in |partial apply for |reabstraction thunk helper from |protocol witness for |merged |generic specialization <[^>]*> of |specialized |static |@objc |dispatch thunk of )+/,
    '',
  );
  const paren = text.indexOf('(');
  if (paren >= 0) text = text.slice(0, paren);
  text = text.replace(/\s.*$/, '').replace(/<[^<>]*>/g, '');
  const segments = text
    .split('.')
    .filter((s) => s !== '' && !/^(?:getter|setter|modify|didset|willset|init|deinit)$/i.test(s));
  const name = segments[segments.length - 1] ?? '';
  const owner = segments[segments.length - 2];
  const out: string[] = [];
  if (owner && /^[A-Z]/.test(owner) && keepSymbol(owner)) out.push(owner);
  if (keepSymbol(name)) out.push(name);
  return out;
}

/** The runtime, the standard library and the test harness as backtraces name them. */
const LIBRARY_MODULE =
  /^(?:libswift\w*(?:\.so|\.dylib)?|Swift|Foundation|FoundationEssentials|XCTest|libc\.so\.\d+|libdispatch\.\w+|libsystem_\w+\.dylib|dyld|CoreFoundation)$/;

function swiftFrame(path: string, line: string | undefined, i: number, func: string, module?: string): LineResult {
  const f: Frame = frame(path, line, i);
  if (module !== undefined && LIBRARY_MODULE.test(module)) f.library = true;
  if (!f.library) f.symbols = swiftSymbols(func);
  return { frame: f, style: 'innermost-first' };
}

/** `Fatal error: …: file X.swift, line N` and `X.swift:N: Fatal error: …` (and precondition / assertion failures). */
export const swiftTrap: FrameFormat = {
  failureLines: [
    /(?:Fatal error|Precondition failed|Assertion failed)\b.*\.swift/,
    /\S+\.swift:\d+: (?:Fatal error|Precondition failed)/,
  ],
  read(lines, i) {
    const line = lines[i]!;
    const m =
      /^(\S+\.swift):(\d+): (?:Fatal error|Precondition failed|Assertion failed)\b/.exec(line) ??
      /(?:Fatal error|Precondition failed|Assertion failed)\b.*: file (\S+\.swift), line (\d+)\s*$/.exec(line);
    return m ? { frame: frame(m[1]!, m[2], i), style: 'single' } : null;
  },
};

/** A backtracer line: `N [ra] [inlined] 0x… f() + 52 in Module at /x/Y.swift:12:5`, or `N  Module  0x… in f() at …`. */
const BACKTRACER =
  /^\s*\d+\s+(?:\[[\w ]+\]\s+)*(?:(\S+)\s+)?0x[0-9a-fA-F]{6,}\s+(.+?)(?:\s+at\s+(\S+?):(\d+)(?::\d+)?)?\s*$/;
/** A symbolicated crash report line: `3   Checkout   0x… Cart.total() + 52 (Cart.swift:12)`. */
const CRASH_REPORT = /^\s*\d+\s+(\S+)\s+0x[0-9a-fA-F]{6,}\s+(.+?)\s+\((\S+\.swift):(\d+)\)\s*$/;

/** Swift crash backtraces: the runtime backtracer and symbolicated crash reports. */
export const swiftBacktrace: FrameFormat = {
  failureLines: [/💣 Program crashed/, /\d+ (?:\[ra\] )?0x[0-9a-fA-F]+ .+ at \S+\.swift:\d+/],
  read(lines, i) {
    const line = lines[i]!;
    let m = CRASH_REPORT.exec(line);
    if (m) return swiftFrame(m[3]!, m[4], i, m[2]!.replace(/\s+\+\s+\d+$/, ''), m[1]);
    m = BACKTRACER.exec(line);
    if (!m) return null;
    let func = m[2]!.replace(/^in\s+/, '');
    let module = m[1];
    const inModule = /\s+\+\s+\d+\s+in\s+(\S+)$/.exec(func) ?? /\s+in\s+(\S+)$/.exec(func);
    if (inModule) {
      module = inModule[1];
      func = func.slice(0, inModule.index);
    }
    if (m[3] === undefined) return / in \S+$| \+ \d+$/.test(m[2]!) ? 'consumed' : null;
    return swiftFrame(m[3], m[4], i, func, module);
  },
  boundaries: [/^\s*Thread \d+(?: "[^"]*")? crashed:\s*$/i, /^Thread \d+ Crashed::/, /^💣 Program crashed:/],
};

/** XCTest and Swift Testing failure lines: the test file and line, the test's class and name. */
export const swiftTestFailure: FrameFormat = {
  failureLines: [/\S+\.swift:\d+: error: -?\[?[\w.]+[ .]\w+\]? : /, /Test Case '\S+(?: \w+\])?' failed/],
  read(lines, i) {
    const line = lines[i]!;
    let m = /^(\S+\.swift):(\d+): error: (?:-\[(?:[\w.]+\.)?(\w+) (\w+)\]|(?:[\w.]+\.)?(\w+)\.(\w+)) : /.exec(line);
    if (m) {
      const f = frame(m[1]!, m[2], i);
      f.test = true;
      f.testClass = m[3] ?? m[5]!;
      const name = m[4] ?? m[6]!;
      if (keepSymbol(name)) f.testName = name;
      return { frame: f, style: 'single' };
    }
    m = /\bTest (?:"[^"]*"|(\w+)\(\)) recorded an issue at (\S+\.swift):(\d+)(?::\d+)?: /.exec(line);
    if (m) {
      const f = frame(m[2]!, m[3], i);
      f.test = true;
      if (m[1] !== undefined && keepSymbol(m[1])) f.testName = m[1];
      return { frame: f, style: 'single' };
    }
    return null;
  },
};
