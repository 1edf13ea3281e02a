import { closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CorpusBuilder } from './builder.js';
import { FolderReuse, stampOf, type FileStamp } from './folder-reuse.js';
import { parentOf } from './paths.js';
import { readStart, ScratchBuffer } from './read-file.js';
import { readIgnoreFile } from './repository-file.js';
import type { ResolvedCorpusOptions } from './options.js';
import { IGNORE_FILES, PathRules, rememberPathRules, type IgnoreFile } from './path-rules.js';
import { listFolder, type EntryKind, type ListedEntry } from './walk.js';
import { GitignoreMatcher } from './gitignore.js';
import { describeError, messageWithoutModule, RepoMapError } from '../errors.js';
import type { Corpus, FileRecord } from '../types.js';

/** Files read between two yields to the event loop. */
const YIELD_EVERY = 256;

/** How a non-regular file is named in its diagnostic. */
const SPECIAL: Partial<Record<EntryKind, string>> = { fifo: 'FIFO', socket: 'socket', device: 'device file' };

/**
 * Loads the files of a folder: lists it (./walk.ts: dot files included, `.git` not entered,
 * symlinks reported and not followed), then applies the rules in order: vendored, the
 * .gitignore and .repomapignore files, the exclude and include patterns, submodule (a
 * folder holding its own `.git`: another repository's checkout, as git mode's
 * submodules), symlink, special files (FIFOs, sockets, devices), then the content rules
 * (binary, too-large, minified). A folder, file or ignore file that cannot be read, and a
 * name that is not valid UTF-8, are skipped and reported. With `options.previous`, files
 * stamped unchanged since that load are taken from it unread (see FolderReuse).
 */
export async function loadFolder(folder: string, options: ResolvedCorpusOptions): Promise<Corpus> {
  const root = resolve(folder);
  await checkFolder(root);
  const reuse = new FolderReuse(root, options);
  const builder = new CorpusBuilder(options);

  // The synchronous walk is about twice as fast as the async one (no thread-pool round
  // trip per folder), which matters for a re-index of an unchanged tree.
  const { entries, problems } = listFolder(root);
  for (const p of problems) {
    const what = p.folder ? `folder ${p.path}/` : p.path;
    const consequence = p.folder ? '; nothing under it is indexed' : '';
    builder.skip(
      p.reason,
      p.path,
      `skipped ${what}: ${p.reason === 'unreadable' ? 'cannot read it: ' : ''}${p.detail}${consequence}`,
    );
  }

  const ruleFolders = ignoreFileFolders(entries);
  /** Folders below the root holding a `.git` of their own: checkouts of other repositories. */
  const submodules = new Set<string>();
  for (const { path } of entries) {
    if (path !== '.git' && path.endsWith('/.git')) submodules.add(parentOf(path));
  }
  const matchers = new Map(
    [...ruleFolders].map(
      ([name, folders]) =>
        [name, reuse.ignoreFile(name, folders, (dir) => readIgnoreFile(join(root, dir, name)))] as const,
    ),
  );
  const rules = new PathRules(new Set(options.vendoredFolders), matchers, options);

  const candidates: string[] = [];
  const listed = new Set<string>();
  for (const { path, kind } of entries) {
    if (kind === 'folder' || path === '.git') continue;
    const verdict = rules.verdict(path);
    const submodule = submodules.size > 0 ? submoduleOf(path, submodules) : null;
    if (verdict?.rule === 'vendored') {
      builder.skipVendored(verdict.folder);
    } else if (verdict !== null) {
      builder.skipIgnored();
    } else if (submodule !== null) {
      builder.skip(
        'submodule',
        submodule,
        `skipped submodule ${submodule} (a checkout of another repository: it holds its own .git)`,
      );
    } else if (kind === 'symlink') {
      builder.skip('symlink', path, `skipped symlink ${path} (symlinks are not followed)`);
    } else if (kind !== 'file') {
      builder.skip('special', path, `skipped ${SPECIAL[kind]} ${path} (not a regular file)`);
    } else if (listed.has(path)) {
      // two names that are not valid UTF-8 can decode to the same string
      builder.skip(
        'unrepresentable-name',
        path,
        `skipped a second file listed as ${path}: its name is not valid UTF-8`,
      );
    } else {
      listed.add(path);
      candidates.push(path);
    }
  }
  for (const [name, matcher] of matchers) {
    for (const [dir, error] of matcher.unreadableRules()) {
      const path = dir === '' ? name : `${dir}/${name}`;
      const why = error instanceof RepoMapError ? messageWithoutModule(error) : describeError(error);
      builder.skip('unreadable', path, `skipped ${path}: cannot read it: ${why}; its rules are not applied`);
    }
  }
  for (const d of rules.leftOutLines()) builder.note(d);

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
      if ('problem' in read) {
        builder.skip(read.problem === 'special' ? 'special' : 'unreadable', path, `skipped ${path}: ${read.detail}`);
      } else {
        builder.examine(path, read.size, read.bytes);
        reuse.note(path, read.stamp);
      }
    }
    options.onProgress?.(i + 1, candidates.length);
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  return rememberPathRules(reuse.remember(builder.finish(root, 'folder')), rules);
}

