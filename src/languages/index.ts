export { grammarManifest, type GrammarEntry } from './manifest.js';
export {
  LANGUAGE_SPECS,
  grammarExtensions,
  languageOf,
  languageOfInfoWord,
  languageSpec,
  libraryPathPatterns,
  testConventionOf,
  testFileNames,
  testFolderNames,
} from './registry.js';
export { stripTestAffixes, type LanguageSpec, type TestConvention } from './spec.js';
