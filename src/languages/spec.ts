/**
 * What the stages know of one language besides where its grammar and query come from
 * (`grammars/manifest.json`) and its import resolver (`graph/resolve/`): one
 * `LanguageSpec` per language, listed in `registry.ts`. Plain data and small pure
 * functions; this folder imports nothing from the stages.
 */

/** How a language names its tests, and which sources a test's name points at. */
export interface TestConvention {
  /**
   * Languages of one family link tests to sources across each other by name (a
   * TypeScript test of a JavaScript file; a C++ test of a C header).
   */
  family: string;
  /**
   * File names that make a file a test wherever it lives (`test_*.py`, `*_test.go`), in the
   * corpus and in a trace alike (`isTestPath`, src/corpus/classify.ts).
   */
  fileNames: readonly RegExp[];
  /**
   * Folder names that make every file under them a test, besides the shared `test/`,
   * `tests/`, … (a .NET test project `Orders.Tests/`, a Gradle source set `jvmTest/`).
   */
  folderNames?: readonly RegExp[];
  /**
   * The stem of the source a test names, from the test file's stem (its name without
   * extensions and without a `.test`/`.spec` marker): `test_parser` → `parser`.
   */
  sourceStem(testStem: string): string;
  /** Stems that name no source of this family (a `main` test), besides the shared ones. */
  generalStems?: readonly string[];
  /** A test links only to sources in its own folder (a Go package). */
  sameFolder?: boolean;
  /**
   * The name a folder of a test or of a source is compared by when several sources share
   * the test's stem, so that a test tree mirroring a source tree matches it (`Ledger.Tests`
   * → `Ledger`, `commonTest` → `common`). Default: the name itself.
   */
  mirrorFolder?(name: string): string;
}

export interface LanguageSpec {
  /** File extensions (lowercase, with the dot) read with this language's grammar; one language per extension. */
  extensions: readonly string[];
  /**
   * Files of another language's extensions that are this language when their text says so
   * (a `.h` header holding a class or a namespace is C++): the first language whose
   * pattern matches the text wins, else the extension's own language.
   */
  claims?: { extensions: readonly string[]; text: RegExp };
  /** Info string of a pack's fenced code blocks of this language. */
  fence: string;
  /** First words of Markdown code-block info strings (lowercased) that name this language. */
  infoStrings: readonly string[];
  /**
   * Where an import written in an issue's snippet is resolved from: a file at the
   * repository root, as the language's resolver sees it (`src/__snippet__.rs` for Rust).
   */
  snippetPath: string;
  tests: TestConvention;
  /**
   * Paths (as written in traces and issues) inside the language's runtime and dependency
   * installs (`site-packages/`, `.cargo/registry/`): frames there are library frames.
   */
  libraryPaths: readonly RegExp[];
}

/** The default `sourceStem`: `test_x`, `tests_x`, `x_test`, `x_tests` → `x`. */
export function stripTestAffixes(stem: string): string {
  return stem.replace(/^tests?_/, '').replace(/_tests?$/, '');
}
