import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RepoMapError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { LANGUAGES, type LanguageId } from '../types.js';

/** One language's entry in grammars/manifest.json: where its grammar comes from, and its query. */
export interface GrammarEntry {
  /** Path of the wasm file inside the grammar package (`tree-sitter-rust.wasm`, `out/tree-sitter-go.wasm`). */
  wasm: string;
  /** The npm package (a dependency) that ships the wasm. */
  package: string;
  /** Its exact version, pinned in package.json. */
  packageVersion: string;
  /** sha256 of the wasm file, checked by the grammar test. */
  sha256: string;
  /**
   * The parse-table ABI the wasm was built with, checked by the grammar test, when it is
   * not 14 (tree-sitter-wasms 0.1.13 built Swift with ABI 13, tree-sitter-python 0.25.0 has
   * ABI 15; the runtime reads 13 to 15).
   */
  abi?: number;
  /** Tags query files, relative to the package root, concatenated in this order (earlier patterns win). */
  queries: string[];
}

let manifest: Record<LanguageId, GrammarEntry> | undefined;

/** The grammar manifest, read once; every language of LANGUAGES must be present. */
export function grammarManifest(): Record<LanguageId, GrammarEntry> {
  if (manifest) return manifest;
  const file = join(packageRoot(), 'grammars', 'manifest.json');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { languages: Record<string, GrammarEntry> };
  for (const id of LANGUAGES) {
    if (!parsed.languages[id])
      throw new RepoMapError('internal', `repomap/languages: ${file} has no entry for "${id}"`, file);
  }
  manifest = parsed.languages as Record<LanguageId, GrammarEntry>;
  return manifest;
}
