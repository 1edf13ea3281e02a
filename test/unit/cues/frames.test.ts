import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues } from '../../../src/cues/index.js';
import type { Cue, CueKind } from '../../../src/types.js';
import * as T from './fixtures/traces.js';

/** Cues of one kind as compact `value:line@strength` strings, in output order. */
function cuesOf(text: string, kind: CueKind): string[] {
  return extractCues({ raw_signal: text })
    .cues.filter((c) => c.kind === kind)
    .map((c) => `${c.value}${c.line === undefined ? '' : `:${c.line}`}@${c.strength}`);
}

function values(text: string, kind: CueKind): string[] {
  return extractCues({ raw_signal: text })
    .cues.filter((c) => c.kind === kind)
    .map((c) => c.value);
}

function strengthOf(cues: readonly Cue[], kind: CueKind, value: string, line?: number): number | undefined {
  return cues.find((c) => c.kind === kind && c.value === value && (line === undefined || c.line === line))?.strength;
}

const { frameDecay: d, testFrameScale: ts, libraryFrameStrength: lib } = CUE_DEFAULTS;
/** Strengths are rounded to 4 decimals by the stage. */
const r = (x: number): number => Math.round(x * 1e4) / 1e4;

describe('frames: pytest', () => {
  it('ranks the deepest repository frame first, then outward; test and site-packages frames weaker', () => {
    expect(cuesOf(T.PYTEST_RUN, 'frame')).toEqual([
      // deepest frame outside tests and libraries: the bug is most likely here
      'src/click/parser.py:87@1',
      // its caller
      `src/click/parser.py:118@${d}`,
      // the test that failed: evidence, not an answer
      `tests/test_parser.py:42@${ts}`,
      // site-packages frames are deepest but belong to a dependency: emitted weakly, the corpus decides
      `.venv/lib/python3.11/site-packages/attr/_make.py:2401@${lib}`,
      `.venv/lib/python3.11/site-packages/attr/_make.py:2314@${r(lib * d)}`,
    ]);
  });

  it('reads the failing test from the section header and the summary, and maps it to the symbols under test', () => {
    const { cues } = extractCues({ raw_signal: T.PYTEST_RUN });
    expect(values(T.PYTEST_RUN, 'test-name')).toEqual(['test_parse_empty']);
    expect(strengthOf(cues, 'test-name', 'test_parse_empty')).toBe(1);
    // test_parse_empty → parse_empty; class TestParser → Parser
    expect(strengthOf(cues, 'identifier', 'parse_empty')).toBe(CUE_DEFAULTS.testSymbolStrength);
    expect(strengthOf(cues, 'identifier', 'Parser')).toBe(CUE_DEFAULTS.testSymbolStrength);
    // `in parse_args` of the short-style entry names a function of the repository frame
    expect(strengthOf(cues, 'identifier', 'parse_args')).toBe(d);
    // `in __init__` is a special name, not a cue
    expect(strengthOf(cues, 'identifier', '__init__')).toBeUndefined();
  });

  it('keeps session chrome and truncated summary text out of the cues', () => {
    const all = extractCues({ raw_signal: T.PYTEST_RUN }).cues.map((c) => c.value);
    for (const noise of ['platform', 'pluggy', 'rootdir', 'pyproject.toml', 'session', 'IndexError']) {
      expect(all).not.toContain(noise);
    }
  });
});

