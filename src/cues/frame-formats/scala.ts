/**
 * Scala test output (JVM frames themselves are `jvm.ts`'s):
 * - sbt prefixes every line of a test run with its log level (`[info]   at a.B.c(B.scala:12)`,
 *   `[error]   at …`): the frame under the prefix is read as a JVM frame;
 * - ScalaTest ends a failed assertion's message with its place, `3 was not equal to 2 (LexerSpec.scala:20)`;
 * - MUnit names the failed test and its place,
 *   `==> X csvkit.parse.ParserSuite.a short record  0.01s munit.FailException: /x/ParserSuite.scala:19`.
 */
import { frame, type FrameFormat } from './frame.js';
import { jvmFrame } from './jvm.js';

const SBT_PREFIX = /^\[(?:info|error|warn|debug)\]\s/;

/** A JVM frame behind sbt's log prefix. */
export const sbtJvmFrame: FrameFormat = {
  failureLines: [/\[(?:info|error)\]\s+at [\w$.<>]+\([\w$]+\.scala:\d+\)/],
  read(lines, i) {
    const line = lines[i]!;
    const prefix = SBT_PREFIX.exec(line);
    if (!prefix) return null;
    const result = jvmFrame.read([line.slice(prefix[0].length)], 0);
    if (result === null || result === 'consumed') return result;
    result.frame.lineIndex = i;
    return result;
  },
  continues: (lines, i) => {
    const prefix = SBT_PREFIX.exec(lines[i]!);
    return prefix !== null && (jvmFrame.continues?.([lines[i]!.slice(prefix[0].length)], 0) ?? false);
  },
};

/** ScalaTest's `message (FooSpec.scala:12)` and MUnit's `==> X pkg.FooSuite.name  0.01s munit.X: /x/FooSuite.scala:12`. */
export const scalaTestFailure: FrameFormat = {
  failureLines: [/\[(?:info|error)\]\s+- .* \*\*\* FAILED \*\*\*/, /==> X \S/],
  read(lines, i) {
    const line = lines[i]!.replace(SBT_PREFIX, '');
    let m = /^==> X ((?:[\w$]+\.)*([A-Z][\w$]*))\.(.+?)\s+\d+\.\d+s\s+[\w.$]+: (\S+\.scala):(\d+)\s*$/.exec(line);
    if (m) {
      const f = frame(m[4]!, m[5], i);
      f.test = true;
      f.testClass = m[2]!;
      return { frame: f, style: 'single' };
    }
    m = /^\s*(?!at\s)\S.*\s\(([\w$-]+\.scala):(\d+)\)\s*$/.exec(line);
    return m ? { frame: frame(m[1]!, m[2], i), style: 'single' } : null;
  },
};
