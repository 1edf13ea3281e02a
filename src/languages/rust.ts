import { stripTestAffixes, type LanguageSpec } from './spec.js';

export const rust: LanguageSpec = {
  extensions: ['.rs'],
  fence: 'rust',
  infoStrings: ['rust', 'rs'],
  // A snippet's `use crate::…` and `mod x;` are read as from the crate root's folder.
  snippetPath: 'src/__snippet__.rs',
  tests: {
    family: 'rs',
    fileNames: [/^tests\.rs$/],
    sourceStem: stripTestAffixes,
  },
  libraryPaths: [
    /(?:^|\/)\.cargo\/(?:registry|git)\//,
    /(?:^|\/)rustc\/[0-9a-f]{7,}\//,
    /^\/rustc\//,
    /(?:^|\/)library\/(?:std|core|alloc|test|proc_macro)\/src\//,
  ],
};
