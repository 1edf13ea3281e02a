import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildResolveContext, resolveImport, type ResolveFile } from '../../../src/graph/resolve/index.js';
import { expandUseTree } from '../../../src/graph/resolve/rust.js';
import { FILE_PROBE, FOLDER_PROBE, probeHash, probingContext } from '../../../src/graph/edges/import.js';
import { LANGUAGES, type FileTags, type ImportSpec, type LanguageId } from '../../../src/types.js';

/** A corpus from paths (language null is enough: the resolver reads paths and manifest texts). */
function corpus(paths: string[], texts: Record<string, string> = {}): ResolveFile[] {
  const all = new Set([...paths, ...Object.keys(texts)]);
  return [...all].map((path) => ({
    path,
    language: null,
    ...(texts[path] !== undefined ? { text: texts[path] } : {}),
  }));
}

function spec(specifier: string, names: string[] = []): ImportSpec {
  return { specifier, line: 1, names };
}

type Row = [why: string, from: string, specifier: string, names: string[], expected: string[]];

function table(files: ResolveFile[], language: LanguageId, rows: Row[]): void {
  const ctx = buildResolveContext(files, []);
  for (const [why, from, specifier, names, expected] of rows) {
    it(why, () => {
      expect(resolveImport(ctx, from, language, spec(specifier, names))).toEqual(expected);
    });
  }
}

describe('resolve: python', () => {
  const files = corpus([
    'src/shop/__init__.py',
    'src/shop/models.py',
    'src/shop/api/__init__.py',
    'src/shop/api/views.py',
    'src/shop/api/serializers.py',
    'src/shop/util.pyi',
    'src/shop/nsless/thing.py',
    'lib/tools/__init__.py',
    'lib/tools/fmt.py',
    'scripts/run.py',
    'scripts/helpers.py',
    'tests/test_models.py',
    'tests/conftest.py',
    'setup.py',
    'top.py',
  ]);
  table(files, 'python', [
    ['dotted module under src/', 'tests/test_models.py', 'shop.models', [], ['src/shop/models.py']],
    ['package → __init__.py', 'tests/test_models.py', 'shop.api', [], ['src/shop/api/__init__.py']],
    ['root detected as parent of a top-level package (lib/)', 'setup.py', 'tools.fmt', [], ['lib/tools/fmt.py']],
    ['repo root is a source root', 'setup.py', 'top', [], ['top.py']],
    [
      'from a.b import c: c a submodule',
      'tests/test_models.py',
      'shop.api',
      ['views', 'serializers'],
      ['src/shop/api/serializers.py', 'src/shop/api/views.py'],
    ],
    [
      'from a.b import Name: falls back to the module',
      'tests/test_models.py',
      'shop.models',
      ['Item'],
      ['src/shop/models.py'],
    ],
    [
      'mixed names: submodule plus the package for the item',
      'tests/test_models.py',
      'shop.api',
      ['views', 'ApiError'],
      ['src/shop/api/__init__.py', 'src/shop/api/views.py'],
    ],
    ['.pyi stub', 'tests/test_models.py', 'shop.util', [], ['src/shop/util.pyi']],
    [
      'namespace folder without __init__.py',
      'tests/test_models.py',
      'shop.nsless.thing',
      [],
      ['src/shop/nsless/thing.py'],
    ],
    ['relative .x', 'src/shop/api/views.py', '.serializers', ['S'], ['src/shop/api/serializers.py']],
    ['relative ..x', 'src/shop/api/views.py', '..models', ['Item'], ['src/shop/models.py']],
    [
      'from . import y → sibling module',
      'src/shop/api/views.py',
      '.',
      ['serializers'],
      ['src/shop/api/serializers.py'],
    ],
    [
      'from . import Name → the package __init__',
      'src/shop/api/views.py',
      '.',
      ['ApiError'],
      ['src/shop/api/__init__.py'],
    ],
    ['from .. import y from an __init__.py', 'src/shop/api/__init__.py', '..', ['models'], ['src/shop/models.py']],
    [
      'alias and wildcard names',
      'src/shop/api/views.py',
      '.',
      ['serializers as s', '*'],
      ['src/shop/api/__init__.py', 'src/shop/api/serializers.py'],
    ],
    [
      'missing submodule → longest existing prefix',
      'tests/test_models.py',
      'shop.api.missing',
      [],
      ['src/shop/api/__init__.py'],
    ],
    ['script folder is on sys.path', 'scripts/run.py', 'helpers', [], ['scripts/helpers.py']],
    ['a package module does not see its folder as a root', 'src/shop/api/views.py', 'serializers', [], []],
    ['relative import above the root → []', 'top.py', '...x', [], []],
    ['external package → []', 'src/shop/models.py', 'requests.adapters', ['HTTPAdapter'], []],
    ['stdlib → []', 'src/shop/models.py', 'os.path', [], []],
    ['a module importing itself is no edge', 'src/shop/models.py', 'shop.models', [], []],
  ]);
});

