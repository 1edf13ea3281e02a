/**
 * Names defined by one line of source, by regular expressions per language
 * family. Used on diff lines and hunk-header contexts, where no parser is at
 * hand and the line may be cut (git truncates hunk contexts at 80 columns).
 */
import { languageOf } from '../languages/index.js';
import type { LanguageId } from '../types.js';

export type CodeFamily =
  | 'python'
  | 'go'
  | 'rust'
  | 'java'
  | 'kotlin'
  | 'csharp'
  | 'js'
  | 'c'
  | 'ruby'
  | 'php'
  | 'swift'
  | 'scala';

/** The family whose definition patterns read each language's lines. */
const FAMILY_BY_LANGUAGE: Record<LanguageId, CodeFamily> = {
  python: 'python',
  go: 'go',
  rust: 'rust',
  java: 'java',
  kotlin: 'kotlin',
  scala: 'scala',
  swift: 'swift',
  csharp: 'csharp',
  typescript: 'js',
  tsx: 'js',
  javascript: 'js',
  c: 'c',
  cpp: 'c',
  ruby: 'ruby',
  php: 'php',
};

/** Extensions without a grammar here whose definition lines read like a family's. */
const OTHER_EXTENSIONS: Record<string, CodeFamily> = { groovy: 'java', vue: 'js', svelte: 'js' };

/** The code family of a path (`a/b.py`, `a/b.py:12`) by the language its extension names; undefined when unknown. */
export function codeFamilyOf(path: string): CodeFamily | undefined {
  const file = path.replace(/(?::\d+)+$/, '');
  const language = languageOf(file);
  if (language) return FAMILY_BY_LANGUAGE[language];
  const m = /\.([A-Za-z0-9]+)$/.exec(file);
  return m ? OTHER_EXTENSIONS[m[1]!.toLowerCase()] : undefined;
}

const KEYWORDS = new Set([
  'if',
  'else',
  'for',
  'while',
  'switch',
  'case',
  'catch',
  'return',
  'new',
  'throw',
  'function',
  'typeof',
  'await',
  'yield',
  'do',
  'try',
  'finally',
  'with',
  'delete',
  'super',
  'this',
  'import',
  'export',
  'from',
  'assert',
  'synchronized',
  'in',
  'of',
  'and',
  'or',
  'not',
  'elif',
  'except',
  'match',
  'loop',
  'sizeof',
  'defer',
  'go',
  'raise',
  'del',
  'print',
  'when',
  'is',
  'goto',
]);

/**
 * `topLevelOnly`: only on unindented lines. `loose`: the pattern has no
 * defining keyword (`name(…) {`, `Type name(`), so a keyword in the name or
 * type slot (`if (`, `return foo(`) rejects the match.
 */
type Pattern = { re: RegExp; topLevelOnly?: boolean; loose?: boolean };

