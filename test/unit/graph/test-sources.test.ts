/**
 * The JVM test source sets (src/graph/resolve/test-sources.ts), one rule per language as
 * its build tools lay folders out: where the rules differ is pinned here, since one
 * rule for all three would move edges in real repositories (a Gradle module named
 * `test`, `test/src/main/java/`, is main code; Gradle's `src/integTest/` is a test set).
 */
import { describe, expect, it } from 'vitest';
import { isTestSource, visibleFrom, type JvmLanguage } from '../../../src/graph/resolve/test-sources.js';

describe('isTestSource', () => {
  it.each([
    ['src/test/java/a/FooTest.java', { java: true, kotlin: true, scala: true }],
    ['core/src/test/scala/a/Spec.scala', { java: true, kotlin: true, scala: true }],
    ['src/main/java/a/Foo.java', { java: false, kotlin: false, scala: false }],
    // Gradle source sets other than `test`
    ['lib/src/jvmTest/kotlin/a/T.kt', { java: false, kotlin: true, scala: false }],
    ['rewrite-csharp/src/integTest/java/a/T.java', { java: false, kotlin: true, scala: false }],
    // mill's layout, or a Gradle module named `test`
    ['test/src/main/java/a/TestUtils.java', { java: false, kotlin: false, scala: true }],
    ['mod/test/src/a/Spec.scala', { java: false, kotlin: false, scala: true }],
    // a folder merely named like one
    ['src/testing/a/Foo.java', { java: false, kotlin: false, scala: false }],
    ['src/Test/a/Foo.kt', { java: false, kotlin: false, scala: false }],
  ] as [string, Record<JvmLanguage, boolean>][])('%s: %j', (path, by) => {
    for (const language of ['java', 'kotlin', 'scala'] as const)
      expect([language, isTestSource(language, path)]).toEqual([language, by[language]]);
  });
});

describe('visibleFrom', () => {
  const found = ['src/main/java/a/Foo.java', 'src/test/java/a/Foo.java'];
  it('main code sees the main files of what an import found', () => {
    expect(visibleFrom('java', 'src/main/java/b/Bar.java', found)).toEqual(['src/main/java/a/Foo.java']);
  });
  it('a test sees all of them', () => {
    expect(visibleFrom('java', 'src/test/java/b/BarTest.java', found)).toEqual(found);
  });
  it('main code sees test files when they are all the import found', () => {
    expect(visibleFrom('kotlin', 'src/main/kotlin/b/Bar.kt', ['src/jvmTest/kotlin/a/Fake.kt'])).toEqual([
      'src/jvmTest/kotlin/a/Fake.kt',
    ]);
  });
});
