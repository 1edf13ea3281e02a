/**
 * The tags stage's state in a snapshot: which files have tags, each one's tags as bytes
 * (./tag-bytes.ts; definitions apart from the rest, read one file's at a time) and their
 * counts. Decoded tags read their bytes at the first read of a field (./kept-tags.ts).
 * Only src/persist/ imports this module.
 */
import { RepoMapError } from '../errors.js';
import { PartList, type ByteList, type Sections } from '../persist/sections.js';
import type { FileRecord, FileTags, LanguageId } from '../types.js';
import { keptTags, tagBytesOf, tagCounts } from './kept-tags.js';

/** Bumped whenever the tags' sections or their bytes change. */
export const TAGS_STATE_VERSION = 2;

/** The tags' sections of a snapshot. */
export interface TagsState {
  /** The files with tags (corpus positions, ascending). */
  tagFiles: Int32Array;
  /** Per file with tags, in the same order, its definitions as bytes, and apart from them the rest of its tags (`tagBytesOf`). */
  tagDefinitions: ByteList;
  tagRest: ByteList;
  /** Per file with tags, in the same order, its number of definitions and of references (the index's counts after an update, without decoding the tags). */
  tagCounts: Uint32Array;
}

/** The sections of `tags` (`ids`: path → corpus position); after an update, most files' tags are still the bytes the last snapshot kept. */
export function encodeTags(tags: readonly FileTags[], ids: ReadonlyMap<string, number>): Sections<TagsState> {
  return {
    tagFiles: Int32Array.from(tags, (t) => ids.get(t.path)!),
    tagDefinitions: new PartList(tags.length, (k) => tagBytesOf(tags[k]!, 'definitions')),
    tagRest: new PartList(tags.length, (k) => tagBytesOf(tags[k]!, 'rest')),
    tagCounts: () => {
      const counts = new Uint32Array(2 * tags.length);
      tags.forEach((t, k) => {
        const { definitions, references } = tagCounts(t);
        counts[2 * k] = definitions;
        counts[2 * k + 1] = references;
      });
      return counts;
    },
  };
}

/** Kept tags, each file's decoded at the first read of one of its fields. */
export interface KeptTags {
  /** The tags of the `k`th file with tags. */
  at(k: number): FileTags;
  /** The tags of a file by path (undefined: a file without tags). */
  of(path: string): FileTags | undefined;
  /** Every file's tags, in corpus order. */
  all(): FileTags[];
  /** The tags of the files in `languages` (every file's when undefined). */
  inLanguages(languages: readonly LanguageId[] | undefined): FileTags[];
}

/**
 * The tags a snapshot kept of `files` (`paths`: their paths); `made` hears each file's tags
 * as they are made (where another stage attaches what it kept of them). `where` names the
 * index in errors.
 */
export function decodeTags(
  state: TagsState,
  files: readonly FileRecord[],
  where: string,
  made?: (tags: FileTags, k: number) => void,
): KeptTags {
  if (state.tagCounts.length !== 2 * state.tagFiles.length)
    throw new RepoMapError(
      'internal',
      `repomap/tags: a snapshot of ${where} has ${state.tagCounts.length / 2} tag counts for ${state.tagFiles.length} files with tags`,
      'tagCounts',
    );
  const index = new Map<string, number>();
  state.tagFiles.forEach((file, k) => index.set(files[file]!.path, k));
  const byFile = new Map<number, FileTags>();
  const at = (k: number): FileTags => {
    let t = byFile.get(k);
    if (!t) {
      const file = files[state.tagFiles[k]!]!;
      const counts = { definitions: state.tagCounts[2 * k]!, references: state.tagCounts[2 * k + 1]! };
      byFile.set(
        k,
        (t = keptTags(file.path, file.language!, counts, {
          definitions: () => state.tagDefinitions.at(k)!,
          rest: () => state.tagRest.at(k)!,
        })),
      );
      made?.(t, k);
    }
    return t;
  };
  let all: FileTags[] | undefined;
  return {
    at,
    of: (path) => {
      const k = index.get(path);
      return k === undefined ? undefined : at(k);
    },
    all: () => (all ??= Array.from(state.tagFiles, (_, k) => at(k))),
    inLanguages: (languages) => {
      if (!languages) return (all ??= Array.from(state.tagFiles, (_, k) => at(k)));
      const out: FileTags[] = [];
      state.tagFiles.forEach((file, k) => {
        const language = files[file]!.language;
        if (language !== null && languages.includes(language)) out.push(at(k));
      });
      return out;
    },
  };
}