describe('frames: Python traceback', () => {
  it('orders frames innermost-last, skips <module>, and keeps absolute paths from another machine as written', () => {
    expect(cuesOf(T.PYTHON_CHAINED, 'frame')).toEqual([
      // first traceback of the chain: its only frame is its deepest
      '/home/alice/work/forks/transformers/src/transformers/configuration_utils.py:262@1',
      // second traceback: the deepest frame is in torch (site-packages), so the one above it leads
      '/home/alice/work/forks/transformers/src/transformers/models/bert/modeling_bert.py:891@1',
      `/home/alice/work/forks/transformers/src/transformers/modeling_utils.py:3012@${d}`,
      `/home/alice/work/forks/transformers/examples/run_glue.py:521@${r(d * d)}`,
      `/home/alice/work/forks/transformers/examples/run_glue.py:612@${r(d * d * d)}`,
      `/home/alice/.pyenv/versions/3.11.4/lib/python3.11/site-packages/torch/nn/modules/module.py:1695@${lib}`,
    ]);
  });

  it('emits frame functions as identifiers with their frame strength and error-line names above prose', () => {
    const { cues } = extractCues({ raw_signal: T.PYTHON_CHAINED });
    expect(strengthOf(cues, 'identifier', 'build_embeddings')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'from_pretrained')).toBe(d);
    // `main` and `<module>` are not names worth matching; dunders neither
    expect(strengthOf(cues, 'identifier', 'main')).toBeUndefined();
    expect(strengthOf(cues, 'identifier', '__getattribute__')).toBeUndefined();
    // names in the exception message
    expect(strengthOf(cues, 'identifier', 'BertEmbeddings')).toBe(CUE_DEFAULTS.errorLineIdentifierStrength);
    expect(strengthOf(cues, 'identifier', 'word_embeddings')).toBe(CUE_DEFAULTS.errorLineIdentifierStrength);
    // but not the builtin exception type
    expect(strengthOf(cues, 'identifier', 'AttributeError')).toBeUndefined();
  });
});

describe('frames: Go', () => {
  it('reads t.Errorf / testify locations as test-file frames and --- FAIL lines as test names', () => {
    expect(cuesOf(T.GO_TEST_FAIL, 'frame')).toEqual([
      `/home/runner/work/gin/gin/context_test.go:712@${ts}`,
      `context_test.go:712@${ts}`,
      `routergroup_test.go:45@${ts}`,
    ]);
    expect(values(T.GO_TEST_FAIL, 'test-name')).toEqual(['TestContextRenderJSON', 'TestRouterGroup_Handle']);
    const { cues } = extractCues({ raw_signal: T.GO_TEST_FAIL });
    // TestContextRenderJSON → ContextRenderJSON; TestRouterGroup_Handle → RouterGroup
    expect(strengthOf(cues, 'identifier', 'ContextRenderJSON')).toBe(CUE_DEFAULTS.testSymbolStrength);
    expect(strengthOf(cues, 'identifier', 'RouterGroup')).toBe(CUE_DEFAULTS.testSymbolStrength);
    // `FAIL	github.com/gin-gonic/gin	0.031s` is chrome
    expect(values(T.GO_TEST_FAIL, 'term')).not.toContain('gin-gonic');
  });

  it('reads a goroutine panic innermost-first: runtime and testing frames weak, the repository frame in tree.go strongest', () => {
    expect(cuesOf(T.GO_PANIC, 'frame')).toEqual([
      '/home/runner/work/gin/gin/tree.go:418@1',
      `/home/runner/work/gin/gin/gin.go:635@${d}`,
      `/home/runner/work/gin/gin/gin.go:589@${r(d * d)}`,
      `/home/runner/work/gin/gin/routes_test.go:35@${ts}`,
      `/home/runner/work/gin/gin/routes_test.go:312@${r(ts * d)}`,
      `/usr/local/go/src/testing/testing.go:1545@${lib}`,
      `/usr/local/go/src/testing/testing.go:1548@${r(lib * d)}`,
      `/usr/local/go/src/runtime/panic.go:914@${r(lib * d * d)}`,
      `/usr/local/go/src/testing/testing.go:1595@${r(lib * d ** 3)}`,
      // decayed below the floor
      `/usr/local/go/src/testing/testing.go:1648@${CUE_DEFAULTS.minFrameStrength}`,
    ]);
  });

  it('takes receiver types and function names from the goroutine frames', () => {
    const { cues } = extractCues({ raw_signal: T.GO_PANIC });
    expect(strengthOf(cues, 'identifier', 'getValue')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Engine')).toBe(d);
    expect(strengthOf(cues, 'identifier', 'handleHTTPRequest')).toBe(d);
    expect(strengthOf(cues, 'identifier', 'ServeHTTP')).toBe(r(d * d));
    expect(strengthOf(cues, 'identifier', 'tRunner')).toBeUndefined();
    expect(strengthOf(cues, 'test-name', 'TestRouteNotAllowed')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'RouteNotAllowed')).toBe(CUE_DEFAULTS.testSymbolStrength);
  });
});

