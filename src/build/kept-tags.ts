/**
 * A file's tags as an index snapshot keeps them (v8-serialized, one file's at a time),
 * decoded at the first read of a field. An update of a loaded index reads the tags of the
 * files it touches, and of the files the resolvers that read tags need; the rest stay
 * bytes, and the next snapshot writes those bytes as they are.
 */
import v8 from 'node:v8';
import type { FileTags, LanguageId } from '../types.js';

/** The fields decoded on first read, in the order every FileTags has them. */
const LAZY_FIELDS = ['definitions', 'references', 'imports', 'messages', 'errorNodes'] as const;

/** How many definitions and references a file's tags hold, known without decoding them. */
export interface TagCounts {
  definitions: number;
  references: number;
}

const kept = new WeakMap<FileTags, { bytes: () => Uint8Array; counts: TagCounts }>();

/**
 * Tags whose `path` and `language` are given and whose other fields are own, enumerable
 * getters that decode `bytes()` (the whole FileTags) at the first read of any of them and
 * then become plain values: to a reader, a spread, `JSON.stringify` or `v8.serialize`,
 * the same object as the decoded one. Tags are never assigned to (an assignment to a
 * field not yet read throws).
 */
export function keptTags(path: string, language: LanguageId, counts: TagCounts, bytes: () => Uint8Array): FileTags {
  const tags = { path, language } as FileTags;
  const decode = (): void => {
    const decoded = v8.deserialize(bytes()) as FileTags;
    for (const name of LAZY_FIELDS) Object.defineProperty(tags, name, { value: decoded[name], writable: true, enumerable: true, configurable: true });
  };
  for (const name of LAZY_FIELDS) {
    Object.defineProperty(tags, name, {
      enumerable: true,
      configurable: true,
      get(): unknown {
        decode();
        return tags[name];
      },
    });
  }
  kept.set(tags, { bytes, counts });
  return tags;
}

/** The bytes kept tags come from (the next snapshot writes them as they are); undefined for other tags. */
export function keptBytesOf(tags: FileTags): Uint8Array | undefined {
  return kept.get(tags)?.bytes();
}

/** Definitions and references of a file's tags, counted without decoding kept ones. */
export function tagCounts(tags: FileTags): TagCounts {
  return kept.get(tags)?.counts ?? { definitions: tags.definitions.length, references: tags.references.length };
}
