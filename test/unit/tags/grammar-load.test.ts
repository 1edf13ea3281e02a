import { describe, expect, it, vi } from 'vitest';
import { RepoMapError } from '../../../src/errors.js';
import type * as Languages from '../../../src/languages/index.js';
import { extractTags } from '../../../src/tags/index.js';
import type { FileRecord } from '../../../src/types.js';

// The manifest points python at a wasm file that does not exist, go at a file that is not wasm
// and java at a package that is not installed.
vi.mock('../../../src/languages/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Languages>();
  return {
    ...actual,
    grammarManifest: () => {
      const manifest = actual.grammarManifest();
      return {
        ...manifest,
        python: { ...manifest.python, wasm: 'tree-sitter-missing.wasm' },
        go: { ...manifest.go, wasm: 'package.json' },
        java: { ...manifest.java, package: 'tree-sitter-not-installed' },
      };
    },
  };
});

function record(path: string, language: FileRecord['language'], text: string): FileRecord {
  return { path, size: text.length, text, language, kind: 'source' };
}

async function failure(files: FileRecord[]): Promise<{ code: string; subject?: string; message: string }> {
  try {
    await extractTags(files);
  } catch (error) {
    expect(error).toBeInstanceOf(RepoMapError);
    const { code, subject, message } = error as RepoMapError;
    return { code, subject, message };
  }
  throw new Error('expected extractTags to throw');
}

describe('grammar loading failures', () => {
  it('a missing wasm file is a grammar-load-failed error naming the language, the wasm and the file', async () => {
    const error = await failure([record('src/app.py', 'python', 'x = 1\n')]);
    expect(error.code).toBe('grammar-load-failed');
    expect(error.subject).toMatch(/tree-sitter-python[\\/]tree-sitter-missing\.wasm$/);
    expect(error.message).toContain('python grammar');
    expect(error.message).toContain('tree-sitter-missing.wasm');
    expect(error.message).toContain('(needed by src/app.py)');
  });

  it('a file that is not wasm is a grammar-load-failed error too', async () => {
    const error = await failure([record('main.go', 'go', 'package main\n')]);
    expect(error.code).toBe('grammar-load-failed');
    expect(error.message).toContain('go grammar');
    expect(error.message).toContain('(needed by main.go)');
  });

  it('a grammar package that is not installed is a grammar-load-failed error naming the package and the file', async () => {
    const error = await failure([record('src/App.java', 'java', 'class App {}\n')]);
    expect(error.code).toBe('grammar-load-failed');
    expect(error.message).toContain('java grammar');
    expect(error.subject).toBe('tree-sitter-not-installed');
    expect(error.message).toContain('tree-sitter-not-installed is not installed');
    expect(error.message).toContain('(needed by src/App.java)');
  });

  it('other languages still load', async () => {
    const result = await extractTags([record('a.rs', 'rust', 'fn a() {}\n')]);
    expect(result.tags.map((t) => t.definitions.map((d) => d.name))).toEqual([['a']]);
  });
});
