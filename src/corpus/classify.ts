import { languageOf, testFileNames, testFolderNames } from '../languages/index.js';
import type { FileKind } from '../types.js';

/*
 * What a file is for an agent, from its repo-relative POSIX path alone. The first rule that
 * matches wins. A path written in a trace is a test's by the same rules (`isTestPath`):
 * there is one test-path rule, and it is this one.
 *
 * 1. test, by file name: each language's test file names (`src/languages/`: `*_test.go`,
 *    `test_*.py`, `*_test.py`, `tests.py`, `conftest.py`, `*.test.{ts,tsx,js,jsx,mjs,cjs,mts,cts}`,
 *    `*Test.java`, `*Tests.java`, `*IT.java`, Rust `tests.rs`, `*Test(s).cs`, `*Test(s).kt`,
 *    `*IT.kt`, `*_test.rb`, `*_spec.rb`, `*Test.php`, …), and `*.spec.<code ext>`.
 * 2. config, by file name: manifests and lockfiles (package.json, Cargo.toml, go.mod, go.sum,
 *    pom.xml, build.gradle*, Package.swift, *.sbt, build.sc, pyproject.toml, setup.cfg, setup.py, requirements*.txt, *.lock …),
 *    tsconfig*.json, Makefile, Dockerfile*, CMakeLists.txt, dotfile configs (.eslintrc*,
 *    .prettierrc*, .gitignore, .editorconfig, .env* …) and `*.config.{js,ts,mjs,cjs,mts,cts}`.
 *    setup.py counts as config: it is packaging metadata, though still parsed as Python.
 * 3. doc, by file name: a prose extension (.md .markdown .mdx .rst .txt .adoc .asciidoc), or
 *    LICENSE / LICENCE / COPYING / CHANGELOG / CHANGES / HISTORY / NEWS / AUTHORS / README /
 *    CONTRIBUTING / NOTICE … with no code extension (so `history.py` stays source).
 * 4. test, by folder: a folder segment test, tests, __tests__, __mocks__, testing, testdata or
 *    spec (covers `src/test/` and Rust `tests/*.rs`), a Kotlin test source set (`jvmTest`),
 *    a .NET test project (`Ledger.Tests`) or SwiftPM's `Tests/`.
 * 5. doc, by folder: a folder segment docs, doc or documentation.
 * 6. config, by extension: .toml .yaml .yml .ini .cfg .conf .properties .lock.
 * 7. source: a language with a grammar (`languageOf`), or another code extension (C/C++,
 *    Ruby, PHP, Kotlin, Swift, Scala, C#, Vue, Svelte, shell, Lua, Dart, CSS, HTML, SQL, …).
 * 8. other: everything else (data, images that were kept, unknown extensions).
 */

const JS_FAMILY = 'ts|tsx|js|jsx|mjs|cjs|mts|cts';

const TEST_NAME_PATTERNS: readonly RegExp[] = testFileNames();

/** `*.spec.*` counts as a test only on a code file, so `api.spec.yaml` stays config. */
const SPEC_NAME = /\.spec\.[^.]+$/;

const CONFIG_NAMES = new Set([
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'bun.lock',
  'bun.lockb',
  'deno.json',
  'deno.jsonc',
  'lerna.json',
  'nx.json',
  'turbo.json',
  'Cargo.toml',
  'Cargo.lock',
  'go.mod',
  'go.sum',
  'go.work',
  'go.work.sum',
  'pom.xml',
  'settings.gradle',
  'settings.gradle.kts',
  'gradle.properties',
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'Pipfile',
  'Pipfile.lock',
  'poetry.lock',
  'uv.lock',
  'tox.ini',
  'noxfile.py',
  'MANIFEST.in',
  'Makefile',
  'makefile',
  'GNUmakefile',
  'CMakeLists.txt',
  'Gemfile',
  'Gemfile.lock',
  'Rakefile',
  'composer.json',
  'composer.lock',
  'Procfile',
  'Justfile',
  'justfile',
  'BUILD',
  'BUILD.bazel',
  'WORKSPACE',
  'MODULE.bazel',
  'renovate.json',
  '.gitignore',
  '.gitattributes',
  '.gitmodules',
  '.dockerignore',
  '.npmignore',
  '.prettierignore',
  '.eslintignore',
  '.editorconfig',
  '.npmrc',
  '.nvmrc',
  '.node-version',
  '.python-version',
  '.browserslistrc',
  '.flake8',
  '.pylintrc',
  '.coveragerc',
  'rust-toolchain',
  'Package.swift',
  'Package.resolved',
  'build.sc',
]);

