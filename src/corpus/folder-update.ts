import { join, resolve } from 'node:path';
import { CorpusBuilder } from './builder.js';
import { readCandidate, rememberFolderRules } from './folder.js';
import { loadStampsOf, rememberLoad, rulesOf, type FileStamp } from './folder-reuse.js';
import { resolveCorpusOptions, type CorpusOptions, type ResolvedCorpusOptions } from './options.js';
import { IGNORE_FILES } from './path-rules.js';
import { ScratchBuffer } from './read-file.js';
import type { Corpus, FileRecord } from '../types.js';

/**
 * The corpus of `folder` read again where only the files `changed` were written since
 * `previous` was loaded from it, and nothing else: no entry added, removed or renamed, no
 * ignore file changed (what a folder's fingerprint tells: ./fingerprint.ts). Those files
 * are read and examined again; every other record, skip count and diagnostic is kept, so
 * the folder is not listed nor its ignore rules applied again. The corpus equals what
 * `loadFolder` would give.
 *
 * Null, for the caller to load the folder, where that is not sure: `previous` was not
 * loaded from this folder with these options, a changed path is not one of its files
 * or is an ignore file (.gitignore, .repomapignore), or a changed file had a diagnostic or now reads with one (skipped, UTF-16, invalid
 * UTF-8, unreadable).
 */
export function rereadChangedFiles(
  folder: string,
  previous: Corpus,
  changed: readonly string[],
  options: CorpusOptions = {},
): Corpus | null {
  const resolved = resolveCorpusOptions(options);
  const root = resolve(folder);
  const load = previous.source === 'folder' ? loadStampsOf(previous) : undefined;
  if (!load || load.root !== root || previous.root !== root || load.rules !== rulesOf(resolved)) return null;
  const at = new Map(previous.files.map((f, i) => [f.path, i]));
  const reported = new Set(previous.diagnostics.map((d) => d.file));
  const rules = new Set<string>(IGNORE_FILES);
  // an ignore file is a file of the corpus too, whose change may change what is listed
  if (changed.some((path) => !at.has(path) || reported.has(path) || rules.has(path.slice(path.lastIndexOf('/') + 1))))
    return null;

  const startedMs = Date.now();
  const stamps = new Map<string, FileStamp>(load.stamps);
  // the changed files examined as a load does: each must be kept, and without a diagnostic
  const { examined, unreadable } = examineFiles(root, changed, resolved, (path, stamp) => stamps.set(path, stamp));
  if (unreadable > 0 || examined.files.length !== changed.length || examined.diagnostics.length > 0) return null;
  const files = [...previous.files];
  for (const record of examined.files) files[at.get(record.path)!] = record;
  const corpus: Corpus = {
    root,
    source: 'folder',
    files,
    skipped: { ...previous.skipped },
    diagnostics: previous.diagnostics.map((d) => ({ ...d })),
  };
  rememberLoad(corpus, { root, rules: load.rules, startedMs, stamps });
  return rememberFolderRules(corpus, load.rules);
}

/**
 * The files of `paths` under `folder` read and examined as a load of the folder with
 * `options` would examine them (language, kind, text), those a load would keep: for a
 * head start on their parse (`parseAhead`) before the corpus they will join is at hand.
 * Paths that cannot be read, and files a load would skip, are left out; whatever the
 * build reads later (`rereadChangedFiles`) is what counts.
 */
export function readFilesAhead(folder: string, paths: readonly string[], options: CorpusOptions = {}): FileRecord[] {
  return examineFiles(resolve(folder), paths, resolveCorpusOptions(options)).examined.files;
}

/**
 * The files of `paths` read and examined into a corpus of their own, those that can be
 * read (`unreadable`: how many could not). `stamped`: each file's stamp as read.
 */
function examineFiles(
  root: string,
  paths: readonly string[],
  options: ResolvedCorpusOptions,
  stamped?: (path: string, stamp: FileStamp) => void,
): { examined: Corpus; unreadable: number } {
  const scratch = new ScratchBuffer();
  const builder = new CorpusBuilder(options);
  let unreadable = 0;
  for (const path of paths) {
    const read = readCandidate(join(root, path), options, scratch);
    if ('problem' in read) {
      unreadable++;
      continue;
    }
    builder.examine(path, read.size, read.bytes);
    stamped?.(path, read.stamp);
  }
  return { examined: builder.finish(root, 'folder'), unreadable };
}
