/** Shared helpers for the tags tests: read fixture files, tag them, and return plain data. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { languageOf } from '../../../src/languages/index.js';
import { packageRoot } from '../../../src/package-root.js';
import { tagsFromSource } from '../../../src/tags/index.js';
import type { FileRecord, FileTags, LanguageId } from '../../../src/types.js';

export const FIXTURE_REPOS = join(packageRoot(), 'fixtures', 'repos');

/** A deep plain-data copy: no class instances or WASM handles survive. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function fixtureText(repo: string, path: string): string {
  return readFileSync(join(FIXTURE_REPOS, repo, path), 'utf8');
}

/** Tags of one fixture file, as plain data, with its text for line lookups. */
export async function fixtureTags(repo: string, path: string): Promise<FileTags & { text: string }> {
  const text = fixtureText(repo, path);
  const language = languageOf(path, text);
  if (!language) throw new Error(`no language for ${path}`);
  return { ...plain(await tagsFromSource(language, path, text)), text };
}

/** Tags of an inline snippet, as plain data. */
export async function snippetTags(language: LanguageId, text: string, path = 'snippet'): Promise<FileTags> {
  return plain(await tagsFromSource(language, path, text));
}

/** 1-based line of the first line containing `needle`; throws when absent so a fixture change is loud. */
export function lineOf(text: string, needle: string, from = 1): number {
  const lines = text.split('\n');
  for (let i = from - 1; i < lines.length; i++) if (lines[i]!.includes(needle)) return i + 1;
  throw new Error(`"${needle}" not found`);
}

/** `kind name` strings of the definitions, for compact membership checks. */
export function definitionKeys(tags: FileTags): string[] {
  return tags.definitions.map((d) => `${d.kind} ${d.name}`);
}

/** `kind name` strings of the references. */
export function referenceKeys(tags: FileTags): string[] {
  return tags.references.map((r) => `${r.kind} ${r.name}`);
}

/** Imports without line numbers: `specifier → names`. */
export function importKeys(tags: FileTags): string[] {
  return tags.imports.map((i) => `${i.specifier} [${i.names.join(', ')}]`);
}

/** Every file of a fixture repository as FileRecords (language from the extension and text, as the corpus reads it). */
export function fixtureFiles(repo: string): FileRecord[] {
  const root = join(FIXTURE_REPOS, repo);
  const out: FileRecord[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const path = relative(root, full).split('\\').join('/');
        const text = readFileSync(full, 'utf8');
        out.push({ path, size: Buffer.byteLength(text), text, language: languageOf(path, text), kind: 'source' });
      }
    }
  };
  walk(root);
  return out;
}
