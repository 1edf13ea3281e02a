import { describe, expect, it } from 'vitest';
import { CUE_DEFAULTS, extractCues, inferTask } from '../../../src/cues/index.js';
import type { Cue } from '../../../src/types.js';

const {
  diffChangedDefinitionStrength: changed,
  diffContextStrength: context,
  diffCalledStrength: called,
  diffIdentifierStrength: used,
} = CUE_DEFAULTS;

function symbols(anchorFile: string, diff: string): Record<string, number> {
  const { cues } = extractCues({ intent: 'x', anchor_file: anchorFile, anchor_diff: diff });
  return Object.fromEntries(cues.filter((c) => c.kind === 'diff-symbol').map((c) => [c.value, c.strength]));
}

function identifiers(anchorFile: string, diff: string): Record<string, number> {
  const { cues } = extractCues({ intent: 'x', anchor_file: anchorFile, anchor_diff: diff });
  return Object.fromEntries(cues.filter((c: Cue) => c.kind === 'identifier').map((c) => [c.value, c.strength]));
}

const PYTHON = `@@ -178,9 +178,10 @@ def command(
     callback.  This will also automatically attach all decorated
     :func:\`option\`\\s and :func:\`argument\`\\s as parameters to the command.
 
-    The name of the command defaults to the name of the function with
-    underscores replaced by dashes.
+    The name of the command defaults to the name of the function, converted to
+    lowercase, with the suffixes \`\`_command\`\` and \`\`_cmd\`\` removed.
@@ -238,12 +239,22 @@ class _GroupDecorator:
         if name is not None:
             cmd_name = name
         else:
-            cmd_name = f.__name__.lower().replace("_", "-")
+            cmd_name = _generate_name(f.__name__)
+
+
+def _generate_name(name: str) -> str:
+    name = name.lower().replace("_", "-")
+    for suffix in ("-command", "-cmd", "-group", "-grp"):
+        name = name.removesuffix(suffix)
+    return name
 
 
 class Group(MultiCommand):`;

const GO = `@@ -21,6 +21,7 @@
 	MIMEMSGPACK           = "application/x-msgpack"
 	MIMEMSGPACK2          = "application/msgpack"
 	MIMEYAML              = "application/x-yaml"
+	MIMEYAML2             = "application/yaml"
 	MIMETOML              = "application/toml"
 )
 
@@ -102,7 +103,7 @@ func Default(method, contentType string) Binding {
 		return ProtoBuf
 	case MIMEMSGPACK, MIMEMSGPACK2:
 		return MsgPack
-	case MIMEYAML:
+	case MIMEYAML, MIMEYAML2:
 		return YAML
 	case MIMETOML:
 		return TOML
@@ -140,6 +141,10 @@ func (c *Context) Next() {
 	}
 }
 
+func (c *Context) IsAborted() bool {
+	return c.index >= abortIndex
+}
+
 type RouteInfo struct {`;

const RUST = `@@ -3335,6 +3335,20 @@ pub(crate) fn get_usage_name(&self) -> Option<&str> {
         self.usage_name.as_deref()
     }
 
+    #[inline]
+    #[cfg(feature = "usage")]
+    pub(crate) fn get_usage_name_fallback(&self) -> &str {
+        self.get_usage_name()
+            .unwrap_or_else(|| self.get_bin_name_fallback())
+    }
+
     /// Get the name of the binary.
@@ -88,7 +102,7 @@ impl<'cmd> Validator<'cmd> {
-        let conflicts = Conflicts::with_args(self.cmd, matcher);
+        let conflicts = Conflicts::with_args_and_groups(self.cmd, matcher, &self.required);
@@ -412,3 +426,9 @@ impl fmt::Display for ArgPredicate {
+pub(crate) struct Conflicts {
+    potential: FlatMap<Id, Vec<Id>>,
+}`;