describe('resolve: javascript / typescript', () => {
  const files = corpus(
    [
      'src/app.ts',
      'src/util/strings.ts',
      'src/util/index.ts',
      'src/view.tsx',
      'src/legacy.js',
      'src/esm.mts',
      'src/types.d.ts',
      'src/data.json',
      'web/main.jsx',
      'web/button.jsx',
      'web/widget/index.js',
      'web/widget/widget.js',
      'packages/core/src/index.ts',
      'packages/core/src/parse/tokens.ts',
      'packages/ui/lib/index.js',
      'packages/ui/lib/widgets.js',
      'packages/exp/src/index.ts',
      'packages/exp/src/feature.ts',
      'packages/exp/src/extra/one.ts',
      'apps/site/src/pages/home.ts',
      'apps/site/src/lib/env.ts',
    ],
    {
      'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }),
      'packages/core/package.json': JSON.stringify({
        name: '@acme/core',
        main: './dist/index.js',
        types: './dist/index.d.ts',
      }),
      'packages/ui/package.json': JSON.stringify({ name: 'acme-ui', main: 'lib/index.js' }),
      'packages/exp/package.json': JSON.stringify({
        name: '@acme/exp',
        exports: {
          '.': { types: './dist/index.d.ts', import: './dist/index.js' },
          './feature': './dist/feature.js',
          './extra/*': './src/extra/*.ts',
        },
        imports: { '#env': './src/feature.ts' },
      }),
      'web/widget/package.json': JSON.stringify({ main: 'widget.js' }),
      'apps/site/tsconfig.json':
        '{\n  // comment\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"], }, },\n}',
    },
  );
  const ts: Row[] = [
    ['relative with extension resolution', 'src/app.ts', './util/strings', [], ['src/util/strings.ts']],
    ['folder → index.ts', 'src/app.ts', './util', [], ['src/util/index.ts']],
    ['.js specifier → .ts source (TS ESM)', 'src/app.ts', './util/strings.js', [], ['src/util/strings.ts']],
    ['.js specifier → .tsx source', 'src/app.ts', './view.js', [], ['src/view.tsx']],
    ['.mjs specifier → .mts source', 'src/app.ts', './esm.mjs', [], ['src/esm.mts']],
    ['exact .js file', 'src/app.ts', './legacy.js', [], ['src/legacy.js']],
    ['.d.ts', 'src/app.ts', './types', [], ['src/types.d.ts']],
    ['exact non-code file', 'src/app.ts', './data.json', [], ['src/data.json']],
    ['../ climbing', 'src/util/strings.ts', '../app', [], ['src/app.ts']],
    ['quotes and ; tolerated', 'src/app.ts', "'./util/strings';", [], ['src/util/strings.ts']],
    [
      'workspace package: dist main maps back to src/index.ts',
      'src/app.ts',
      '@acme/core',
      [],
      ['packages/core/src/index.ts'],
    ],
    [
      'workspace package subpath under src/',
      'src/app.ts',
      '@acme/core/parse/tokens',
      [],
      ['packages/core/src/parse/tokens.ts'],
    ],
    ['workspace package main in lib/', 'src/app.ts', 'acme-ui', [], ['packages/ui/lib/index.js']],
    [
      'workspace package subpath (file beside main)',
      'src/app.ts',
      'acme-ui/lib/widgets',
      [],
      ['packages/ui/lib/widgets.js'],
    ],
    ["exports['.'] with conditions", 'src/app.ts', '@acme/exp', [], ['packages/exp/src/index.ts']],
    ['exports subpath', 'src/app.ts', '@acme/exp/feature', [], ['packages/exp/src/feature.ts']],
    ['exports pattern', 'src/app.ts', '@acme/exp/extra/one', [], ['packages/exp/src/extra/one.ts']],
    ['package.json imports (#)', 'packages/exp/src/index.ts', '#env', [], ['packages/exp/src/feature.ts']],
    ['tsconfig paths alias', 'apps/site/src/pages/home.ts', '@/lib/env', [], ['apps/site/src/lib/env.ts']],
    ['tsconfig baseUrl', 'apps/site/src/pages/home.ts', 'src/lib/env', [], ['apps/site/src/lib/env.ts']],
    ['external package → []', 'src/app.ts', 'react', [], []],
    ['external scoped package → []', 'src/app.ts', '@types/node', [], []],
    ['node: builtin → []', 'src/app.ts', 'node:fs', [], []],
    ['missing relative file → []', 'src/app.ts', './nope', [], []],
    ['paths alias outside its tsconfig folder → []', 'src/app.ts', '@/lib/env', [], []],
  ];
  table(files, 'typescript', ts);
  table(files, 'javascript', [
    ['jsx relative', 'web/main.jsx', './button', [], ['web/button.jsx']],
    [
      'folder with a package.json main, before index.js (as Node)',
      'web/main.jsx',
      './widget',
      [],
      ['web/widget/widget.js'],
    ],
    ['external → []', 'web/main.jsx', 'lodash/fp', [], []],
  ]);
});

describe('resolve: go', () => {
  const files = corpus(
    [
      'limiter.go',
      'limiter_test.go',
      'store/memory.go',
      'store/redis.go',
      'store/memory_test.go',
      'store/README.md',
      'internal/clock/clock.go',
      'tools/gen/main.go',
    ],
    {
      'go.mod': 'module example.com/rate\n\ngo 1.21\n\nrequire golang.org/x/time v0.5.0\n',
      'tools/go.mod': 'module "example.com/rate/tools" // nested module\n',
    },
  );
  table(files, 'go', [
    [
      'package folder → its non-test .go files',
      'limiter.go',
      'example.com/rate/store',
      [],
      ['store/memory.go', 'store/redis.go'],
    ],
    ['internal package', 'store/memory.go', 'example.com/rate/internal/clock', [], ['internal/clock/clock.go']],
    ['module root package (test file importing it)', 'limiter_test.go', 'example.com/rate', [], ['limiter.go']],
    ['quoted specifier', 'limiter.go', '"example.com/rate/store"', [], ['store/memory.go', 'store/redis.go']],
    ['nested go.mod wins (longest module path)', 'limiter.go', 'example.com/rate/tools/gen', [], ['tools/gen/main.go']],
    ['missing package folder → []', 'limiter.go', 'example.com/rate/nope', [], []],
    ['stdlib → []', 'limiter.go', 'fmt', [], []],
    ['other module → []', 'limiter.go', 'golang.org/x/time/rate', [], []],
    ['module path prefix only at a / boundary', 'limiter.go', 'example.com/rateX/store', [], []],
  ]);
  it('no go.mod → []', () => {
    const ctx = buildResolveContext(corpus(['a/b.go']), []);
    expect(resolveImport(ctx, 'x.go', 'go', spec('a'))).toEqual([]);
  });
});

