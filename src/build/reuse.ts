/**
 * Reusing an earlier build: one record, `Previous`, holds what a build leaves for the
 * next build of the same repository, and each stage takes its own part of it and applies
 * its own incremental protocol:
 *
 * - the corpus: `loadCorpus(source, { previous: record.corpus })` keeps the records of
 *   folder files whose stamps are unchanged (corpus/folder-reuse.ts);
 * - tags: files whose content key is unchanged keep their tags (`earlierContents`);
 * - lexical: the BM25 index is updated from the record's on first use (`lexicalAfter`);
 * - path tables: the same paths keep the record's tables, other paths reuse its splits;
 * - graph: an update of the record's graph in place (`updateFileGraph`), after which the
 *   graph's claim is `taken` and every index holding it refuses to rank.
 *
 * When the fingerprint is the record's, nothing is rebuilt at all.
 */
import { createHash } from 'node:crypto';
import type { FileGraph } from '../graph/index.js';
import type { LexicalIndex } from '../rank/index-context.js';
import type { PathTables } from '../rank/path-tables.js';
import type { UnitWordsCache } from '../rank/functions.js';
import { RepoMapError } from '../errors.js';
import type { Corpus, Diagnostic, FileRecord, FileTags } from '../types.js';

/** What a build leaves for the next build of the same repository. */
export interface Previous {
  /** Hash of the corpus' paths and contents, the options and the history head: an equal one rebuilds nothing. */
  readonly fingerprint: string;
  /** The corpus it was built from (a folder corpus also remembers the stamps its load read files with). */
  readonly corpus: Corpus;
  readonly tags: readonly FileTags[];
  /** The tags stage's diagnostics (parse errors and failures, files past the budget), and the build's own (a folder's history unavailable). */
  readonly tagDiagnostics: readonly Diagnostic[];
  readonly lexical: LexicalIndex;
  readonly pathTables: PathTables;
  readonly graph: FileGraph;
  /** The words of the units of files whose functions were ranked, by path and content: handed on to the builds that follow. */
  readonly unitWords: UnitWordsCache;
  /**
   * Set when a later build updated `graph` in place: the indexes holding it must not be
   * used. One claim per graph, shared by the records of the builds that kept it as it was.
   */
  readonly claim: { taken: boolean };
}

/** Throws when a later build took the record's graph over. */
export function checkNotTaken(record: Previous): void {
  if (record.claim.taken) {
    throw new RepoMapError(
      'superseded-index',
      'repomap/build: this index is superseded: an update from it (index.update) took its graph over; use the index that update returned',
      'previous',
    );
  }
}

/** What a record knows of a corpus' files: the tags of unchanged ones, and which changed. */
export interface EarlierContents {
  /** Path → tags and diagnostics of each file with a grammar whose content (and grammar) is unchanged. */
  tags: Map<string, { tags: FileTags | undefined; diagnostics: Diagnostic[] }>;
  /** Paths whose content differs from the record's, or that it did not have. */
  changed: string[];
}

/** The files of `files` (with their content keys) whose tags `previous` can give, and those it cannot. */
export function earlierContents(
  previous: Previous,
  files: readonly FileRecord[],
  keys: readonly string[],
): EarlierContents {
  const before = new Map(previous.corpus.files.map((f) => [f.path, f]));
  const tagsByPath = new Map(previous.tags.map((t) => [t.path, t]));
  const diagnostics = new Map<string, Diagnostic[]>();
  for (const d of previous.tagDiagnostics) {
    if (d.file !== undefined) diagnostics.set(d.file, [...(diagnostics.get(d.file) ?? []), d]);
  }
  const out: EarlierContents = { tags: new Map(), changed: [] };
  files.forEach((f, i) => {
    const was = before.get(f.path);
    if (!was || contentKey(was) !== keys[i] || was.language !== f.language) {
      out.changed.push(f.path);
      return;
    }
    if (f.language === null) return;
    const own = diagnostics.get(f.path) ?? [];
    // A failed parse is tried again, as the tags cache does.
    if (own.some((d) => d.code === 'parse-failed')) return;
    out.tags.set(f.path, { tags: tagsByPath.get(f.path), diagnostics: own });
  });
  return out;
}

/** Folder records' text hashes: a record reused by a later load (`CorpusOptions.previous`) is not hashed again. */
const textHashes = new WeakMap<FileRecord, string>();

/** Gives a record (restored from a persisted index) the content key its text had when it was built, so that its text is not read to hash it. */
export function rememberContentKey(file: FileRecord, key: string): void {
  if (file.blobId === undefined) textHashes.set(file, key);
}

/** The content half of a tags cache key: the git blob id, or a hash of the text for folders. */
export function contentKey(file: FileRecord): string {
  if (file.blobId !== undefined) return file.blobId;
  let key = textHashes.get(file);
  if (key === undefined) textHashes.set(file, (key = textKey(file.text)));
  return key;
}

/** The content key of a folder file's text. */
export function textKey(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
