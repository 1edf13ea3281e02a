/**
 * The library's own source, read as text: every error it throws is a RepoMapError with a
 * code, and every RepoMapError message starts with `repomap/<module>: `, the module
 * being the folder of src/ that throws it (or the file's name for a file at the top of
 * src/), which `messageWithoutModule` drops for people and agents.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isReportable, messageWithoutModule, RepoMapError } from '../../src/errors.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = fg.sync('src/**/*.ts', { cwd: ROOT }).sort();
const textOf = (file: string): string => readFileSync(`${ROOT}/${file}`, 'utf8');

/** `src/eval/fuse.ts` → `eval`, `src/heap.ts` → `heap`. */
function moduleOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(/\.ts$/, '');
}

/** `file:line: text` for each match of `re` in the sources. */
function occurrences(re: RegExp, files: readonly string[] = SOURCES): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = textOf(file);
    for (const m of text.matchAll(re)) found.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
  }
  return found;
}

describe('errors of src/', () => {
  it('reads the sources it checks', () => {
    expect(SOURCES).toContain('src/errors.ts');
    expect(SOURCES.length).toBeGreaterThan(100);
  });

  it('throws no plain Error: each is a RepoMapError with a code', () => {
    expect(occurrences(/throw new Error\(|reject\(new Error\(/g)).toEqual([]);
  });

  it('starts every RepoMapError message written in place with repomap/<its module>: ', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const file of SOURCES) {
      const text = textOf(file);
      // the message is the second argument; one that is not a literal passes a message on (a worker's)
      for (const m of text.matchAll(/new RepoMapError\(\s*[^,]+,\s*(['`])([^'`]*)/g)) {
        checked++;
        if (!m[2]!.startsWith(`repomap/${moduleOf(file)}: `)) wrong.push(`${file}: ${m[1]}${m[2]!.slice(0, 50)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('knows each module prefix it uses, so the CLI and the MCP server can drop it', () => {
    expect(
      messageWithoutModule(new RepoMapError('git-failed', 'repomap/corpus: git --git-dir x ls-tree failed: y')),
    ).toBe('git --git-dir x ls-tree failed: y');
    expect(
      messageWithoutModule(new RepoMapError('internal', 'repomap/package-root: package root not found above z')),
    ).toBe('package root not found above z');
    expect(moduleOf('src/graph/edges/import.ts')).toBe('graph');
    expect(moduleOf('src/package-root.ts')).toBe('package-root');
  });

  it('tells errors to report from bugs', () => {
    expect(ERROR_CODES).toContain('internal');
    expect(isReportable(new RepoMapError('git-failed', 'repomap/corpus: x'))).toBe(true);
    expect(isReportable(new RepoMapError('internal', 'repomap/rank: x'))).toBe(false);
    expect(isReportable(new Error('x'))).toBe(false);
  });
});