describe('resolve: rust', () => {
  const files = corpus(
    [
      'Cargo.toml',
      'crates/core/src/lib.rs',
      'crates/core/src/token.rs',
      'crates/core/src/token/kind.rs',
      'crates/core/src/lexer/mod.rs',
      'crates/core/src/lexer/cursor.rs',
      'crates/core/src/lexer/state/mod.rs',
      'crates/core/tests/lex.rs',
      'crates/cli/src/main.rs',
      'crates/cli/src/args.rs',
      'crates/cli/src/bin/tool.rs',
      'crates/cli/src/bin/helper.rs',
    ],
    {
      'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\n',
      'crates/core/Cargo.toml':
        '[package]\nname = "tok-core" # dashes\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n',
      'crates/cli/Cargo.toml': '[package]\nname = "tok-cli"\n',
    },
  );
  table(files, 'rust', [
    [
      'mod name from lib.rs → name.rs beside it',
      'crates/core/src/lib.rs',
      'mod token',
      [],
      ['crates/core/src/token.rs'],
    ],
    ['mod name from lib.rs → name/mod.rs', 'crates/core/src/lib.rs', 'mod lexer', [], ['crates/core/src/lexer/mod.rs']],
    [
      'mod name from foo.rs → foo/name.rs',
      'crates/core/src/token.rs',
      'mod kind',
      [],
      ['crates/core/src/token/kind.rs'],
    ],
    [
      'mod name from mod.rs → sibling',
      'crates/core/src/lexer/mod.rs',
      'mod cursor',
      [],
      ['crates/core/src/lexer/cursor.rs'],
    ],
    [
      'mod name from mod.rs → nested mod.rs',
      'crates/core/src/lexer/mod.rs',
      'mod state',
      [],
      ['crates/core/src/lexer/state/mod.rs'],
    ],
    ['missing mod → []', 'crates/core/src/lib.rs', 'mod gone', [], []],
    [
      'crate::a::b walks modules',
      'crates/core/src/lexer/cursor.rs',
      'crate::token::kind::Kind',
      [],
      ['crates/core/src/token/kind.rs'],
    ],
    [
      'crate::a::Item stops at the deepest file',
      'crates/core/src/lexer/cursor.rs',
      'crate::token::Token',
      [],
      ['crates/core/src/token.rs'],
    ],
    ['crate::Item → crate root', 'crates/core/src/token.rs', 'crate::Error', [], ['crates/core/src/lib.rs']],
    [
      'names that are modules',
      'crates/core/src/lib.rs',
      'crate::lexer',
      ['cursor', 'state', 'Lexer'],
      ['crates/core/src/lexer/cursor.rs', 'crates/core/src/lexer/mod.rs', 'crates/core/src/lexer/state/mod.rs'],
    ],
    [
      'use tree in the specifier',
      'crates/core/src/lib.rs',
      'crate::lexer::{cursor::Cursor, state, self}',
      ['ignored'],
      ['crates/core/src/lexer/cursor.rs', 'crates/core/src/lexer/mod.rs', 'crates/core/src/lexer/state/mod.rs'],
    ],
    ['super::x from foo/bar.rs', 'crates/core/src/token/kind.rs', 'super::Token', [], ['crates/core/src/token.rs']],
    [
      'super::sibling module',
      'crates/core/src/lexer/cursor.rs',
      'super::state::State',
      [],
      ['crates/core/src/lexer/state/mod.rs'],
    ],
    [
      'super::super from a nested mod.rs',
      'crates/core/src/lexer/state/mod.rs',
      'super::super::token',
      [],
      ['crates/core/src/token.rs'],
    ],
    ['self::x', 'crates/core/src/lexer/mod.rs', 'self::cursor::Cursor', [], ['crates/core/src/lexer/cursor.rs']],
    [
      'uniform path: a child module of the current module',
      'crates/core/src/lib.rs',
      'token::Token',
      [],
      ['crates/core/src/token.rs'],
    ],
    [
      'workspace crate (dashes → underscores) → its lib.rs',
      'crates/cli/src/main.rs',
      'tok_core::Lexer',
      [],
      ['crates/core/src/lib.rs'],
    ],
    [
      'workspace crate, then modules',
      'crates/cli/src/main.rs',
      'tok_core::token::kind',
      [],
      ['crates/core/src/token/kind.rs'],
    ],
    [
      'integration test uses the crate by name',
      'crates/core/tests/lex.rs',
      'tok_core::lexer',
      ['cursor'],
      ['crates/core/src/lexer/cursor.rs'],
    ],
    [
      'binary crate root: crate:: from main.rs',
      'crates/cli/src/args.rs',
      'crate::Config',
      [],
      ['crates/cli/src/main.rs'],
    ],
    [
      'src/bin/x.rs is its own crate root',
      'crates/cli/src/bin/tool.rs',
      'mod helper',
      [],
      ['crates/cli/src/bin/helper.rs'],
    ],
    ['leading :: crate path', 'crates/cli/src/main.rs', '::tok_core::token', [], ['crates/core/src/token.rs']],
    [
      'use …; statement text tolerated',
      'crates/cli/src/main.rs',
      'use tok_core::{token, lexer::cursor};',
      [],
      ['crates/core/src/lexer/cursor.rs', 'crates/core/src/token.rs'],
    ],
    ['std → []', 'crates/core/src/lib.rs', 'std::collections::HashMap', [], []],
    ['external crate → []', 'crates/core/src/lib.rs', 'serde::Deserialize', ['Deserialize'], []],
    ['super from the crate root → []', 'crates/core/src/lib.rs', 'super::x', [], []],
  ]);
  it('inline modules from the tags nest the current module', () => {
    const tags: FileTags[] = [
      {
        path: 'crates/core/src/token.rs',
        language: 'rust',
        definitions: [
          { name: 'tests', kind: 'module', startLine: 10, endLine: 30 },
          { name: 'deep', kind: 'module', startLine: 20, endLine: 25 },
        ],
        references: [],
        imports: [],
        messages: [],
        errorNodes: 0,
      },
    ];
    const ctx = buildResolveContext(files, tags);
    const at = (specifier: string, names: string[], line: number) =>
      resolveImport(ctx, 'crates/core/src/token.rs', 'rust', { specifier, line, names });
    expect(at('super', ['*'], 12)).toEqual([]); // `use super::*` in mod tests: the file itself
    expect(at('super', ['*'], 5)).toEqual(['crates/core/src/lib.rs']); // outside it: the parent module
    expect(at('super::super', ['Token'], 21)).toEqual([]); // two inline levels up: still this file
    expect(at('super::super::super', ['Error'], 21)).toEqual(['crates/core/src/lib.rs']);
    expect(at('crate::lexer', ['cursor'], 12)).toEqual(['crates/core/src/lexer/cursor.rs']); // absolute paths ignore nesting
  });
  it('expands use trees', () => {
    expect(expandUseTree('a::{b, c::{d as e, self}, f::*}')).toEqual([
      ['a', 'b'],
      ['a', 'c', 'd'],
      ['a', 'c'],
      ['a', 'f'],
    ]);
  });
});

