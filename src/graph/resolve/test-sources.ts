/**
 * The test source sets of the JVM build tools: code under them is compiled apart from the
 * main code, which cannot see it, so an import from main code resolves to main code when
 * it can. One rule per language, as its build tools lay folders out. Not the corpus's
 * test-file rule (`isTestPath`, src/corpus/classify.ts), which says what a file is; this
 * says which classes a compiler puts on an importer's path.
 */

/** The languages whose resolvers read test source sets. */
export type JvmLanguage = 'java' | 'kotlin' | 'scala';

const TEST_SOURCE_SETS: Record<JvmLanguage, RegExp> = {
  // Maven's and Gradle's `src/test/`
  java: /(?:^|\/)src\/test\//,
  // Gradle's test source sets: `src/test/`, `src/jvmTest/`, `src/commonTest/`, …
  kotlin: /(?:^|\/)src\/(?:test|[a-z][A-Za-z0-9]*Test)\//,
  // sbt's and Maven's `src/test/`, and mill's `test/src/`
  scala: /(?:^|\/)(?:src\/test|test\/src)\//,
};

/** Whether `path` is in a test source set by `language`'s build tools. */
export function isTestSource(language: JvmLanguage, path: string): boolean {
  return TEST_SOURCE_SETS[language].test(path);
}

/**
 * The files of `found` an import in `fromPath` sees: all of them from a test source; from
 * main code, those outside test sources, or all of them when every one is in a test source.
 */
export function visibleFrom(language: JvmLanguage, fromPath: string, found: string[]): string[] {
  if (isTestSource(language, fromPath)) return found;
  const visible = found.filter((p) => !isTestSource(language, p));
  return visible.length > 0 ? visible : found;
}
