import { describe, expect, it } from 'vitest';
import { conventionSources, testStem } from '../../../src/graph/edges/source-test.js';
import { nameWeight } from '../../../src/graph/edges/shared-symbol.js';
import { GRAPH_DEFAULTS } from '../../../src/graph/defaults.js';

describe('testStem', () => {
  it.each([
    ['limiter_test.go', 'limiter'],
    ['tests/test_pricing.py', 'pricing'],
    ['tests/pricing_test.py', 'pricing'],
    ['src/router.test.ts', 'router'],
    ['src/match/pattern.spec.ts', 'pattern'],
    ['src/__tests__/RouteView.test.tsx', 'RouteView'],
    ['lib/schema/__tests__/validate.js', 'validate'],
    ['src/test/java/com/x/LedgerTest.java', 'Ledger'],
    ['src/test/java/com/x/LedgerTests.java', 'Ledger'],
    ['src/test/java/com/x/LedgerIT.java', 'Ledger'],
    ['src/test/java/com/x/TestLedger.java', 'Ledger'],
    ['tests/lexer_tests.rs', 'lexer'],
    ['tests/test_parser.c', 'parser'],
    ['src/parser_test.c', 'parser'],
    ['tests/parser_test.cc', 'parser'],
    ['src/net/conn_unittest.cc', 'conn'],
    ['unittests/ADT/APIntTest.cpp', 'APInt'],
    ['spec/shipping_rates/parcel_spec.rb', 'parcel'],
    ['test/models/user_test.rb', 'user'],
    ['test/test_zone.rb', 'zone'],
    ['tests/Tax/TaxCalculatorTest.php', 'TaxCalculator'],
    ['tests/Unit/MoneyTestCase.php', 'Money'],
    ['tests/Orders.Core.Tests/OrderTests.cs', 'Order'],
    ['tests/Orders.Core.Tests/MoneyTest.cs', 'Money'],
    ['src/test/kotlin/com/x/LedgerTest.kt', 'Ledger'],
    ['src/commonTest/kotlin/cron/FieldParserTests.kt', 'FieldParser'],
    ['Tests/CheckoutTests/CartTests.swift', 'Cart'],
    ['Tests/CheckoutTests/CartTest.swift', 'Cart'],
    ['src/test/scala/csvkit/parse/LexerSpec.scala', 'Lexer'],
    ['src/test/scala/csvkit/parse/ParserSuite.scala', 'Parser'],
    ['src/test/scala-2/csvkit/infer/TypeInferenceTest.scala', 'TypeInference'],
    ['core/test/src/csvkit/TableTests.scala', 'Table'],
  ])('%s is named after %s', (path, stem) => {
    expect(testStem(path)).toBe(stem);
  });

  it.each([
    'tests/conftest.py',
    'tests/test.py',
    'src/__tests__/index.ts',
    'tests/main.c',
    'test/runner.cpp',
    'spec/spec_helper.rb',
    'test/test_helper.rb',
    'spec/rails_helper.rb',
    'Tests/LinuxMain.swift',
    'Tests/CheckoutTests/XCTestManifests.swift',
  ])('%s names no source', (path) => expect(testStem(path)).toBeNull());
});