describe('resolve: java', () => {
  const files = corpus(
    [
      'core/src/main/java/com/acme/ledger/Ledger.java',
      'core/src/main/java/com/acme/ledger/Entry.java',
      'core/src/main/java/com/acme/ledger/util/Money.java',
      'core/src/test/java/com/acme/ledger/LedgerTest.java',
      'app/src/main/java/com/acme/app/Main.java',
      'flat/Odd.java',
    ],
    { 'flat/Odd.java': '/* header */\npackage com.acme.odd;\n\npublic class Odd {}\n' },
  );
  table(files, 'java', [
    [
      'class → file by package path suffix',
      'app/src/main/java/com/acme/app/Main.java',
      'com.acme.ledger.Ledger',
      [],
      ['core/src/main/java/com/acme/ledger/Ledger.java'],
    ],
    [
      'wildcard → every file of the package folder',
      'app/src/main/java/com/acme/app/Main.java',
      'com.acme.ledger.*',
      [],
      ['core/src/main/java/com/acme/ledger/Entry.java', 'core/src/main/java/com/acme/ledger/Ledger.java'],
    ],
    [
      'a test file sees the test sources of its package',
      'core/src/test/java/com/acme/ledger/LedgerTest.java',
      'com.acme.ledger.*',
      [],
      ['core/src/main/java/com/acme/ledger/Entry.java', 'core/src/main/java/com/acme/ledger/Ledger.java'],
    ],
    [
      'static import → the class file',
      'core/src/test/java/com/acme/ledger/LedgerTest.java',
      'static com.acme.ledger.util.Money.of',
      [],
      ['core/src/main/java/com/acme/ledger/util/Money.java'],
    ],
    [
      'static wildcard on a class',
      'core/src/test/java/com/acme/ledger/LedgerTest.java',
      'com.acme.ledger.util.Money.*',
      [],
      ['core/src/main/java/com/acme/ledger/util/Money.java'],
    ],
    [
      'nested class → outer file',
      'app/src/main/java/com/acme/app/Main.java',
      'com.acme.ledger.Entry.Kind',
      [],
      ['core/src/main/java/com/acme/ledger/Entry.java'],
    ],
    [
      'package declared in text, path not matching',
      'app/src/main/java/com/acme/app/Main.java',
      'com.acme.odd.Odd',
      [],
      ['flat/Odd.java'],
    ],
    [
      'trailing ; tolerated',
      'app/src/main/java/com/acme/app/Main.java',
      'com.acme.ledger.Ledger;',
      [],
      ['core/src/main/java/com/acme/ledger/Ledger.java'],
    ],
    ['JDK → []', 'app/src/main/java/com/acme/app/Main.java', 'java.util.List', [], []],
    ['JDK wildcard → []', 'app/src/main/java/com/acme/app/Main.java', 'java.util.*', [], []],
    ['library → []', 'app/src/main/java/com/acme/app/Main.java', 'org.junit.jupiter.api.Test', [], []],
  ]);
});

describe('resolve: c and c++ includes', () => {
  const files = corpus([
    'include/kv/store.h',
    'include/kv/config.h',
    'src/store.c',
    'src/util/buf.h',
    'src/util/buf.c',
    'src/net/conn.c',
    'src/net/conn.h',
    'include/conn.h',
    'src/opcodes.def',
    'deps/zlite/zlite.h',
    'deps/zlite/zlite.c',
    'deps/a/config.h',
    'deps/b/config.h',
    'deps/c/config.h',
    'deps/d/config.h',
    'tests/test_store.c',
    'tests/check.h',
    'lib/json/include/json/json.hpp',
    'lib/json/src/json.cpp',
    'lib/json/src/detail.hpp',
  ]);
  table(files, 'c', [
    ['"x.h" beside the including file', 'src/net/conn.c', 'conn.h', [], ['src/net/conn.h']],
    ['"a/b.h" relative to the including folder', 'src/store.c', 'util/buf.h', [], ['src/util/buf.h']],
    ['"../x.h" climbs from the including folder', 'tests/test_store.c', '../src/util/buf.h', [], ['src/util/buf.h']],
    ['"kv/store.h" under the project\'s include/ root', 'src/store.c', 'kv/store.h', [], ['include/kv/store.h']],
    ['"util/buf.h" under src/ from a folder above it', 'tests/test_store.c', 'util/buf.h', [], ['src/util/buf.h']],
    ['"x.h" from a folder above the including file (-I.)', 'src/net/conn.c', 'util/buf.h', [], ['src/util/buf.h']],
    ['an included .def file', 'src/store.c', 'opcodes.def', [], ['src/opcodes.def']],
    [
      "a vendored library's header, found by its name (the folder of other headers)",
      'src/store.c',
      'zlite.h',
      [],
      ['deps/zlite/zlite.h'],
    ],
    ['<x.h> the corpus has', 'src/store.c', '<zlite.h>', [], ['deps/zlite/zlite.h']],
    ['<x.h> under include/', 'src/net/conn.c', '<kv/config.h>', [], ['include/kv/config.h']],
    [
      '<x.h> skips the including folder: <conn.h> beside conn.c is the include root\'s, "conn.h" the neighbour',
      'src/net/conn.c',
      '<conn.h>',
      [],
      ['include/conn.h'],
    ],
    ['"conn.h" is the neighbour', 'src/net/conn.c', 'conn.h', [], ['src/net/conn.h']],
    [
      'the nearest of several same-named headers: deps/a/ for a file in deps/a/',
      'deps/a/x.c',
      'config.h',
      [],
      ['deps/a/config.h'],
    ],
    ['standard headers are external', 'src/store.c', '<stdio.h>', [], []],
    ['C++ standard headers are external', 'lib/json/src/json.cpp', '<vector>', [], []],
    ['absolute paths are external', 'src/store.c', '/usr/include/zlib.h', [], []],
    ['a header that is not there', 'src/store.c', 'missing.h', [], []],
  ]);
  table(files, 'cpp', [
    [
      "C++ uses the same rules: a library's own include/ root above its src/",
      'lib/json/src/json.cpp',
      'json/json.hpp',
      [],
      ['lib/json/include/json/json.hpp'],
    ],
    ['a private header beside the source', 'lib/json/src/json.cpp', 'detail.hpp', [], ['lib/json/src/detail.hpp']],
    ['a C header from C++', 'lib/json/src/json.cpp', 'kv/store.h', [], ['include/kv/store.h']],
  ]);

  it('more equally near candidates than the limit are ambiguous: none', () => {
    const ctx = buildResolveContext(files, []);
    // deps/a, b, c, d and include/kv all hold a config.h; from src/ none is nearer than the others (five)
    expect(resolveImport(ctx, 'src/store.c', 'c', spec('config.h'))).toEqual([]);
    // three equally near: all of them
    const three = buildResolveContext(corpus(['src/main.c', 'x/a/cfg.h', 'x/b/cfg.h', 'x/c/cfg.h']), []);
    expect(resolveImport(three, 'src/main.c', 'c', spec('cfg.h'))).toEqual(['x/a/cfg.h', 'x/b/cfg.h', 'x/c/cfg.h']);
  });
});

