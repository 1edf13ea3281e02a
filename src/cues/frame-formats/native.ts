/**
 * Native (C and C++) stack frames and failure lines:
 * - gdb `#0  0x… in f (a=1) at src/x.c:12` (the address is left out for a frame at the
 *   start of a line; a long argument list wraps onto the next lines at the terminal's
 *   width; `… in f () from /lib/libc.so.6` names no file), and gdb's stop line
 *   `Breakpoint 1, f (a=1) at x.c:12` / `0x… in f (a=1) at x.c:12`;
 * - sanitizers (ASan, UBSan, TSan, MSan, LeakSanitizer; LLVM's symbolizer)
 *   `#0 0x… in f /abs/src/x.c:12:5`, `#1 0x… in ns::C::m(int) /abs/src/x.cc:9`,
 *   `#2 0x… in g (/lib/libc.so.6+0x29d90)`, `SUMMARY: AddressSanitizer: … x.c:12:5 in f`,
 *   UBSan `x.c:12:5: runtime error: …`;
 * - lldb `frame #0: 0x… a.out\`f(a=1) at x.c:12:5`;
 * - valgrind `==12== at 0x…: f (x.c:12)`, `==12== by 0x…: ns::C::m(int) (x.cc:9)`;
 * - test frameworks: GoogleTest `x_test.cc:42: Failure`, Catch2 `x_test.cpp:42: FAILED:`,
 *   Unity `test_x.c:42:test_f:FAIL`. (glibc's `prog: x.c:12: f: Assertion `…' failed.` is left
 *   to the path and prose readers: its condition names what failed.)
 * C++ names lose their arguments, template arguments and namespaces (`ns::Parser::parse`
 * → Parser, parse); a GoogleTest body `Suite_Name_Test::TestBody` is the test `Name` of `Suite`.
 */
import { frame, keepSymbol, withoutTrailingArguments, type Frame, type FrameFormat, type LineResult } from './frame.js';

/** Functions of the C/C++ runtime, the standard library and test frameworks' internals. */
const LIBRARY_FUNCTION =
  /^(?:std::|__gnu_cxx::|__cxxabiv1::|__sanitizer::|__asan::|__interceptor_|testing::internal::|testing::Test::|Catch::|__libc_|__GI_|__pthread|_IO_|_start$|_dl_|start_thread$|clone3?$|abort$|raise$|__assert|__cxa_|__)/;

/** A GoogleTest test body: `Suite_Name_Test::TestBody`. */
const GTEST_BODY = /^([A-Za-z0-9]+)_(\w+)_Test::TestBody$/;

/** `ns::Parser<T>::parse(int) const` → `ns::Parser::parse`; `f (a=1)` → `f`; `void ns::g<int>(int)` → `ns::g`. */
function bareName(raw: string): string {
  let text = withoutTrailingArguments(
    raw
      .trim()
      .replace(/\s+const$/, '')
      .replace(/\[abi:\w+\]/g, ''),
  ).trim();
  text = text.replace(/\(anonymous namespace\)::/g, '').replace(/::\{lambda\([^)]*\)#\d+\}/g, '');
  let prev = '';
  while (prev !== text) {
    prev = text;
    text = text.replace(/<[^<>]*>/g, '');
  }
  // A template function's return type comes first (`void testing::internal::Handle…`).
  text = text.trim();
  return text.slice(text.lastIndexOf(' ') + 1);
}

/** A frame's function: symbols (the class when capitalized, and the function), or the test it is. */
function withFunction(f: Frame, raw: string | undefined): Frame {
  if (raw === undefined) return f;
  const name = bareName(raw);
  if (name === '' || name === '??') return f;
  if (LIBRARY_FUNCTION.test(name)) {
    f.library = true;
    return f;
  }
  const gtest = GTEST_BODY.exec(name);
  if (gtest) {
    f.test = true;
    f.testClass = gtest[1]!;
    if (keepSymbol(gtest[2]!)) f.testName = gtest[2]!;
    return f;
  }
  const segments = name.split('::').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  if (f.test && /^test/i.test(last) && keepSymbol(last)) {
    f.testName = last;
    return f;
  }
  if (f.library) return f;
  const owner = segments[segments.length - 2];
  if (owner && /^[A-Z]/.test(owner) && keepSymbol(owner)) f.symbols.push(owner);
  if (keepSymbol(last)) f.symbols.push(last);
  return f;
}

function nativeFrame(path: string, line: string | undefined, i: number, func: string | undefined): LineResult {
  return { frame: withFunction(frame(path, line, i), func), style: 'innermost-first' };
}

/** `#N  [0x… in ]f (args)[ from lib][ at path:N]`: the function text and where it is. */
const GDB_HEAD = /^#\d+\s+(?:0x[0-9a-fA-F]+ in )?(\S.*)$/;
const GDB_AT = / at (\S+):(\d+)\s*$/;

/** The gdb frame head a line is, without its location: [function with arguments, library object]. */
function gdbHead(line: string): { func: string; from?: string; at?: RegExpExecArray } | null {
  const m = GDB_HEAD.exec(line);
  if (!m) return null;
  let rest = m[1]!;
  const at = GDB_AT.exec(rest);
  if (at) rest = rest.slice(0, at.index);
  const from = / from (\S+)\s*$/.exec(rest);
  if (from) rest = rest.slice(0, from.index);
  // A gdb frame always prints its argument list, even empty: `f ()`.
  if (!/\)\s*$/.test(rest)) return null;
  return at ? { func: rest, at } : from ? { func: rest, from: from[1]! } : { func: rest };
}

