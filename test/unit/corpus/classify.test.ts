import { describe, expect, it } from 'vitest';
import { classifyPath } from '../../../src/corpus/index.js';
import type { FileKind } from '../../../src/types.js';

const CASES: [string, FileKind][] = [
  // tests by name
  ['pkg/server_test.go', 'test'],
  ['app/test_views.py', 'test'],
  ['app/views_test.py', 'test'],
  ['conftest.py', 'test'],
  ['src/app.test.ts', 'test'],
  ['src/App.test.tsx', 'test'],
  ['lib/util.test.mjs', 'test'],
  ['src/util.spec.js', 'test'],
  ['src/main/java/com/x/FooTest.java', 'test'],
  ['core/FooTests.java', 'test'],
  ['core/FooIT.java', 'test'],
  ['src/test_parser.c', 'test'],
  ['src/parser_test.c', 'test'],
  ['src/parser_tests.c', 'test'],
  ['src/parser_test.cc', 'test'],
  ['src/parser_unittest.cc', 'test'],
  ['unittests/ADT/APIntTest.cpp', 'test'],
  // tests by folder
  ['test/helpers.js', 'test'],
  ['tests/integration.rs', 'test'],
  ['src/__tests__/a.ts', 'test'],
  ['src/test/java/com/x/Helper.java', 'test'],
  ['internal/testing/fake.go', 'test'],
  // docs
  ['README.md', 'doc'],
  ['docs/guide/intro.rst', 'doc'],
  ['notes.txt', 'doc'],
  ['manual.adoc', 'doc'],
  ['LICENSE', 'doc'],
  ['LICENSE-MIT', 'doc'],
  ['CHANGELOG', 'doc'],
  ['docs/conf.py', 'doc'],
  ['tests/README.md', 'doc'],
  // config
  ['package.json', 'config'],
  ['tsconfig.json', 'config'],
  ['tsconfig.build.json', 'config'],
  ['Cargo.toml', 'config'],
  ['go.mod', 'config'],
  ['go.sum', 'config'],
  ['pom.xml', 'config'],
  ['build.gradle.kts', 'config'],
  ['pyproject.toml', 'config'],
  ['setup.cfg', 'config'],
  ['setup.py', 'config'],
  ['rustfmt.toml', 'config'],
  ['.github/workflows/ci.yml', 'config'],
  ['config/app.yaml', 'config'],
  ['tox.ini', 'config'],
  ['Makefile', 'config'],
  ['Dockerfile', 'config'],
  ['.eslintrc.json', 'config'],
  ['vite.config.ts', 'config'],
  ['yarn.lock', 'config'],
  ['Cargo.lock', 'config'],
  ['requirements-dev.txt', 'config'],
  ['tests/package.json', 'config'],
  ['openapi.spec.yaml', 'config'],
  // source
  ['src/index.ts', 'source'],
  ['main.go', 'source'],
  ['lib/history.py', 'source'],
  ['src/lib.rs', 'source'],
  ['src/Main.java', 'source'],
  ['native/x.c', 'source'],
  ['native/x.h', 'source'],
  ['include/fmt/format.hpp', 'source'],
  ['src/latest.c', 'source'],
  ['src/Contest.cpp', 'source'],
  ['app/models/user.rb', 'source'],
  ['web/App.vue', 'source'],
  ['scripts/release.sh', 'source'],
  ['src/Latest.java', 'source'],
  // other
  ['assets/data.bin2', 'other'],
  ['data/table.json', 'other'],
  ['bin/tool', 'other'],
];

describe('classifyPath', () => {
  it.each(CASES)('%s is %s', (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });
});