/** Tags with only definitions, for the resolvers that read what files define (Ruby constants, PHP namespaces). */
function defining(
  path: string,
  language: LanguageId,
  defs: [kind: 'class' | 'module' | 'constant' | 'function' | 'interface', name: string, line: number][],
): FileTags {
  return {
    path,
    language,
    definitions: defs.map(([kind, name, line]) => ({ kind, name, startLine: line, endLine: line })),
    references: [],
    imports: [],
    messages: [],
    errorNodes: 0,
  };
}

describe('resolve: ruby', () => {
  const files = corpus([
    'lib/shipping.rb',
    'lib/shipping/parcel.rb',
    'lib/shipping/errors.rb',
    'lib/shipping/http_client.rb',
    'lib/shipping/carriers/base.rb',
    'lib/shipping/carriers/flat.rb',
    'spec/spec_helper.rb',
    'spec/shipping/parcel_spec.rb',
    'test/test_helper.rb',
    'test/models/user_test.rb',
    'app/models/user.rb',
    'app/models/concerns/trackable.rb',
    'app/controllers/admin/users_controller.rb',
    'engines/billing/lib/billing/invoice.rb',
    'engines/billing/lib/billing.rb',
  ]);
  const tags = [
    defining('lib/shipping/errors.rb', 'ruby', [
      ['module', 'Shipping', 1],
      ['class', 'Error', 2],
      ['class', 'InvalidParcel', 3],
    ]),
    defining('lib/shipping/parcel.rb', 'ruby', [
      ['module', 'Shipping', 1],
      ['class', 'Parcel', 2],
      ['constant', 'DIVISOR', 3],
    ]),
  ];
  const ctx = buildResolveContext(files, tags);
  const rows: Row[] = [
    ['require "x/y": the gem root\'s lib/', 'lib/shipping.rb', 'shipping/parcel', [], ['lib/shipping/parcel.rb']],
    [
      'require "x/y" from a spec: the lib/ of a folder above',
      'spec/shipping/parcel_spec.rb',
      'shipping/carriers/flat',
      [],
      ['lib/shipping/carriers/flat.rb'],
    ],
    [
      'require "spec_helper": spec/ is on the load path',
      'spec/shipping/parcel_spec.rb',
      'spec_helper',
      [],
      ['spec/spec_helper.rb'],
    ],
    [
      'require "test_helper": test/ is on the load path',
      'test/models/user_test.rb',
      'test_helper',
      [],
      ['test/test_helper.rb'],
    ],
    ['require "x.rb" as written', 'lib/shipping.rb', 'shipping/errors.rb', [], ['lib/shipping/errors.rb']],
    [
      'require of another gem of the monorepo: its lib/',
      'lib/shipping.rb',
      'billing/invoice',
      [],
      ['engines/billing/lib/billing/invoice.rb'],
    ],
    ['require of the standard library or a gem: external', 'lib/shipping.rb', 'json', [], []],
    [
      "require_relative from the file's folder",
      'lib/shipping/carriers/flat.rb',
      'require_relative base',
      [],
      ['lib/shipping/carriers/base.rb'],
    ],
    [
      'require_relative climbing',
      'lib/shipping/carriers/flat.rb',
      'require_relative ../parcel',
      [],
      ['lib/shipping/parcel.rb'],
    ],
    [
      'a constant by its Zeitwerk path (HTTPClient → http_client)',
      'lib/shipping.rb',
      'const Shipping::HttpClient',
      [],
      ['lib/shipping/http_client.rb'],
    ],
    [
      'a constant under app/models/ (Rails)',
      'app/controllers/admin/users_controller.rb',
      'const User',
      [],
      ['app/models/user.rb'],
    ],
    [
      'a concern under app/models/concerns/',
      'app/models/user.rb',
      'const Trackable',
      [],
      ['app/models/concerns/trackable.rb'],
    ],
    [
      'a namespaced controller',
      'test/models/user_test.rb',
      'const Admin::UsersController',
      [],
      ['app/controllers/admin/users_controller.rb'],
    ],
    [
      'a leading :: is the top level',
      'lib/shipping.rb',
      'const ::Shipping::Carriers::Flat',
      [],
      ['lib/shipping/carriers/flat.rb'],
    ],
    [
      'a constant defined in another file than its path (errors.rb)',
      'lib/shipping/carriers/flat.rb',
      'const Shipping::InvalidParcel',
      [],
      ['lib/shipping/errors.rb'],
    ],
    [
      "a constant inside a class: the class's file",
      'spec/shipping/parcel_spec.rb',
      'const Shipping::Parcel::DIVISOR',
      [],
      ['lib/shipping/parcel.rb'],
    ],
    ['a library constant: external', 'lib/shipping.rb', 'const JSON::ParserError', [], []],
  ];
  for (const [why, from, specifier, names, expected] of rows) {
    it(why, () => expect(resolveImport(ctx, from, 'ruby', spec(specifier, names))).toEqual(expected));
  }
});

