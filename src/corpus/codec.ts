/**
 * The corpus stage's state in a snapshot: a folder corpus as a persisted index keeps it
 * (paths, sizes, grammars and kinds in arrays, the stamps its files were read with, what
 * was skipped). Restored, each record's text is read from its file on access and checked
 * against its stamp, as a released text is (./release.ts). Only src/persist/ imports this
 * module.
 */
import { rememberFolderRules } from './folder.js';
import { loadStampsOf, rememberLoad, stampOfKey, type FileStamp } from './folder-reuse.js';
import { inRoot } from './paths.js';
import { readFromFile } from './release.js';
import { RepoMapError } from '../errors.js';
import { FILE_KINDS, LANGUAGES, type Corpus, type Diagnostic, type FileRecord, type SkipReason } from '../types.js';

/** Bumped whenever the corpus section changes. */
export const CORPUS_STATE_VERSION = 1;

export interface CorpusState {
  root: string;
  /** Paths joined by NUL, in corpus order. */
  paths: string;
  sizes: Float64Array;
  /** Position in LANGUAGES, or 255 for a file without a grammar. */
  languages: Uint8Array;
  /** Position in FILE_KINDS. */
  kinds: Uint8Array;
  /** Each file's stamp when the load read it, joined by NUL. */
  stamps: string;
  /** The load's file rules and when it began: a later load of the folder given the restored corpus as `previous` takes unchanged files by stamp. */
  rules: string;
  startedMs: number;
  skipped: Record<SkipReason, number>;
  diagnostics: Diagnostic[];
}

const NO_LANGUAGE = 255;

/** The saved form of a corpus loaded from a folder by this process; null for other corpora (nothing to read texts back from). */
export function saveCorpus(corpus: Corpus): CorpusState | null {
  const load = corpus.source === 'folder' ? loadStampsOf(corpus) : undefined;
  if (!load) return null;
  const stamps: string[] = [];
  for (const f of corpus.files) {
    const stamp = load.stamps.get(f.path);
    if (!stamp) return null;
    stamps.push(stamp.key);
  }
  return {
    root: corpus.root,
    paths: corpus.files.map((f) => f.path).join('\0'),
    sizes: Float64Array.from(corpus.files, (f) => f.size),
    languages: Uint8Array.from(corpus.files, (f) =>
      f.language === null ? NO_LANGUAGE : LANGUAGES.indexOf(f.language),
    ),
    kinds: Uint8Array.from(corpus.files, (f) => FILE_KINDS.indexOf(f.kind)),
    stamps: stamps.join('\0'),
    rules: load.rules,
    startedMs: load.startedMs,
    skipped: { ...corpus.skipped },
    diagnostics: corpus.diagnostics.map((d) => ({ ...d })),
  };
}

/**
 * The corpus `saveCorpus` kept: records whose text is read from the folder on access
 * (`file-changed` if the file changed since, unless `sameContent` says the text of the
 * file at that index is still the one it was built from), reusable by stamp as a later
 * load's `previous`.
 */
export function restoreCorpus(saved: CorpusState, sameContent?: (index: number, text: string) => boolean): Corpus {
  const paths = saved.paths === '' ? [] : saved.paths.split('\0');
  const stamps = saved.stamps === '' ? [] : saved.stamps.split('\0');
  const n = paths.length;
  if (saved.sizes.length !== n || saved.languages.length !== n || saved.kinds.length !== n || stamps.length !== n) {
    throw new RepoMapError(
      'internal',
      `repomap/corpus: a saved corpus of ${saved.root} does not fit together (${n} paths)`,
      saved.root,
    );
  }
  const onDisk = inRoot(saved.root);
  const files = paths.map((path, i): FileRecord => {
    const language = saved.languages[i]!;
    const at = onDisk(path);
    const record = {
      path,
      size: saved.sizes[i]!,
      language: language === NO_LANGUAGE ? null : LANGUAGES[language]!,
      kind: FILE_KINDS[saved.kinds[i]!]!,
    } as FileRecord;
    readFromFile(record, at, { key: stamps[i]! }, sameContent && ((text) => sameContent(i, text)));
    return record;
  });
  const corpus: Corpus = {
    root: saved.root,
    source: 'folder',
    files,
    skipped: { ...saved.skipped },
    diagnostics: saved.diagnostics.map((d) => ({ ...d })),
  };
  const loaded = (): Map<string, FileStamp> => new Map(paths.map((path, i) => [path, stampOfKey(stamps[i]!)]));
  rememberLoad(corpus, { root: saved.root, rules: saved.rules, startedMs: saved.startedMs, stamps: loaded });
  return rememberFolderRules(corpus, saved.rules);
}
