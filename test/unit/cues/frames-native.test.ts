import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, inferTask } from '../../../src/cues/index.js';
import * as N from './fixtures/native-traces.js';
import { cuesOf, strengthOf, r } from './frame-cues.js';

const { frameDecay: d, testFrameScale: ts, libraryFrameStrength: lib } = CUE_DEFAULTS;
const CI = '/home/runner/work/httpparse/httpparse';

describe('frames: sanitizers', () => {
  it('AddressSanitizer: the crash stack innermost first, the allocation stack a trace of its own, runtime frames weak', () => {
    expect(cuesOf(N.ASAN_C, 'frame')).toEqual([
      // the allocation stack's deepest application frame, and the crash stack's
      `${CI}/fuzz/fuzz_request.c:9@1`,
      `${CI}/src/util/strutil.c:7@1`,
      `${CI}/fuzz/fuzz_request.c:22@${d}`,
      `${CI}/src/request.c:46@${d}`,
      `${CI}/fuzz/fuzz_request.c:12@${r(d * d)}`,
      // __interceptor_malloc, __libc_start_call_main, __libc_start_main_impl: library frames;
      // `_start (…/fuzz_request+0x21c0)` names a binary, no source
      `../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69@${lib}`,
      `../sysdeps/nptl/libc_start_call_main.h:58@${lib}`,
      `../csu/libc-start.c:360@${r(lib * d)}`,
    ]);
    const { cues } = extractCues({ raw_signal: N.ASAN_C });
    expect(strengthOf(cues, 'identifier', 'str_find')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'http_parse_request')).toBe(d);
    expect(strengthOf(cues, 'identifier', '__libc_start_main_impl')).toBeUndefined();
  });

  it('C++ frames lose their signatures: `tinyjson::Parser::parseString()` is Parser and parseString', () => {
    const frames = cuesOf(N.ASAN_CPP, 'frame');
    expect(frames).toContain('/home/runner/work/tinyjson/tinyjson/src/parser.cpp:48@1');
    expect(frames).toContain(`/home/runner/work/tinyjson/tinyjson/src/parser.cpp:83@${r(d * d)}`);
    // `tinyjson::parse(std::basic_string_view<char, std::char_traits<char> >) /…/parser.cpp:8`
    expect(frames).toContain(`/home/runner/work/tinyjson/tinyjson/src/parser.cpp:8@${r(d ** 5)}`);
    const { cues } = extractCues({ raw_signal: N.ASAN_CPP });
    expect(strengthOf(cues, 'identifier', 'Parser')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'parseString')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'parseArray')).toBe(r(d * d));
    expect(cues.some((c) => c.kind === 'identifier' && /basic_string_view|char_traits|std/.test(c.value))).toBe(false);
  });

  it('UBSan: the runtime error line and the stack it prints', () => {
    expect(cuesOf(N.UBSAN_C, 'frame')).toEqual([
      `${CI}/src/util/strutil.c:36@1`,
      `${CI}/src/headers.c:32@${d}`,
      `${CI}/src/request.c:58@${r(d * d)}`,
      `${CI}/src/main.c:10@${r(d ** 3)}`,
      `../sysdeps/nptl/libc_start_call_main.h:58@${lib}`,
      `../csu/libc-start.c:360@${r(lib * d)}`,
    ]);
  });
});

describe('frames: gdb, lldb, valgrind', () => {
  it('gdb: the stop line and `bt`, arguments with strings and <error: …> values, frames named by function', () => {
    expect(cuesOf(N.GDB_C, 'frame')).toEqual([
      'src/util/strutil.c:7@1',
      `src/request.c:22@${d}`,
      `src/request.c:53@${r(d * d)}`,
      `src/main.c:10@${r(d ** 3)}`,
    ]);
    const { cues } = extractCues({ raw_signal: N.GDB_C });
    expect(strengthOf(cues, 'identifier', 'parse_request_line')).toBe(d);
  });

  it('gdb wrapped at 80 columns reads as unwrapped', () => {
    expect(cuesOf(N.GDB_C_WRAPPED, 'frame')).toEqual(cuesOf(N.GDB_C, 'frame'));
    expect(
      extractCues({ raw_signal: N.GDB_C_WRAPPED })
        .cues.filter((c) => c.kind === 'identifier')
        .map((c) => c.value),
    ).toEqual(['str_find', 'parse_request_line', 'http_parse_request']);
  });

  it('gdb C++: `__cxa_throw () from libstdc++.so.6` names no file; the class and method of each frame', () => {
    expect(cuesOf(N.GDB_CPP_CATCH, 'frame')).toEqual([
      'src/parser.cpp:24@1',
      `src/parser.cpp:86@${d}`,
      `src/parser.cpp:32@${r(d * d)}`,
      `src/parser.cpp:11@${r(d ** 3)}`,
      `src/parser.cpp:8@${r(d ** 4)}`,
      `src/cli.cpp:12@${r(d ** 5)}`,
    ]);
    const { cues } = extractCues({ raw_signal: N.GDB_CPP_CATCH });
    expect(strengthOf(cues, 'identifier', 'expect')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Parser')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'parseArray')).toBe(d);
  });

  it('lldb: `module`function(args) at file:line:col`; `dyld`start + 2360` names no file', () => {
    expect(cuesOf(N.LLDB_CPP, 'frame')).toEqual(['value.cpp:68@1', `writer.cpp:32@${d}`, `cli.cpp:13@${r(d * d)}`]);
    const { cues } = extractCues({ raw_signal: N.LLDB_CPP });
    expect(strengthOf(cues, 'identifier', 'asString')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'serialize')).toBe(d);
  });

  it('valgrind: `at`/`by` frames with file names only; `(in /lib/…so)` frames name no source', () => {
    expect(cuesOf(N.VALGRIND_C, 'frame')).toEqual(['headers.c:32@1', `request.c:58@${d}`, `main.c:10@${r(d * d)}`]);
    const { cues } = extractCues({
      raw_signal:
        'x\n==9== Invalid free()\n==9==    at 0x483CA3F: free (in /usr/lib/x86_64-linux-gnu/valgrind/vgpreload_memcheck-amd64-linux.so)\n==9==    by 0x1091A2: conn_close (conn.c:88)\n',
    });
    expect(cues.filter((c) => c.kind === 'frame').map((c) => `${c.value}:${c.line}@${c.strength}`)).toEqual([
      'conn.c:88@1',
    ]);
  });
});

