import { readBlobs } from './cat-file.js';
import { CorpusBuilder } from './builder.js';
import { locateGitDir, resolveCommitIn } from './git-commit.js';
import { earlierGitRecords, rememberGitLoad } from './git-reuse.js';
import { runGit } from './git-process.js';
import { listTree, type TreeEntry } from './git-tree.js';
import { GitignoreMatcher } from './gitignore.js';
import type { ResolvedCorpusOptions } from './options.js';
import { PathRules, rememberPathRules } from './path-rules.js';
import { parentOf } from './paths.js';
import { IGNORE_FILE_MAX_BYTES } from './repository-file.js';
import type { Corpus } from '../types.js';

const SYMLINK_MODE = '120000';
const SUBMODULE_MODE = '160000';

/**
 * Loads the tree of a commit straight from the object store: no checkout, no temp copy.
 * Rules in order: vendored, the tree's `.repomapignore` files, the exclude and include
 * patterns, a name that is not valid UTF-8 (folder mode cannot open such a file, and no
 * path string can name it), symlink, submodule, then the content rules. `.gitignore` does
 * not apply (tracked files are tracked). Blobs are read by one `git cat-file` process;
 * vendored, ignored, symlink, submodule and unnamable entries are never read, nor is a
 * file that `options.previous` (a load of the same repository with the same rules) has at
 * the same path with the same blob id: its record is taken as it is.
 */
export async function loadGitTree(
  source: { gitDir: string; commit: string },
  options: ResolvedCorpusOptions,
): Promise<Corpus> {
  const gitDir = await locateGitDir(source.gitDir);
  const commit = await resolveCommitIn(gitDir, source.commit);
  const entries = await listTree(gitDir, commit);
  const rules = new PathRules(
    new Set(options.vendoredFolders),
    new Map([['.repomapignore', await repomapignoreOf(gitDir, entries)]]),
    options,
  );

  const builder = new CorpusBuilder(options);
  const earlier = earlierGitRecords(gitDir, options);
  /** Paths wanting each blob, in first-seen order (identical files share one read). */
  const pathsByOid = new Map<string, string[]>();
  /** The paths of files taken from `earlier`. */
  const kept: string[] = [];
  let total = 0;
  for (const entry of entries) {
    const verdict = rules.verdict(entry.path);
    if (verdict?.rule === 'vendored') {
      builder.skipVendored(verdict.folder);
    } else if (verdict !== null) {
      builder.skipIgnored();
    } else if (entry.invalidName) {
      builder.skip('unrepresentable-name', entry.path, `skipped ${entry.path}: its name is not valid UTF-8`);
    } else if (entry.mode === SYMLINK_MODE) {
      builder.skip('symlink', entry.path, `skipped symlink ${entry.path} (symlinks are not followed)`);
    } else if (entry.mode === SUBMODULE_MODE || entry.type === 'commit') {
      builder.skip(
        'submodule',
        entry.path,
        `skipped submodule ${entry.path} (commit ${entry.oid} of another repository)`,
      );
    } else if (entry.type === 'blob') {
      total++;
      const record = earlier?.get(entry.path);
      if (record?.blobId === entry.oid) {
        builder.keep(record);
        kept.push(entry.path);
        continue;
      }
      const paths = pathsByOid.get(entry.oid);
      if (paths) paths.push(entry.path);
      else pathsByOid.set(entry.oid, [entry.path]);
    }
  }

  for (const d of rules.leftOutLines()) builder.note(d);

  const oids = [...pathsByOid.keys()];
  /** Blobs the tree names and the object store lacks. */
  const missing: { path: string; oid: string }[] = [];
  let done = kept.length;
  if (options.onListed) options.onListed([...kept, ...[...pathsByOid.values()].flat()]);
  options.onProgress?.(done, total);
  await readBlobs(
    gitDir,
    oids,
    { maxWholeBytes: options.maxFileBytes, headBytes: options.binarySniffBytes },
    (index, blob) => {
      const oid = oids[index]!;
      for (const path of pathsByOid.get(oid)!) {
        if (blob === null) {
          missing.push({ path, oid });
        } else {
          builder.examine(path, blob.size, blob.bytes, oid);
        }
        options.onProgress?.(++done, total);
      }
    },
  );
  if (missing.length > 0) {
    // A partial clone lacks blobs by design (repomap never fetches them); any other repository lacking one is damaged, or a copy made without some files.
    const partial = await isPartialClone(gitDir);
    for (const { path, oid } of missing) {
      if (partial)
        builder.skip(
          'not-fetched',
          path,
          `skipped ${path}: blob ${oid} is not in this partial clone (repomap never fetches)`,
        );
      else
        builder.skip(
          'missing-object',
          path,
          `skipped ${path}: blob ${oid} is missing from the object store (a damaged repository, or a copy that leaves out large files)`,
        );
    }
  }
  return rememberPathRules(rememberGitLoad(builder.finish(gitDir, 'git', commit), gitDir, options), rules);
}

/** Whether the repository is a partial clone: a promisor remote (`extensions.partialClone`, `remote.<name>.promisor`). */
async function isPartialClone(gitDir: string): Promise<boolean> {
  const result = await runGit(gitDir, [
    'config',
    '--get-regexp',
    '^(extensions\\.partialclone|remote\\..*\\.promisor)$',
  ]);
  if (result.code !== 0) return false;
  return result.stdout
    .toString('utf8')
    .split('\n')
    .some((line) => /^extensions\.partialclone \S/i.test(line) || /^remote\..*\.promisor (true|yes|on|1)$/i.test(line));
}

/** The `.repomapignore` files of a tree (read first: there are few, and they are small) as one matcher. */
async function repomapignoreOf(gitDir: string, entries: readonly TreeEntry[]): Promise<GitignoreMatcher> {
  const files = entries.filter(
    (e) =>
      e.type === 'blob' &&
      e.mode !== SYMLINK_MODE &&
      (e.path === '.repomapignore' || e.path.endsWith('/.repomapignore')),
  );
  const texts = new Map<string, string>();
  await readBlobs(
    gitDir,
    files.map((f) => f.oid),
    { maxWholeBytes: IGNORE_FILE_MAX_BYTES, headBytes: 0 },
    (i, blob) => {
      texts.set(
        parentOf(files[i]!.path),
        blob !== null && blob.size <= IGNORE_FILE_MAX_BYTES ? blob.bytes.toString('utf8') : '',
      );
    },
  );
  return new GitignoreMatcher(new Set(texts.keys()), (folder) => texts.get(folder) ?? '');
}
