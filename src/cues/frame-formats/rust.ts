/** Rust backtraces (`at ./p.rs:N:M` under `N: crate::T::f`) and panic locations (`panicked at p.rs:N:M`). */
import { frame, keepSymbol, type FrameFormat } from './frame.js';

const RUST_LIBRARY_CRATES = /^(?:std|core|alloc|test|proc_macro|<?(?:std|core|alloc))::/;

/** `crate::mod::Type::method::h0123…` → [Type, method]. */
function rustFuncSymbols(raw: string): { symbols: string[]; library: boolean; last?: string } {
  let text = raw.trim().replace(/::h[0-9a-f]{16}$/, '');
  const library = RUST_LIBRARY_CRATES.test(text) || text.startsWith('rust_begin_unwind') || text.startsWith('__rust');
  let prev = '';
  while (prev !== text) {
    prev = text;
    text = text.replace(/<[^<>]*>/g, '');
  }
  const segments = text.split('::').filter((s) => s && !/^\{\{.*\}\}$/.test(s));
  const last = segments[segments.length - 1];
  const symbols: string[] = [];
  const owner = segments[segments.length - 2];
  if (owner && /^[A-Z]/.test(owner) && keepSymbol(owner)) symbols.push(owner);
  if (last && keepSymbol(last)) symbols.push(last);
  return last === undefined ? { symbols, library } : { symbols, library, last };
}

/** Rust backtrace location under `  N: crate::f` */
export const rustBacktrace: FrameFormat = {
  read(lines, i) {
    const m = lines[i]!.match(/^\s+at (\S+\.rs):(\d+)(?::\d+)?\s*$/);
    if (!m) return null;
    const f = frame(m[1]!, m[2], i);
    const above = lines[i - 1]?.match(/^\s*\d+:\s+(\S.*)$/);
    if (above) {
      const info = rustFuncSymbols(above[1]!);
      if (info.library) f.library = true;
      const inTests = /(?:^|::)tests?::/.test(above[1]!);
      if (inTests) f.test = true;
      if (f.test && info.last) f.testName = info.last;
      else if (!f.library) f.symbols = info.symbols;
    }
    return { frame: f, style: 'innermost-first' };
  },
  // The function line of a backtrace frame.
  continues: (lines, i) => /^\s*\d+: \S/.test(lines[i]!),
  boundaries: [/^\s*stack backtrace:/, /^---- .+ stdout ----/],
};

/** Rust panic location (new and old formats) */
export const rustPanic: FrameFormat = {
  failureLines: [/thread '.*' panicked at /],
  read(lines, i) {
    const m = lines[i]!.match(/panicked at (?:'.*', )?([^\s']+\.rs):(\d+):\d+/);
    return m ? { frame: frame(m[1]!, m[2], i), style: 'single' } : null;
  },
};
