import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, isLibraryPath, PathSuffixIndex } from '../../../src/cues/index.js';

function paths(text: string): string[] {
  return extractCues({ pr_body: text })
    .cues.filter((c) => c.kind === 'path')
    .map((c) => (c.line === undefined ? c.value : `${c.value}:${c.line}`));
}

describe('paths in text', () => {
  it('finds relative, ./, line-suffixed, absolute and file:// paths and strips punctuation around them', () => {
    expect(
      paths(
        'See src/click/core.py, ./packages/vite/src/node/env.ts and (binding/binding.go:102). ' +
          'It fails at "clap_builder/src/parser/parser.rs:12:5"; the fork has ' +
          '/home/x/work/forks/transformers/src/transformers/modeling_utils.py and file:///Users/bob/vite/cli.mjs:3:1. ' +
          'Also gin.go, `utils.ts` and src/x.ts#L42.',
      ),
    ).toEqual([
      '/Users/bob/vite/cli.mjs:3',
      '/home/x/work/forks/transformers/src/transformers/modeling_utils.py',
      'binding/binding.go:102',
      'clap_builder/src/parser/parser.rs:12',
      'gin.go',
      'packages/vite/src/node/env.ts',
      'src/click/core.py',
      'src/x.ts:42',
      'utils.ts',
    ]);
  });

  it('does not take prose, versions, domains, dotted names or URLs for paths', () => {
    expect(
      paths(
        'Use and/or e.g. i.e. Fly.io, Node.js v20.10.0 or 3.x/4.x with application/x-yaml; call ctx.invoke or ' +
          'MockUtil.getMockMaker() per RFC 9512. Docs: https://fly.io/docs/reference/runtime-environment/#fly-client-ip ' +
          'and https://github.com/pallets/click/pull/2800 and git@github.com:org/repo.git',
      ),
    ).toEqual([]);
  });

  it('weakens paths into library installs', () => {
    const { cues } = extractCues('see /usr/lib/python3.11/unittest/case.py and node_modules/vite/dist/node/index.js', {
      task: 'generic',
    });
    expect(cues.filter((c) => c.kind === 'path').map((c) => c.strength)).toEqual([
      CUE_DEFAULTS.libraryPathStrength,
      CUE_DEFAULTS.libraryPathStrength,
    ]);
  });

  it("in an issue, an installed library path is the repository's own file", () => {
    const { task, cues } = extractCues(
      'Crash on import\nIt fails in /venv/lib/python3.11/site-packages/click/core.py, see there.',
    );
    expect(task).toBe('issue2code');
    expect(cues.filter((c) => c.kind === 'path')).toEqual([
      {
        kind: 'path',
        value: '/venv/lib/python3.11/site-packages/click/core.py',
        strength: CUE_DEFAULTS.textPathStrength,
        field: 'text',
      },
    ]);
  });

  it('reads the file (and line) a source link points at, on any code host', () => {
    const text =
      'This line: https://github.com/PyCQA/pylint/blob/ce7cccf96454fb6e286e4a8f38919733a0f28f44/pylint/__init__.py#L99 and ' +
      '<https://gitlab.com/o/r/-/blob/main/src/a%20b.rs> and https://raw.githubusercontent.com/o/r/v1/lib/x.js, not https://github.com/o/r/tree/main/docs';
    expect(paths(text)).toEqual(['lib/x.js', 'pylint/__init__.py:99', 'src/a b.rs']);
    const { cues } = extractCues({ pr_body: text });
    expect(cues.find((c) => c.value === 'pylint/__init__.py')).toEqual({
      kind: 'path',
      value: 'pylint/__init__.py',
      line: 99,
      strength: CUE_DEFAULTS.sourceLinkPathStrength,
      field: 'pr_body',
    });
  });

  it('gives structural path fields full strength and keeps their line', () => {
    const { cues, task } = extractCues({
      changed_files: ['src/click/core.py', 'src/click/types.py'],
      trace_paths: ['tests/test_options.py'],
      path: 'src/click/decorators.py',
      line: 212,
    });
    expect(task).toBe('trace2code');
    expect(cues.filter((c) => c.kind === 'path')).toEqual([
      { kind: 'path', value: 'src/click/core.py', strength: 1, field: 'changed_files' },
      { kind: 'path', value: 'src/click/decorators.py', line: 212, strength: 1, field: 'path' },
      { kind: 'path', value: 'src/click/types.py', strength: 1, field: 'changed_files' },
      { kind: 'path', value: 'tests/test_options.py', strength: 1, field: 'trace_paths' },
    ]);
  });
});