const JAVA = `@@ -39,6 +41,25 @@ public interface MockitoPlugins {
      * @since 2.10.0
+     * @deprecated Please use {@link #getMockMaker(String)} with {@link org.mockito.MockMakers#INLINE} instead.
      */
+    @Deprecated(since = "5.6.0", forRemoval = true)
     MockMaker getInlineMockMaker();
+
+    default MockMaker getMockMaker(String mockMaker) {
+        throw new UnsupportedOperationException("This method is not implemented.");
+    }
 }
@@ -25,6 +25,9 @@ public void verify(VerificationData data) {
+        if (!chunk.isEmpty()) {
+            markVerified(chunk.get(0), target);
+        }
@@ -65,7 +66,8 @@ public class InlineBytecodeGenerator implements BytecodeGenerator, ClassFileTran`;

const CSHARP = `@@ -33,6 +33,12 @@ public readonly struct Money : IEquatable<Money>
     public Money Percent(decimal percent) =>
         new Money((long)Math.Round(Cents * percent / 100m, MidpointRounding.ToEven), Currency);
 
+    public static Money Sum(IEnumerable<Money> amounts, string currency)
+    {
+        return amounts.Aggregate(new Money(0, currency), (a, b) => a.Plus(b));
+    }
+
     private void RequireSameCurrency(Money other)
@@ -50,3 +56,4 @@ public sealed class CurrencyMismatchException : InvalidOperationException
+    public string Expected { get; init; } = "";`;

const KOTLIN = `@@ -9,6 +9,10 @@ class Schedule(private val expression: CronExpression, private val clock: Clock = sy
     /** The first minute after now that the expression matches. */
     fun next(): LocalDateTime = nextAfter(clock.now())
 
+    suspend fun LocalDateTime.awaitRun(sleeper: Sleeper) {
+        sleeper.sleepUntil(nextAfter(this))
+    }
+
     fun nextAfter(time: LocalDateTime): LocalDateTime {
@@ -1,3 +1,4 @@
+typealias RunListener = (LocalDateTime) -> Unit
 package dev.cron`;

const TYPESCRIPT = `@@ -5,6 +5,15 @@ import { expand } from 'dotenv-expand'
 import { arraify, tryStatSync } from './utils'
 import type { UserConfig } from './config'
 
+export function getEnvFilesForMode(mode: string): string[] {
+  return [
+    /** default file */ \`.env\`,
+    /** mode file */ \`.env.\${mode}\`,
+  ]
+}
+
 export function loadEnv(
   mode: string,
   envDir: string,
@@ -18,12 +27,7 @@ export function loadEnv(
   const env: Record<string, string> = {}
-  const envFiles = [
-    /** default file */ \`.env\`,
-  ]
+  const envFiles = getEnvFilesForMode(mode)
@@ -60,4 +64,9 @@ export class ModuleGraph {
+  async ensureEntryFromUrl(rawUrl: string, setIsSelfAccepting = true): Promise<ModuleNode> {
+    return this._ensureEntryFromUrl(rawUrl, setIsSelfAccepting)
+  }
+  const isCss = (id: string) => CSS_LANGS_RE.test(id)`;

const JAVASCRIPT = `@@ -9,9 +9,10 @@ const { createWarning } = require('process-warning')
@@ -64,6 +65,13 @@ const FSTDEP024 = createWarning({
   unlimited: true
 })
 
+const FSTDEP025 = createWarning({
+  name: 'FastifyDeprecation',
+  code: 'FSTDEP025',
+  message: 'The hostname option is deprecated. Use hostnames instead.',
+})
+
@@ -120,6 +128,9 @@ module.exports = {
+  create(context) {
+    const sourceCode = context.sourceCode
+    return { NewExpression: reportIfObjectConstructor }
+  },`;

const RUBY = `@@ -14,9 +14,10 @@ class Flat < Base
       private

       def base_cents(parcel)
-        if parcel.billable_weight > @max_grams
+        if parcel.billable_weight > max_grams_for(parcel) # per carrier
           raise ShippingRates::InvalidParcel, "too heavy for a flat rate: #{parcel.billable_weight} g"
         end
+      def self.max_grams_for(parcel) = @max_grams
`;

