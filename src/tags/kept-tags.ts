/**
 * A file's tags as an index snapshot keeps them (./tag-bytes.ts, one file's at a time),
 * decoded at the first read of a field. An update of a loaded index reads the tags of the
 * files it touches, and of the files the resolvers that read tags need; the rest stay
 * bytes, and the next snapshot writes those bytes as they are.
 */
import type { FileTags, LanguageId } from '../types.js';
import { decodeDefinitions, decodeRest, encodeDefinitions, encodeRest } from './tag-bytes.js';

/** What decodes apart from the definitions (which the import resolvers and spans read alone), in the order every FileTags has them. */
const REST_FIELDS = ['references', 'imports', 'messages', 'errorNodes'] as const;

/** How many definitions and references a file's tags hold, known without decoding them. */
export interface TagCounts {
  definitions: number;
  references: number;
}

/** A file's tags as bytes, in two parts: its definitions, and the rest (`TagRest`, ./tag-bytes.ts). */
export interface TagBytes {
  definitions: Uint8Array;
  rest: Uint8Array;
}

const kept = new WeakMap<FileTags, { bytes: { [K in keyof TagBytes]: () => TagBytes[K] }; counts: TagCounts }>();

/** One of the two parts of a file's tags as bytes (`keptTags` reads them back): its definitions, or the rest. Kept tags give the bytes they came from. */
export function tagBytesOf(tags: FileTags, part: keyof TagBytes): Uint8Array {
  const entry = kept.get(tags);
  if (entry) return entry.bytes[part]();
  if (part === 'definitions') return encodeDefinitions(tags.definitions);
  return encodeRest(tags);
}

/**
 * Tags whose `path` and `language` are given and whose other fields are own, enumerable
 * getters that decode their part of `bytes` (as `tagBytesOf` gives them) at the first read: the
 * definitions alone (what the import resolvers and spans read), or the rest. A decoded
 * field is a plain value from then on: to a reader, a spread, `JSON.stringify` or
 * `v8.serialize`, the same object as the decoded one. Tags are never assigned to (an
 * assignment to a field not yet read throws).
 */
export function keptTags(
  path: string,
  language: LanguageId,
  counts: TagCounts,
  bytes: { definitions: () => Uint8Array; rest: () => Uint8Array },
): FileTags {
  const tags = { path, language } as FileTags;
  const set = (name: keyof FileTags, value: unknown): void =>
    void Object.defineProperty(tags, name, { value, writable: true, enumerable: true, configurable: true });
  const lazy = (name: keyof FileTags, decode: () => void): void =>
    void Object.defineProperty(tags, name, {
      enumerable: true,
      configurable: true,
      get(): unknown {
        decode();
        return tags[name];
      },
    });
  lazy('definitions', () => set('definitions', decodeDefinitions(bytes.definitions())));
  const decode = (): void => {
    const rest = decodeRest(bytes.rest());
    for (const name of REST_FIELDS) set(name, rest[name]);
  };
  for (const name of REST_FIELDS) lazy(name, decode);
  kept.set(tags, { bytes, counts });
  return tags;
}

/** Definitions and references of a file's tags, counted without decoding kept ones. */
export function tagCounts(tags: FileTags): TagCounts {
  return kept.get(tags)?.counts ?? { definitions: tags.definitions.length, references: tags.references.length };
}
