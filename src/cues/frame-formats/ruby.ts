/**
 * Ruby backtraces and test runners' failure lines:
 * - an exception's report and its backtrace, innermost first:
 *   `/x/zone.rb:11:in 'ShippingRates::Zone.for': not a country code (ShippingRates::UnknownZone)`
 *   then `\tfrom /x/shipping_rates.rb:22:in 'block in ShippingRates.quotes'`; Ruby 3.4 quotes
 *   the method `'Class#method'` with its class, Ruby 3.3 and older `` `method' ``;
 * - RSpec's backtrace lines `# ./spec/x_spec.rb:12:in 'block (2 levels) in <top (required)>'`
 *   and its rerun lines `rspec ./spec/x_spec.rb:4 # Zone prices Canada as near`;
 * - Minitest's failure location `ZoneTest#test_near [test/zone_test.rb:8]:`.
 * `<internal:kernel>` frames are the interpreter's: read, no file.
 */
import { frame, keepSymbol, type Frame, type FrameFormat } from './frame.js';

/**
 * `block (2 levels) in ShippingRates::Zone.for` → Zone, for; `` `rescue in quote' `` → quote;
 * `<class:Zone>` → Zone; `<main>`, `<top (required)>` → nothing. A test method
 * (`test_near`, `ZoneTest#test_near`) is the frame's test name instead.
 */
function withRubyMethod(f: Frame, raw: string): Frame {
  let name = raw.replace(/^(?:(?:block|rescue|ensure)(?: \(\d+ levels\))? in )+/, '').trim();
  const body = /^<(?:class|module):([\w:]+)>$/.exec(name);
  if (body) name = body[1]!;
  if (name.startsWith('<')) return f;
  const parts = name.split(/::|[#.]/).filter(Boolean);
  const method = parts[parts.length - 1] ?? '';
  const owner = /[#.]/.test(name) ? parts[parts.length - 2] : undefined;
  if (f.test && /^test_/.test(method)) {
    f.testName = method;
    if (owner !== undefined) f.testClass = owner;
    return f;
  }
  if (f.library) return f;
  for (const symbol of [owner, method]) if (symbol !== undefined && keepSymbol(symbol)) f.symbols.push(symbol);
  return f;
}

/** `[from ]path:N:in 'm'`, `# path:N[:in 'm']` (RSpec) */
const BACKTRACE_LINE = /^\s*(?:(from|#)\s+)?(\S+?):(\d+)(?::in [`'](.+?)')?(?=:\s|\s*$)/;

export const rubyBacktrace: FrameFormat = {
  failureLines: [/(?:\s*(?:from|#) +)?\S+:\d+:in [`'][^'\n]+'/],
  read(lines, i) {
    const line = lines[i]!;
    const m = BACKTRACE_LINE.exec(line);
    // Only RSpec's `# path:N` may lack the method: a bare or `from` `path:N` is anyone's.
    if (!m || (m[4] === undefined && m[1] !== '#')) return null;
    if (m[2]!.startsWith('<internal:')) return 'consumed';
    // A `#` line is RSpec's only when it names a Ruby file (or a script like `bin/x`).
    if (m[1] === '#' && m[4] === undefined && !m[2]!.endsWith('.rb')) return null;
    const f = frame(m[2]!, m[3], i);
    return { frame: m[4] === undefined ? f : withRubyMethod(f, m[4]), style: 'innermost-first' };
  },
};

/** RSpec `rspec ./spec/x_spec.rb:4 # description`; Minitest `ZoneTest#test_near [test/zone_test.rb:8]:` */
export const rubyTestLine: FrameFormat = {
  failureLines: [/rspec \S+_spec\.rb:\d+/, /\s*[\w:]+#test_\w+ \[\S+\.rb:\d+\]/],
  read(lines, i) {
    const line = lines[i]!;
    const rspec = /^rspec (\S+_spec\.rb):(\d+)(?: #|\s*$)/.exec(line);
    if (rspec) return { frame: frame(rspec[1]!, rspec[2], i), style: 'single' };
    const minitest = /^\s*([\w:]+)#(test_\w+) \[(\S+\.rb):(\d+)\]:?\s*$/.exec(line);
    if (!minitest) return null;
    const f = frame(minitest[3]!, minitest[4], i);
    f.test = true;
    f.testClass = minitest[1]!.split('::').pop()!;
    f.testName = minitest[2]!;
    return { frame: f, style: 'single' };
  },
};
