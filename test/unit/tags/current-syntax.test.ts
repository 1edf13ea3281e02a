/**
 * Syntax that the bundled tree-sitter-wasms 0.1.13 grammars read as errors and the grammar
 * packages' own builds (grammars/manifest.json) read: each construct is copied from the file
 * of a real repository it broke (tokio-rs/tokio at d4569bb550, vitejs/vite at b78e2f1bc1;
 * bench/grammars/PARSE-ERRORS.md), written into a repository folder made here and read as
 * the index reads it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/corpus/index.js';
import { extractTags } from '../../../src/tags/index.js';
import { releaseLanguageTools } from '../../../src/tags/language-tools.js';
import type { FileTags } from '../../../src/types.js';

afterAll(releaseLanguageTools);

const FILES: Record<string, string> = {
  // tokio/src/lib.rs opens with an inner attribute spread over lines.
  'tokio/src/lib.rs': [
    '#![allow(',
    '    clippy::cognitive_complexity,',
    '    clippy::large_enum_variant,',
    ')]',
    '#![doc(test(no_crate_inject, attr(deny(warnings, rust_2018_idioms))))]',
    '',
    'pub mod task;',
    '',
    "pub fn runtime_flavor() -> &'static str {",
    '    "current_thread"',
    '}',
    '',
  ].join('\n'),
  // An async closure (stable since Rust 1.85) and an attribute on an array element.
  'tokio/src/task.rs': [
    'pub const FEATURES: &[&str] = &[#[cfg(feature = "rt")] "rt", "sync"];',
    '',
    'pub async fn spawn_all(n: u32) -> u32 {',
    '    let step = async |x: u32| x + 1;',
    '    step(n).await',
    '}',
    '',
    'pub fn after_closures() {}',
    '',
  ].join('\n'),
  // vite's optimizer/scan.ts: a regex literal holding `<!--`.
  'packages/vite/src/node/optimizer/scan.ts': [
    "import { readFile } from 'node:fs/promises'",
    '',
    'export const commentRE: RegExp = /<!--.*?-->/gs',
    '',
    'export async function scanImports(file: string): Promise<string> {',
    "  return (await readFile(file, 'utf8')).replace(commentRE, '')",
    '}',
    '',
  ].join('\n'),
  // vite's types/shims.d.ts: an `import('…')` type.
  'packages/vite/src/types/shims.d.ts': [
    '// eslint-disable-next-line no-var',
    "declare var __vite_profile_session: import('node:inspector').Session | undefined",
    '',
    'export interface ProfileOptions {',
    '  file: string',
    '}',
    '',
  ].join('\n'),
  // PHP 8.4 property hooks and asymmetric visibility (the RFCs' own examples).
  'src/User.php': [
    '<?php',
    'namespace Acme;',
    '',
    'class User',
    '{',
    '    public string $name {',
    '        set(string $value) {',
    '            $this->name = strtolower($value);',
    '        }',
    '    }',
    '',
    '    public private(set) int $age = 0;',
    '',
    '    public function rename(string $name): void',
    '    {',
    '        $this->name = $name;',
    '    }',
    '}',
    '',
  ].join('\n'),
};

describe('syntax the old bundled grammars could not read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'repomap-current-syntax-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }

  let tags: Map<string, FileTags> | undefined;
  async function tagsOf(path: string): Promise<FileTags> {
    if (!tags) {
      const corpus = await loadCorpus({ folder: dir });
      const result = await extractTags(corpus.files);
      tags = new Map(result.tags.map((t) => [t.path, JSON.parse(JSON.stringify(t)) as FileTags]));
    }
    const found = tags.get(path);
    if (!found) throw new Error(`no tags for ${path}`);
    return found;
  }

  it('Rust: multi-line inner attributes parse clean, and the items after them are read', async () => {
    const lib = await tagsOf('tokio/src/lib.rs');
    expect(lib.errorNodes).toBe(0);
    expect(lib.definitions.map((d) => d.name)).toContain('runtime_flavor');
  });

  it('Rust: async closures and attributes on array elements parse clean', async () => {
    const task = await tagsOf('tokio/src/task.rs');
    expect(task.errorNodes).toBe(0);
    expect(task.definitions.map((d) => d.name)).toEqual(
      expect.arrayContaining(['FEATURES', 'spawn_all', 'after_closures']),
    );
  });

  it('TypeScript: a regex holding `<!--` and an `import(…)` type parse clean', async () => {
    const scan = await tagsOf('packages/vite/src/node/optimizer/scan.ts');
    expect(scan.errorNodes).toBe(0);
    expect(scan.definitions.map((d) => d.name)).toEqual(expect.arrayContaining(['commentRE', 'scanImports']));
    const shims = await tagsOf('packages/vite/src/types/shims.d.ts');
    expect(shims.errorNodes).toBe(0);
    expect(shims.definitions.map((d) => d.name)).toContain('ProfileOptions');
  });

  it('PHP: property hooks and asymmetric visibility (PHP 8.4) parse clean', async () => {
    const user = await tagsOf('src/User.php');
    expect(user.errorNodes).toBe(0);
    expect(user.definitions.map((d) => d.name)).toEqual(expect.arrayContaining(['User', 'rename']));
  });
});