describe('resolve: php', () => {
  const composer = JSON.stringify({
    autoload: { 'psr-4': { 'Acme\\Cart\\': 'src/', 'Acme\\Legacy\\': ['lib/', 'legacy/'] }, 'psr-0': { Old_: 'old/' } },
    'autoload-dev': { 'psr-4': { 'Acme\\Cart\\Tests\\': 'tests/' } },
  });
  const files = corpus(
    [
      'src/Cart.php',
      'src/Money.php',
      'src/Tax/TaxCalculator.php',
      'src/Tax/PercentageTax.php',
      'src/functions.php',
      'legacy/Invoice.php',
      'old/Old/Mail/Sender.php',
      'tests/CartTest.php',
      'tests/Tax/TaxCalculatorTest.php',
      'bin/cart.php',
      'plugins/report/src/Report/Renderer.php',
      'config.php',
      'public/index.php',
    ],
    { 'composer.json': composer },
  );
  const tags = [
    defining('src/functions.php', 'php', [
      ['module', 'Acme\\Cart', 3],
      ['function', 'format_money', 5],
    ]),
    defining('src/Money.php', 'php', [
      ['module', 'Acme\\Cart', 3],
      ['class', 'Money', 5],
    ]),
  ];
  const ctx = buildResolveContext(files, tags);
  const rows: Row[] = [
    [
      'a class through the PSR-4 map',
      'src/Cart.php',
      'Acme\\Cart\\Tax\\TaxCalculator',
      [],
      ['src/Tax/TaxCalculator.php'],
    ],
    [
      "autoload-dev's longer prefix first",
      'tests/CartTest.php',
      'Acme\\Cart\\Tests\\Tax\\TaxCalculatorTest',
      [],
      ['tests/Tax/TaxCalculatorTest.php'],
    ],
    [
      'a prefix mapped to two folders: the one holding the file',
      'src/Cart.php',
      'Acme\\Legacy\\Invoice',
      [],
      ['legacy/Invoice.php'],
    ],
    [
      'PSR-0: underscores of the class name are folders',
      'src/Cart.php',
      'Old_Mail_Sender',
      [],
      ['old/Old/Mail/Sender.php'],
    ],
    ['PSR-0 with namespaces', 'src/Cart.php', 'Old\\Mail\\Sender', [], ['old/Old/Mail/Sender.php']],
    ['a leading backslash', 'src/Cart.php', '\\Acme\\Cart\\Money', [], ['src/Money.php']],
    [
      'a group use: each name',
      'bin/cart.php',
      'Acme\\Cart\\Tax',
      ['TaxCalculator', 'PercentageTax'],
      ['src/Tax/PercentageTax.php', 'src/Tax/TaxCalculator.php'],
    ],
    [
      'use function: the file declaring the namespace and defining it',
      'bin/cart.php',
      'Acme\\Cart\\format_money',
      [],
      ['src/functions.php'],
    ],
    [
      'no map: a folder ending in the namespace',
      'src/Cart.php',
      'Acme\\Report\\Report\\Renderer',
      [],
      ['plugins/report/src/Report/Renderer.php'],
    ],
    ['a library class: external', 'tests/CartTest.php', 'PHPUnit\\Framework\\TestCase', [], []],
    ['a global class: external', 'src/Cart.php', 'Countable', [], []],
    ["__DIR__ . '/x.php'", 'bin/cart.php', '__DIR__/../src/functions.php', [], ['src/functions.php']],
    ["dirname(__DIR__) . '/x.php'", 'bin/cart.php', 'dirname(__DIR__)/config.php', [], ['config.php']],
    [
      "dirname(__FILE__) is the file's folder",
      'public/index.php',
      'dirname(__FILE__)/../config.php',
      [],
      ['config.php'],
    ],
    ['dirname(__DIR__, 2)', 'src/Tax/TaxCalculator.php', 'dirname(__DIR__, 2)/config.php', [], ['config.php']],
    [
      "a relative path from a folder above (include_path's `.`)",
      'public/index.php',
      'src/functions.php',
      [],
      ['src/functions.php'],
    ],
    ['vendor/autoload.php is not in the corpus', 'bin/cart.php', 'dirname(__DIR__)/vendor/autoload.php', [], []],
    ['absolute paths are external', 'bin/cart.php', '/etc/php/config.php', [], []],
  ];
  for (const [why, from, specifier, names, expected] of rows) {
    it(why, () => expect(resolveImport(ctx, from, 'php', spec(specifier, names))).toEqual(expected));
  }
});

