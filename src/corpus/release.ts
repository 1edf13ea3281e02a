/**
 * Folder corpora can give their texts back: after a build has parsed and tokenized them,
 * a file's text is read again from its file when something asks for it (spans, packs)
 * instead of staying in memory. On a 10,000-file corpus the texts are ~67 MB of heap.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { decodeText } from './content.js';
import { loadStampsOf, stampOf, type FileStamp } from './folder-reuse.js';
import { readStart, ScratchBuffer } from './read-file.js';
import { RepoMapError } from '../errors.js';
import type { Corpus, FileRecord } from '../types.js';

const scratch = new ScratchBuffer();

/**
 * Replaces the `text` of each record of a folder corpus (except those `keep` names) with
 * an accessor that reads the file again, decoded as the load decoded it, on every access.
 * A file whose size, times or inode differ from the load's stamp, or that is gone, throws
 * `file-changed`: its text is no longer the one the corpus was built from (unless
 * `sameContent` says the text of the file at that corpus index still is: a file touched,
 * not edited). Assigning `text` stores it again. Returns how many texts were released;
 * corpora not loaded from a folder by this process are left as they are (0).
 */
export function releaseTexts(
  corpus: Corpus,
  keep: (file: FileRecord) => boolean = () => false,
  sameContent?: (index: number, text: string) => boolean,
): number {
  const release = textReleaser(corpus, sameContent);
  if (!release) return 0;
  let released = 0;
  corpus.files.forEach((file, i) => {
    if (!keep(file) && release(i)) released++;
  });
  return released;
}

/**
 * What `releaseTexts` does to one record, by its corpus index, as a function (undefined
 * for a corpus not loaded from a folder by this process): true when the text was released
 * now, false when it was already, or the file has no load stamp.
 */
export function textReleaser(
  corpus: Corpus,
  sameContent?: (index: number, text: string) => boolean,
): ((index: number) => boolean) | undefined {
  const load = corpus.source === 'folder' ? loadStampsOf(corpus) : undefined;
  if (!load) return undefined;
  return (i) => {
    const file = corpus.files[i]!;
    const stamp = load.stamps.get(file.path);
    if (!stamp || !Object.getOwnPropertyDescriptor(file, 'text')?.writable) return false;
    readFromFile(file, join(load.root, file.path), stamp, sameContent && ((text) => sameContent(i, text)));
    return true;
  };
}

/** Whether a record's text was released (is read again from its file on access). */
export function isReleased(file: FileRecord): boolean {
  return Object.getOwnPropertyDescriptor(file, 'text')?.get !== undefined;
}

/**
 * Makes a record's `text` an accessor that reads the file at `at` on every access (see
 * `readAgain`); assigning `text` stores it again. What `releaseTexts` does per record, and
 * what a corpus restored from a persisted index (./saved.ts) has for every record.
 */
export function readFromFile(
  file: FileRecord,
  at: string,
  stamp: Pick<FileStamp, 'key'>,
  sameContent?: (text: string) => boolean,
): void {
  Object.defineProperty(file, 'text', {
    get: () => readAgain(at, file.path, stamp, sameContent),
    set: (text: string) =>
      Object.defineProperty(file, 'text', { value: text, writable: true, enumerable: true, configurable: true }),
    enumerable: true,
    configurable: true,
  });
}

/**
 * The text of a file read again, decoded as a load decodes it; `file-changed` when its
 * stamp is not `stamp`'s or it is gone. With `sameContent`, a file whose stamp changed is
 * still read when its text is the one the corpus was built from (touched, not edited).
 */
function readAgain(
  file: string,
  path: string,
  stamp: Pick<FileStamp, 'key'>,
  sameContent?: (text: string) => boolean,
): string {
  let fd: number;
  try {
    // as the load opened it: a symlink or FIFO put in its place is refused, never followed or waited on
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw changed(path, 'is gone');
    if (code === 'ELOOP') throw changed(path, 'was replaced by a symlink');
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw changed(path, 'is no longer a regular file');
    const moved = stampOf(stats).key !== stamp.key;
    if (moved && !sameContent) throw changed(path, 'was modified');
    const { text } = decodeText(readStart(fd, stats.size, scratch));
    if (moved && !sameContent!(text)) throw changed(path, 'was modified');
    return text;
  } finally {
    closeSync(fd);
  }
}

function changed(path: string, what: string): RepoMapError {
  return new RepoMapError(
    'file-changed',
    `repomap/corpus: ${path} ${what} since the corpus was loaded; load and index it again`,
    path,
  );
}
