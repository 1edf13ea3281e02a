/**
 * Where a language's grammar and tags queries are on disk (grammars/manifest.json), apart
 * from the modules that load them: the tags cache's identity hashes these files, and a
 * warm `rank` that reads no grammar must not load web-tree-sitter to find their paths.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { messageWithoutModule, RepoMapError } from '../errors.js';
import { grammarManifest } from '../languages/index.js';
import { packageRoot } from '../package-root.js';
import type { LanguageId } from '../types.js';

const packageFolders = new Map<string, string>();

/** Folder of an installed grammar package (the one holding its package.json). */
export function grammarPackageFolder(name: string): string {
  let folder = packageFolders.get(name);
  if (folder === undefined) {
    try {
      folder = dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
    } catch (cause) {
      throw new RepoMapError(
        'grammar-load-failed',
        `repomap/tags: grammar package ${name} is not installed: ${messageOf(cause)}`,
        name,
      );
    }
    packageFolders.set(name, folder);
  }
  return folder;
}

/** Absolute path of a language's grammar wasm file: the manifest's `wasm`, inside its `package`. */
export function grammarWasmPath(language: LanguageId): string {
  const entry = grammarManifest()[language];
  return join(grammarPackageFolder(entry.package), entry.wasm);
}

/** Absolute paths of a language's tags query files (manifest `queries`, relative to the package root). */
export function tagsQueryPaths(language: LanguageId): string[] {
  return grammarManifest()[language].queries.map((q) => join(packageRoot(), q));
}

/** A thrown value's message, without a RepoMapError's `repomap/<module>: ` prefix when it is wrapped in another message. */
export function messageOf(cause: unknown): string {
  return cause instanceof Error ? messageWithoutModule(cause) : String(cause);
}