describe('frames: Rust', () => {
  it('reads the panic location and the backtrace; std/core frames under /rustc/ are library frames', () => {
    expect(cuesOf(T.RUST_TEST_FAIL, 'frame')).toEqual([
      // deepest application frame of the backtrace
      'clap_builder/src/builder/command.rs:3340@1',
      // where it panicked (its own one-frame trace)
      'clap_builder/src/output/usage.rs:510@1',
      `clap_builder/src/output/usage.rs:37@${d}`,
      // the test's closure: a `::tests::` frame, second among test frames
      `clap_builder/src/output/usage.rs:505@${r(ts * d)}`,
      `/rustc/cc66ad468955717ab92600c770da8c1601a4ff33/library/std/src/panicking.rs:595@${lib}`,
      `/rustc/cc66ad468955717ab92600c770da8c1601a4ff33/library/core/src/panicking.rs:67@${r(lib * d)}`,
      `/rustc/cc66ad468955717ab92600c770da8c1601a4ff33/library/core/src/panicking.rs:228@${r(lib * d * d)}`,
      `/rustc/cc66ad468955717ab92600c770da8c1601a4ff33/library/core/src/ops/function.rs:250@${r(lib * d ** 3)}`,
    ]);
  });

  it('maps cargo test names: the test function, and its modules as terms', () => {
    const { cues } = extractCues({ raw_signal: T.RUST_TEST_FAIL });
    expect(values(T.RUST_TEST_FAIL, 'test-name')).toEqual(['usage_name_fallback']);
    expect(strengthOf(cues, 'term', 'usage')).toBe(CUE_DEFAULTS.testModuleTermStrength);
    expect(strengthOf(cues, 'term', 'output')).toBe(CUE_DEFAULTS.testModuleTermStrength);
    expect(strengthOf(cues, 'identifier', 'get_usage_name_fallback')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Command')).toBe(1);
    // passing tests and build chrome give nothing
    expect(cues.map((c) => c.value)).not.toContain('propagate_version');
    expect(cues.map((c) => c.value)).not.toContain('src/lib.rs');
  });

  it('reads the pre-1.73 panic format and ignores the main thread name', () => {
    expect(cuesOf(T.RUST_OLD_PANIC, 'frame')).toEqual(['src/parser.rs:88@1']);
    expect(values(T.RUST_OLD_PANIC, 'test-name')).toEqual(['parse_empty']);
  });

  it('reads compiler locations', () => {
    const text = `error[E0425]: cannot find value \`usage_name\` in this scope
   --> clap_builder/src/output/help_template.rs:412:23
    |
412 |         let name = usage_name.clone();
    |                    ^^^^^^^^^^ not found in this scope`;
    expect(cuesOf(text, 'frame')).toEqual(['clap_builder/src/output/help_template.rs:412@1']);
    expect(strengthOf(extractCues({ raw_signal: text }).cues, 'identifier', 'usage_name')).toBe(
      CUE_DEFAULTS.backtickIdentifierStrength,
    );
  });
});

describe('frames: Java', () => {
  it('turns `at pkg.Class.method(File.java:N)` into package paths; Caused by starts a new trace', () => {
    expect(cuesOf(T.JAVA_SUREFIRE, 'frame')).toEqual([
      // root cause trace: its top frame
      'com/google/gson/internal/bind/JsonTreeReader.java:168@1',
      // first trace: its top frame
      'com/google/gson/internal/bind/JsonTreeReader.java:291@1',
      `com/google/gson/internal/bind/JsonTreeReader.java:203@${d}`,
      `com/google/gson/internal/bind/JsonTreeReader.java:285@${r(d * d)}`,
      `com/google/gson/internal/bind/JsonTreeReaderTest.java:47@${ts}`,
      // java.base/ module frames, junit and surefire are library frames; `(Native Method)` has no file
      `jdk/internal/reflect/NativeMethodAccessorImpl.java:77@${lib}`,
      `java/lang/reflect/Method.java:568@${r(lib * d)}`,
      `junit/framework/TestCase.java:177@${r(lib * d * d)}`,
      `junit/framework/TestCase.java:142@${r(lib * d ** 3)}`,
      `org/apache/maven/surefire/junit4/JUnit4Provider.java:124@${CUE_DEFAULTS.minFrameStrength}`,
    ]);
  });

  it('emits class and method names, and maps the JUnit test method and class to the class under test', () => {
    const { cues } = extractCues({ raw_signal: T.JAVA_SUREFIRE });
    expect(strengthOf(cues, 'identifier', 'JsonTreeReader')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'expect')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'skipValue')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'nextName')).toBe(d);
    expect(values(T.JAVA_SUREFIRE, 'test-name')).toEqual(['testSkipValue_filledJsonObject']);
    // testSkipValue_filledJsonObject → SkipValue / skipValue
    expect(strengthOf(cues, 'identifier', 'SkipValue')).toBe(CUE_DEFAULTS.testSymbolStrength);
    // JsonTreeReaderTest → jsonTreeReader (the variant; JsonTreeReader itself is already a frame name)
    expect(strengthOf(cues, 'identifier', 'jsonTreeReader')).toBe(CUE_DEFAULTS.testSymbolVariantStrength);
    expect(strengthOf(cues, 'identifier', 'invoke0')).toBeUndefined();
  });

  it('reads the Gradle summary line', () => {
    const { cues } = extractCues({ raw_signal: T.JAVA_GRADLE });
    expect(values(T.JAVA_GRADLE, 'test-name')).toEqual(['testSkipValue_filledJsonObject']);
    expect(strengthOf(cues, 'identifier', 'JsonTreeReader')).toBe(CUE_DEFAULTS.testSymbolStrength);
    expect(strengthOf(cues, 'path', 'JsonTreeReaderTest.java', 47)).toBe(CUE_DEFAULTS.textPathStrength);
  });
});

