import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, symbolsUnderTest } from '../../../src/cues/index.js';
import type { Cue } from '../../../src/types.js';

const strong = CUE_DEFAULTS.testSymbolStrength;
const weak = CUE_DEFAULTS.testSymbolVariantStrength;

function pick(cues: readonly Cue[], kind: Cue['kind']): [string, number][] {
  return cues.filter((c) => c.kind === kind).map((c) => [c.value, c.strength]);
}

describe('symbolsUnderTest', () => {
  it.each([
    // Go: TestFooBar tests FooBar; TestFoo_Bar tests Foo (method Bar)
    ['TestFooBar', ['FooBar']],
    ['TestFoo_Bar', ['Foo']],
    ['TestContext_Render/with_nil_writer', ['Context']],
    // pytest / unittest
    ['test_foo_bar', ['foo_bar']],
    ['test_generate_name[init_data_command]', ['generate_name']],
    ['TestParser', ['Parser']],
    ['BatchedTests', ['Batched', 'batched']],
    // JUnit
    ['testParseDuration', ['ParseDuration', 'parseDuration']],
    ['testSkipValue_filledJsonObject', ['SkipValue', 'skipValue']],
    ['JsonTreeReaderTest', ['JsonTreeReader', 'jsonTreeReader']],
    ['HTTPClientTest', ['HTTPClient']],
    // suffix style
    ['parse_duration_test', ['parse_duration']],
  ])('%s → %j', (name, expected) => {
    expect(symbolsUnderTest(name).map((s) => s.symbol)).toEqual(expected);
  });

  it.each([['shouldReturnEmptyList'], ['parse_empty'], ['test'], ['Test'], ['it_works']])(
    '%s names no symbol',
    (name) => {
      expect(symbolsUnderTest(name)).toEqual([]);
    },
  );

  it('marks lower-first forms as variants', () => {
    expect(symbolsUnderTest('testParseDuration')).toEqual([
      { symbol: 'ParseDuration', variant: false },
      { symbol: 'parseDuration', variant: true },
    ]);
  });
});

describe('test names in queries', () => {
  it('reads `test_names` ids: pytest ids give the file, the function and the class; parametrization is stripped', () => {
    const q = {
      test_names: [
        'tests/test_filters.py::TestFilter::test_int[1e10000-0]',
        'tests/test_filters.py::TestFilter::test_int[inf-0]',
        'tests/test_utils.py::test_lru_cache',
      ],
    };
    const { cues, task } = extractCues(q);
    expect(task).toBe('trace2code');
    expect(pick(cues, 'test-name')).toEqual([
      ['test_int', 1],
      ['test_lru_cache', 1],
    ]);
    expect(pick(cues, 'path')).toEqual([
      ['tests/test_filters.py', 1],
      ['tests/test_utils.py', 1],
    ]);
    expect(pick(cues, 'identifier')).toEqual([
      // TestFilter → Filter
      ['Filter', strong],
      ['lru_cache', strong],
      // test_int → `int`: a keyword, dropped
    ]);
  });

  it('reads Go, Rust and JUnit ids in `test_names`', () => {
    const { cues } = extractCues({
      test_names: [
        'TestRouterGroupHandle',
        'parser::tests::parse_empty_value',
        'com.google.gson.JsonParserTest#testParseDeeplyNested',
      ],
    });
    expect(pick(cues, 'test-name')).toEqual([
      ['TestRouterGroupHandle', 1],
      ['parse_empty_value', 1],
      ['testParseDeeplyNested', 1],
    ]);
    expect(pick(cues, 'identifier')).toEqual([
      ['JsonParser', strong],
      ['ParseDeeplyNested', strong],
      ['RouterGroupHandle', strong],
      ['jsonParser', weak],
      ['parseDeeplyNested', weak],
    ]);
    // the Rust module is a hint at the file name; Java packages are not
    expect(pick(cues, 'term')).toEqual([['parser', CUE_DEFAULTS.testModuleTermStrength]]);
  });

  it('treats a JavaScript test title as text', () => {
    const { cues } = extractCues({ test_names: ['renders the fallback slot when the promise rejects'] });
    expect(pick(cues, 'test-name')).toEqual([]);
    expect(pick(cues, 'term').map(([v]) => v)).toEqual(['fallback', 'promise', 'rejects', 'renders', 'slot']);
  });

  it('reads test selectors from the command', () => {
    const { cues } = extractCues({ command: "go test -run '^TestEngineHandleContext$' ./..." });
    expect(pick(cues, 'test-name')).toEqual([['TestEngineHandleContext', CUE_DEFAULTS.testFrameNameStrength]]);
    expect(pick(cues, 'identifier')).toEqual([['EngineHandleContext', strong]]);
  });

  it('reads a real trace2code row: pytest summary ids and trace_paths', () => {
    const query = {
      command: 'python -m pytest tests/test_more.py',
      raw_signal: `$ python -m pytest tests/test_more.py
...

=================================== FAILURES ===================================
__________________________ ChunkedTests.test_negative __________________________
ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.

During handling of the above exception, another exception occurred:

self = <tests.test_more.ChunkedTests testMethod=test_negative>

    def test_negative(self):
        """Test that a negative \`\`n\`\` raises a clear \`\`ValueError\`\`, matching
        the behavior of :func:\`sliced\`."""
>       self.assertRaisesRegex(
            ValueError,
            "n must be at least 0",
            lambda: list(mi.chunked('ABCDE', -1)),
        )
E       AssertionError: "n must be at least 0" does not match "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."

tests/test_more.py:76: AssertionError
=========================== short test summary info ============================
FAILED tests/test_more.py::ChunkedTests::test_negative - AssertionError: "n m...
======================== 1 failed, 588 passed in 9.73s =========================`,
      test_names: ['tests/test_more.py::ChunkedTests::test_negative'],
      trace_paths: ['tests/test_more.py'],
    };
    const { cues } = extractCues(query);
    expect(pick(cues, 'test-name')).toEqual([['test_negative', 1]]);
    expect(pick(cues, 'frame')).toEqual([['tests/test_more.py', CUE_DEFAULTS.testFrameScale]]);
    const ids = Object.fromEntries(pick(cues, 'identifier'));
    // ChunkedTests → Chunked / chunked: the function under test in more-itertools
    expect(ids.Chunked).toBe(strong);
    expect(ids.chunked).toBe(weak);
    // `:func:\`sliced\`` in the test's docstring
    expect(ids.sliced).toBe(CUE_DEFAULTS.backtickIdentifierStrength);
    // `sys.maxsize` on the `E` line: the last part of a dotted name in the error message
    expect(ids.maxsize).toBe(CUE_DEFAULTS.errorLineIdentifierStrength);
  });
});
