import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, inferTask } from '../../../src/cues/index.js';
import * as S from './fixtures/scripting-traces.js';
import { cuesOf, strengthOf, r } from './frame-cues.js';

const { frameDecay: d, testFrameScale: ts, libraryFrameStrength: lib } = CUE_DEFAULTS;
const RB = '/home/runner/work/shipping_rates/shipping_rates';
const PHP = '/home/runner/work/cart/cart';

describe('frames: Ruby', () => {
  it("Ruby 3.4: the report line is the innermost frame, `from` lines its callers; 'Class.method' gives both names", () => {
    expect(cuesOf(S.RUBY34_UNCAUGHT, 'frame')).toEqual([
      `${RB}/lib/shipping_rates/zone.rb:11@1`,
      `${RB}/lib/shipping_rates.rb:22@${d}`,
      `bin/quote:6@${r(d * d)}`,
    ]);
    const { cues } = extractCues({ raw_signal: S.RUBY34_UNCAUGHT });
    expect(strengthOf(cues, 'identifier', 'Zone')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'quotes')).toBe(d);
    // `<main>` names no method
    expect(cues.some((c) => c.kind === 'identifier' && c.value === 'main')).toBe(false);
  });

  it('Ruby 3.3: backquoted methods, `block in m` is m', () => {
    expect(cuesOf(S.RUBY33_UNCAUGHT, 'frame')).toEqual([
      '/home/dev/shipping_rates/lib/shipping_rates/carriers/flat.rb:16@1',
      `/home/dev/shipping_rates/lib/shipping_rates/carriers/base.rb:8@${d}`,
      // three frames on one line (the block, Array#map, quotes): one cue, the strongest
      `/home/dev/shipping_rates/lib/shipping_rates.rb:23@${r(d ** 2)}`,
      `bin/quote:6@${r(d ** 5)}`,
    ]);
    const { cues } = extractCues({ raw_signal: S.RUBY33_UNCAUGHT });
    expect(strengthOf(cues, 'identifier', 'base_cents')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'quotes')).toBe(r(d ** 2));
  });

  it('RSpec: `# ./spec/…` backtrace lines and the `rspec ./spec/x_spec.rb:N` rerun line are test frames', () => {
    expect(cuesOf(S.RSPEC_EXPECTATION, 'frame')).toEqual([
      `spec/shipping_rates/zone_spec.rb:4@${ts}`,
      `spec/shipping_rates/zone_spec.rb:5@${ts}`,
    ]);
    expect(cuesOf(S.RSPEC_ERROR, 'frame')).toEqual([
      'lib/shipping_rates/carriers/weight_based.rb:15@1',
      `lib/shipping_rates/carriers/base.rb:8@${d}`,
      `spec/shipping_rates/carriers/weight_based_spec.rb:7@${ts}`,
      `spec/shipping_rates/carriers/weight_based_spec.rb:8@${ts}`,
    ]);
    const { cues } = extractCues({ raw_signal: S.RSPEC_ERROR });
    expect(strengthOf(cues, 'identifier', 'WeightBased')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'base_cents')).toBe(1);
  });

  it("Minitest: `Class#test_x [path:N]` names the test; gems' and the interpreter's frames are library frames", () => {
    expect(cuesOf(S.MINITEST, 'frame')).toEqual([
      `${RB}/lib/shipping_rates/parcel.rb:29@1`,
      `${RB}/lib/shipping_rates/parcel.rb:28@${d}`,
      `test/parcel_test.rb:12@${ts}`,
      `test/zone_test.rb:8@${ts}`,
      // `<internal:kernel>` is read and names no file
      `/usr/local/bundle/gems/minitest-5.25.1/lib/minitest/test.rb:94@${lib}`,
    ]);
    const { cues } = extractCues({ raw_signal: S.MINITEST });
    expect(cues.filter((c) => c.kind === 'test-name').map((c) => c.value)).toEqual(
      expect.arrayContaining(['test_near_zone', 'test_billable_weight']),
    );
    expect(strengthOf(cues, 'identifier', 'validate')).toBeUndefined(); // `validate!` is no identifier cue
    expect(strengthOf(cues, 'identifier', 'Parcel')).toBe(1);
  });
});

describe('frames: PHP', () => {
  it('CLI: where the exception was thrown, then `#N path(line): call` innermost first; `{main}` names no file, `thrown in` repeats the first', () => {
    expect(cuesOf(S.PHP_UNCAUGHT, 'frame')).toEqual([
      `${PHP}/src/Tax/TaxCalculator.php:26@1`,
      `${PHP}/src/Cart.php:53@${d}`,
      `${PHP}/bin/cart.php:19@${r(d * d)}`,
    ]);
    const { cues } = extractCues({ raw_signal: S.PHP_UNCAUGHT });
    // frame #0 calls TaxCalculator->taxFor
    expect(strengthOf(cues, 'identifier', 'taxFor')).toBe(d);
    expect(strengthOf(cues, 'identifier', 'TaxCalculator')).toBe(d);
  });

  it('PHPUnit: the location lines under each failure, innermost first (each line once, at its strongest), the test file a test frame', () => {
    expect(cuesOf(S.PHPUNIT_ERRORS, 'frame')).toEqual([
      `${PHP}/src/Money.php:37@1`,
      `${PHP}/src/Money.php:25@${d}`,
      `${PHP}/src/Cart.php:44@${r(d * d)}`,
      `${PHP}/src/Cart.php:51@${r(d ** 3)}`,
      `${PHP}/tests/CartTest.php:26@${ts}`,
      `${PHP}/tests/CartTest.php:33@${ts}`,
    ]);
    // `1) Acme\\Cart\\Tests\\CartTest::testTotalAddsTax` names a failing test; CartTest → Cart
    const { cues } = extractCues({ raw_signal: S.PHPUNIT_ERRORS });
    expect(cues.filter((c) => c.kind === 'test-name').map((c) => c.value)).toEqual(
      expect.arrayContaining(['testSubtotalSumsLineItems', 'testTotalAddsTax']),
    );
    expect(strengthOf(cues, 'identifier', 'Cart')).toBeDefined();
  });

  it('`… in path on line N`; a frame under vendor/ is a library frame', () => {
    expect(cuesOf(S.PHP_WARNING, 'frame')).toEqual([
      `${PHP}/src/Money.php:37@1`,
      `${PHP}/vendor/phpunit/phpunit/src/Framework/TestCase.php:1164@${lib}`,
    ]);
  });
});

describe('Ruby and PHP traces pasted as text are trace2code', () => {
  it.each(Object.entries(S))('%s', (_name, text) => {
    expect(inferTask(text)).toBe('trace2code');
  });
});