const PHP = `@@ -19,9 +19,10 @@ final class TaxCalculator
     public function taxFor(LineItem $item): Money
     {
+        public const FALLBACK_CLASS = 'standard';
         foreach ($this->rules as $rule) {
-            if ($rule->appliesTo($item->taxClass)) {
+            if ($rule->appliesTo($item->taxClass ?? self::FALLBACK_CLASS)) {
`;

const SWIFT = `@@ -40,7 +40,8 @@ public final class Cart {
     /// The subtotal less every discount; never below zero.
     public func total() throws -> Money {
         let base = subtotal
+        public static let maxDiscounts = 3
         var result = base
-        for discount in discounts {
+        for discount in discounts.prefix(Cart.maxDiscounts) {
             result = result.minus(discount.amountOff(items, subtotal: base))
@@ -1,3 +1,4 @@
+extension Cart: CustomStringConvertible {
+    public var description: String { return renderLines().joined() }
+    @discardableResult private func renderLines() -> [String] { return [] }
 import Money`;

const SCALA = `@@ -8,9 +8,10 @@ object Parser {
   def parse(text: String, separator: String = ","): Table = {
     val records = group(new Lexer(text, separator).tokens())
-    if (records.isEmpty) throw new CsvParseError(1, 1, "empty input: no header")
+    if (records.isEmpty) throw new CsvParseError(1, 1, EmptyInput)
+  private[parse] val EmptyInput = "empty input: no header"
+  final case class Header(names: Vector[String])
+  private def checkWidth(fields: Vector[String]): Unit = ()
     val header = records.head`;

