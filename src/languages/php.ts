import type { LanguageSpec } from './spec.js';

export const php: LanguageSpec = {
  extensions: ['.php', '.phpt'],
  fence: 'php',
  infoStrings: ['php', 'php8', 'phtml'],
  snippetPath: '__snippet__.php',
  tests: {
    family: 'php',
    // PHPUnit (`MoneyTest.php`, a `…TestCase.php` base) and phpt tests.
    fileNames: [/[A-Za-z0-9]Test\.php$/, /TestCase\.php$/, /\.phpt$/],
    // `MoneyTest` → `Money`.
    sourceStem: (stem) => /^(.+?)(?:Test|TestCase)$/.exec(stem)?.[1] ?? stem,
  },
  // Composer's installs (`vendor/phpunit/…`), phar archives and a system PHP's library.
  libraryPaths: [/(?:^|\/)vendor\/[\w.-]+\/[\w.-]+\//, /^phar:\/\//, /(?:^|\/)share\/php\//],
};
