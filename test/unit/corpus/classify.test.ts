import { describe, expect, it } from 'vitest';
import { classifyPath, isTestPath } from '../../../src/corpus/index.js';
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
  ['tests/Orders.Core.Tests/OrderTests.cs', 'test'],
  ['tests/Orders.Core.Tests/TestData.cs', 'test'],
  ['src/Orders.Core.UnitTests/Builders.cs', 'test'],
  ['src/Orders.Core/Order.cs', 'source'],
  ['src/Orders.Testing/Fakes.cs', 'source'],
  ['src/commonTest/kotlin/cron/Fixtures.kt', 'test'],
  ['src/jvmTest/kotlin/cron/ClockTest.kt', 'test'],
  ['src/androidUnitTest/kotlin/Robo.kt', 'test'],
  ['src/commonMain/kotlin/cron/Schedule.kt', 'source'],
  ['core/FooTests.java', 'test'],
  ['core/FooIT.java', 'test'],
  ['src/test_parser.c', 'test'],
  ['src/parser_test.c', 'test'],
  ['src/parser_tests.c', 'test'],
  ['src/parser_test.cc', 'test'],
  ['src/parser_unittest.cc', 'test'],
  ['unittests/ADT/APIntTest.cpp', 'test'],
  ['lib/parcel_spec.rb', 'test'],
  ['lib/zone_test.rb', 'test'],
  ['lib/test_zone.rb', 'test'],
  ['spec_helper.rb', 'test'],
  ['src/CartTest.php', 'test'],
  ['src/Tax/TaxCalculatorTestCase.php', 'test'],
  ['Tests/CheckoutTests/CartTests.swift', 'test'],
  ['Tests/CheckoutTests/Fixtures.swift', 'test'],
  ['src/test/scala/csvkit/LexerSpec.scala', 'test'],
  ['modules/core/ParserSuite.scala', 'test'],
  ['Package.swift', 'config'],
  ['Package@swift-5.9.swift', 'config'],
  ['build.sbt', 'config'],
  ['project/plugins.sbt', 'config'],
  ['Sources/Checkout/Cart.swift', 'source'],
  ['src/main/scala/csvkit/Inspect.scala', 'source'],
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
  ['lib/tasks/release.rake', 'source'],
  ['src/Contest.php', 'source'],
  ['src/Latest.php', 'source'],
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

describe('isTestPath, the one test-path rule of the corpus and of traces', () => {
  it.each([
    // paths as traces write them
    ['tests/test_options.py', true],
    ['src/click/testing.py', false],
    ['context_test.go', true],
    ['packages/vite/src/node/__tests__/utils.spec.ts', true],
    ['test/reply-code.test.js', true],
    ['com/google/gson/internal/bind/JsonTreeReaderTest.java', true],
    ['src/main/java/org/mockito/internal/util/MockUtil.java', false],
    ['clap_builder/src/output/usage.rs', false],
    ['/home/ci/orders/tests/Orders.Core.Tests/Builders.cs', true],
    ['/home/ci/orders/src/Orders.Core/Order.cs', false],
    ['dev/cron/CronExpressionTest.kt', true],
    ['/Users/ci/kotlin-cron/src/jvmTest/kotlin/cron/Fakes.kt', true],
    ['/Users/ci/kotlin-cron/src/jvmMain/kotlin/cron/Clock.kt', false],
    ['/home/ci/swift-checkout/Tests/CheckoutTests/CartTests.swift', true],
    ['CartTests.swift', true],
    ['Sources/Checkout/Cart.swift', false],
    ['LexerSpec.scala', true],
    ['csvkit/parse/ParserSuite.scala', true],
    ['csvkit/parse/Parser.scala', false],
    // where the trace reading once had a rule of its own, the corpus' rule decides
    ['web/e2e/checkout.ts', false], // not a test folder of the corpus
    ['app/specs/models.rb', false], // `spec/` is, `specs/` is not
    ['pkg/parser/testdata/input.go', true], // Go test inputs count as test files in the corpus
    ['src/__mocks__/fs.js', true],
    ['Test/Helpers/Fake.cs', false], // folder names are matched as written: `test/`, or a .NET test project
    ['core/MoneyTestCase.java', false],
    ['polls/tests.py', true], // Django's test module
    ['src/test.rs', false],
    ['web/App.spec.vue', true], // `*.spec.<code>`
    ['tests/setup.py', false], // config by name before test by folder, as in the corpus
  ])('isTestPath(%s) = %s, as classifyPath says', (path, expected) => {
    expect(isTestPath(path)).toBe(expected);
    expect(classifyPath(path) === 'test').toBe(expected);
  });
});
