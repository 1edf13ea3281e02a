/**
 * Python tracebacks (`File "p", line N, in f`), IPython's (`File p.py:N, in f(args)` since
 * IPython 8, `p.py in f(args)` before) and pytest's short lines (`p.py:N: Error`, `p.py:N: in f`).
 */
import { frame, keepSymbol, withoutTrailingArguments, type Frame, type FrameFormat } from './frame.js';

/** Python / pytest function name → symbols or test name. */
function withPythonFunc(f: Frame, func: string | undefined): Frame {
  const name = func?.trim();
  if (!name || name.startsWith('<')) return f;
  if (f.test && /^test/.test(name)) f.testName = name;
  else if (!f.library && keepSymbol(name)) f.symbols.push(name);
  return f;
}

/** File "path", line N, in func */
export const pythonTraceback: FrameFormat = {
  failureLines: [/Traceback \(most recent call last\):/, /\s*File "[^"\n]+", line \d+/],
  read(lines, i) {
    const m = lines[i]!.match(/^\s*File "([^"]+)", line (\d+)(?:, in (.+?))?\s*$/);
    if (!m) return null;
    if (m[1]!.startsWith('<')) return 'consumed';
    return { frame: withPythonFunc(frame(m[1]!, m[2], i), m[3]), style: 'outermost-first' };
  },
  boundaries: [
    /^\s*Traceback \(most recent call last\):/,
    /^\s*During handling of the above exception/,
    /^\s*The above exception was the direct cause/,
    /^_{3,} .+ _{3,}\s*$/,
    /^={3,}.*={3,}\s*$/,
  ],
};

/**
 * IPython 8 and later: `File ~/p.py:N, in f(args)`; a notebook cell (`Cell In[3], line 1`,
 * `Input In [3], in <cell line: 1>()`) names no file.
 */
export const ipythonFrame: FrameFormat = {
  read(lines, i) {
    const line = lines[i]!;
    if (/^\s*(?:Cell In ?\[\d*\], line \d+|Input In ?\[\d*\], in .*)\s*$/.test(line)) return 'consumed';
    const m = line.match(/^\s*File ([^"]+?\.py):(\d+)(?:, in (.+?))?\s*$/);
    if (!m) return null;
    return {
      frame: withPythonFunc(frame(m[1]!, m[2], i), withoutTrailingArguments(m[3] ?? '')),
      style: 'outermost-first',
    };
  },
};

/**
 * IPython before 8: `~/p.py in f(args)` (no line number; the numbered source lines follow),
 * `<ipython-input-3-…> in <module>()` a notebook cell. The numbered source lines under a
 * frame stay prose, as a traceback's source lines do.
 */
export const ipythonLegacyFrame: FrameFormat = {
  read(lines, i) {
    const m = lines[i]!.match(/^\s*(<ipython-input-[^>]*>|[^\s"'()<>]+\.py) in ([\w.<>]+)\(.*\)\s*$/);
    if (!m) return null;
    if (m[1]!.startsWith('<')) return 'consumed';
    return { frame: withPythonFunc(frame(m[1]!, undefined, i), m[2]), style: 'outermost-first' };
  },
};

/** pytest: path.py:N: [in func | ErrorType[: msg]] (indented in some reports) */
export const pytestLine: FrameFormat = {
  failureLines: [/E {3}\S/],
  read(lines, i) {
    const m = lines[i]!.match(/^\s*([^\s:"'()<>]+\.py):(\d+):(?: (.*))?$/);
    if (!m) return null;
    const rest = m[3]?.trim() ?? '';
    const inFunc = rest.match(/^in (\S+)$/);
    return { frame: withPythonFunc(frame(m[1]!, m[2], i), inFunc?.[1]), style: 'outermost-first' };
  },
};
