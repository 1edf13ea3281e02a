import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, inferTask } from '../../../src/cues/index.js';
import * as S from './fixtures/swift-traces.js';
import { cuesOf, strengthOf, r } from './frame-cues.js';

const { frameDecay: d, libraryFrameStrength: lib } = CUE_DEFAULTS;
const CI = '/home/ci/swift-checkout';

describe('frames: Swift crashes', () => {
  it('the runtime backtracer: the trap line, then the crashed thread innermost first, the C runtime weak', () => {
    expect(cuesOf(S.PRECONDITION_BACKTRACE, 'frame')).toEqual([
      `${CI}/Sources/Money/Money.swift:43@1`,
      // `Money/Money.swift:43: Precondition failed` (the #fileID of Swift 5.8 on)
      'Money/Money.swift:43@1',
      `${CI}/Sources/Money/Money.swift:23@${d}`,
      `${CI}/Sources/Checkout/Cart.swift:47@${r(d * d)}`,
      `${CI}/Sources/Checkout/Receipt.swift:9@${r(d ** 3)}`,
      `${CI}/Tools/cli/main.swift:17@${r(d ** 4)}`,
      // _assertionFailure in libswiftCore.so names no file; libc's frames are library frames
      `csu/../sysdeps/nptl/libc_start_call_main.h:58@${lib}`,
      `csu/../csu/libc-start.c:392@${r(lib * d)}`,
    ]);
    const { cues } = extractCues({ raw_signal: S.PRECONDITION_BACKTRACE });
    expect(strengthOf(cues, 'identifier', 'requireSameCurrency')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Cart')).toBe(r(d * d));
    expect(strengthOf(cues, 'identifier', 'total')).toBe(r(d * d));
    expect(strengthOf(cues, 'identifier', '_assertionFailure')).toBeUndefined();
    expect(inferTask({ raw_signal: S.PRECONDITION_BACKTRACE })).toBe('trace2code');
  });

  it('a symbolicated crash report: file names and lines, closures read as the function they are in', () => {
    expect(cuesOf(S.CRASH_REPORT, 'frame')).toEqual([
      'Money.swift:43@1',
      `Money.swift:23@${d}`,
      `Cart.swift:47@${r(d * d)}`,
      `Receipt.swift:9@${r(d ** 3)}`,
      `main.swift:17@${r(d ** 4)}`,
    ]);
    const { cues } = extractCues({ raw_signal: S.CRASH_REPORT });
    // `closure #1 in Cart.total()`
    expect(strengthOf(cues, 'identifier', 'total')).toBe(r(d * d));
    expect(cues.some((c) => c.kind === 'identifier' && /closure|dyld|start/.test(c.value))).toBe(false);
  });

  it("traps of Swift 5.0–5.2: the fixture's file a frame, the standard library's a library frame", () => {
    expect(cuesOf(S.FATAL_ERROR_OLD, 'frame')).toEqual([
      'Checkout/Cart.swift:21@1',
      `Swift/ContiguousArrayBuffer.swift:580@${lib}`,
    ]);
    expect(inferTask({ raw_signal: S.FATAL_ERROR_OLD })).toBe('trace2code');
  });

  it('swiftc errors are compiler diagnostics', () => {
    expect(cuesOf(S.COMPILER_ERROR, 'frame')).toEqual([`${CI}/Sources/Checkout/Receipt.swift:16@1`]);
  });
});

describe('frames: Swift tests', () => {
  it("XCTest on Linux: the failing assertion's line in the test file, and the test by name", () => {
    expect(cuesOf(S.XCTEST_LINUX, 'frame')).toEqual([
      `${CI}/Tests/CheckoutTests/CartTests.swift:27@${CUE_DEFAULTS.testFrameScale}`,
    ]);
    expect(cuesOf(S.XCTEST_LINUX, 'test-name')).toEqual(['testTotalAppliesPercentOff@1']);
    expect(inferTask({ raw_signal: S.XCTEST_LINUX })).toBe('trace2code');
  });

  it('XCTest on macOS: `-[Module.Class test]`', () => {
    expect(cuesOf(S.XCTEST_MACOS, 'frame')).toEqual([
      `/Users/dev/swift-checkout/Tests/CheckoutTests/DiscountTests.swift:10@${CUE_DEFAULTS.testFrameScale}`,
    ]);
    expect(cuesOf(S.XCTEST_MACOS, 'test-name')).toEqual(['testBuyTwoGetOneFree@1']);
    const { cues } = extractCues({ raw_signal: S.XCTEST_MACOS });
    expect(strengthOf(cues, 'identifier', 'DiscountTests')).toBeDefined();
  });

  it('Swift Testing: an issue recorded at a place of the test file', () => {
    expect(cuesOf(S.SWIFT_TESTING, 'frame')).toEqual([`CartTests.swift:27@${CUE_DEFAULTS.testFrameScale}`]);
    expect(cuesOf(S.SWIFT_TESTING, 'test-name').map((c) => c.split('@')[0])).toEqual(['totalAppliesPercentOff']);
    expect(inferTask({ raw_signal: S.SWIFT_TESTING })).toBe('trace2code');
  });
});
