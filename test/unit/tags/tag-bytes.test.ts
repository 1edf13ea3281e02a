/**
 * A file's tags as a snapshot keeps them (src/tags/tag-bytes.ts): each part decodes to
 * the tags it was encoded from, exactly (every field, in order, every string as it was,
 * one UTF-8 cannot hold included), on real tags of fixture files of several languages;
 * bytes that are not a part are an error, never tags made up.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeDefinitions, decodeRest, encodeDefinitions, encodeRest } from '../../../src/tags/tag-bytes.js';
import { loadCorpus } from '../../../src/corpus/index.js';
import { extractTags } from '../../../src/tags/index.js';
import type { FileTags } from '../../../src/types.js';

const REPOS = join(import.meta.dirname, '../../../fixtures/repos');
const restOf = (t: FileTags) => ({
  references: t.references,
  imports: t.imports,
  messages: t.messages,
  errorNodes: t.errorNodes,
});

let parsed: FileTags[];

beforeAll(async () => {
  parsed = [];
  for (const repo of ['python-inventory', 'ts-router', 'rust-tokenizer', 'go-ratelimit', 'java-ledger']) {
    const corpus = await loadCorpus({ folder: join(REPOS, repo) });
    parsed.push(...(await extractTags(corpus.files, { jobs: 1 })).tags);
  }
  expect(parsed.length).toBeGreaterThan(20);
  expect(parsed.some((t) => t.imports.some((i) => i.names.length > 0))).toBe(true);
  expect(parsed.some((t) => t.messages.length > 0)).toBe(true);
});

describe('tag bytes', () => {
  it("decode every fixture file's definitions and rest into the parsed tags, fields in the parser's order", () => {
    for (const t of parsed) {
      const definitions = decodeDefinitions(encodeDefinitions(t.definitions));
      expect(definitions, t.path).toEqual(t.definitions);
      expect(JSON.stringify(definitions), t.path).toBe(JSON.stringify(t.definitions));
      const rest = decodeRest(encodeRest(restOf(t)));
      expect(JSON.stringify(rest), t.path).toBe(JSON.stringify(restOf(t)));
    }
  });

  it('keep any string as it was: non-ASCII, empty, and a message cut inside a surrogate pair', () => {
    const definitions = [
      { name: 'größe_😀', kind: 'function' as const, startLine: 1, endLine: 4_000_000 },
      { name: '', kind: 'class' as const, startLine: 0, endLine: 0 },
    ];
    expect(decodeDefinitions(encodeDefinitions(definitions))).toEqual(definitions);
    const rest = {
      references: [],
      imports: [{ specifier: 'a/ü', line: 2, names: ['x', '名前'] }],
      messages: [{ text: 'bad value 😀'.slice(0, 11), line: 9 }],
      errorNodes: 3,
    };
    expect(rest.messages[0]!.text).toMatch(/\uD83D$/);
    const back = decodeRest(encodeRest(rest));
    expect(back).toEqual(rest);
    expect(back.messages[0]!.text.charCodeAt(10)).toBe(0xd83d);
  });

  it('property: any strings and whole numbers come back as they were', () => {
    const text = fc.string({
      unit: fc.oneof(fc.constant('\uD800'), fc.constant('\uDFFF'), fc.string({ unit: 'grapheme', maxLength: 1 })),
      maxLength: 12,
    });
    const line = fc.nat({ max: 2 ** 32 - 1 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text, kind: text, startLine: line, endLine: line })),
        fc.array(fc.record({ text, line })),
        (definitions, messages) => {
          expect(decodeDefinitions(encodeDefinitions(definitions as FileTags['definitions']))).toEqual(definitions);
          const rest = { references: [], imports: [], messages, errorNodes: 0 };
          expect(decodeRest(encodeRest(rest))).toEqual(rest);
        },
      ),
    );
  });

  it('bytes cut short, or with bytes left over, are an error naming the tags', () => {
    const t = parsed.find((x) => x.definitions.length > 1)!;
    const bytes = encodeDefinitions(t.definitions);
    expect(() => decodeDefinitions(bytes.subarray(0, bytes.length - 1))).toThrow(
      expect.objectContaining({ code: 'cache-unavailable', subject: 'tags' }),
    );
    expect(() => decodeDefinitions(Buffer.concat([bytes, Buffer.from([0])]))).toThrow(
      expect.objectContaining({ code: 'cache-unavailable', subject: 'tags' }),
    );
  });
});
