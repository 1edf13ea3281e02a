/**
 * Kotlin/Native stack frames, as an uncaught exception on a native target prints them:
 * `at 4   test.kexe   0x10a0d0a4b   kfun:dev.cron.Schedule#nextAfter(dev.cron.time.LocalDateTime){}dev.cron.time.LocalDateTime + 1275 (/src/commonMain/kotlin/cron/Schedule.kt:21:9)`.
 * A function is `package.Class#method` or, at top level, `package#function`; frames of the
 * runtime (`kfun:kotlin.…`, `kotlinx.…`, unnamed `<unknown>` ones) name no repository code,
 * and a frame without `(path:line:col)` is read but names no file.
 */
import { frame, keepSymbol, type FrameFormat } from './frame.js';

const KOTLIN_NATIVE_FRAME =
  /^\s*at \d+\s+\S+\s+0x[0-9a-fA-F]+\s+(?:kfun:([\w.$]+)(?:#([\w$<>-]+))?\S*)?.*?(?:\(([^()]+?):(\d+)(?::\d+)?\))?\s*$/;

const TEST_CLASS_RE = /^Test[A-Z0-9_]|(?:Test|Tests|TestCase|Spec)$/;

export const kotlinNativeFrame: FrameFormat = {
  failureLines: [/\s+at \d+ +\S+ +0x[0-9a-fA-F]+ +kfun:/],
  read(lines, i) {
    const m = KOTLIN_NATIVE_FRAME.exec(lines[i]!);
    if (!m) return null;
    const [, owner, fn, path, line] = m;
    if (path === undefined || owner === undefined) return 'consumed';
    const f = frame(path, line, i);
    f.library = f.library || /^(?:kotlin|kotlinx)(?:\.|$)/.test(owner);
    // `dev.cron.CronExpression.Companion#parse`: a companion's function is its class's
    const segments = owner.replace(/\.Companion$/, '').split('.');
    const type = /^[A-Z]/.test(segments[segments.length - 1]!)
      ? segments[segments.length - 1]!.replace(/\$.*$/, '')
      : '';
    const method = (fn ?? '').replace(/^<.*>$/, '').replace(/\$.*$/, '');
    f.test = !f.library && (f.test || TEST_CLASS_RE.test(type));
    if (f.test) {
      f.testClass = type;
      if (keepSymbol(method)) f.testName = method;
    } else if (!f.library) {
      f.symbols = [type, method].filter(keepSymbol);
    }
    return { frame: f, style: 'innermost-first' };
  },
};
