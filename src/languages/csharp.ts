import type { LanguageSpec } from './spec.js';

export const csharp: LanguageSpec = {
  extensions: ['.cs'],
  fence: 'csharp',
  infoStrings: ['csharp', 'cs', 'c#'],
  snippetPath: '__snippet__.cs',
  tests: {
    family: 'csharp',
    // xUnit/NUnit/MSTest classes: `AccountTests`, `AccountTest`.
    fileNames: [/Tests?\.cs$/],
    // Test projects: `Orders.Tests/`, `Orders.Core.UnitTests/`, `Orders.IntegrationTests/`.
    folderNames: [/^[\w.]+\.(?:Unit|Integration|Functional)?Tests?$/],
    sourceStem: (stem) => /^(.+?)Tests?$/.exec(stem)?.[1] ?? stem,
    // A test project mirrors the project it tests: `Ledger.Core.Tests/` ↔ `Ledger.Core/`.
    mirrorFolder: (name) => name.replace(/\.(?:Unit|Integration|Functional)?Tests?$/, ''),
  },
  // The runtime's and packages' sources as .NET frames print them: `/_/src/libraries/…`
  // (dotnet/runtime built with deterministic paths) and the NuGet cache.
  libraryPaths: [/^\/_\/src\/(?:libraries|coreclr|mono)\//, /(?:^|\/)\.nuget\/packages\//],
};
