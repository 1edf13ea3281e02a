import { closeSync, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { CorpusBuilder } from './builder.js';
import { FolderReuse, stampOf, type FileStamp } from './folder-reuse.js';
import { parentOf } from './paths.js';
import { readStart, ScratchBuffer } from './read-file.js';
import type { ResolvedCorpusOptions } from './options.js';
import { IGNORE_FILES, PathRules, rememberPathRules, type IgnoreFile } from './path-rules.js';
import { RepoMapError } from '../errors.js';
import type { Corpus, FileRecord } from '../types.js';

/** Files read between two yields to the event loop. */
const YIELD_EVERY = 256;

/**
 * Loads the files of a folder: walks it with fast-glob (dot files included, `.git` excluded,
 * symlinks reported and not followed), then applies the rules in order: vendored, the
 * .gitignore and .repomapignore files, the exclude and include patterns, symlink, then
 * the content rules (binary, too-large, minified). With `options.previous`,
 * files stamped unchanged since that load are taken from it unread (see FolderReuse).
 */
export async function loadFolder(folder: string, options: ResolvedCorpusOptions): Promise<Corpus> {
  const root = resolve(folder);
  await checkFolder(root);
  const reuse = new FolderReuse(root, options);

  // The synchronous walk is about twice as fast as the async one (no thread-pool round
  // trip per folder), which matters for a re-index of an unchanged tree.
  const entries = fg.sync('**', {
    cwd: root,
    dot: true,
    onlyFiles: false,
    followSymbolicLinks: false,
    objectMode: true,
    ignore: ['**/.git', '**/.git/**'],
  });

  const ruleFolders = new Map<IgnoreFile, Set<string>>(IGNORE_FILES.map((name) => [name, new Set()]));
  for (const entry of entries) {
    const folders = ruleFolders.get(entry.name as IgnoreFile);
    if (folders && entry.dirent.isFile()) folders.add(parentOf(entry.path));
  }
  const matchers = new Map(
    [...ruleFolders].map(([name, folders]) => [name, reuse.ignoreFile(name, folders, (dir) => readFileSync(join(root, dir, name), 'utf8'))] as const),
  );
  const rules = new PathRules(new Set(options.vendoredFolders), matchers, options);

  const builder = new CorpusBuilder(options);
  const candidates: string[] = [];
  for (const entry of entries) {
    const { dirent, path } = entry;
    if (dirent.isDirectory()) continue;
    const verdict = rules.verdict(path);
    if (verdict?.rule === 'vendored') {
      builder.skipVendored(verdict.folder);
    } else if (verdict !== null) {
      builder.skipIgnored();
    } else if (dirent.isSymbolicLink()) {
      builder.skip('symlink', path, `skipped symlink ${path} (symlinks are not followed)`);
    } else if (dirent.isFile()) {
      candidates.push(path); // sockets, FIFOs and devices are not files and are left out
    }
  }

  // Synchronous reads, yielding to the event loop now and then: several times faster than
  // promise-based reads for many small files (no thread-pool round trips per call).
  options.onListed?.(candidates);
  options.onProgress?.(0, candidates.length);
  const scratch = new ScratchBuffer();
  for (let i = 0; i < candidates.length; i++) {
    const path = candidates[i]!;
    const file = join(root, path);
    const earlier = reuse.active ? reusable(reuse, path, file) : undefined;
    if (earlier) {
      builder.keep(earlier);
    } else {
      const read = readCandidate(file, options, scratch);
      if (read) {
        builder.examine(path, read.size, read.bytes);
        reuse.note(path, read.stamp);
      }
    }
    options.onProgress?.(i + 1, candidates.length);
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  return rememberPathRules(reuse.remember(builder.finish(root, 'folder')), rules);
}

/** The earlier record of a file whose stamp (lstat) is unchanged; undefined to read it. */
function reusable(reuse: FolderReuse, path: string, file: string): FileRecord | undefined {
  const stats = lstatSync(file, { throwIfNoEntry: false });
  return stats?.isFile() ? reuse.take(path, stampOf(stats)) : undefined;
}

async function checkFolder(root: string): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${String(error)})`;
    throw new RepoMapError('missing-folder', `repomap/corpus: folder ${root} ${reason}`, root);
  }
  if (!isDirectory) throw new RepoMapError('missing-folder', `repomap/corpus: ${root} is a file, not a folder`, root);
}

/**
 * Size and bytes of a file: the whole content when within `maxFileBytes`, otherwise its
 * first `binarySniffBytes` bytes only. Null when the file vanished since the walk. The
 * bytes live in `scratch` and are overwritten by the next read.
 */
function readCandidate(file: string, options: ResolvedCorpusOptions, scratch: ScratchBuffer): { size: number; bytes: Buffer; stamp: FileStamp } | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    const { size } = stats;
    const wanted = size <= options.maxFileBytes ? size : Math.min(size, options.binarySniffBytes);
    const bytes = readStart(fd, wanted, scratch);
    return { size: size <= options.maxFileBytes ? bytes.length : size, bytes, stamp: stampOf(stats) };
  } finally {
    closeSync(fd);
  }
}
