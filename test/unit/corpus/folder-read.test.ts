/**
 * Folder files are read into one reused buffer (issue 6, memory). Each file's text must
 * be exactly its own bytes whatever was read before it: a small file after a large one,
 * an empty file, a file past the size limit (only sniffed), a binary file, UTF-8 that
 * is invalid.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/corpus/index.js';
import { makeTemp, removeTemp, writeFiles } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = makeTemp();
});
afterEach(() => {
  removeTemp(dir);
});

describe('loadCorpus reads each folder file on its own', () => {
  it('keeps every text exact across reads of different sizes', async () => {
    const big = Array.from({ length: 20_000 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n'; // ~470 KB
    const files: Record<string, string | Buffer> = {
      'a/big.ts': big,
      'b/small.ts': 'export const small = 1;\n',
      'c/empty.ts': '',
      'd/huge.ts': 'x'.repeat(1100 * 1024), // over maxFileBytes: skipped after a sniff
      'e/after-huge.ts': 'export const after = 2;\n',
      'f/bin.dat': Buffer.from([1, 2, 0, 3]),
      'g/latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), // "café" in Latin-1: invalid UTF-8
      'h/unicode.ts': 'export const greeting = "héllo wörld ✓";\n',
    };
    writeFiles(dir, files);
    const corpus = await loadCorpus({ folder: dir });
    const texts = Object.fromEntries(corpus.files.map((f) => [f.path, f.text]));
    expect(Object.keys(texts)).toEqual([
      'a/big.ts',
      'b/small.ts',
      'c/empty.ts',
      'e/after-huge.ts',
      'g/latin1.txt',
      'h/unicode.ts',
    ]);
    expect(texts['a/big.ts']).toBe(big);
    expect(texts['b/small.ts']).toBe('export const small = 1;\n');
    expect(texts['c/empty.ts']).toBe('');
    expect(texts['e/after-huge.ts']).toBe('export const after = 2;\n');
    expect(texts['g/latin1.txt']).toBe('caf\uFFFD\n');
    expect(texts['h/unicode.ts']).toBe('export const greeting = "héllo wörld ✓";\n');
    expect(corpus.files.find((f) => f.path === 'b/small.ts')?.size).toBe(24);
    expect(corpus.skipped['too-large']).toBe(1);
    expect(corpus.skipped.binary).toBe(1);
  });
});
