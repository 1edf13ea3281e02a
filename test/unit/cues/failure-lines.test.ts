/**
 * The failure-line recognizer of task inference is built from what the frame formats and the
 * test-name parsers declare (`failureLines`, `FAILING_TEST_LINES`): each format's lines match
 * lines that format prints, and a plain text holding one is a failure (trace2code).
 */
import { describe, expect, it } from 'vitest';
import { inferTask } from '../../../src/cues/index.js';
import { FRAME_FORMATS, type FrameFormat } from '../../../src/cues/frame-formats/index.js';
import * as compilers from '../../../src/cues/frame-formats/compilers.js';
import * as dotnet from '../../../src/cues/frame-formats/dotnet.js';
import * as go from '../../../src/cues/frame-formats/go.js';
import * as js from '../../../src/cues/frame-formats/js.js';
import * as jvm from '../../../src/cues/frame-formats/jvm.js';
import * as kotlin_native from '../../../src/cues/frame-formats/kotlin-native.js';
import * as native from '../../../src/cues/frame-formats/native.js';
import * as php from '../../../src/cues/frame-formats/php.js';
import * as python from '../../../src/cues/frame-formats/python.js';
import * as ruby from '../../../src/cues/frame-formats/ruby.js';
import * as rust from '../../../src/cues/frame-formats/rust.js';
import * as scala from '../../../src/cues/frame-formats/scala.js';
import * as swift from '../../../src/cues/frame-formats/swift.js';
import { FAILING_TEST_LINES, findTestNames } from '../../../src/cues/test-names.js';

/** A line of each format that only a failing run or a crash prints. */
const SAMPLES: Record<string, string[]> = {
  pythonTraceback: ['Traceback (most recent call last):', '  File "src/a.py", line 3, in f'],
  pytestLine: ['E   AssertionError: assert 3 == 2'],
  rustPanic: ["thread 'main' panicked at src/lexer.rs:88:9:"],
  jvmFrame: ['\tat com.example.ledger.Ledger.post(Ledger.java:42)'],
  sbtJvmFrame: ['[info]   at csvkit.Parser.parse(Parser.scala:12)'],
  scalaTestFailure: [
    '[info] - parses a short record *** FAILED ***',
    '==> X csvkit.parse.ParserSuite.a short record  0.01s munit.FailException: /x/ParserSuite.scala:19',
  ],
  swiftTrap: ['Checkout/Cart.swift:12: Fatal error: Index out of range'],
  swiftTestFailure: ["Test Case '-[CheckoutTests.CartTests testTotal]' failed (0.002 seconds)."],
  swiftBacktrace: ['💣 Program crashed: Illegal instruction at 0x0000000100003f2c'],
  dotnetFrame: [
    '   at Orders.Core.Order.Place() in /src/Orders.Core/Order.cs:line 42',
    'Unhandled exception. System.InvalidOperationException: empty',
  ],
  kotlinNativeFrame: [
    '    at 4   test.kexe   0x10a0d0a4b   kfun:dev.cron.Schedule#nextAfter(){} + 12 (/src/Schedule.kt:21:9)',
  ],
  jsFrame: ['    at matchPattern (/home/dev/ts-router/src/match/pattern.ts:31:18)'],
  goroutineFrame: ['panic: runtime error: index out of range [3] with length 3'],
  sanitizerFrame: [
    '    #0 0x55d1 in parse_header /src/http/parser.c:88:12',
    '==4242==ERROR: AddressSanitizer: heap-buffer-overflow',
  ],
  gdbFrame: ['#1  0x0000555555555189 in parse (s=0x0) at parser.c:12'],
  lldbFrame: ['  * frame #0: 0x0000000100003f2c a.out`parse(s=0x0) at parser.c:12:5'],
  valgrindFrame: ['==4242==    at 0x4C2B: parse (parser.c:12)'],
  nativeFailureLine: ['test_parser.c:42:test_rejects_empty:FAIL: Expected 1 Was 0'],
  rubyBacktrace: ["app/models/zone.rb:12:in 'price'"],
  rubyTestLine: [
    'rspec ./spec/zone_spec.rb:4 # Zone prices Canada as near',
    'ZoneTest#test_near [test/zone_test.rb:8]:',
  ],
  phpErrorLine: ['PHP Fatal error:  Uncaught Error: boom in /app/src/Cart.php:12'],
  phpStackFrame: ['#0 /app/src/Cart.php(12): Acme\\Cart->total()'],
  phpunitLocation: ['There was 1 failure:'],
};

const formats: Record<string, FrameFormat> = Object.assign(
  {},
  compilers,
  dotnet,
  go,
  js,
  jvm,
  kotlin_native,
  native,
  php,
  python,
  ruby,
  rust,
  scala,
  swift,
);
const named = Object.entries(formats);

describe('failure lines', () => {
  it('every format that declares failure lines is one the frame scan tries, and has samples here', () => {
    const declaring = named.filter(([, f]) => f.failureLines && f.failureLines.length > 0).map(([name]) => name);
    expect(declaring.sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const name of declaring) expect(FRAME_FORMATS).toContain(formats[name]);
  });

  it.each(Object.entries(SAMPLES))(
    '%s: its failure lines match its samples, and a text of one is a failure',
    (name, samples) => {
      const format = formats[name]!;
      for (const sample of samples) {
        expect(
          format.failureLines!.some((re) => new RegExp(`^(?:${re.source})`).test(sample)),
          sample,
        ).toBe(true);
        expect(inferTask(`${sample}\n`), sample).toBe('trace2code');
      }
    },
  );

  it("a failed test's line is read by the test-name parser and is a failure", () => {
    for (const line of [
      'FAILED tests/test_x.py::test_rounds - AssertionError',
      '--- FAIL: TestRetryAfter (0.00s)',
      'test lexer::tests::ident ... FAILED',
      '[  FAILED  ] ParserTest.RejectsEmpty (0 ms)',
    ]) {
      expect(
        FAILING_TEST_LINES.some((re) => new RegExp(`^(?:${re.source})`).test(line)),
        line,
      ).toBe(true);
      expect(findTestNames(line).length, line).toBeGreaterThan(0);
      expect(inferTask(line), line).toBe('trace2code');
    }
  });
});
