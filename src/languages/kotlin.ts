import { java } from './java.js';
import type { LanguageSpec } from './spec.js';

export const kotlin: LanguageSpec = {
  extensions: ['.kt', '.kts'],
  fence: 'kotlin',
  infoStrings: ['kotlin', 'kt', 'kts'],
  snippetPath: '__snippet__.kt',
  tests: {
    // One JVM family with Java: a Kotlin test of a Java class (or the other way) links by name.
    family: java.tests.family,
    fileNames: [/Tests?\.kt$/, /[a-z0-9]IT\.kt$/],
    // Gradle test source sets besides `test/`: `commonTest/`, `jvmTest/`, `androidUnitTest/`.
    folderNames: [/^[a-z][A-Za-z0-9]*Test$/],
    sourceStem: java.tests.sourceStem,
    // Gradle source sets mirror each other: `src/test/kotlin` ↔ `src/main/kotlin` (generic
    // folders), multiplatform `commonTest` ↔ `commonMain`, `jvmTest` ↔ `jvmMain`.
    mirrorFolder: (name) => name.replace(/^([a-z][A-Za-z0-9]*?)(?:Unit)?(?:Test|Main)$/, '$1'),
  },
  // Gradle's and Kotlin/Native's caches (`~/.gradle/caches/…`, `~/.konan/…`).
  libraryPaths: [/(?:^|\/)\.gradle\/caches\//, /(?:^|\/)\.konan\//],
};