describe('resolve: swift modules', () => {
  const files = corpus(
    [
      'Sources/Money/Money.swift',
      'Sources/Money/Currency.swift',
      'Sources/Checkout/Cart.swift',
      'Sources/Checkout/Discounts/PercentOff.swift',
      'Tools/cli/main.swift',
      'Tests/CheckoutTests/CartTests.swift',
      'Packages/Kit/Sources/Kit/Kit.swift',
      'App/Shared/Model.swift',
      'App/Shared/View.swift',
      'AppTests/ModelTests.swift',
    ],
    {
      'Package.swift': [
        'let package = Package(name: "shop", targets: [',
        '    .target(name: "Money"),',
        '    .target(name: "Checkout", dependencies: [.product(name: "Kit", package: "Kit"), "Money"]),',
        '    .executableTarget(name: "ShopCLI", dependencies: ["Checkout"], path: "Tools/cli"),',
        '    .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),',
        '])',
      ].join('\n'),
    },
  );
  const checkout = ['Sources/Checkout/Cart.swift', 'Sources/Checkout/Discounts/PercentOff.swift'];
  table(files, 'swift', [
    [
      'a module is every file under Sources/<Module>/, subfolders too',
      'Tests/CheckoutTests/CartTests.swift',
      'Checkout',
      [],
      checkout,
    ],
    [
      'from another module of the package',
      'Sources/Checkout/Cart.swift',
      'Money',
      [],
      ['Sources/Money/Currency.swift', 'Sources/Money/Money.swift'],
    ],
    [
      'a kind import imports its module',
      'Sources/Checkout/Cart.swift',
      'Money.Money',
      ['Money'],
      ['Sources/Money/Currency.swift', 'Sources/Money/Money.swift'],
    ],
    [
      'a target at a custom path: (Package.swift)',
      'Tests/CheckoutTests/CartTests.swift',
      'ShopCLI',
      [],
      ['Tools/cli/main.swift'],
    ],
    ["a nested package's Sources/", 'Sources/Checkout/Cart.swift', 'Kit', [], ['Packages/Kit/Sources/Kit/Kit.swift']],
    [
      'without a manifest, the folder named like the module',
      'AppTests/ModelTests.swift',
      'Shared',
      [],
      ['App/Shared/Model.swift', 'App/Shared/View.swift'],
    ],
    ['system modules are external', 'Sources/Checkout/Cart.swift', 'Foundation', [], []],
    ['test frameworks are external', 'Tests/CheckoutTests/CartTests.swift', 'XCTest', [], []],
  ]);
});

describe('resolve: scala packages', () => {
  const files = corpus(
    [
      'src/main/scala/com/acme/ledger/Ledger.scala',
      'src/main/scala/com/acme/ledger/Account.scala',
      'src/test/scala/com/acme/ledger/Fakes.scala',
      'src/test/scala/com/acme/ledger/LedgerSpec.scala',
      'modules/app/src/main/scala/com/acme/app/Main.scala',
    ],
    {
      'src/main/scala/com/acme/ledger/Ledger.scala': 'package com.acme.ledger\n\nclass Ledger\n',
      'src/main/scala/com/acme/ledger/Account.scala': 'package com.acme.ledger\n\nclass Account\n',
      'src/test/scala/com/acme/ledger/Fakes.scala': 'package com.acme.ledger\n\nobject Fakes\n',
      'src/test/scala/com/acme/ledger/LedgerSpec.scala': 'package com.acme.ledger\n\nclass LedgerSpec\n',
      'modules/app/src/main/scala/com/acme/app/Main.scala': 'package com.acme\npackage app\n\nobject Main\n',
      'shared/Money.scala': '// money\npackage com.acme\npackage money\n\nfinal case class Money(cents: Long)\n',
      'shared/money/Currency.scala': 'package com.acme.money\n\nobject Currency\n',
    },
  );
  const main = 'modules/app/src/main/scala/com/acme/app/Main.scala';
  table(files, 'scala', [
    [
      'a class → its file by package path',
      main,
      'com.acme.ledger.Ledger',
      [],
      ['src/main/scala/com/acme/ledger/Ledger.scala'],
    ],
    [
      'a package declared by chained clauses, in a folder that does not match',
      main,
      'com.acme.money.Money',
      [],
      ['shared/Money.scala'],
    ],
    [
      'a wildcard → every file of the package (main code does not see test sources)',
      main,
      'com.acme.ledger._',
      [],
      ['src/main/scala/com/acme/ledger/Account.scala', 'src/main/scala/com/acme/ledger/Ledger.scala'],
    ],
    [
      'a test sees the test sources of its package (not itself)',
      'src/test/scala/com/acme/ledger/LedgerSpec.scala',
      'com.acme.ledger._',
      [],
      [
        'src/main/scala/com/acme/ledger/Account.scala',
        'src/main/scala/com/acme/ledger/Ledger.scala',
        'src/test/scala/com/acme/ledger/Fakes.scala',
      ],
    ],
    [
      'Scala 3 `*` (the specifier without it) → the package',
      main,
      'com.acme.money',
      [],
      ['shared/Money.scala', 'shared/money/Currency.scala'],
    ],
    [
      'Scala 3 given imports → the package',
      main,
      'com.acme.money.given',
      [],
      ['shared/Money.scala', 'shared/money/Currency.scala'],
    ],
    [
      'selectors → each named member',
      main,
      'com.acme.ledger',
      ['Ledger', 'Account'],
      ['src/main/scala/com/acme/ledger/Account.scala', 'src/main/scala/com/acme/ledger/Ledger.scala'],
    ],
    ["an object's members → the object's file", main, 'com.acme.money.Currency._', [], ['shared/money/Currency.scala']],
    [
      "a member of an object → the object's file",
      main,
      'com.acme.money.Currency.Euro',
      [],
      ['shared/money/Currency.scala'],
    ],
    [
      'relative to the enclosing package (package com.acme / package app)',
      main,
      'ledger.Account',
      [],
      ['src/main/scala/com/acme/ledger/Account.scala'],
    ],
    [
      '_root_ is the root package, and nothing relative',
      main,
      '_root_.com.acme.ledger.Ledger',
      [],
      ['src/main/scala/com/acme/ledger/Ledger.scala'],
    ],
    ['the Scala library is external', main, 'scala.collection.mutable', [], []],
    ['libraries are external', main, 'org.scalatest.flatspec.AnyFlatSpec', [], []],
  ]);
});

describe('resolve: determinism', () => {
  it('gives the same answers whatever the order of the files', () => {
    const files = corpus(['b/x.py', 'a/x.py', 'pkg/__init__.py', 'pkg/m.py', 'src/pkg/m.py'], {});
    const forward = buildResolveContext(files, []);
    const backward = buildResolveContext([...files].reverse(), []);
    for (const s of ['pkg.m', 'x', 'pkg']) {
      const a = resolveImport(forward, 'main.py', 'python', spec(s, ['m']));
      expect(resolveImport(backward, 'main.py', 'python', spec(s, ['m']))).toEqual(a);
      expect(resolveImport(forward, 'main.py', 'python', spec(s, ['m']))).toEqual(a);
      expect([...a].sort()).toEqual(a);
    }
    expect(forward.paths).toEqual(backward.paths);
  });
});

