/**
 * Kept tags (src/tags/kept-tags.ts): a snapshot's per-file tags decode at the first read
 * of a field (the definitions apart from the rest), and read, spread, serialize and count
 * as the decoded tags do; the next snapshot writes their bytes as they are. On real tags of
 * a fixture file.
 */
import v8 from 'node:v8';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { keptTags, tagBytesOf, tagCounts } from '../../../src/tags/kept-tags.js';
import { loadCorpus } from '../../../src/corpus/index.js';
import { sideFieldsOf } from '../../../src/rank/index-context.js';
import { extractTags } from '../../../src/tags/index.js';
import type { FileTags } from '../../../src/types.js';

const FIXTURE = join(import.meta.dirname, '../../../fixtures/repos/python-inventory');

let tags: FileTags;
beforeBlock();

function beforeBlock(): void {
  beforeAll(async () => {
    const corpus = await loadCorpus({ folder: FIXTURE });
    const file = corpus.files.find((f) => f.path === 'src/inventory/pricing.py')!;
    tags = (await extractTags([file], { jobs: 1 })).tags[0]!;
    expect(tags.definitions.length).toBeGreaterThan(0);
  });
}

/** Kept tags of `tags`, counting how often each part's bytes are read. */
function kept(): {
  tags: FileTags;
  reads: () => { definitions: number; rest: number };
  bytes: { definitions: Uint8Array; rest: Uint8Array };
} {
  const bytes = { definitions: tagBytesOf(tags, 'definitions'), rest: tagBytesOf(tags, 'rest') };
  const reads = { definitions: 0, rest: 0 };
  const made = keptTags(
    tags.path,
    tags.language,
    { definitions: tags.definitions.length, references: tags.references.length },
    {
      definitions: () => (reads.definitions++, bytes.definitions),
      rest: () => (reads.rest++, bytes.rest),
    },
  );
  return { tags: made, reads: () => ({ ...reads }), bytes };
}

describe('kept tags', () => {
  it('are not decoded for their path, language, counts or bytes', () => {
    const k = kept();
    expect(k.tags.path).toBe('src/inventory/pricing.py');
    expect(k.tags.language).toBe('python');
    expect(tagCounts(k.tags)).toEqual({ definitions: tags.definitions.length, references: tags.references.length });
    expect(k.reads()).toEqual({ definitions: 0, rest: 0 });
    expect(tagBytesOf(k.tags, 'definitions')).toBe(k.bytes.definitions);
    expect(tagBytesOf(k.tags, 'rest')).toBe(k.bytes.rest);
    expect(k.reads()).toEqual({ definitions: 1, rest: 1 });
  });

  it('decode their definitions alone, and the rest once at the first read of one of its fields, into the tags they were made from', () => {
    const k = kept();
    expect(k.tags.definitions).toEqual(tags.definitions);
    expect(k.reads()).toEqual({ definitions: 1, rest: 0 });
    expect(k.tags.references).toEqual(tags.references);
    expect(k.tags.messages).toEqual(tags.messages);
    expect(k.tags.errorNodes).toBe(tags.errorNodes);
    expect(k.reads()).toEqual({ definitions: 1, rest: 1 });
    expect(k.tags).toEqual(tags);
  });

  it('spread, stringify, serialize and give side fields as the decoded tags, in the same key order', () => {
    // (a decoded array serializes in v8's sparse form, the parser's in its dense one: the same values)
    const decoded = v8.deserialize(v8.serialize(tags)) as FileTags;
    for (const use of [
      (t: FileTags) => JSON.stringify(t),
      (t: FileTags) => JSON.stringify({ ...t }),
      (t: FileTags) => Buffer.from(v8.serialize(t)).toString('hex'),
      (t: FileTags) => JSON.stringify(sideFieldsOf(t)),
    ]) {
      expect(use(kept().tags)).toBe(use(decoded));
    }
    expect(Object.keys(kept().tags)).toEqual(Object.keys(tags));
  });

  it('cannot be assigned to', () => {
    const k = kept();
    expect(() => {
      (k.tags as { definitions: unknown }).definitions = [];
    }).toThrow(TypeError);
  });
});
