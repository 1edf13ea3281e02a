/** Node and browser stack frames: `at f (p.ts:N:M)`, `at p.js:N:M`, `at async f (file:///p.mjs:N:M)`, vitest `❯ p.ts:N:M`. */
import { frame, keepSymbol, type FrameFormat } from './frame.js';

const JS_NOISE_NAMES = new Set([
  '<anonymous>',
  'Object',
  'Context',
  'Module',
  'Function',
  'process',
  'Promise',
  'Array',
  'async',
  'new',
  'exports',
  'module',
  'Generator',
  'Timeout',
  'Immediate',
  'listOnTimeout',
  'runMicrotasks',
]);

/** `Foo.bar [as baz]`, `new Foo`, `Object.<anonymous>` → [Foo, bar]. */
function jsFuncSymbols(raw: string): string[] {
  const text = raw.replace(/\s*\[as [^\]]*\]$/, '').replace(/^(?:async |new )+/, '');
  return text.split('.').filter((p) => !JS_NOISE_NAMES.has(p) && keepSymbol(p));
}

/** at [async] fn (path:N:M) | at [async] path:N:M | vitest ❯ [fn] path:N:M */
export const jsFrame: FrameFormat = {
  failureLines: [/\s+at .+:\d+:\d+\)?$/],
  read(lines, i) {
    const line = lines[i]!;
    const m =
      line.match(/^\s*at (?:async )?(.+?) \((.+?):(\d+):\d+\)\s*\{?\s*$/) ??
      line.match(/^\s*at (?:async )?()(\S+?):(\d+):\d+\s*\{?\s*$/) ??
      line.match(/^\s*❯ (?:(\S+) )?(\S+?):(\d+):\d+\s*$/);
    if (!m) return null;
    const path = m[2]!;
    if (/^(?:node:|native$|<anonymous>$|eval )/.test(path) || !/\.\w+$/.test(path.replace(/\?.*$/, '')))
      return 'consumed';
    const f = frame(path.replace(/\?.*$/, ''), m[3], i);
    if (!f.library && m[1]) f.symbols = jsFuncSymbols(m[1]);
    return { frame: f, style: 'innermost-first' };
  },
};

/** JS frames without a file: at async Promise.all (index 0), at foo (native), at eval (eval at …) */
export const jsFramelessFrame: FrameFormat = {
  read: (lines, i) =>
    /^\s*at (?:async )?\S.*\((?:index \d+|native|<anonymous>|eval at .*)\)\s*$/.test(lines[i]!) ? 'consumed' : null,
};
