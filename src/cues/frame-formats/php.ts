/**
 * PHP failures:
 * - an uncaught exception or an error, where it happened: `PHP Fatal error:  Uncaught
 *   X: msg in /x/Money.php:37`, `X: msg in /x/Money.php:37` (an exception as a string),
 *   `Warning: Undefined variable $x in /x/a.php on line 12`, `  thrown in /x/a.php on line 37`;
 * - the stack trace under it, innermost first: `#0 /x/Cart.php(53): Acme\Tax\TaxCalculator->taxFor(Object(…))`
 *   (`#1 {main}` and `#2 [internal function]: …` name no file);
 * - PHPUnit's locations, one per line under a failure: `/x/tests/CartTest.php:33`.
 * A frame's symbols are the class and function it calls.
 */
import { frame, keepSymbol, type Frame, type FrameFormat } from './frame.js';

/** `Acme\Cart\Tax\TaxCalculator->taxFor(…)` → TaxCalculator, taxFor; `{closure}` → nothing. */
function withPhpCall(f: Frame, call: string): Frame {
  const m = /^\\?([\w\\]+?)(?:(?:->|::)(\w+))?\(/.exec(call);
  if (!m) return f;
  const owner = m[2] === undefined ? undefined : m[1]!.split('\\').pop();
  const fn = m[2] ?? m[1]!.split('\\').pop()!;
  if (f.test && /^test/.test(fn)) {
    f.testName = fn;
    if (owner !== undefined) f.testClass = owner;
    return f;
  }
  if (f.library) return f;
  for (const symbol of [owner, fn]) if (symbol !== undefined && keepSymbol(symbol)) f.symbols.push(symbol);
  return f;
}

/** `#0 /x/Cart.php(53): A\B->c(…)` */
export const phpStackFrame: FrameFormat = {
  failureLines: [/\s*(?:PHP +)?#\d+ \S+\.php\(\d+\): /],
  read(lines, i) {
    const line = lines[i]!;
    const m = /^\s*(?:PHP\s+)?#\d+ (\S.*?\.php)\((\d+)\): (.*)$/.exec(line);
    if (m) return { frame: withPhpCall(frame(m[1]!, m[2], i), m[3]!), style: 'innermost-first' };
    return /^\s*(?:PHP\s+)?#\d+ (?:\{main\}|\[internal function\]:)/.test(line) ? 'consumed' : null;
  },
  continues: (lines, i) => /^\s*(?:PHP\s+)?Stack trace:\s*$/.test(lines[i]!),
};

/** `… in /x/a.php:37`, `… in /x/a.php on line 37`, `thrown in /x/a.php on line 37` */
export const phpErrorLine: FrameFormat = {
  failureLines: [
    /(?:PHP )?(?:Fatal error|Parse error|Warning|Notice|Deprecated): .* in \S+\.php(?::\d+| on line \d+)$/,
  ],
  read(lines, i) {
    const m = /\bin (\S+\.php)(?::(\d+)| on line (\d+))\s*$/.exec(lines[i]!);
    return m ? { frame: frame(m[1]!, m[2] ?? m[3], i), style: 'innermost-first' } : null;
  },
};

/** PHPUnit: a location line `/x/tests/CartTest.php:33` under a failure. */
export const phpunitLocation: FrameFormat = {
  failureLines: [/There (?:was|were) \d+ (?:failure|error)s?:$/],
  read(lines, i) {
    const m = /^\s*(\S+\.php):(\d+)\s*$/.exec(lines[i]!);
    return m ? { frame: frame(m[1]!, m[2], i), style: 'innermost-first' } : null;
  },
};