/** Per ignore file name, the folders that hold one. */
function ignoreFileFolders(entries: readonly ListedEntry[]): Map<IgnoreFile, Set<string>> {
  const ruleFolders = new Map<IgnoreFile, Set<string>>(IGNORE_FILES.map((name) => [name, new Set()]));
  for (const { path, kind } of entries) {
    const folders = ruleFolders.get(path.slice(path.lastIndexOf('/') + 1) as IgnoreFile);
    if (folders && kind === 'file') folders.add(parentOf(path));
  }
  return ruleFolders;
}

/**
 * Gives a folder corpus that was not listed (restored from a snapshot, or read again where
 * only some files changed) the path rules a load of its folder applies, for `whySkipped`:
 * the vendored folders, its ignore files and the patterns of `rules` (the options as the
 * load kept them, `rulesOf`), made by listing the folder at the first question.
 */
export function rememberFolderRules(corpus: Corpus, rules: string): Corpus {
  return rememberPathRules(corpus, () => {
    const options = JSON.parse(rules) as Pick<ResolvedCorpusOptions, 'vendoredFolders' | 'include' | 'exclude'>;
    const { root } = corpus;
    const matchers = new Map(
      [...ignoreFileFolders(listFolder(root).entries)].map(
        ([name, folders]) =>
          [name, new GitignoreMatcher(folders, (dir) => readIgnoreFile(join(root, dir, name)))] as const,
      ),
    );
    return new PathRules(new Set(options.vendoredFolders), matchers, options);
  });
}

/** The submodule folder (of `submodules`) a path lies in, or null. */
function submoduleOf(path: string, submodules: ReadonlySet<string>): string | null {
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const folder = path.slice(0, slash);
    if (submodules.has(folder)) return folder;
  }
  return null;
}

/** The earlier record of a file whose stamp (lstat) is unchanged; undefined to read it. */
function reusable(reuse: FolderReuse, path: string, file: string): FileRecord | undefined {
  let stats;
  try {
    stats = lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined; // read again, and reported if it cannot be
  }
  return stats?.isFile() ? reuse.take(path, stampOf(stats)) : undefined;
}

async function checkFolder(root: string): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${String(error)})`;
    throw new RepoMapError('missing-folder', `repomap/corpus: folder ${root} ${reason}`, root);
  }
  if (!isDirectory) throw new RepoMapError('missing-folder', `repomap/corpus: ${root} is a file, not a folder`, root);
}

/**
 * Size and bytes of a file: the whole content when within `maxFileBytes`, otherwise its
 * first `binarySniffBytes` bytes. The bytes live in `scratch` and are overwritten by the
 * next read. A file that cannot be opened or read, or vanished since the walk, is a
 * problem in words; so is one that turned out not to be a regular file (opened without
 * blocking, so a FIFO put in its place cannot stall the load).
 */
export function readCandidate(
  file: string,
  options: ResolvedCorpusOptions,
  scratch: ScratchBuffer,
): { size: number; bytes: Buffer; stamp: FileStamp } | { problem: 'unreadable' | 'special'; detail: string } {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const vanished = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      problem: 'unreadable',
      detail: vanished ? 'it vanished while the folder was read' : `cannot read it: ${describeError(error)}`,
    };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: 'special', detail: 'not a regular file' };
    const { size } = stats;
    const wanted = size <= options.maxFileBytes ? size : Math.min(size, options.binarySniffBytes);
    const bytes = readStart(fd, wanted, scratch);
    return { size: size <= options.maxFileBytes ? bytes.length : size, bytes, stamp: stampOf(stats) };
  } catch (error) {
    return { problem: 'unreadable', detail: `cannot read it: ${describeError(error)}` };
  } finally {
    closeSync(fd);
  }
}