const PATTERNS: Record<CodeFamily, readonly Pattern[]> = {
  python: [
    { re: /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/ },
    { re: /^\s*class\s+([A-Za-z_]\w*)/ },
    // module-level NAME = … / NAME: T = …
    { re: /^([A-Za-z_]\w*)\s*(?::[^=]+)?=(?!=)/, topLevelOnly: true },
  ],
  go: [
    { re: /^\s*func\s+\([^)]*\)\s*([A-Za-z_]\w*)/ },
    { re: /^\s*func\s+([A-Za-z_]\w*)/ },
    { re: /^\s*type\s+([A-Za-z_]\w*)/ },
    { re: /^(?:const|var)\s+([A-Za-z_]\w*)/, topLevelOnly: true },
    // entries of a `const (` / `var (` block: one tab, Name [Type] = …
    { re: /^\t(?!err\b|ok\b)([A-Za-z]\w+)(?:\s+[\w.*[\]]+)?\s*=(?!=)/, loose: true },
  ],
  rust: [
    {
      re: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:default\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"[^"]*"\s+)?fn\s+([A-Za-z_]\w*)/,
    },
    { re: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|trait|union|type|mod)\s+([A-Za-z_]\w*)/ },
    { re: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const|static(?:\s+mut)?)\s+([A-Z_][A-Z0-9_]*)\s*:/ },
    { re: /^\s*macro_rules!\s+([A-Za-z_]\w*)/ },
    // impl X / impl<T> Trait for X<T>: the implementing type
    {
      re: /^\s*(?:unsafe\s+)?impl(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>)?\s+(?:[\w:]+(?:<[^>]*>)?\s+for\s+)?(?:[\w]+::)*([A-Za-z_]\w*)/,
    },
  ],
  java: [
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\s+)*(?:class|interface|enum|record|@interface)\s+([A-Za-z_$][\w$]*)/,
    },
    // [annotations] [modifiers] [<T>] Type name(   — the type must not be a keyword
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|protected|private|static|final|abstract|synchronized|native|default|strictfp)\s+)*(?:<[^>]+>\s+)?([\w$.]+(?:<[^()]*>)?(?:\[\])*)\s+([A-Za-z_$][\w$]*)\s*\(/,
      loose: true,
    },
    // constructors: modifier Name(
    { re: /^\s*(?:public|protected|private)\s+([A-Z][\w$]*)\s*\(/, loose: true },
  ],
  kotlin: [
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|protected|internal|abstract|open|final|sealed|data|enum|annotation|inner|value|inline|expect|actual|fun)\s+)*(?:class|interface|object)\s+([A-Za-z_]\w*)/,
    },
    // fun name(, fun <T> T.name(, suspend fun Receiver.name(
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|protected|internal|abstract|open|final|override|suspend|inline|operator|infix|tailrec|external|expect|actual)\s+)*fun\s+(?:<[^>]*>\s+)?(?:[\w.<>?, ]+\.)?([A-Za-z_]\w*)\s*\(/,
    },
    { re: /^\s*(?:(?:public|private|internal)\s+)?typealias\s+([A-Za-z_]\w*)/ },
    // top-level val X = … / const val X = …
    { re: /^(?:(?:public|private|internal)\s+)?(?:const\s+)?val\s+([A-Za-z_]\w*)/, topLevelOnly: true },
  ],
  csharp: [
    {
      re: /^\s*(?:\[[^\]]*\]\s*)*(?:(?:public|private|protected|internal|static|sealed|abstract|partial|readonly|unsafe|file|new|ref)\s+)*(?:class|struct|interface|enum|record(?:\s+(?:class|struct))?)\s+([A-Za-z_]\w*)/,
    },
    // [attributes] [modifiers] Type Name[<T>](   — the type must not be a keyword
    {
      re: /^\s*(?:\[[^\]]*\]\s*)*(?:(?:public|private|protected|internal|static|virtual|override|abstract|sealed|async|extern|unsafe|new|partial|readonly)\s+)*([\w.]+(?:<[^()]*>)?(?:\[\])*\??)\s+([A-Za-z_]\w*)\s*(?:<[^>()]*>)?\s*\(/,
      loose: true,
    },
    // constructors: modifier Name(
    { re: /^\s*(?:public|protected|private|internal)\s+([A-Z]\w*)\s*\(/, loose: true },
    // properties: modifier Type Name { or =>
    {
      re: /^\s*(?:(?:public|private|protected|internal|static|virtual|override|abstract|required)\s+)+[\w.<>[\]?,]+\s+([A-Z]\w*)\s*(?:\{|=>)/,
      loose: true,
    },
  ],
  c: [
    { re: /^\s*(?:typedef\s+)?(?:struct|union|enum(?:\s+class)?|class|namespace)\s+([A-Za-z_]\w*)/ },
    { re: /^\s*#\s*define\s+([A-Za-z_]\w*)/ },
    // C++ out-of-class definitions: `int Ledger::balance() const`, `Ledger::~Ledger()` → the member.
    { re: /^(?:[\w:*&<>,]+\s+)*[*&]*(?:[A-Za-z_]\w*(?:<[^<>()]*>)?::)+~?([A-Za-z_]\w*)\s*\(/, loose: true },
    // [specifiers] Type [*]name(   — the type must not be a keyword (`return f(`, `else if (`)
    {
      re: /^\s*(?:(?:static|inline|extern|const|unsigned|signed|struct|enum|union|virtual|constexpr|explicit)\s+)*([A-Za-z_][\w:<>,]*)[\s*&]+([A-Za-z_]\w*)\s*\(/,
      loose: true,
    },
    // GNU style: the name starts the line under its return type (`parse_header (const char *buf)`).
    { re: /^([A-Za-z_]\w*)\s*\(/, topLevelOnly: true, loose: true },
  ],
  swift: [
    // [attributes] [modifiers] func name( / func name<T>(, init( is no name
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|package|static|class|final|override|mutating|nonmutating|convenience|required|dynamic|@objc|nonisolated)\s+)*func\s+([A-Za-z_]\w*)/,
    },
    // struct / class / enum / protocol / actor / extension Name
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|package|final|indirect)\s+)*(?:struct|class|enum|protocol|actor|extension|typealias)\s+([A-Za-z_]\w*)/,
    },
    // static let / static var members, file-scope lets
    { re: /^\s*(?:(?:public|private|fileprivate|internal|open|package)\s+)?static\s+(?:let|var)\s+([A-Za-z_]\w*)/ },
    { re: /^(?:(?:public|private|fileprivate|internal|package)\s+)?let\s+([A-Za-z_]\w*)/, topLevelOnly: true },
  ],
  scala: [
    // [modifiers] def name, def name[T](
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:override|private|protected|final|implicit|inline|transparent|abstract|lazy)(?:\[\w+\])?\s+)*def\s+([A-Za-z_]\w*)/,
    },
    // [modifiers] [case] class / object / trait / enum / type Name
    {
      re: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:private|protected|final|sealed|abstract|implicit|case|open)(?:\[\w+\])?\s+)*(?:class|object|trait|enum|type)\s+([A-Za-z_]\w*)/,
    },
    // constants of an object: val Name = …
    { re: /^\s*(?:(?:private|protected|final|override|lazy)(?:\[\w+\])?\s+)*val\s+([A-Z]\w*)\s*[:=]/ },
  ],
  ruby: [
    // def f, def self.f, def f? / f! (the name without its ? or !)
    { re: /^\s*(?:private\s+|protected\s+|public\s+)?def\s+(?:self\.)?([A-Za-z_]\w*)/ },
    // class A::B < C, module A: the last name
    { re: /^\s*(?:class|module)\s+(?:[A-Z]\w*::)*([A-Z]\w*)/ },
    { re: /^\s*([A-Z][A-Z0-9_]+)\s*=(?!=)/ },
  ],
  php: [
    { re: /^\s*(?:(?:public|protected|private|static|final|abstract)\s+)*function\s+&?([A-Za-z_]\w*)/ },
    { re: /^\s*(?:(?:final|abstract|readonly)\s+)*(?:class|interface|trait|enum)\s+([A-Za-z_]\w*)/ },
    { re: /^\s*(?:(?:public|protected|private|final)\s+)*const\s+(?:[\w?|]+\s+)?([A-Z_][A-Z0-9_]*)\s*=/ },
  ],
  js: [
    { re: /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/ },
    { re: /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/ },
    { re: /^\s*(?:export\s+)?(?:declare\s+)?(?:interface|enum|namespace)\s+([A-Za-z_$][\w$]*)/ },
    { re: /^\s*(?:export\s+)?(?:declare\s+)?type\s+([A-Za-z_$][\w$]*)\s*(?:<[^=]*>)?\s*=/ },
    // const f = (…) => / async (…) => / function / x => ; anywhere
    {
      re: /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/,
    },
    // top-level const X = …
    { re: /^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/, topLevelOnly: true },
    // methods: [modifiers] name(params) [: T] {
    {
      re: /^\s*(?:(?:public|private|protected|static|async|readonly|override|abstract|get|set)\s+)*\*?\s*(#?[A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*\((?:[^()]|\([^()]*\))*\)\s*(?::\s*[^{=;]+)?\{\s*$/,
      loose: true,
    },
    // object members: name: function (…) / name: (…) =>
    { re: /^\s*([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>)/, loose: true },
  ],
};

/** Families tried on a line of unknown language (C's and C#'s patterns are left out: Java's catch `int f(` already). */
const ALL_FAMILIES: readonly CodeFamily[] = ['python', 'go', 'rust', 'java', 'kotlin', 'js'];

/**
 * Names that one line of code defines (`def f(` → `f`, `func (r *T) Name(` →
 * `Name`, `impl Trait for S` → `S`, `public Foo bar(` → `bar`, `const f = () =>`
 * → `f`). Without a family, every family's patterns are tried.
 */
export function definitionsIn(code: string, family?: CodeFamily): string[] {
  const out: string[] = [];
  const topLevel = /^\S/.test(code);
  for (const fam of family ? [family] : ALL_FAMILIES) {
    for (const { re, topLevelOnly, loose } of PATTERNS[fam]) {
      if (topLevelOnly && !topLevel) continue;
      const m = code.match(re);
      if (!m) continue;
      // Java and C function patterns: group 1 is the type, group 2 the name.
      const name = m[2] ?? m[1];
      const type = m[2] !== undefined ? m[1] : undefined;
      if (!name || (loose && (KEYWORDS.has(name) || (type !== undefined && KEYWORDS.has(type))))) continue;
      if (name.length < 2) continue;
      if (!out.includes(name)) out.push(name);
    }
  }
  return out;
}