/** Most lines a gdb frame wraps onto (gdb wraps long argument lists at the terminal's width). */
const GDB_MAX_WRAP = 4;

/** The text of the gdb frame starting at line `i`, its wrapped lines joined, and how many lines it spans. */
function gdbFrameText(lines: readonly string[], i: number): { text: string; span: number } | null {
  if (!/^#\d+\s/.test(lines[i]!)) return null;
  let text = lines[i]!.trimEnd();
  let span = 1;
  while (
    span < GDB_MAX_WRAP &&
    !GDB_AT.test(text) &&
    !/ from \S+$/.test(text) &&
    /^\s+\S/.test(lines[i + span] ?? '')
  ) {
    text += ' ' + lines[i + span]!.trim();
    span++;
  }
  return { text, span };
}

/** gdb backtrace: `#0  0x… in f (a=1) at src/x.c:12`, wrapped over several lines or not. */
export const gdbFrame: FrameFormat = {
  failureLines: [/#\d+ +\S.*\) at \S+:\d+$/],
  read(lines, i) {
    const line = lines[i]!;
    if (/^\s/.test(line)) {
      // A wrapped line of a frame above it.
      for (let k = 1; k < GDB_MAX_WRAP && i - k >= 0; k++) {
        const above = gdbFrameText(lines, i - k);
        if (above) return above.span > k && gdbHead(above.text) ? 'consumed' : null;
        if (!/^\s/.test(lines[i - k]!)) return null;
      }
      return null;
    }
    const joined = gdbFrameText(lines, i);
    const head = joined && gdbHead(joined.text);
    if (!head) return null;
    if (head.at) return nativeFrame(head.at[1]!, head.at[2], i, head.func);
    return /^#\d+\s+0x[0-9a-fA-F]+ in /.test(line) || head.from ? 'consumed' : null;
  },
  boundaries: [/^\s*Thread \d+ \(.*\):\s*$/],
};

/** gdb's stop location: `Breakpoint 1, f (a=1) at x.c:12`, `0x… in f (a=1) at x.c:12`, `f (a=1) at x.c:12` after a signal. */
export const gdbStop: FrameFormat = {
  read(lines, i) {
    const m = /^(?:Breakpoint \d+, |0x[0-9a-fA-F]+ in )?([A-Za-z_~][\w:~<>, ]*) \((.*)\) at (\S+):(\d+)\s*$/.exec(
      lines[i]!,
    );
    if (!m) return null;
    const stopped =
      /^(?:Breakpoint \d+, |0x)/.test(lines[i]!) ||
      /received signal|^Breakpoint \d+|^Program terminated/.test(lines[i - 1] ?? '');
    if (!stopped) return null;
    return { frame: withFunction(frame(m[3]!, m[4], i), m[1]!), style: 'single' };
  },
};

/** Sanitizers and LLVM's symbolizer: `#0 0x… in f /abs/x.c:12:5`, `#2 0x… in g (/lib/libc.so.6+0x29d90)`. */
export const sanitizerFrame: FrameFormat = {
  failureLines: [/\s*#\d+ +0x[0-9a-fA-F]+ in \S/, /==\d+== *ERROR: \w+Sanitizer/],
  read(lines, i) {
    const m = /^\s*#\d+ 0x[0-9a-fA-F]+ in (\S.*)$/.exec(lines[i]!);
    if (!m) return null;
    const rest = m[1]!.replace(/\s+\(BuildId: [0-9a-fA-F]+\)\s*$/, '');
    if (/\([^()\s]+\+0x[0-9a-fA-F]+\)\s*$/.test(rest)) return 'consumed';
    const loc = /^(.*\S)\s+(\S+?):(\d+)(?::\d+)?\s*$/.exec(rest);
    if (!loc) return 'consumed';
    return nativeFrame(loc[2]!, loc[3], i, loc[1]);
  },
  boundaries: [/^==\d+==\s*ERROR: \w+Sanitizer/, /^\s*(?:freed|previously allocated|allocated) by thread /],
};

/** lldb: `  * frame #0: 0x… a.out\`f(a=1) at x.c:12:5` */
export const lldbFrame: FrameFormat = {
  failureLines: [/\s*\*? *frame #\d+: 0x[0-9a-fA-F]+ /],
  read(lines, i) {
    const m = /^\s*\*?\s*frame #\d+: 0x[0-9a-fA-F]+ [^`\s]+`(.+?)(?: at (\S+?):(\d+)(?::\d+)?)?\s*$/.exec(lines[i]!);
    if (!m) return null;
    if (m[2] === undefined) return 'consumed';
    return nativeFrame(m[2], m[3], i, m[1]!.replace(/ \+ \d+$/, ''));
  },
  boundaries: [/^\s*\* thread #\d+/],
};

/** valgrind: `==12==    at 0x…: f (x.c:12)`, `==12==    by 0x…: g (in /lib/libc.so.6)` */
export const valgrindFrame: FrameFormat = {
  failureLines: [/==\d+== *\s+at 0x[0-9A-Fa-f]+: /],
  read(lines, i) {
    const m = /^==\d+==\s+(?:at|by) 0x[0-9A-Fa-f]+: (.+?) \((?:in (\S+)|([^():\s]+):(\d+))\)\s*$/.exec(lines[i]!);
    if (!m) return null;
    if (m[3] === undefined) return 'consumed';
    return nativeFrame(m[3], m[4], i, m[1]);
  },
};

/**
 * One-line failures of C/C++ tools: sanitizer summaries, UBSan runtime errors,
 * GoogleTest / Catch2 / Unity failure locations.
 */
export const nativeFailureLine: FrameFormat = {
  failureLines: [/\S+\.\w+:\d+:\w+:FAIL\b/],
  read(lines, i) {
    const line = lines[i]!;
    let m: RegExpExecArray | null;
    if ((m = /^SUMMARY: \w+Sanitizer: [\w-]+ (\S+?):(\d+)(?::\d+)?(?: in (\S.*))?$/.exec(line))) {
      return { frame: withFunction(frame(m[1]!, m[2], i), m[3]), style: 'single' };
    }
    if (
      (m = /^(\S+\.\w+):(\d+):\d+: runtime error: /.exec(line)) ||
      (m = /^(\S+\.\w+)(?::(\d+)|\((\d+)\)): (?:Failure|FAILED:|error: )/.exec(line))
    ) {
      return { frame: frame(m[1]!, m[2] ?? m[3], i), style: 'single' };
    }
    if ((m = /^(\S+\.\w+):(\d+):(\w+):FAIL\b/.exec(line))) {
      return { frame: withFunction(frame(m[1]!, m[2], i), m[3]), style: 'single' };
    }
    return null;
  },
};
