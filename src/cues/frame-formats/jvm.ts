/**
 * JVM stack frames: `at [module/]com.a.b.C$Inner.method(C.java:N)` (path `com/a/b/C.java`).
 * Kotlin compiles to the same frames with its own names: top-level functions live in a
 * file facade class (`FieldParserKt.parseField(FieldParser.kt:12)`: the function alone),
 * lambdas and coroutine bodies in classes named after their function
 * (`Schedule$upcoming$1.invokeSuspend`, `Schedule.upcoming$lambda$0`: `upcoming`), and
 * default-argument and accessor bridges (`next$default`, `access$next`) after theirs.
 * Scala's likewise: an object `Parser$` is `Parser`, a lambda `$anonfun$parse$1` is
 * `parse`, a specialization `apply$mcV$sp` is `apply`.
 */
import { frame, keepSymbol, type FrameFormat } from './frame.js';

const JAVA_LIBRARY_PACKAGES =
  /^(?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|org\.junit|junit|org\.opentest4j|org\.gradle|worker\.org\.gradle|org\.apache\.maven|org\.testng|org\.assertj|org\.hamcrest|org\.scalatest|org\.scalactic|munit|org\.specs2|sbt)\./;

const TEST_CLASS_RE = /^Test[A-Z0-9_]|(?:Test|Tests|TestCase|IT|Spec|Suite)$/;

/** Kotlin's generated method names the function they were written in. */
const KOTLIN_BRIDGE = /^(?:invoke|invokeSuspend|emit|collect|resumeWith)$/;

/** The method a frame was written in: Java `lambda$main$0` → main; Kotlin as above. */
function writtenMethod(classPart: string, method: string): string {
  if (method.startsWith('lambda$')) return method.split('$')[1] ?? '';
  if (method.startsWith('access$')) return method.slice('access$'.length);
  // Scala: `$anonfun$parse$1` (a lambda in parse); other names starting with `$` are the compiler's.
  const anonfun = /^\$anonfun\$([A-Za-z_]\w*?)\$\d+(?:\$adapted)?$/.exec(method);
  if (anonfun) return anonfun[1]!;
  if (method.startsWith('$')) return '';
  const dollar = method.indexOf('$');
  if (dollar > 0) return method.slice(0, dollar);
  // `Schedule$upcoming$1.invokeSuspend`: the first generated segment after the class names the function.
  const inner = classPart
    .split('$')
    .slice(1)
    .find((s) => /^[a-z_][\w]*$/.test(s));
  return KOTLIN_BRIDGE.test(method) && inner ? inner : method;
}

/** at [module/]com.a.b.C$Inner.method(C.java:N); Maven's reports put a space before the `(` (`method (C.java:N)`). */
export const jvmFrame: FrameFormat = {
  failureLines: [/\s+at [\w$.<>]+\([\w$]+\.(?:java|kt|scala):\d+\)/],
  read(lines, i) {
    const m = lines[i]!.match(
      /^\s*at\s+(?:([\w.-]+(?:@[\w.-]+)?)\/\/?)?((?:[\w$]+\.)+)([\w$<>]+)( ?)\(([^()]*)\)\s*(?:~?\[[^\]]*\])?\s*$/,
    );
    if (!m) return null;
    const module = m[1] ?? '';
    const qualified = m[2]!.slice(0, -1);
    const method = m[3]!;
    const location = m[5]!;
    const loc = location.match(/^([\w$]+\.(?:java|kt|scala|groovy))(?::(\d+))?$/);
    // With the space it is Maven's frame only at a JVM file; `at T.m (p.js:N:M)` is JavaScript's.
    if (!loc) return m[4] ? null : 'consumed';
    const segments = qualified.split('.');
    const className = segments[segments.length - 1]!.replace(/\$.*$/, '');
    const pkg = segments.slice(0, -1);
    const f = frame([...pkg, loc[1]!].join('/'), loc[2], i);
    f.library = JAVA_LIBRARY_PACKAGES.test(`${qualified}.`) || /^(?:java|jdk)\./.test(module);
    f.test = !f.library && TEST_CLASS_RE.test(className);
    const facade = loc[1]!.endsWith('.kt') && className === `${loc[1]!.slice(0, -'.kt'.length)}Kt`;
    const methodName = writtenMethod(segments[segments.length - 1]!, method);
    if (f.test) {
      f.testClass = className;
      if (keepSymbol(methodName) && !/^(?:setUp|tearDown|before|after)/.test(methodName)) f.testName = methodName;
    } else if (!f.library) {
      f.symbols = (facade ? [methodName] : [className, methodName]).filter(keepSymbol);
    }
    return { frame: f, style: 'innermost-first' };
  },
  continues: (lines, i) => /^\s*\.\.\. \d+ (?:more|common frames omitted)/.test(lines[i]!),
  boundaries: [/^\s*(?:Caused by|Suppressed):/],
};