describe('given files', () => {
  it('edit2ripple: the anchor file is given, not a path cue', () => {
    const r = extractCues({ intent: 'x', anchor_file: 'gin.go', anchor_diff: '@@ -1,2 +1,2 @@\n-a\n+b' });
    expect(r.givenFiles).toEqual(['gin.go']);
    expect(r.cues.filter((c) => c.kind === 'given-file' || c.kind === 'path')).toEqual([
      { kind: 'given-file', value: 'gin.go', strength: 1, field: 'anchor_file' },
    ]);
  });

  it('comment2context: `path` (with its line) is given', () => {
    const r = extractCues({
      review_comment: 'This should reuse normalizePath from utils.ts',
      path: 'packages/vite/src/node/plugins/css.ts',
      line: 88,
      diff_hunk_context:
        '@@ -80,6 +80,9 @@ export function cssPlugin(config: ResolvedConfig): Plugin {\n+    const file = path.posix.join(root, id)',
    });
    expect(r.task).toBe('comment2context');
    expect(r.givenFiles).toEqual(['packages/vite/src/node/plugins/css.ts']);
    expect(r.cues.filter((c) => c.kind === 'given-file')).toEqual([
      { kind: 'given-file', value: 'packages/vite/src/node/plugins/css.ts', line: 88, strength: 1, field: 'path' },
    ]);
    expect(r.cues.filter((c) => c.kind === 'path').map((c) => c.value)).toEqual(['utils.ts']);
    expect(r.cues.find((c) => c.kind === 'diff-symbol')).toMatchObject({
      value: 'cssPlugin',
      strength: CUE_DEFAULTS.diffContextStrength,
    });
  });
});

describe('path classes', () => {
  it.each([
    ['.arb-venv/lib/python3.11/site-packages/_pytest/python.py', true],
    ['/usr/lib/python3.11/unittest/case.py', true],
    ['/home/alice/.pyenv/versions/3.11.4/lib/python3.11/asyncio/events.py', true],
    ['/Users/bob/src/vite/node_modules/.pnpm/cac@6.7.14/node_modules/cac/dist/index.mjs', true],
    ['node:internal/modules/cjs/loader', true],
    ['/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.193/src/de/mod.rs', true],
    ['/rustc/cc66ad468955717ab92600c770da8c1601a4ff33/library/core/src/panicking.rs', true],
    ['/usr/local/go/src/runtime/panic.go', true],
    ['/home/u/go/pkg/mod/github.com/stretchr/testify@v1.8.4/assert/assertions.go', true],
    ['/home/runner/work/gin/gin/tree.go', false],
    ['src/click/core.py', false],
    ['lib/rules/no-new-object.js', false],
    ['/_/src/libraries/System.Private.CoreLib/src/System/ThrowHelper.cs', true],
    ['/home/u/.nuget/packages/newtonsoft.json/13.0.3/src/JsonReader.cs', true],
    ['/home/u/.gradle/caches/modules-2/files-2.1/org.jetbrains.kotlinx/Job.kt', true],
    ['/home/ci/swift-checkout/.build/checkouts/swift-argument-parser/Sources/ArgumentParser/Parsable.swift', true],
    ['Swift/ContiguousArrayBuffer.swift', true],
    ['/home/ci/swift-checkout/Sources/Checkout/Cart.swift', false],
    ['/home/u/.cache/coursier/v1/https/repo1.maven.org/maven2/org/typelevel/cats-core_2.13/Functor.scala', true],
    ['/home/u/.ivy2/local/org.example/lib/Lib.scala', true],
  ])('isLibraryPath(%s) = %s', (path, expected) => {
    expect(isLibraryPath(path)).toBe(expected);
  });
});

