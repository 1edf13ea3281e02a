import { failOption, resolveOptions } from '../options/resolve.js';

/**
 * Tunables of the cues stage, in one place so a benchmark can sweep them.
 *
 * Strengths are relative within a cue kind, in (0, 1]; the rank stage decides
 * how much each kind weighs. Conventions:
 * - 1 is reserved for what the query states structurally (a `changed_files`
 *   entry, a `change_summary` name, a `test_names` id, the deepest non-test,
 *   non-library stack frame, a definition on a changed diff line);
 * - what is read out of free text is weaker, and noise-prone kinds (terms) are
 *   weakest.
 */
export const CUE_DEFAULTS = {
  // --- paths ---------------------------------------------------------------
  /** A path given in a structural field (`changed_file(s)`, `trace_paths`, trace2code `path`, the file of a `test_names` id). */
  fieldPathStrength: 1,
  /** A path written in free text (`src/a.py`, `a/b.go:12`), not part of a recognised stack frame. */
  textPathStrength: 0.7,
  /** The file a source link in free text points at (`https://github.com/o/r/blob/REF/src/a.py#L99`). */
  sourceLinkPathStrength: 0.8,
  /** A path in free text that points into a library / interpreter install (site-packages, node_modules, …). */
  libraryPathStrength: 0.1,

  // --- frames --------------------------------------------------------------
  /**
   * Decay per step away from the deepest frame, counted separately among
   * application, test and library frames of one traceback: the deepest
   * application frame gets 1, the next `frameDecay`, then `frameDecay²`, …
   */
  frameDecay: 0.8,
  /** Scale of test-file frames (the deepest one gets this); they are evidence, not answers. */
  testFrameScale: 0.5,
  /** Strength of the deepest library frame (site-packages, node_modules, JDK, Go runtime, rustc); decays like the others. */
  libraryFrameStrength: 0.1,
  /** Floor for any decayed frame strength, so long traces keep every frame in (0, 1]. */
  minFrameStrength: 0.05,

  // --- test names ----------------------------------------------------------
  /** A failing test named by `test_names`, a `FAILED`/`--- FAIL:`/`... FAILED` line or a pytest section header. */
  testNameStrength: 1,
  /** A test function seen only as a frame of a test file. */
  testFrameNameStrength: 0.8,
  /** The symbol under test derived from a test name (`TestFooBar` → `FooBar`), as an identifier cue. */
  testSymbolStrength: 0.9,
  /** A weaker derived symbol: the lower-first variant (`testParseDuration` → `parseDuration`) or a single plain word (`test_empty` → `empty`). */
  testSymbolVariantStrength: 0.7,
  /** Rust test module segments (`parser::tests::x` → `parser`), as term cues. */
  testModuleTermStrength: 0.6,

  // --- identifiers ---------------------------------------------------------
  /** A `change_summary` entry: a name the change is known to touch. */
  summaryIdentifierStrength: 1,
  /** A backticked name in free text (`` `OptionFunc` ``). */
  backtickIdentifierStrength: 0.9,
  /** A code-shaped name (camelCase, PascalCase with two humps, snake_case, last part of `a.b.c`) in an error line (`E   …`, `TypeError: …`). */
  errorLineIdentifierStrength: 0.8,
  /** A code-shaped name in free text. */
  textIdentifierStrength: 0.6,
  /** The leading parts of a dotted name (`ctx` and `invoke` of `ctx.invoke`: `ctx` gets this, `invoke` the full strength). */
  dottedPartStrength: 0.4,
  /** Shortest identifier kept from free text (explicit fields such as `change_summary` are exempt). */
  minIdentifierLength: 3,

  // --- issues (issue2code) ----------------------------------------------------
  /** A code-shaped or backticked name in an issue's title (its first line): the title says what the issue is about. */
  titleIdentifierStrength: 1,
  /** A plain word of an issue's title, as a term cue. */
  titleTermStrength: 0.5,
  /**
   * How much more a name said again and again in an issue weighs: strength × (1 + mentionBoost × ln(mentions)),
   * capped at 1 (issue2code only).
   */
  mentionBoost: 0,
  /** A plain word an issue writes as a call (`Product(…)`, `fit()`), as an identifier cue. */
  callNameStrength: 0.6,
  /** A capitalized word inside a sentence of an issue (`doesn't support Min and Max`), as an identifier cue. */
  capitalizedNameStrength: 0.3,
  /** A dotted or `::` name in an issue (`sympy.printing.latex`, `foo::bar::Baz`) as a module of the repository's main language. */
  qualifiedModuleStrength: 0.6,
  /** The last part of such a name as a name of the module before it, resolved through re-exports. */
  qualifiedNameStrength: 0.6,
  /** A name an issue's code snippet imports (`from sympy import Matrix` → Matrix from sympy): resolved through re-exports. */
  codeImportStrength: 0.9,
  /** A module an issue's code snippet imports as a whole (`import sympy.printing.latex`, `from x import *`, `import './util'`). */
  codeModuleStrength: 0.6,
  /** A name a snippet subclasses, constructs or uses as a class (`class A(Base)`, `new Foo()`), as an identifier cue. */
  codeClassStrength: 0.8,
  /** A name a snippet calls (`f(x)`, `obj.method()`), as an identifier cue. */
  codeCallStrength: 0.6,
  /** A name a snippet uses as a type (`x: Item`, `List<Foo>`), as an identifier cue. */
  codeTypeStrength: 0.5,
  /** A name a snippet defines (the issue quotes code of the repository, or proposes a change to it), as an identifier cue. */
  codeDefinitionStrength: 0.5,
  /**
   * The deepest library frame of a traceback in an issue (it decays like the others), and a library path
   * written in one: the reporter runs the project as an installed library, so `site-packages/pkg/x.py`
   * is the repository's `pkg/x.py`.
   */
  issueLibraryFrameStrength: 1,
  /**
   * An environment report pasted in an issue (a stretch of at least this many `name: version`
   * or `name version` lines, at least half of them versions: `xr.show_versions()`, `pip list`,
   * `sphinx --bug-report`) is left out of its cues and of its lexical text, with the
   * `<details>` element or the heading that holds it (src/cues/environment.ts); 0 keeps it.
   */
  issueEnvironmentLines: 6,

  // --- diffs ---------------------------------------------------------------
  /** A definition on an added or removed line (`+def f(`, `-func (r *T) Name(`). */
  diffChangedDefinitionStrength: 1,
  /** The definition named by a hunk header's function context (`@@ -1,2 +1,3 @@ def f(`): likely, not surely, the enclosing one. */
  diffContextStrength: 0.8,
  /** A name called on a changed line (`+  x = helper(y)`), as an identifier cue. */
  diffCalledStrength: 0.5,
  /** Another code-shaped name on a changed line, as an identifier cue. */
  diffIdentifierStrength: 0.35,

  // --- terms ---------------------------------------------------------------
  /** A plain word of the query (lowercase, not a stop word) or a kebab-case compound, for path and name matching. */
  termStrength: 0.3,
  /** Shortest term kept. */
  minTermLength: 3,

  // --- caps (per kind, after dedupe; the strongest, then the most frequent, then the earliest are kept) ---
  maxPaths: 64,
  maxFrames: 64,
  maxIdentifiers: 64,
  maxTestNames: 32,
  maxDiffSymbols: 48,
  maxGivenFiles: 16,
  maxModules: 16,
  maxTerms: 48,
  /**
   * Characters of query text read at most: past them the longest strings are cut (./query-bound.ts),
   * with a `query-cut` note. Cues are read in time linear in the text, ~0.6 s per MB; an issue body
   * on GitHub holds at most 65,536 characters, and a long diff keeps its first files.
   */
  maxQueryChars: 262_144,
} as const;

/** Shape of {@link CUE_DEFAULTS}; `extractCues` accepts a partial override. */
export type CueTunables = { -readonly [K in keyof typeof CUE_DEFAULTS]: number };

/** Defaults overlaid with the given overrides; unknown keys or values outside the valid range are a `bad-option` error. */
export function resolveCueTunables(overrides: Partial<CueTunables> | undefined): CueTunables {
  const resolved = resolveOptions<CueTunables>(CUE_DEFAULTS, overrides, 'cues');
  checkCueRanges(resolved);
  return resolved;
}

/** Throws `bad-option` for a cue tunable below 0 (they are strengths, decays and counts). */
export function checkCueRanges(tunables: CueTunables): void {
  for (const [key, value] of Object.entries(tunables)) {
    if (value < 0) failOption(`"cues.${key}" must be a finite number >= 0, got ${String(value)}`, `cues.${key}`);
  }
}
