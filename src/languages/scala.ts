import type { LanguageSpec } from './spec.js';

/** ScalaTest, MUnit, specs2 and JUnit classes: `LedgerSpec`, `LedgerSuite`, `LedgerTest(s)`, `LedgerIT` → `Ledger`. */
function sourceStem(stem: string): string {
  const m = /^(.+?[a-z0-9])(?:Spec|Suite|Tests?|IT)$/.exec(stem);
  return m ? m[1]! : stem;
}

export const scala: LanguageSpec = {
  // `.sc`: Scala scripts and worksheets (Ammonite, scala-cli, mill's build.sc)
  extensions: ['.scala', '.sc'],
  fence: 'scala',
  infoStrings: ['scala'],
  snippetPath: '__snippet__.scala',
  tests: {
    family: 'scala',
    fileNames: [/[a-z0-9](?:Spec|Suite|Tests?|IT)\.scala$/],
    sourceStem,
  },
  libraryPaths: [
    // Ivy's and Coursier's caches, sbt's boot folder
    /(?:^|\/)\.ivy2\//,
    /(?:^|\/)(?:\.cache\/coursier|Coursier\/cache|coursier\/cache)\//i,
    /(?:^|\/)\.sbt\/boot\//,
  ],
};
