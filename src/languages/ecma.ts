import { stripTestAffixes, type LanguageSpec, type TestConvention } from './spec.js';

/** TypeScript, TSX and JavaScript tests link to each other's sources. */
const tests: TestConvention = {
  family: 'js',
  fileNames: [/\.test\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/],
  sourceStem: stripTestAffixes,
};

const libraryPaths = [/(?:^|\/)node_modules\//, /^node:/, /^internal\//];

export const typescript: LanguageSpec = {
  extensions: ['.ts', '.mts', '.cts'],
  fence: 'typescript',
  infoStrings: ['typescript', 'ts'],
  snippetPath: '__snippet__.ts',
  tests,
  libraryPaths,
};

export const tsx: LanguageSpec = {
  extensions: ['.tsx'],
  fence: 'tsx',
  infoStrings: ['tsx'],
  snippetPath: '__snippet__.tsx',
  tests,
  libraryPaths,
};

export const javascript: LanguageSpec = {
  extensions: ['.js', '.jsx', '.mjs', '.cjs'],
  fence: 'javascript',
  infoStrings: ['javascript', 'js', 'jsx', 'mjs', 'cjs', 'node'],
  snippetPath: '__snippet__.js',
  tests,
  libraryPaths,
};
