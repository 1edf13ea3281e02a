import { readBlobs } from './cat-file.js';
import { CorpusBuilder } from './builder.js';
import { locateGitDir, resolveCommitIn } from './git-commit.js';
import { listTree } from './git-tree.js';
import type { ResolvedCorpusOptions } from './options.js';
import { vendoredFolderOf } from './vendored.js';
import type { Corpus } from '../types.js';

const SYMLINK_MODE = '120000';
const SUBMODULE_MODE = '160000';

/**
 * Loads the tree of a commit straight from the object store: no checkout, no temp copy.
 * Rules in order: vendored, a name that is not valid UTF-8 (folder mode cannot open such
 * a file, and no path string can name it), symlink, submodule, then the content rules.
 * `.gitignore` does not apply (tracked files are tracked). Blobs are read by one
 * `git cat-file` process; vendored, symlink, submodule and unnamable entries are never read.
 */
export async function loadGitTree(source: { gitDir: string; commit: string }, options: ResolvedCorpusOptions): Promise<Corpus> {
  const gitDir = await locateGitDir(source.gitDir);
  const commit = await resolveCommitIn(gitDir, source.commit);
  const entries = await listTree(gitDir, commit);

  const builder = new CorpusBuilder(options);
  const vendored = new Set(options.vendoredFolders);
  /** Paths wanting each blob, in first-seen order (identical files share one read). */
  const pathsByOid = new Map<string, string[]>();
  let total = 0;
  for (const entry of entries) {
    const vendoredFolder = vendoredFolderOf(entry.path, vendored);
    if (vendoredFolder !== null) {
      builder.skipVendored(vendoredFolder);
    } else if (entry.invalidName) {
      builder.skip('unrepresentable-name', entry.path, `skipped ${entry.path}: its name is not valid UTF-8`);
    } else if (entry.mode === SYMLINK_MODE) {
      builder.skip('symlink', entry.path, `skipped symlink ${entry.path} (symlinks are not followed)`);
    } else if (entry.mode === SUBMODULE_MODE || entry.type === 'commit') {
      builder.skip('submodule', entry.path, `skipped submodule ${entry.path} (commit ${entry.oid} of another repository)`);
    } else if (entry.type === 'blob') {
      const paths = pathsByOid.get(entry.oid);
      if (paths) paths.push(entry.path);
      else pathsByOid.set(entry.oid, [entry.path]);
      total++;
    }
  }

  const oids = [...pathsByOid.keys()];
  let done = 0;
  if (options.onListed) options.onListed([...pathsByOid.values()].flat());
  options.onProgress?.(0, total);
  await readBlobs(
    gitDir,
    oids,
    { maxWholeBytes: options.maxFileBytes, headBytes: options.binarySniffBytes },
    (index, blob) => {
      const oid = oids[index]!;
      for (const path of pathsByOid.get(oid)!) {
        if (blob === null) {
          // Stored snapshots may omit their largest blobs: the tree names them, the store lacks them.
          builder.skip('too-large', path, `skipped ${path}: blob ${oid} is absent from the object store (likely a large file left out of the snapshot)`);
        } else {
          builder.examine(path, blob.size, blob.bytes, oid);
        }
        options.onProgress?.(++done, total);
      }
    },
  );
  return builder.finish(gitDir, 'git', commit);
}
