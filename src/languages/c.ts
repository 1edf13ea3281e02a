import { stripTestAffixes, type LanguageSpec, type TestConvention } from './spec.js';

/**
 * A `.h` header is C unless its text shows C++: a template, a namespace, a class with a
 * body or a base, an access label, `using namespace`, or an extension-less standard header
 * (`#include <vector>`). Measured on real headers (grammars/README.md): C headers stay C
 * (0 of 69 in astropy's C sources, 1 of 190 in CPython's), C++ headers go to C++ (1 568 of
 * 1 577 in LLVM's), and headers written for both (`#ifdef __cplusplus`) parse with either.
 */
const CPP_HEADER =
  /^[ \t]*(?:template[ \t]*<|namespace(?:[ \t]+[\w:]+)?[ \t]*\{|(?:class|struct)[ \t]+\w+(?:[ \t]+final)?[ \t]*:[ \t]*(?:public|private|protected|virtual)\b|class[ \t]+\w+[^;(]*\{|(?:public|private|protected)[ \t]*:|using[ \t]+namespace\b|#[ \t]*include[ \t]*<[a-z_]+>)/m;

/** `test_parser`, `parser_test`, `parser_tests`, `parser_unittest` → `parser`; C++ `ParserTest` → `Parser`. */
function sourceStem(stem: string): string {
  const stripped = stripTestAffixes(stem).replace(/_unittests?$/, '');
  const camel = /^([A-Z]\w*?[a-z0-9])Tests?$/.exec(stripped);
  return camel ? camel[1]! : stripped;
}

/** C and C++ tests link to each other's sources (a C++ GoogleTest of a C library). */
const tests = (names: readonly RegExp[]): TestConvention => ({
  family: 'c',
  fileNames: names,
  sourceStem,
  // A test folder's `main.c` or `runner.c` runs the tests; it names no source.
  generalStems: ['main', 'runner', 'all'],
});

/** The C runtime and toolchain as traces print them: system libraries, glibc's sources, compiler-rt, libc++. */
const libraryPaths = [
  /^\/lib(?:32|64)?\//,
  /(?:^|\/)sysdeps\//,
  /(?:^|\/)csu\//,
  /^\.\.\/(?:nptl|stdlib|libio|malloc|signal|assert|string|posix|misc)\//,
  /(?:^|\/)glibc-[\d.]+\//,
  /(?:^|\/)compiler-rt\/lib\//,
  /(?:^|\/)(?:libcxx|libcxxabi|libstdc\+\+-v3)\//,
];

export const c: LanguageSpec = {
  extensions: ['.c', '.h'],
  fence: 'c',
  infoStrings: ['c', 'h'],
  snippetPath: '__snippet__.c',
  tests: tests([/^test_.*\.c$/, /_tests?\.c$/]),
  libraryPaths,
};

export const cpp: LanguageSpec = {
  extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp', '.tpp', '.inl'],
  claims: { extensions: ['.h'], text: CPP_HEADER },
  fence: 'cpp',
  infoStrings: ['cpp', 'c++', 'cxx', 'cc', 'hpp'],
  snippetPath: '__snippet__.cpp',
  tests: tests([
    /^test_.*\.(?:cc|cpp|cxx)$/,
    /_(?:tests?|unittests?)\.(?:cc|cpp|cxx)$/,
    /[a-z0-9]Tests?\.(?:cc|cpp|cxx)$/,
  ]),
  libraryPaths,
};
