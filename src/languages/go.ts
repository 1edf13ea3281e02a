import { stripTestAffixes, type LanguageSpec } from './spec.js';

export const go: LanguageSpec = {
  extensions: ['.go'],
  fence: 'go',
  infoStrings: ['go', 'golang'],
  snippetPath: '__snippet__.go',
  tests: {
    family: 'go',
    fileNames: [/_test\.go$/],
    sourceStem: stripTestAffixes,
    sameFolder: true,
  },
  libraryPaths: [
    /(?:^|\/)go\/src\/(?:runtime|testing|reflect|internal|sync|net|os|fmt)\//,
    /(?:^|\/)go\/pkg\/mod\//,
    /\/libexec\/src\//,
  ],
};
