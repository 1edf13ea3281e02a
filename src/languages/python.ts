import { stripTestAffixes, type LanguageSpec } from './spec.js';

export const python: LanguageSpec = {
  extensions: ['.py', '.pyi'],
  fence: 'python',
  infoStrings: ['python', 'python3', 'py', 'pycon', 'ipython', 'ipython3'],
  snippetPath: '__snippet__.py',
  tests: {
    family: 'py',
    fileNames: [/^test_.*\.py$/, /_test\.py$/, /^(conftest|tests)\.py$/],
    sourceStem: stripTestAffixes,
  },
  libraryPaths: [/(?:^|\/)(?:site|dist)-packages\//, /(?:^|\/)lib\/python\d(?:\.\d+)?\//],
};
