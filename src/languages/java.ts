import type { LanguageSpec } from './spec.js';

export const java: LanguageSpec = {
  extensions: ['.java'],
  fence: 'java',
  infoStrings: ['java'],
  snippetPath: '__snippet__.java',
  tests: {
    family: 'java',
    fileNames: [/Tests?\.java$/, /[a-z0-9]IT\.java$/],
    // JUnit class names: `MoneyTest`, `MoneyTests`, `MoneyIT`, `MoneyTestCase`, `TestMoney`.
    sourceStem: (stem) => {
      const m = /^(?:(.+?)(?:Tests?|IT|TestCase)|Test(.+))$/.exec(stem);
      return m ? (m[1] ?? m[2]!) : stem;
    },
  },
  libraryPaths: [/(?:^|\/)(?:java\.base|jdk\.[\w.]+)\//],
};