describe('diff symbols', () => {
  it('swift: static members and an extension on changed lines, a class in a hunk context', () => {
    // `Cart` is the hunk's context and an added `extension Cart`; `total()` is an unchanged line
    expect(symbols('Sources/Checkout/Cart.swift', SWIFT)).toEqual({
      Cart: changed,
      maxDiscounts: changed,
      renderLines: changed,
    });
    expect(identifiers('Sources/Checkout/Cart.swift', SWIFT).prefix).toBe(called);
  });

  it("scala: an object in a hunk context, a case class and an object's constant on changed lines; `val` locals are none", () => {
    expect(symbols('src/main/scala/csvkit/parse/Parser.scala', SCALA)).toEqual({
      EmptyInput: changed,
      Header: changed,
      checkWidth: changed,
      Parser: context,
    });
  });

  it('ruby: `def`, `def self.x`, a class in the hunk context; a `#` comment is no code', () => {
    expect(symbols('lib/shipping_rates/carriers/flat.rb', RUBY)).toEqual({ Flat: context, max_grams_for: changed });
    const ids = identifiers('lib/shipping_rates/carriers/flat.rb', RUBY);
    expect(ids.billable_weight).toBeDefined();
    expect(ids.carrier).toBeUndefined(); // `# per carrier`
  });

  it('php: methods with modifiers, class constants, a class in the hunk context', () => {
    expect(symbols('src/Tax/TaxCalculator.php', PHP)).toEqual({ TaxCalculator: context, FALLBACK_CLASS: changed });
    expect(identifiers('src/Tax/TaxCalculator.php', PHP).appliesTo).toBe(called);
  });

  it('python: hunk contexts `def`/`class` and definitions on changed lines', () => {
    expect(symbols('src/click/decorators.py', PYTHON)).toEqual({
      _generate_name: changed,
      command: context,
      _GroupDecorator: context,
    });
    const ids = identifiers('src/click/decorators.py', PYTHON);
    // a call on a changed line, but its own definition is a diff symbol already
    expect(ids._generate_name).toBe(called);
    expect(ids.removesuffix).toBe(called);
    // names in docstrings and string literals on changed lines are not uses
    expect(ids.lowercase).toBeUndefined();
  });

  it('go: `func (r *T) Name(`, `func Name(`, const-block entries', () => {
    expect(symbols('binding/binding.go', GO)).toEqual({
      IsAborted: changed,
      MIMEYAML2: changed,
      Default: context,
      Next: context,
    });
    const ids = identifiers('binding/binding.go', GO);
    expect(ids.MIMEYAML).toBe(used);
    expect(ids.Context).toBe(used);
    expect(ids.abortIndex).toBe(used);
  });

  it('rust: `fn`, `impl X`, `impl Trait for X`, `struct`', () => {
    expect(symbols('clap_builder/src/builder/command.rs', RUST)).toEqual({
      Conflicts: changed,
      get_usage_name_fallback: changed,
      ArgPredicate: context,
      Validator: context,
      get_usage_name: context,
    });
    const ids = identifiers('clap_builder/src/builder/command.rs', RUST);
    expect(ids.with_args_and_groups).toBe(called);
    expect(ids.get_bin_name_fallback).toBe(called);
    // `#[cfg(feature = "usage")]` and std calls are not the code's names
    expect(ids.cfg).toBeUndefined();
    expect(ids.unwrap_or_else).toBeUndefined();
  });

  it('java: method signatures (also without modifiers), interfaces and classes, a truncated context', () => {
    expect(symbols('src/main/java/org/mockito/plugins/MockitoPlugins.java', JAVA)).toEqual({
      getMockMaker: changed,
      InlineBytecodeGenerator: context,
      MockitoPlugins: context,
      verify: context,
    });
    const ids = identifiers('src/main/java/org/mockito/plugins/MockitoPlugins.java', JAVA);
    expect(ids.markVerified).toBe(called);
    expect(ids.MockMaker).toBe(used);
    // javadoc lines and builtin annotations/types are skipped
    expect(ids.MockMakers).toBeUndefined();
    expect(ids.Deprecated).toBeUndefined();
    expect(ids.String).toBeUndefined();
  });

  it('c#: methods (static, with generic types), properties, types in hunk contexts', () => {
    expect(symbols('src/Orders.Core/Money.cs', CSHARP)).toEqual({
      Sum: changed,
      Expected: changed,
      Money: context,
      CurrencyMismatchException: context,
    });
    expect(identifiers('src/Orders.Core/Money.cs', CSHARP).Aggregate).toBe(called);
  });

  it('kotlin: `fun` (extension and suspend), `typealias`, classes in hunk contexts', () => {
    expect(symbols('src/commonMain/kotlin/cron/Schedule.kt', KOTLIN)).toEqual({
      awaitRun: changed,
      RunListener: changed,
      Schedule: context,
    });
    expect(identifiers('src/commonMain/kotlin/cron/Schedule.kt', KOTLIN).sleepUntil).toBe(called);
  });

  it('typescript: `function`, classes, methods and arrow consts', () => {
    expect(symbols('packages/vite/src/node/env.ts', TYPESCRIPT)).toEqual({
      ensureEntryFromUrl: changed,
      getEnvFilesForMode: changed,
      isCss: changed,
      ModuleGraph: context,
      loadEnv: context,
    });
    const ids = identifiers('packages/vite/src/node/env.ts', TYPESCRIPT);
    expect(ids._ensureEntryFromUrl).toBe(called);
    expect(ids.CSS_LANGS_RE).toBe(used);
    expect(ids.envFiles).toBe(used);
  });

  it('javascript: top-level consts, object methods; `module.exports = {` names nothing', () => {
    expect(symbols('lib/warnings.js', JAVASCRIPT)).toEqual({
      FSTDEP025: changed,
      create: changed,
      FSTDEP024: context,
      // `const { createWarning } = require(…)` is an import, not a definition
    });
    const ids = identifiers('lib/warnings.js', JAVASCRIPT);
    expect(ids.reportIfObjectConstructor).toBe(used);
    // inside string literals
    expect(ids.FastifyDeprecation).toBeUndefined();
  });

  it('reads a unified diff pasted into free text, with its file headers as paths', () => {
    const { cues } = extractCues(`Proposed fix:

diff --git a/src/click/core.py b/src/click/core.py
--- a/src/click/core.py
+++ b/src/click/core.py
@@ -1201,7 +1201,7 @@ class Command(BaseCommand):
-    def parse_args(self, ctx, args):
+    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:

Thanks for looking.`);
    expect(cues.filter((c) => c.kind === 'diff-symbol').map((c) => [c.value, c.strength])).toEqual([
      ['parse_args', changed],
      ['Command', context],
    ]);
    expect(cues.filter((c) => c.kind === 'path').map((c) => c.value)).toEqual(['src/click/core.py']);
    // the prose around the diff is still read
    expect(cues.filter((c) => c.kind === 'term').map((c) => c.value)).toEqual(['looking', 'proposed']);
  });

  it("reads git's headers (`index`, modes) as headers: the files are named once, without `a/` and `b/`", () => {
    const { cues } = extractCues(GIT_DIFF);
    expect(cues.filter((c) => c.kind === 'path').map((c) => c.value)).toEqual([
      'src/flask/ctx.py',
      'src/flask/globals.py',
    ]);
    expect(cues.filter((c) => c.kind === 'diff-symbol').map((c) => c.value)).toEqual(['AppContext']);
  });
});