describe('PathSuffixIndex', () => {
  const corpus = [
    'src/click/core.py',
    'tests/core.py',
    'docs/click/core.py',
    'src/main/java/org/ledger/Ledger.java',
    'src/test/java/org/ledger/Ledger.java',
    'legacy/Ledger.java',
    'com/google/gson/internal/bind/JsonTreeReader.java',
    'gson/src/main/java/com/google/gson/internal/bind/JsonTreeReader.java',
    'packages/vite/src/node/config.ts',
    'C:/odd/but/stored.ts',
  ];
  const index = new PathSuffixIndex(corpus);

  it('matches an absolute path from another machine by its longest suffix', () => {
    expect(index.match('/home/x/forks/click/src/click/core.py')).toEqual(['src/click/core.py']);
    expect(index.match('file:///Users/bob/src/vite/packages/vite/src/node/config.ts')).toEqual([
      'packages/vite/src/node/config.ts',
    ]);
  });

  it('prefers the longest suffix: click/core.py matches two paths, not tests/core.py', () => {
    expect(index.match('click/core.py')).toEqual(['docs/click/core.py', 'src/click/core.py']);
  });

  it('returns every path on a tie (a bare file name), sorted', () => {
    expect(index.match('Ledger.java')).toEqual([
      'legacy/Ledger.java',
      'src/main/java/org/ledger/Ledger.java',
      'src/test/java/org/ledger/Ledger.java',
    ]);
  });

  it('lands a path whose folders match nothing on its file name only at the corpus root', () => {
    // another project's path (an issue quoting its own tree): three Ledger.java, none under these folders
    expect(index.match('src/locale/hu/Ledger.java')).toEqual([]);
    expect(index.candidates('src/locale/hu/Ledger.java')).toEqual([
      'legacy/Ledger.java',
      'src/main/java/org/ledger/Ledger.java',
      'src/test/java/org/ledger/Ledger.java',
    ]);
    // one config.ts, in folders other than the written ones: another file of that name
    expect(index.match('/go/pkg/mod/example.com/x@v1.2.0/config.ts')).toEqual([]);
    // one folder in common is enough, and a bare file name still lands on every file of that name
    expect(index.match('/opt/app/ledger/Ledger.java')).toEqual([
      'src/main/java/org/ledger/Ledger.java',
      'src/test/java/org/ledger/Ledger.java',
    ]);
    expect(index.match('Ledger.java')).toHaveLength(3);
    const rooted = new PathSuffixIndex(['tree.go', 'examples/examples/sloggish/main.rs', 'src/pytest.py']);
    // a module cache's copy of the repository: its root file
    expect(rooted.match('/go/pkg/mod/github.com/gin-gonic/gin@v1.7.1/tree.go')).toEqual(['tree.go']);
    // the reporter's own src/main.rs is not the corpus' only main.rs, in an examples folder
    expect(rooted.match('src/main.rs')).toEqual([]);
    expect(rooted.match('src/main.rs:22')).toEqual([]);
    // an installed module: site-packages is the package's root, so the written path is a bare file name
    expect(rooted.match('/tmp/venv/lib/python3.7/site-packages/pytest.py')).toEqual(['src/pytest.py']);
    // the standard library's str/mod.rs in a Rust trace is not the corpus' parser/mod.rs
    expect(
      new PathSuffixIndex(['src/parser/mod.rs', 'src/lib.rs']).match('/rustc/5980761/library/core/src/str/mod.rs:69'),
    ).toEqual([]);
  });

  it('matches a .NET frame written by namespace against folders named by namespace', () => {
    const dotnet = new PathSuffixIndex([
      'src/Orders.Storage/InMemoryOrderRepository.cs',
      'src/Orders.Cli/Program.cs',
      'tests/Orders.Storage.Tests/InMemoryOrderRepositoryTests.cs',
    ]);
    expect(dotnet.match('Orders/Storage/InMemoryOrderRepository.cs')).toEqual([
      'src/Orders.Storage/InMemoryOrderRepository.cs',
    ]);
    expect(dotnet.match('Orders/Cli/Program.cs')).toEqual(['src/Orders.Cli/Program.cs']);
  });

  it('matches Java package paths from frames against Maven/Gradle layouts', () => {
    expect(index.match('com/google/gson/internal/bind/JsonTreeReader.java')).toEqual([
      'com/google/gson/internal/bind/JsonTreeReader.java',
      'gson/src/main/java/com/google/gson/internal/bind/JsonTreeReader.java',
    ]);
    expect(index.match('org/ledger/Ledger.java')).toEqual([
      'src/main/java/org/ledger/Ledger.java',
      'src/test/java/org/ledger/Ledger.java',
    ]);
  });

  it('normalises backslashes, ./ and a trailing :line', () => {
    expect(index.match('.\\src\\click\\core.py')).toEqual(['src/click/core.py']);
    expect(index.match('./src/click/core.py:42:7')).toEqual(['src/click/core.py']);
    expect(index.match('C:\\Users\\me\\click\\src\\click\\core.py')).toEqual(['src/click/core.py']);
  });

  it('files a corpus path under its file name as tidied (a path read off as it is, or tidied first, gives the same)', () => {
    const odd = new PathSuffixIndex([
      'lib\\win\\io.py',
      ' space.py ',
      './dot/x.py',
      'a//b/y.py',
      'plain/z.py',
      'trailing/',
    ]);
    expect(odd.match('win/io.py')).toEqual(['lib\\win\\io.py']);
    expect(odd.match('space.py')).toEqual([' space.py ']);
    expect(odd.match('/elsewhere/dot/x.py')).toEqual(['./dot/x.py']);
    expect(odd.match('b/y.py')).toEqual(['a//b/y.py']);
    expect(odd.match('/else/plain/z.py')).toEqual(['plain/z.py']);
    expect(odd.match('trailing')).toEqual(['trailing/']);
  });

  it('returns [] when the file name matches nothing', () => {
    expect(index.match('src/click/parser.py')).toEqual([]);
    expect(index.match('')).toEqual([]);
    expect(index.match('/')).toEqual([]);
  });

  it("matches each of 10k paths to itself among 10k (a scan of every path per match would take minutes: the suite's test timeout catches it)", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `pkg${i % 100}/sub${i % 7}/file${i}.ts`);
    const big = new PathSuffixIndex(many);
    for (let i = 0; i < 10_000; i++)
      expect(big.match(`/abs/else/where/pkg${i % 100}/sub${i % 7}/file${i}.ts`)).toEqual([many[i]]);
    expect(big.match('/x/pkg42/sub0/file42.ts')).toEqual(['pkg42/sub0/file42.ts']);
  });
});
