import { lowerFirst } from '../text/identifiers.js';

/**
 * Failing tests named in failure output, and the symbols they are likely to
 * test (`TestFooBar` → `FooBar`).
 */

/** One test named in a line or an id. */
export interface TestNameMatch {
  /** The test function (`test_x`, `TestX`, `parse_empty`, `testFoo`), parametrization and subtests removed. */
  name: string;
  /** Enclosing classes or modules, outermost first (`TestParser`, `parser`, `tests`). */
  scopes: string[];
  /** Test file, when the id carries one (`tests/test_x.py`). */
  file?: string;
  /** Offsets of the match in the line, to keep other extractors off it. */
  start: number;
  end: number;
}

/** A symbol under test derived from a test or test class name. */
export interface TestSymbol {
  symbol: string;
  /** A lower-first variant (`parseDuration` of `testParseDuration`): weaker. */
  variant: boolean;
}

/** `test_x[param-1]` → `test_x`; `TestX/sub_case` → `TestX`. */
export function stripTestDecorations(name: string): string {
  return name.replace(/\[.*$/, '').replace(/\(.*$/, '').replace(/\/.*$/, '');
}

/** Parses a pytest node id `path.py::Class::test[param]`; undefined when it is not one. */
export function parsePytestId(id: string): Omit<TestNameMatch, 'start' | 'end'> | undefined {
  const m = id.trim().match(/^((?:[^\s:]*[\\/])?[^\s:/\\]+\.py)::((?:[\w.]+::)*)([\w.]+)(\[.*\])?$/);
  if (!m) return undefined;
  const scopes = m[2] ? m[2].split('::').filter(Boolean) : [];
  return { name: m[3]!, scopes, file: m[1]! };
}

/** Parses a `::`- or `.`-separated test path (`a::tests::parse_empty`, `Class.test_x`) into name and scopes. */
export function parseQualifiedTest(text: string): { name: string; scopes: string[] } | undefined {
  const clean = stripTestDecorations(text.trim());
  const parts = clean.split(/::|\./).filter(Boolean);
  const name = parts.pop();
  if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  return { name, scopes: parts };
}

/**
 * Lines naming a failed test that make plain text a failure (task inference, `cues/task.ts`),
 * matched at a line's start: pytest's `FAILED a.py::test_x`, go test's `--- FAIL: TestX`, cargo's
 * `test x ... FAILED`, GoogleTest's `[  FAILED  ] A.B`.
 */
export const FAILING_TEST_LINES: readonly RegExp[] = [
  /FAILED \S+::\S+/,
  /--- FAIL: \S+/,
  /test \S+ \.\.\. FAILED/,
  /\[ +FAILED +\] \w/,
];

const LINE_PATTERNS: readonly RegExp[] = [
  // pytest section header: ____ TestClass.test_x[param] ____
  /^_{3,} ([\w.]+(?:\[[^\]]*\])?) _{3,}\s*$/,
  // go test: --- FAIL: TestX/sub (0.00s)
  /^\s*--- FAIL: (\S+)/,
  // cargo test: test a::tests::b ... FAILED
  /^test (\S+) \.\.\. FAILED\b/,
  // cargo test: ---- a::tests::b stdout ----
  /^---- (\S+) stdout ----/,
  // Rust: thread 'a::tests::b' panicked at (not 'main')
  /^thread '(?!main'|<unnamed>')([^']+)' panicked/,
  // Gradle: JsonTreeReaderTest > testSkipValue() FAILED
  /^([\w.$]+ > [\w$]+)(?:\([^)]*\))?(?:\[\d+\])? FAILED\s*$/,
  // Maven surefire: [ERROR]   JsonTreeReaderTest.testSkipValue:45 expected…
  /^\[ERROR\]\s+(?:Failures:\s+|Errors:\s+)?([\w$]+\.[\w$]+):\d+/,
  // Maven surefire 2: [ERROR] testBar(com.x.FooTest)  Time elapsed: 0.004 s  <<< ERROR!
  /^\[ERROR\] ([\w$]+\([\w.$]+\))\s+Time elapsed/,
  // Maven surefire 3: [ERROR] com.x.FooTest.testBar -- Time elapsed
  /^\[ERROR\] ([\w.$]+) -- Time elapsed/,
  // GoogleTest: [  FAILED  ] ParserTest.RejectsEmpty (0 ms), [  FAILED  ] Inst/ParserTest.Parses/2, where …
  /^\[ +FAILED +\] (?:\w+\/)?(\w+\.\w+)(?:\/\d+)?(?:,| \(\d+ ms\)|\s*$)/,
  // dotnet test: "  Failed Orders.Core.Tests.OrderTests.PlacingAnEmptyOrderFails [4 ms]"
  /^\s*Failed ([\w.+]+\.\w+)(?:\([^)]*\))? \[[\d.]+ m?s\]/,
  // xUnit console: "[xUnit.net 00:00:00.45]     Orders.Core.Tests.OrderTests.PlacingAnEmptyOrderFails [FAIL]"
  /^\s*\[xUnit\.net [\d:.]+\]\s+([\w.+]+\.\w+)(?:\([^)]*\))? \[FAIL\]/,
  // CTest: 2/5 Test #2: parser_test ......***Failed    0.01 sec
  /^\s*\d+\/\d+ Test +#\d+: (\w+) \.+\s*(?:\*{3})?(?:Failed|Exception|Timeout|SEGFAULT|Subprocess aborted)/,
  // PHPUnit: 1) Acme\Cart\Tests\CartTest::testTotalAddsTax [with data set #0 (…)] (the namespace dropped)
  /^\d+\) (?:\w+\\)*(\w+::test\w*)(?: with data set .*)?\s*$/,
  // Minitest: ZoneTest#test_near [test/zone_test.rb:8]:, or ZoneTest#test_near: above an error
  /^\s*([\w:]+#test_\w+)(?: \[[^\]]+\])?:\s*$/,
  // XCTest: Test Case '-[CheckoutTests.CartTests testTotal]' failed (0.002 seconds). (Linux: 'CartTests.testTotal')
  /^Test Case '-\[([\w.]+ \w+)\]' failed \(/,
  /^Test Case '([\w.]+)' failed \(/,
];

/**
 * Failing tests named in one line: pytest ids anywhere, pytest section
 * headers, `--- FAIL:`, cargo `test … FAILED` / `---- … stdout ----` /
 * `thread '…' panicked`, Gradle `C > m() FAILED`, Maven surefire lines, GoogleTest
 * `[  FAILED  ] Suite.Name`, CTest `Test #2: name ...***Failed`, `dotnet test`'s `Failed N.C.M [4 ms]`,
 * xUnit's `N.C.M [FAIL]`, PHPUnit `1) A\BTest::testX`, Minitest `ATest#test_x:`, XCTest `Test Case '…' failed`.
 * `inFailureList` marks the indented names under cargo's `failures:` summary.
 */
export function findTestNames(line: string, inFailureList = false): TestNameMatch[] {
  const out: TestNameMatch[] = [];
  for (const m of line.matchAll(/(?<![\w./\\-])((?:[\w.-]+[\\/])*[\w.-]+\.py)::((?:\w+::)*\w+(?:\[[^\]\s]*\])?)/g)) {
    const parsed = parsePytestId(`${m[1]}::${m[2]}`);
    if (parsed) out.push({ ...parsed, start: m.index, end: m.index + m[0].length });
  }
  if (out.length) return out;
  if (inFailureList) {
    const m = line.match(/^\s{4}([\w:]+)\s*$/);
    const parsed = m && parseQualifiedTest(m[1]!);
    if (m && parsed) out.push({ ...parsed, start: 0, end: line.length });
    return out;
  }
  for (const re of LINE_PATTERNS) {
    const m = line.match(re);
    if (!m) continue;
    const text = m[1]!;
    // `testBar(com.x.FooTest)` → `com.x.FooTest.testBar`; `FooTest > testBar` → `FooTest.testBar`;
    // XCTest's `Module.Class test` → `Module.Class.test`
    const qualified = text
      .replace(/^([\w$]+)\(([\w.$]+)\)$/, '$2.$1')
      .replace(' > ', '.')
      .replace('#', '.')
      .replace(/^([\w.]+) (\w+)$/, '$1.$2');
    const parsed = parseQualifiedTest(qualified);
    if (parsed) {
      const start = line.indexOf(text);
      out.push({ ...parsed, start, end: start + text.length });
    }
    break;
  }
  return out;
}

/**
 * Symbols a test function or class is likely to test:
 * `TestFooBar` → `FooBar`; `TestFoo_Bar` → `Foo`; `test_foo_bar` → `foo_bar`;
 * `foo_bar_test` → `foo_bar`; `testParseDuration` → `ParseDuration` and
 * `parseDuration` (`testFoo_whenEmpty` → `Foo`, `foo`); classes `FooTest`/`FooTests`/`FooTestCase` → `Foo` and
 * `foo`. Other names (`shouldX`, Rust `parse_empty`) give nothing.
 */
export function symbolsUnderTest(testName: string): TestSymbol[] {
  const name = stripTestDecorations(testName);
  let m: RegExpMatchArray | null;
  const out: TestSymbol[] = [];
  const push = (symbol: string | undefined, variant: boolean): void => {
    if (symbol && symbol.length >= 2 && /^[A-Za-z_$][\w$]*$/.test(symbol) && !out.some((s) => s.symbol === symbol)) {
      out.push({ symbol, variant });
    }
  };
  if ((m = name.match(/^Test_?([A-Z0-9]\w*)$/))) {
    push(m[1]!.split('_')[0], false);
  } else if ((m = name.match(/^Test_([a-z]\w*)$/))) {
    push(m[1], false);
  } else if ((m = name.match(/^test_+(\w+)$/))) {
    push(m[1], false);
  } else if ((m = name.match(/^test([A-Z]\w*)$/))) {
    const symbol = m[1]!.split('_')[0]!;
    push(symbol, false);
    push(lowerFirst(symbol), true);
  } else if ((m = name.match(/^(\w+?)_test$/))) {
    push(m[1], false);
  } else if ((m = name.match(/^([A-Z]\w*?)_?(?:Tests?|TestCase|IT|Spec)$/))) {
    push(m[1], false);
    push(lowerFirst(m[1]!), true);
  }
  return out;
}