describe('conventionSources', () => {
  const sources = [
    'bucket.go',
    'store/bucket.go',
    'src/inventory/pricing.py',
    'src/inventory/storage/backend.py',
    'src/legacy/backend.py',
    'packages/vite/src/node/utils.ts',
    'packages/vite/src/client/utils.ts',
    'src/main/java/com/example/ledger/money/Money.java',
  ];
  const index = new Map<string, string[]>();
  for (const p of sources) {
    const family = p.endsWith('.go') ? 'go' : p.endsWith('.py') ? 'py' : p.endsWith('.java') ? 'java' : 'js';
    const stem = p.slice(p.lastIndexOf('/') + 1).replace(/\..*$/, '');
    const key = `${family}:${stem}`;
    index.set(key, [...(index.get(key) ?? []), p]);
  }

  it('pairs a Go test only with the same-stem file of its own package', () => {
    expect(conventionSources('bucket_test.go', index)).toEqual(['bucket.go']);
    expect(conventionSources('store/bucket_test.go', index)).toEqual(['store/bucket.go']);
  });

  it('prefers the source whose directories the test mirrors', () => {
    // tests/storage/ mirrors src/inventory/storage/, not src/legacy/.
    expect(conventionSources('tests/storage/test_backend.py', index)).toEqual(['src/inventory/storage/backend.py']);
    expect(conventionSources('packages/vite/src/node/__tests__/utils.spec.ts', index)).toEqual([
      'packages/vite/src/node/utils.ts',
    ]);
    expect(conventionSources('src/test/java/com/example/ledger/money/MoneyTest.java', index)).toEqual([
      'src/main/java/com/example/ledger/money/Money.java',
    ]);
  });

  it('pairs a C or C++ test with the source and the header of its stem, across the two languages', () => {
    const c = new Map<string, string[]>([
      ['c:conn', ['src/net/conn.c', 'include/kv/net/conn.h']],
      ['c:store', ['src/store.cc', 'lib/legacy/store.c']],
    ]);
    // no shared folder name with either: both, the .c and its header
    expect(conventionSources('tests/test_conn.c', c)).toEqual(['src/net/conn.c', 'include/kv/net/conn.h']);
    // a C++ test of a C source; tests/net/ mirrors src/net/
    expect(conventionSources('tests/net/conn_unittest.cc', c)).toEqual(['src/net/conn.c', 'include/kv/net/conn.h']);
    expect(conventionSources('lib/legacy/store_test.cc', c)).toEqual(['lib/legacy/store.c']);
  });

  it('pairs a Ruby spec or test with the lib/ or app/ file it mirrors', () => {
    const ruby = new Map<string, string[]>([
      ['ruby:parcel', ['lib/shipping_rates/parcel.rb', 'lib/legacy/parcel.rb']],
      ['ruby:user', ['app/models/user.rb', 'app/serializers/user.rb']],
    ]);
    expect(conventionSources('spec/shipping_rates/parcel_spec.rb', ruby)).toEqual(['lib/shipping_rates/parcel.rb']);
    // Rails: test/models/ mirrors app/models/
    expect(conventionSources('test/models/user_test.rb', ruby)).toEqual(['app/models/user.rb']);
    expect(conventionSources('spec/serializers/user_spec.rb', ruby)).toEqual(['app/serializers/user.rb']);
  });

  it('pairs a PHPUnit test under tests/ with the class it mirrors under src/ (a PSR-4 Tests\\ namespace)', () => {
    const php = new Map<string, string[]>([
      ['php:TaxCalculator', ['src/Tax/TaxCalculator.php', 'src/Legacy/TaxCalculator.php']],
    ]);
    expect(conventionSources('tests/Tax/TaxCalculatorTest.php', php)).toEqual(['src/Tax/TaxCalculator.php']);
    // a test of another language's family links to nothing of PHP's
    expect(conventionSources('tests/Tax/TaxCalculatorTest.java', php)).toEqual([]);
  });

  it('pairs a C# test with the source its test project mirrors: `Orders.Core.Tests/` ↔ `Orders.Core/`', () => {
    const cs = new Map<string, string[]>([['csharp:Order', ['src/Orders.Api/Order.cs', 'src/Orders.Core/Order.cs']]]);
    expect(conventionSources('tests/Orders.Core.Tests/OrderTests.cs', cs)).toEqual(['src/Orders.Core/Order.cs']);
    expect(conventionSources('tests/Orders.Api.UnitTests/OrderTest.cs', cs)).toEqual(['src/Orders.Api/Order.cs']);
  });

  it('pairs a Kotlin test with the source set it mirrors (`jvmTest` ↔ `jvmMain`), and with Java sources of its stem', () => {
    const kt = new Map<string, string[]>([
      ['java:Clock', ['src/commonMain/kotlin/cron/time/Clock.kt', 'src/jvmMain/kotlin/cron/Clock.kt']],
      ['java:Ledger', ['src/main/java/com/x/Ledger.java']],
    ]);
    expect(conventionSources('src/jvmTest/kotlin/cron/ClockTest.kt', kt)).toEqual(['src/jvmMain/kotlin/cron/Clock.kt']);
    expect(conventionSources('src/commonTest/kotlin/cron/time/ClockTest.kt', kt)).toEqual([
      'src/commonMain/kotlin/cron/time/Clock.kt',
    ]);
    // one JVM family: a Kotlin test of a Java class
    expect(conventionSources('src/test/kotlin/com/x/LedgerTest.kt', kt)).toEqual(['src/main/java/com/x/Ledger.java']);
  });

  it('pairs a Swift test with the source of the module its folder names (Tests/XTests/ mirrors Sources/X/)', () => {
    const swift = new Map<string, string[]>([
      ['swift:Cart', ['Sources/Checkout/Cart.swift', 'Sources/Legacy/Cart.swift']],
      ['swift:Money', ['Sources/Money/Money.swift']],
    ]);
    expect(conventionSources('Tests/CheckoutTests/CartTests.swift', swift)).toEqual(['Sources/Checkout/Cart.swift']);
    expect(conventionSources('Tests/LegacyTests/CartTests.swift', swift)).toEqual(['Sources/Legacy/Cart.swift']);
    expect(conventionSources('Tests/MoneyTests/MoneyTests.swift', swift)).toEqual(['Sources/Money/Money.swift']);
  });

  it('pairs a Scala spec or suite with the source its package folders mirror (sbt, cross folders, mill)', () => {
    const scala = new Map<string, string[]>([
      ['scala:Lexer', ['src/main/scala/csvkit/parse/Lexer.scala', 'src/main/scala/other/Lexer.scala']],
      ['scala:Table', ['core/src/csvkit/Table.scala', 'web/src/csvkit/Table.scala']],
    ]);
    expect(conventionSources('src/test/scala/csvkit/parse/LexerSpec.scala', scala)).toEqual([
      'src/main/scala/csvkit/parse/Lexer.scala',
    ]);
    expect(conventionSources('src/test/scala-3/csvkit/parse/LexerSuite.scala', scala)).toEqual([
      'src/main/scala/csvkit/parse/Lexer.scala',
    ]);
    expect(conventionSources('core/test/src/csvkit/TableTests.scala', scala)).toEqual(['core/src/csvkit/Table.scala']);
    // a Java source is not in the Scala family
    expect(conventionSources('src/test/scala/com/example/ledger/money/MoneyTest.scala', index)).toEqual([]);
  });

  it('returns nothing for a test whose stem names no source', () => {
    expect(conventionSources('tests/test_unrelated.py', index)).toEqual([]);
  });
});

describe('nameWeight (shared-symbol edges)', () => {
  const o = GRAPH_DEFAULTS.sharedSymbol;
  it('boosts long distinctive identifiers ×10 and cuts private, generic and widely defined names ×0.1', () => {
    expect(nameWeight('apply_discount', 1)).toBe(o.distinctiveFactor);
    expect(nameWeight('RateLimiter', 1)).toBe(o.distinctiveFactor);
    expect(nameWeight('total', 1)).toBe(1);
    expect(nameWeight('_helper', 1)).toBeCloseTo(o.privateFactor);
    expect(nameWeight('get', 1)).toBeCloseTo(o.genericFactor);
    expect(nameWeight('total', o.manyDefiners + 1)).toBeCloseTo(o.manyDefinersFactor);
  });

  it('links nothing through short names or names defined in too many files', () => {
    expect(nameWeight('ok', 1)).toBe(0);
    expect(nameWeight('apply_discount', o.maxDefiners + 1)).toBe(0);
    expect(nameWeight('apply_discount', 0)).toBe(0);
  });
});
