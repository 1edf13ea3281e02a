import type { LanguageSpec } from './spec.js';

/** XCTest and Swift Testing name a test case after what it tests: `CartTests`, `CartTest` → `Cart`. */
function sourceStem(stem: string): string {
  const m = /^(.+?[a-z0-9])Tests?$/.exec(stem);
  return m ? m[1]! : stem;
}

export const swift: LanguageSpec = {
  extensions: ['.swift'],
  fence: 'swift',
  infoStrings: ['swift'],
  snippetPath: '__snippet__.swift',
  tests: {
    family: 'swift',
    fileNames: [/[a-z0-9]Tests?\.swift$/],
    sourceStem,
    // SwiftPM's test targets live in `Tests/`
    folderNames: [/^Tests$/],
    // and are named after their module: `Tests/CheckoutTests/` tests `Sources/Checkout/`.
    mirrorFolder: (name) => name.replace(/(?<=.)Tests?$/, ''),
    // Test runners and manifests of Linux XCTest: they name no source.
    generalStems: ['LinuxMain', 'XCTestManifests', 'All', 'main'],
  },
  libraryPaths: [
    // SwiftPM's and Xcode's checked-out dependencies, CocoaPods
    /(?:^|\/)\.build\/checkouts\//,
    /(?:^|\/)SourcePackages\/checkouts\//,
    /(?:^|\/)Pods\//,
    // the standard library as its traps name it (`file Swift/ContiguousArrayBuffer.swift`), its sources, the toolchain
    /^Swift\//,
    /(?:^|\/)swift\/stdlib\//,
    /^\/usr\/lib\/swift\//,
    /(?:^|\/)Xcode[\w.-]*\.app\//,
    /^\/Library\/Developer\//,
  ],
};
