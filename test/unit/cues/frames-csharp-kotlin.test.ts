import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues } from '../../../src/cues/index.js';
import * as T from './fixtures/csharp-kotlin-traces.js';
import { cuesOf, strengthOf, r } from './frame-cues.js';

const { frameDecay: d, testFrameScale: ts, libraryFrameStrength: lib } = CUE_DEFAULTS;
const ORDERS = '/home/runner/work/orders/orders';

describe('frames: .NET', () => {
  it('dotnet test: `at N.C.M(args) in path:line N`, a lambda is its method, the BCL and the test runner library frames', () => {
    expect(cuesOf(T.DOTNET_TEST, 'frame')).toEqual([
      `${ORDERS}/src/Orders.Core/Money.cs:39@1`,
      `${ORDERS}/src/Orders.Core/Money.cs:27@${d}`,
      // `Orders.Core.Order.<>c.<Subtotal>b__11_1(Money a, Money b)`: the lambda in Subtotal
      `${ORDERS}/src/Orders.Core/Order.cs:39@${r(d * d)}`,
      `${ORDERS}/tests/Orders.Core.Tests/OrderTests.cs:17@${ts}`,
      // System.Linq, System.RuntimeMethodHandle, System.Reflection: no file, library
      `System/Linq/Enumerable.cs@${lib}`,
      `System/RuntimeMethodHandle.cs@${r(lib * d)}`,
      `System/Reflection/MethodBaseInvoker.cs@${r(lib * d * d)}`,
    ]);
    const { cues, task } = extractCues({ raw_signal: T.DOTNET_TEST });
    expect(task).toBe('trace2code');
    expect(strengthOf(cues, 'identifier', 'RequireSameCurrency')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Subtotal')).toBe(r(d * d));
    expect(cues.some((c) => c.kind === 'identifier' && /__|DisplayClass|Aggregate|InvokeMethod/.test(c.value))).toBe(
      false,
    );
    // the failing test, from the frame and from `Failed N.C.M [7 ms]`
    expect(cuesOf(T.DOTNET_TEST, 'test-name')).toEqual(['SubtotalAddsLineTotals@1']);
  });

  it('an unhandled exception: each frame with its file, line and method', () => {
    expect(cuesOf(T.DOTNET_UNHANDLED, 'frame')).toEqual([
      '/home/ci/orders/src/Orders.Core/Order.cs:59@1',
      `/home/ci/orders/src/Orders.Core/Order.cs:32@${d}`,
      `/home/ci/orders/src/Orders.Cli/Program.cs:14@${r(d * d)}`,
    ]);
    const { cues, task } = extractCues({ raw_signal: T.DOTNET_UNHANDLED });
    expect(task).toBe('trace2code');
    expect(strengthOf(cues, 'identifier', 'EnsureOpen')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Add')).toBe(d);
  });

  it('without symbols (no ` in …`) the frame is the namespace and type as a path, `Orders/Storage/InMemoryOrderRepository.cs`', () => {
    expect(cuesOf(T.DOTNET_NO_SYMBOLS, 'frame')).toEqual([
      'Orders/Storage/InMemoryOrderRepository.cs@1',
      `Orders/Cli/Program.cs@${d}`,
    ]);
    const { cues } = extractCues({ raw_signal: T.DOTNET_NO_SYMBOLS });
    expect(strengthOf(cues, 'identifier', 'InMemoryOrderRepository')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'Get')).toBe(1);
  });

  it('an async state machine is its method, Windows paths read, `--- End of stack trace ---` continues the trace', () => {
    const frames = cuesOf(T.DOTNET_ASYNC_INNER, 'frame');
    expect(frames.slice(0, 3)).toEqual([
      'C:/build/orders/src/Orders.Core/Money.cs:39@1',
      `C:/build/orders/src/Orders.Core/Pricing/PriceCalculator.cs:26@${d}`,
      `C:/build/orders/src/Orders.Api/CheckoutService.cs:38@${r(d * d)}`,
    ]);
    const { cues } = extractCues({ raw_signal: T.DOTNET_ASYNC_INNER });
    // `Orders.Api.CheckoutService.<CheckoutAsync>d__4.MoveNext()`
    expect(strengthOf(cues, 'identifier', 'CheckoutAsync')).toBe(r(d * d));
    expect(cues.some((c) => c.value === 'MoveNext' || c.value.includes('d__4'))).toBe(false);
  });
});

describe('frames: Kotlin', () => {
  it('JVM frames of .kt files: a file facade `FieldParserKt` is no class, a companion is its class', () => {
    expect(cuesOf(T.KOTLIN_JVM, 'frame').slice(0, 5)).toEqual([
      'dev/cron/parse/FieldParser.kt:35@1',
      `dev/cron/parse/FieldParser.kt:18@${d}`,
      `dev/cron/parse/FieldParser.kt:12@${r(d * d)}`,
      `dev/cron/CronExpression.kt:34@${r(d ** 3)}`,
      `dev/cron/CronExpressionTest.kt:13@${ts}`,
    ]);
    const { cues, task } = extractCues({ raw_signal: T.KOTLIN_JVM });
    expect(task).toBe('trace2code');
    expect(strengthOf(cues, 'identifier', 'splitStep')).toBe(1);
    expect(strengthOf(cues, 'identifier', 'parseField')).toBe(r(d * d));
    expect(cues.some((c) => c.value === 'FieldParserKt' || c.value === 'Companion')).toBe(false);
    expect(cuesOf(T.KOTLIN_JVM, 'test-name')).toEqual(['parsesFiveFields@1']);
  });

  it('coroutine and lambda frames name the function they were written in; kotlin.coroutines and kotlinx are library frames', () => {
    const { cues } = extractCues({ raw_signal: T.KOTLIN_COROUTINES });
    // `RunnerKt$main$1.invokeSuspend`, `Jobs.start$lambda$0`, `Jobs.access$schedule`
    expect(strengthOf(cues, 'identifier', 'start')).toBe(r(d ** 3));
    expect(strengthOf(cues, 'identifier', 'schedule')).toBe(r(d ** 4));
    expect(cues.some((c) => /invokeSuspend|resumeWith|lambda|access\$|RunnerKt/.test(c.value))).toBe(false);
    expect(cuesOf(T.KOTLIN_COROUTINES, 'frame')).toContain(`kotlinx/coroutines/DispatchedTask.kt:108@${r(lib * d)}`);
  });

  it('Kotlin/Native: `kfun:pkg.Class#method(…) + off (path:line:col)`; the runtime frames are library ones, a frame without a location names no file', () => {
    expect(cuesOf(T.KOTLIN_NATIVE, 'frame').slice(0, 3)).toEqual([
      '/Users/ci/kotlin-cron/src/commonMain/kotlin/cron/parse/Errors.kt:4@1',
      `/Users/ci/kotlin-cron/src/commonMain/kotlin/cron/CronExpression.kt:32@${d}`,
      `/Users/ci/kotlin-cron/src/commonTest/kotlin/cron/CronExpressionTest.kt:13@${ts}`,
    ]);
    const { cues, task } = extractCues({ raw_signal: T.KOTLIN_NATIVE });
    expect(task).toBe('trace2code');
    // `dev.cron.CronExpression.Companion#parse`
    expect(strengthOf(cues, 'identifier', 'parse')).toBe(d);
    expect(cues.some((c) => c.kind === 'identifier' && /Companion|init|Throwable/.test(c.value))).toBe(false);
    expect(cuesOf(T.KOTLIN_NATIVE, 'test-name').map((c) => c.replace(/@.*/, ''))).toEqual(['parsesFiveFields']);
  });
});
