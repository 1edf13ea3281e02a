/**
 * JVM stack frames: `at [module/]com.a.b.C$Inner.method(C.java:N)` (path `com/a/b/C.java`).
 * Scala's compiled names read as the source's: an object `Parser$` is `Parser`, a lambda
 * `$anonfun$parse$1` is `parse`, a specialization `apply$mcV$sp` is `apply`.
 */
import { frame, keepSymbol, type FrameFormat } from './frame.js';

const JAVA_LIBRARY_PACKAGES =
  /^(?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|org\.junit|junit|org\.opentest4j|org\.gradle|worker\.org\.gradle|org\.apache\.maven|org\.testng|org\.assertj|org\.hamcrest|org\.scalatest|org\.scalactic|munit|org\.specs2|sbt)\./;

const TEST_CLASS_RE = /^Test[A-Z0-9_]|(?:Test|Tests|TestCase|IT|Spec|Suite)$/;

/** A method's name as written in the source: Java lambdas, Scala lambdas and specializations lose their compiled parts. */
function sourceMethodName(method: string): string {
  if (method.startsWith('lambda$')) return method.split('$')[1] ?? '';
  const anonfun = /^\$anonfun\$([A-Za-z_]\w*?)\$\d+(?:\$adapted)?$/.exec(method);
  if (anonfun) return anonfun[1]!;
  const name = method.replace(/\$mc\w+\$sp$/, '').replace(/\$adapted$/, '');
  return name.startsWith('$') ? '' : name;
}

/** at [module/]com.a.b.C$Inner.method(C.java:N) */
export const jvmFrame: FrameFormat = {
  read(lines, i) {
    const m = lines[i]!.match(/^\s*at\s+(?:([\w.\-]+(?:@[\w.\-]+)?)\/\/?)?((?:[\w$]+\.)+)([\w$<>]+)\(([^()]*)\)\s*(?:~?\[[^\]]*\])?\s*$/);
    if (!m) return null;
    const module = m[1] ?? '';
    const qualified = m[2]!.slice(0, -1);
    const method = m[3]!;
    const location = m[4]!;
    const loc = location.match(/^([\w$]+\.(?:java|kt|scala|groovy))(?::(\d+))?$/);
    if (!loc) return 'consumed';
    const segments = qualified.split('.');
    const className = segments[segments.length - 1]!.replace(/\$.*$/, '');
    const pkg = segments.slice(0, -1);
    const f = frame([...pkg, loc[1]!].join('/'), loc[2], i);
    f.library = JAVA_LIBRARY_PACKAGES.test(`${qualified}.`) || /^(?:java|jdk)\./.test(module);
    f.test = !f.library && TEST_CLASS_RE.test(className);
    const methodName = sourceMethodName(method);
    if (f.test) {
      f.testClass = className;
      if (keepSymbol(methodName) && !/^(?:setUp|tearDown|before|after)/.test(methodName)) f.testName = methodName;
    } else if (!f.library) {
      f.symbols = [className, methodName].filter(keepSymbol);
    }
    return { frame: f, style: 'innermost-first' };
  },
  continues: (lines, i) => /^\s*\.\.\. \d+ (?:more|common frames omitted)/.test(lines[i]!),
  boundaries: [/^\s*(?:Caused by|Suppressed):/],
};
