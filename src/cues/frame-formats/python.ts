/** Python tracebacks (`File "p", line N, in f`) and pytest's short lines (`p.py:N: Error`, `p.py:N: in f`). */
import { frame, keepSymbol, type Frame, type FrameFormat } from './frame.js';

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

/** pytest: path.py:N: [in func | ErrorType[: msg]] */
export const pytestLine: FrameFormat = {
  read(lines, i) {
    const m = lines[i]!.match(/^([^\s:"'()<>]+\.py):(\d+):(?: (.*))?$/);
    if (!m) return null;
    const rest = m[3]?.trim() ?? '';
    const inFunc = rest.match(/^in (\S+)$/);
    return { frame: withPythonFunc(frame(m[1]!, m[2], i), inFunc?.[1]), style: 'outermost-first' };
  },
};