const CONFIG_NAME_PATTERNS: readonly RegExp[] = [
  /^tsconfig.*\.json$/,
  /^jsconfig.*\.json$/,
  /^build\.gradle(\.kts)?$/,
  /^Package@swift-[\d.]+\.swift$/,
  /\.sbt$/,
  /^requirements.*\.(txt|in)$/,
  /^Dockerfile/,
  /\.dockerfile$/i,
  /^\.(eslintrc|prettierrc|babelrc|stylelintrc|swcrc|mocharc|lintstagedrc)/,
  new RegExp(`\\.config\\.(${JS_FAMILY})$`),
  /\.gemspec$/,
  /\.(mk|cmake)$/,
  /^\.env(\..+)?$/,
];

const CONFIG_EXTENSIONS = new Set(['.toml', '.yaml', '.yml', '.ini', '.cfg', '.conf', '.properties', '.lock']);

const PROSE_EXTENSIONS = new Set(['.md', '.markdown', '.mdx', '.rst', '.txt', '.adoc', '.asciidoc']);

const DOC_NAME =
  /^(license|licence|copying|copyright|changelog|changes|history|news|authors|contributors|contributing|readme|notice|code_of_conduct|security|maintainers|releasing)([._-].*)?$/i;

const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', '__mocks__', 'testing', 'testdata', 'spec']);
/** Test folders of one language (`src/languages/`): `Orders.Tests`, `jvmTest`. */
const TEST_FOLDER_PATTERNS: readonly RegExp[] = testFolderNames();
const DOC_FOLDERS = new Set(['docs', 'doc', 'documentation']);

/** Code extensions without a grammar here; files with a grammar are found by `languageOf`. */
const CODE_EXTENSIONS = new Set([
  '.c',
  '.h',
  '.cc',
  '.cpp',
  '.cxx',
  '.hpp',
  '.hh',
  '.hxx',
  '.ipp',
  '.inl',
  '.m',
  '.mm',
  '.cs',
  '.fs',
  '.fsx',
  '.vb',
  '.rb',
  '.erb',
  '.rake',
  '.php',
  '.kt',
  '.kts',
  '.swift',
  '.scala',
  '.sc',
  '.groovy',
  '.clj',
  '.cljs',
  '.cljc',
  '.ex',
  '.exs',
  '.erl',
  '.hrl',
  '.hs',
  '.ml',
  '.mli',
  '.elm',
  '.dart',
  '.lua',
  '.pl',
  '.pm',
  '.r',
  '.jl',
  '.zig',
  '.nim',
  '.cr',
  '.d',
  '.pas',
  '.f90',
  '.f',
  '.sh',
  '.bash',
  '.zsh',
  '.fish',
  '.ps1',
  '.psm1',
  '.bat',
  '.cmd',
  '.vue',
  '.svelte',
  '.astro',
  '.html',
  '.htm',
  '.css',
  '.scss',
  '.sass',
  '.less',
  '.styl',
  '.sql',
  '.proto',
  '.graphql',
  '.gql',
  '.thrift',
  '.sol',
  '.wat',
  '.cu',
  '.cuh',
  '.pyx',
  '.pxd',
  '.tf',
  '.hcl',
  '.nix',
  '.vim',
  '.el',
  '.coffee',
  '.hbs',
  '.ejs',
  '.pug',
  '.jinja',
  '.j2',
  '.tmpl',
]);

/** Lowercase extension of a file name, with the dot; '' when it has none (dotfiles have none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

function isCode(path: string, ext: string): boolean {
  return languageOf(path) !== null || CODE_EXTENSIONS.has(ext);
}

/**
 * The one test-path rule: true when `path` (repo-relative POSIX, or a path as a trace
 * writes it, tidied) is a test by the rules above, so that a trace's frame in a file is a
 * test frame exactly when the corpus counts that file as a test.
 */
export function isTestPath(path: string): boolean {
  return classifyPath(path) === 'test';
}

/** Kind of a repo-relative POSIX path: test | source | config | doc | other (rules above). */
export function classifyPath(path: string): FileKind {
  const segments = path.split('/');
  const name = segments[segments.length - 1] ?? '';
  const folders = segments.slice(0, -1);
  const ext = extensionOf(name);
  const code = isCode(path, ext);

  if (TEST_NAME_PATTERNS.some((re) => re.test(name))) return 'test';
  if (code && SPEC_NAME.test(name)) return 'test';
  if (CONFIG_NAMES.has(name) || CONFIG_NAME_PATTERNS.some((re) => re.test(name))) return 'config';
  if (PROSE_EXTENSIONS.has(ext) || (!code && DOC_NAME.test(name))) return 'doc';
  if (folders.some((folder) => TEST_FOLDERS.has(folder) || TEST_FOLDER_PATTERNS.some((re) => re.test(folder))))
    return 'test';
  if (folders.some((folder) => DOC_FOLDERS.has(folder))) return 'doc';
  if (CONFIG_EXTENSIONS.has(ext)) return 'config';
  if (code) return 'source';
  return 'other';
}
