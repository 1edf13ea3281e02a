/**
 * .NET stack frames, as `Exception.ToString()`, `dotnet test` and the runtime's unhandled
 * exception handler print them:
 * - `at Orders.Core.Order.EnsureOpen() in /src/Orders.Core/Order.cs:line 59` (a build with
 *   symbols; Windows paths `in C:\src\Order.cs:line 59` too);
 * - `at System.Linq.Enumerable.Aggregate[TSource](IEnumerable`1 source, Func`3 func)` (no
 *   symbols, or the runtime's own frames): the path is the namespace and type as folders,
 *   `Orders/Core/Order.cs`, for a type is usually in a file of its name.
 * Compiler-generated names lose their decoration: a lambda `<Subtotal>b__5_0` or an async
 * state machine `<SaveAsync>d__4.MoveNext` is the method it was written in, a closure class
 * `<>c__DisplayClass3_0` is dropped, a nested type `Outer+Inner` is `Outer`, `.ctor` is the type.
 * `--- End of stack trace from previous location ---` lines continue a trace; an inner
 * exception (`---> System.X: …`) starts another.
 */
import { frame, keepSymbol, type FrameFormat } from './frame.js';

/** The runtime's, the BCL's and the test frameworks' namespaces. */
const DOTNET_LIBRARY_NAMESPACES = /^(?:System|Microsoft|Xunit|NUnit|Castle|Moq|FluentAssertions|Shouldly)\./;

const TEST_CLASS_RE = /(?:Tests?|Specs?|Fixture)$/;

/** at Ns.Type.Method[T](args)[ in path:line N] */
const DOTNET_FRAME =
  /^\s*at ((?:[\w`<>+|]+\.)+(?:[\w`<>|]+|\.c?ctor)(?:\[[^\]]*\])?)\(([^()]*)\)(?: in (.+):line (\d+))?\s*$/;

/** Arguments as .NET prints them: none, or `Type name` pairs (a JVM frame holds `File.java:N`, `Unknown Source`, `Native Method`). */
const DOTNET_ARGUMENTS = /^(?:|[^,]+ \w+(?:, [^,]+ \w+)*)$/;

/** `<Subtotal>b__5_0` → `Subtotal`; `<>c`, `<>c__DisplayClass3_0` → ''; `List`1` → `List`; `Order+Line` → `Order`. */
function written(segment: string): string {
  const m = /^<(\w*)>/.exec(segment);
  return m ? m[1]! : segment.replace(/\+.*$/, '').replace(/`\d+$/, '');
}

export const dotnetFrame: FrameFormat = {
  failureLines: [/\s+at \S+\(.*\) in .+:line \d+$/, /Unhandled exception\. [\w.]+(?:Exception|Error)\b/],
  read(lines, i) {
    const m = DOTNET_FRAME.exec(lines[i]!);
    if (!m) return null;
    const [, qualified, args, path, line] = m;
    if (path === undefined && (!DOTNET_ARGUMENTS.test(args!) || /^(?:Unknown Source|Native Method)$/.test(args!)))
      return null;
    const segments = qualified!
      .replace(/\[[^\]]*\]$/, '')
      .replace(/\.\.(c?ctor)$/, '.#$1')
      .split('.');
    const last = segments.pop()!;
    // The declaring type is the last segment the compiler did not generate; a generated one
    // after it is a closure class or the state machine of an async method or iterator.
    const typeAt = segments.findLastIndex((seg) => !seg.startsWith('<'));
    const type = typeAt < 0 ? '' : written(segments[typeAt]!);
    const machine = segments
      .slice(typeAt + 1)
      .map(written)
      .find((name) => name !== '');
    let method = last.startsWith('#') ? type : written(last);
    if (machine && (method === 'MoveNext' || method === '')) method = machine;
    const f = frame(path ?? [...segments.slice(0, Math.max(typeAt, 0)), `${type}.cs`].join('/'), line, i);
    f.library = f.library || DOTNET_LIBRARY_NAMESPACES.test(qualified!);
    f.test = !f.library && (f.test || TEST_CLASS_RE.test(type));
    if (f.test) {
      f.testClass = type;
      if (keepSymbol(method) && method !== type) f.testName = method;
    } else if (!f.library) {
      f.symbols = [...new Set([type, method])].filter(keepSymbol);
    }
    return { frame: f, style: 'innermost-first' };
  },
  continues: (lines, i) =>
    /^\s*--- End of (?:stack trace from previous location|inner exception stack trace) ---/.test(lines[i]!),
  boundaries: [/^\s*---> [\w.]+(?:Exception|Error)\b/],
};