/** `git diff` of two files: each header, then git's `index` (and mode) lines, then `---`/`+++`. */
const GIT_DIFF = `diff --git a/src/flask/ctx.py b/src/flask/ctx.py
index 4640052..b3d5c7a 100644
--- a/src/flask/ctx.py
+++ b/src/flask/ctx.py
@@ -254,7 +254,8 @@ class AppContext:
     def push(self) -> None:
         """Binds the app context to the current context."""
-        self._cv_tokens.append(_cv_app.set(self))
+        token = _cv_app.set(self)
+        self._cv_tokens.append(token)
         appcontext_pushed.send(self.app, _async_wrapper=self.app.ensure_sync)
 
diff --git a/src/flask/globals.py b/src/flask/globals.py
old mode 100644
new mode 100755
index 1a2b3c4..5d6e7f8
--- a/src/flask/globals.py
+++ b/src/flask/globals.py
@@ -1,3 +1,3 @@
-import typing as t
+import typing as typ
 from contextvars import ContextVar
`;

describe('a unified diff as the whole query', () => {
  it('is an edit (edit2ripple): `git diff`, `diff -u`, a bare hunk, `git show` and `git format-patch` output', () => {
    expect(inferTask(GIT_DIFF)).toBe('edit2ripple');
    expect(inferTask({ text: GIT_DIFF })).toBe('edit2ripple');
    expect(extractCues(GIT_DIFF).task).toBe('edit2ripple');
    const plain =
      '--- ctx.py.orig\t2024-05-01 10:00:00\n+++ ctx.py\t2024-05-01 10:05:00\n@@ -1,2 +1,2 @@\n-a = 1\n+a = 2\n b = 3\n';
    expect(inferTask(plain)).toBe('edit2ripple');
    expect(inferTask('@@ -1,2 +1,2 @@\n-a = 1\n+a = 2')).toBe('edit2ripple');
    const show = `commit 0f3c1a2b9d\nAuthor: A <a@example.com>\nDate:   Mon May 6 10:00:00 2024\n\n    Fix the app context token\n\n${GIT_DIFF}`;
    expect(inferTask(show)).toBe('edit2ripple');
    const patch = `From 0f3c1a2b9d Mon Sep 17 00:00:00 2001\nSubject: [PATCH] Fix the token\n\n---\n src/flask/ctx.py | 3 ++-\n\n${GIT_DIFF}-- \n2.43.0\n`;
    expect(inferTask(patch)).toBe('edit2ripple');
  });

  it("is an edit whatever its lines hold (a test's expected traceback)", () => {
    const diff =
      '--- a/tests/test_cli.py\n+++ b/tests/test_cli.py\n@@ -1,3 +1,3 @@\n expected = """\n   File "app.py", line 3, in main\n-KeyError: 1\n+KeyError: 2\n';
    expect(inferTask(diff)).toBe('edit2ripple');
  });

  it('is not the task of prose with a diff inside (a fenced diff in an issue, a diff with words after it)', () => {
    expect(inferTask('Proposed fix:\n\n```diff\n' + GIT_DIFF + '```\n')).toBe('generic');
    expect(inferTask(GIT_DIFF + '\nThanks for looking.\n')).toBe('generic');
  });
});
