/**
 * What the rank context derives from the paths alone, shared by indexes of the same paths:
 * path ids, the words of each path, and (made on first use: a prose query needs none) the
 * suffix index that matches written paths. The words persist in an index snapshot as
 * sorted arrays, so that a loaded index splits no path again.
 */
import { PathSuffixIndex } from '../cues/index.js';
import { identifierParts } from '../text/identifiers.js';
import { findSorted, sortedOrder } from '../text/sorted-names.js';
import { RepoMapError } from '../errors.js';
import type { FileRecord } from '../types.js';

/** Path words as arrays: the words joined by NUL, their order (`sortedOrder`), and per word its files' positions. */
export interface PathWordsParts {
  words: string;
  sorted: Int32Array;
  /** Files of word k: files[starts[k] .. starts[k+1]). */
  starts: Int32Array;
  files: Int32Array;
}

/** Lower-case word → the positions of the files whose path contains it, ascending (looked up as `src/text/sorted-names.ts` does). */
export class PathWords {
  private readonly words: string[];

  constructor(private readonly parts: PathWordsParts) {
    this.words = parts.words === '' ? [] : parts.words.split('\0');
    const n = this.words.length;
    if (parts.sorted.length !== n || parts.starts.length !== n + 1 || parts.starts[n] !== parts.files.length) {
      throw new RepoMapError(
        'internal',
        `repomap/rank: path word parts do not fit (${n} words, ${parts.starts.length} starts, ${parts.files.length} files)`,
        'pathWords',
      );
    }
  }

  /** The words of a Map (word → ascending positions). */
  static of(map: ReadonlyMap<string, readonly number[]>): PathWords {
    const words = [...map.keys()];
    const starts = new Int32Array(words.length + 1);
    words.forEach((w, k) => (starts[k + 1] = starts[k]! + map.get(w)!.length));
    const files = new Int32Array(starts[words.length]!);
    words.forEach((w, k) => files.set(map.get(w)!, starts[k]!));
    return new PathWords({ words: words.join('\0'), sorted: sortedOrder(words), starts, files });
  }

  /** The files whose path has `word`; undefined when none has. */
  get(word: string): number[] | undefined {
    const k = findSorted(this.words, this.parts.sorted, word);
    return k < 0 ? undefined : Array.from(this.parts.files.subarray(this.parts.starts[k]!, this.parts.starts[k + 1]!));
  }

  toParts(): PathWordsParts {
    return this.parts;
  }
}

export interface PathTables {
  paths: string[];
  ids: Map<string, number>;
  kinds: FileRecord['kind'][];
  pathWords: PathWords;
  /** Folder name or file stem → its identifier words: kept for the tables of the next paths (empty for tables read back). */
  splits: Map<string, string[]>;
  /** The suffix index of the paths, made on first use. */
  readonly pathIndex: PathSuffixIndex;
  /** Whether `pathIndex` was made (the tables of the next paths take its segments only then). */
  hasPathIndex(): boolean;
}

/**
 * The path tables of `files`: `earlier`'s when the paths are the same, else built, reusing
 * what `earlier` split and the segments of the paths it had (files added or removed).
 */
export function pathTablesOf(files: readonly FileRecord[], earlier?: PathTables): PathTables {
  if (
    earlier &&
    earlier.paths.length === files.length &&
    files.every((f, i) => f.path === earlier.paths[i] && f.kind === earlier.kinds[i])
  )
    return earlier;
  const paths = files.map((f) => f.path);
  const byWord = new Map<string, number[]>();
  // Folder names repeat across the files under them: each is split once.
  const splits = new Map<string, string[]>();
  const wordsOf = (name: string): string[] => {
    let words = splits.get(name) ?? earlier?.splits.get(name);
    if (!words) words = identifierParts(name);
    splits.set(name, words);
    return words;
  };
  paths.forEach((p, i) => {
    const words = new Set<string>();
    const parts = p.split('/');
    const last = parts.pop()!;
    for (const dir of parts) for (const w of wordsOf(dir)) words.add(w);
    for (const w of wordsOf(last.replace(/\.[^.]*$/, ''))) words.add(w);
    for (const w of words) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  });
  const earlierIndex = earlier?.hasPathIndex() ? earlier.pathIndex : undefined;
  return tablesOf(paths, files, PathWords.of(byWord), splits, earlierIndex);
}

/** The path tables of `files` with path words read back from a snapshot. */
export function savedPathTables(files: readonly FileRecord[], parts: PathWordsParts): PathTables {
  return tablesOf(
    files.map((f) => f.path),
    files,
    new PathWords(parts),
    new Map(),
  );
}

function tablesOf(
  paths: string[],
  files: readonly FileRecord[],
  pathWords: PathWords,
  splits: Map<string, string[]>,
  earlierIndex?: PathSuffixIndex,
): PathTables {
  const ids = new Map<string, number>();
  paths.forEach((p, i) => ids.set(p, i));
  let index: PathSuffixIndex | undefined;
  let earlierSegments = earlierIndex;
  return {
    paths,
    ids,
    kinds: files.map((f) => f.kind),
    pathWords,
    splits,
    get pathIndex() {
      if (!index) {
        index = new PathSuffixIndex(paths, earlierSegments);
        earlierSegments = undefined;
      }
      return index;
    },
    hasPathIndex: () => index !== undefined,
  };
}