describe('resolve: invariants (property)', () => {
  const segment = fc.constantFrom('a', 'b', 'src', 'lib', 'mod', 'index', '__init__', 'main', 'com', 'x');
  const ext = fc.constantFrom(
    '.py',
    '.ts',
    '.js',
    '.go',
    '.rs',
    '.java',
    '.tsx',
    '/mod.rs',
    '.d.ts',
    '.c',
    '.h',
    '.cpp',
    '/include/a.h',
  );
  const path = fc
    .tuple(fc.array(segment, { minLength: 0, maxLength: 3 }), segment, ext)
    .map(([dirs, name, e]) => [...dirs, name].join('/') + e);
  const specifier = fc.oneof(
    fc
      .array(
        fc.constantFrom(
          '.',
          '..',
          'a',
          'b',
          'src',
          'x',
          'com',
          '*',
          'crate',
          'super',
          'self',
          'mod a',
          '/',
          '::',
          './',
          '../',
          '{a, b}',
          '"',
          '<',
          '>',
          '.h',
        ),
        { maxLength: 6 },
      )
      .map((p) => p.join('')),
    fc.string({ maxLength: 12 }),
  );
  const language = fc.constantFrom(...LANGUAGES);

  it('results are sorted, unique corpus paths other than the importing file, and never throw', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(path, { minLength: 1, maxLength: 25 }),
        specifier,
        fc.array(fc.constantFrom('a', 'b', '*', 'self', 'x as y'), { maxLength: 3 }),
        language,
        (paths, s, names, lang) => {
          const files = corpus(paths, {
            'go.mod': 'module m\n',
            'Cargo.toml': '[package]\nname = "a"\n',
            'package.json': '{"name":"a","main":"src/index.js"}',
          });
          const ctx = buildResolveContext(files, []);
          const from = paths[0]!;
          const out = resolveImport(ctx, from, lang, spec(s, names));
          expect([...new Set(out)].sort()).toEqual(out);
          expect(out).not.toContain(from);
          for (const p of out) expect(ctx.files.has(p)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('resolve: scale', () => {
  it('builds tables once and resolves 50k imports over 10k files quickly', () => {
    const files: ResolveFile[] = [
      { path: 'go.mod', language: null, text: 'module ex.com/svc\n' },
      { path: 'crate/Cargo.toml', language: null, text: '[package]\nname = "c"\n' },
      { path: 'crate/src/lib.rs', language: null },
    ];
    for (let k = 0; k < 100; k++) files.push({ path: `crate/src/m${k}/mod.rs`, language: null });
    for (let i = 0; i < 2000; i++) {
      files.push(
        { path: `pkg${i % 50}/sub${i % 7}/m${i}.py`, language: null },
        { path: `web/src/d${i % 40}/f${i}.ts`, language: null },
        { path: `svc/p${i % 60}/f${i}.go`, language: null },
        { path: `crate/src/m${i % 100}/f${i}.rs`, language: null },
        { path: `j/src/main/java/com/x/p${i % 30}/C${i}.java`, language: null, text: `package com.x.p${i % 30};\n` },
      );
    }
    // a linear scan per import would take minutes: the suite's test timeout catches it (speed is measured in bench/perf)
    const ctx = buildResolveContext(files, []);
    let resolved = 0;
    for (let i = 0; i < 10_000; i++) {
      const j = 1 + ((i * 7919) % 1999); // never 0: file 0 is the importer
      const one = (from: string, lang: LanguageId, s: string, names: string[] = []) =>
        resolveImport(ctx, from, lang, spec(s, names)).length > 0 ? 1 : 0;
      resolved += one('pkg0/sub0/m0.py', 'python', `pkg${j % 50}.sub${j % 7}`, [`m${j}`]);
      resolved += one('web/src/d0/f0.ts', 'typescript', `../d${j % 40}/f${j}.js`);
      resolved += one('svc/p0/f0.go', 'go', `ex.com/svc/svc/p${j % 60}`);
      resolved += one('crate/src/lib.rs', 'rust', `m${j % 100}`, [`f${j}`]);
      resolved += one('j/src/main/java/com/x/p0/C0.java', 'java', `com.x.p${j % 30}.C${j}`);
    }
    expect(resolved).toBe(50_000);
  });
});

describe('resolve: the recording context of an import record', () => {
  const ctx = buildResolveContext(corpus(['src/a.ts', 'src/b.ts', 'lib/c.py']), []);

  it('records each path and folder looked up, and answers as the context does', () => {
    const probes: number[] = [];
    const probing = probingContext(ctx, probes);
    expect(probing.files.has('src/a.ts')).toBe(true);
    expect(probing.files.has('src/zz.ts')).toBe(false);
    expect(probing.byFolder.get('src')).toEqual(ctx.byFolder.get('src'));
    expect(probing.byFolder.has('nope')).toBe(false);
    expect(probes).toEqual([
      probeHash(FILE_PROBE, 'src/a.ts'),
      probeHash(FILE_PROBE, 'src/zz.ts'),
      probeHash(FOLDER_PROBE, 'src'),
      probeHash(FOLDER_PROBE, 'nope'),
    ]);
    expect(new Set(probes).size).toBe(4);
    // a resolution through it gives the plain context's answer
    expect(resolveImport(probing, 'src/a.ts', 'typescript', spec('./b'))).toEqual(
      resolveImport(ctx, 'src/a.ts', 'typescript', spec('./b')),
    );
  });

  it('throws when anything walks the path set or the folder index: a record could not say what the answer depended on', () => {
    const probing = probingContext(ctx, []);
    for (const walk of [
      () => [...probing.files],
      () => probing.files.size,
      () => probing.files.forEach(() => {}),
      () => [...probing.byFolder.keys()],
      () => probing.byFolder.size,
    ]) {
      expect(walk).toThrow(/walked the whole path set/);
    }
  });
});