describe('frames: JavaScript / TypeScript', () => {
  it('reads a Node CommonJS trace, skipping node:internal frames', () => {
    expect(cuesOf(T.NODE_CJS, 'frame')).toEqual([
      '/home/dev/work/fastify/lib/reply.js:412@1',
      `/home/dev/work/fastify/test/reply-code.test.js:18@${ts}`,
    ]);
    const { cues } = extractCues({ raw_signal: T.NODE_CJS });
    expect(strengthOf(cues, 'identifier', 'Reply')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'FST_ERR_BAD_STATUS_CODE')).toBe(CUE_DEFAULTS.textIdentifierStrength);
    expect(cues.map((c) => c.value)).not.toContain('run_main_module');
    expect(cues.map((c) => c.value)).not.toContain('Node.js');
  });

  it('reads an ESM trace with file:// URLs and async frames; node_modules is a library', () => {
    expect(cuesOf(T.NODE_ESM, 'frame')).toEqual([
      '/Users/bob/src/vite/packages/vite/src/node/config.ts:1021@1',
      `/Users/bob/src/vite/packages/vite/src/node/config.ts:512@${d}`,
      `/Users/bob/src/vite/packages/vite/src/node/server/index.ts:385@${r(d * d)}`,
      `/Users/bob/src/vite/playground/cli.mjs:12@${r(d * d * d)}`,
      `/Users/bob/src/vite/node_modules/.pnpm/cac@6.7.14/node_modules/cac/dist/index.mjs:612@${lib}`,
    ]);
    const { cues } = extractCues({ raw_signal: T.NODE_ESM });
    expect(strengthOf(cues, 'identifier', 'sortUserPlugins')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'resolveConfig')).toBe(d);
  });

  it('reads vitest ❯ locations and tsc errors', () => {
    const vitest = ` FAIL  packages/vite/src/node/__tests__/utils.spec.ts > normalizePath > removes trailing slash
AssertionError: expected '/a/b/' to be '/a/b' // Object.is equality
 ❯ packages/vite/src/node/__tests__/utils.spec.ts:45:32`;
    expect(cuesOf(vitest, 'frame')).toEqual([`packages/vite/src/node/__tests__/utils.spec.ts:45@${ts}`]);
    const tsc = `src/node/config.ts(512,25): error TS2339: Property 'plugins' does not exist on type 'UserConfig'.`;
    expect(cuesOf(tsc, 'frame')).toEqual(['src/node/config.ts:512@1']);
  });
});