describe('frames: C and C++ test output', () => {
  it('GoogleTest failures: `file:line: Failure` is a test frame, `[  FAILED  ] Suite.Name` a test and its class', () => {
    expect(cuesOf(N.CTEST_GTEST, 'frame')).toEqual([
      `/home/runner/work/tinyjson/tinyjson/tests/parser_test.cpp:24@${ts}`,
      `/home/runner/work/tinyjson/tinyjson/tests/value_test.cpp:14@${ts}`,
    ]);
    const { cues } = extractCues({ raw_signal: N.CTEST_GTEST });
    const tests = cues.filter((c) => c.kind === 'test-name').map((c) => c.value);
    expect(tests).toEqual(expect.arrayContaining(['ParsesObjectsInOrder', 'SetReplacesInPlace']));
    expect(tests).not.toContain('ParsesNumbers'); // `[       OK ]` lines are passing tests
    // ParserTest → Parser, the class under test
    expect(strengthOf(cues, 'identifier', 'Parser')).toBe(CUE_DEFAULTS.testSymbolStrength);
  });

  it('a GoogleTest body in a stack (`Suite_Name_Test::TestBody()`) is that test of that suite', () => {
    const text = [
      '==7==ERROR: AddressSanitizer: heap-use-after-free on address 0x6030000000f0',
      '    #0 0x55 in tinyjson::Value::asString() const /src/tinyjson/src/value.cpp:68:3',
      '    #1 0x56 in ValueTest_FindsMembers_Test::TestBody() /src/tinyjson/tests/value_test.cpp:21:3',
      '    #2 0x57 in void testing::internal::HandleExceptionsInMethodIfSupported<testing::Test, void>(testing::Test*, void (testing::Test::*)(), char const*) /src/googletest/src/gtest.cc:2621:10',
    ].join('\n');
    const { cues } = extractCues({ raw_signal: text });
    expect(cues.filter((c) => c.kind === 'frame').map((c) => `${c.value}:${c.line}@${c.strength}`)).toEqual([
      '/src/tinyjson/src/value.cpp:68@1',
      `/src/tinyjson/tests/value_test.cpp:21@${ts}`,
      `/src/googletest/src/gtest.cc:2621@${lib}`, // gtest internals: a library frame
    ]);
    expect(cues.filter((c) => c.kind === 'test-name').map((c) => c.value)).toEqual(['FindsMembers']);
    expect(strengthOf(cues, 'identifier', 'asString')).toBe(1);
  });

  it('Unity `file:line:test:FAIL` and CTest `Test #N: name ...***Failed` name their tests', () => {
    expect(cuesOf(N.UNITY_C, 'frame')).toEqual([`tests/test_headers.c:11@${ts}`]);
    const { cues } = extractCues({ raw_signal: N.UNITY_C });
    expect(cues.filter((c) => c.kind === 'test-name').map((c) => c.value)).toEqual(['test_get_ignores_case']);
    const ctest = extractCues({
      raw_signal: '2/5 Test #2: parser_test ......................***Failed    0.01 sec\n',
    }).cues;
    expect(ctest.filter((c) => c.kind === 'test-name').map((c) => c.value)).toEqual(['parser_test']);
    // `parser_test` → parser, a single plain word: a weak hint
    expect(strengthOf(ctest, 'identifier', 'parser')).toBe(CUE_DEFAULTS.testSymbolVariantStrength);
  });
});

describe('native traces pasted as text are trace2code', () => {
  it.each(Object.entries(N))('%s', (_name, text) => {
    expect(inferTask(text)).toBe('trace2code');
  });

  it('prose with a heading or a `#1` list is not', () => {
    expect(inferTask('#1 Parser rejects "[1, 2 ]"\n\nThe parser (see above) fails on spaces before ].\n')).toBe(
      'issue2code',
    );
  });
});
