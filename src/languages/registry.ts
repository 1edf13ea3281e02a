/**
 * The languages repomap reads, in one table: each `LanguageId` of `types.ts` has its
 * grammar in `grammars/manifest.json`, its queries in `queries/<lang>/`, its import
 * resolver in `graph/resolve/` and its spec here (`<lang>.ts`). The stages look a
 * language's behaviour up here instead of switching on its name.
 */
import { extname } from 'node:path';
import { LANGUAGES, type LanguageId } from '../types.js';
import { typescript, tsx, javascript } from './ecma.js';
import { c, cpp } from './c.js';
import { csharp } from './csharp.js';
import { go } from './go.js';
import { java } from './java.js';
import { php } from './php.js';
import { kotlin } from './kotlin.js';
import { python } from './python.js';
import { ruby } from './ruby.js';
import { rust } from './rust.js';
import { scala } from './scala.js';
import { swift } from './swift.js';
import type { LanguageSpec, TestConvention } from './spec.js';

export const LANGUAGE_SPECS: Readonly<Record<LanguageId, LanguageSpec>> = {
  python,
  go,
  rust,
  typescript,
  tsx,
  javascript,
  java,
  c,
  cpp,
  ruby,
  php,
  csharp,
  kotlin,
  swift,
  scala,
};

/** The spec of a language. */
export function languageSpec(language: LanguageId): LanguageSpec {
  return LANGUAGE_SPECS[language];
}

let byInfo: Map<string, LanguageId> | undefined;

/** The language a code block's info word (lowercased) names, if any. */
export function languageOfInfoWord(word: string): LanguageId | undefined {
  if (!byInfo) {
    byInfo = new Map();
    for (const id of LANGUAGES) for (const info of LANGUAGE_SPECS[id].infoStrings) byInfo.set(info, id);
  }
  return byInfo.get(word);
}

let byExtension: Map<string, LanguageId> | undefined;

function languageOfExtension(ext: string): LanguageId | undefined {
  if (!byExtension) {
    byExtension = new Map();
    for (const id of LANGUAGES) for (const e of LANGUAGE_SPECS[id].extensions) byExtension.set(e, id);
  }
  return byExtension.get(ext);
}

/**
 * Language of a file by its extension (any case), or null when no grammar reads it. With
 * the file's text, a language that `claims` the extension by content may take it (a C++
 * `.h` header); without it, the extension's own language.
 */
export function languageOf(path: string, text?: string): LanguageId | null {
  const ext = extname(path).toLowerCase();
  if (text !== undefined) {
    for (const id of LANGUAGES) {
      const claims = LANGUAGE_SPECS[id].claims;
      if (claims?.extensions.includes(ext) && claims.text.test(text)) return id;
    }
  }
  return languageOfExtension(ext) ?? null;
}

/**
 * The test convention of a path by its last extension as written (case kept: `.PY` has
 * none), or undefined for paths no grammar reads.
 */
export function testConventionOf(path: string): TestConvention | undefined {
  const dot = path.lastIndexOf('.');
  const language = dot < 0 ? undefined : languageOfExtension(path.slice(dot));
  return language && LANGUAGE_SPECS[language].tests;
}

/** Every language's test file names, for the corpus' test rule. */
export function testFileNames(): RegExp[] {
  return LANGUAGES.flatMap((id) => LANGUAGE_SPECS[id].tests.fileNames);
}

/** Every language's test folder names (beyond the shared `test/`, `tests/`, …). */
export function testFolderNames(): RegExp[] {
  return LANGUAGES.flatMap((id) => LANGUAGE_SPECS[id].tests.folderNames ?? []);
}

/** Every language's library install paths. */
export function libraryPathPatterns(): RegExp[] {
  return LANGUAGES.flatMap((id) => LANGUAGE_SPECS[id].libraryPaths);
}

/** Every file extension a grammar reads, without the dot (`py`, `tsx`). */
export function grammarExtensions(): string[] {
  return LANGUAGES.flatMap((id) => LANGUAGE_SPECS[id].extensions.map((ext) => ext.slice(1)));
}
