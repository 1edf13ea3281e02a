import { RepoMapError } from '../errors.js';
import { gitFailed, runGit } from './git-process.js';

/** One entry of `git ls-tree -r --long`. */
export interface TreeEntry {
  /** Octal mode: 100644/100755 file, 120000 symlink, 160000 submodule. */
  mode: string;
  /** blob, or commit for a submodule. */
  type: string;
  oid: string;
  /** Blob size; null for submodules and for blobs absent from the object store. */
  size: number | null;
  /** Repo-relative POSIX path (invalid UTF-8 replaced with U+FFFD). */
  path: string;
  /** The stored name is not valid UTF-8: `path` does not spell it. */
  invalidName?: true;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const HEADER = /^(\d{6}) (\w+) ([0-9a-f]+) +(\S+)$/;

/** Every entry of the tree of `commit`, recursively, read from the object store (no checkout). */
export async function listTree(gitDir: string, commit: string): Promise<TreeEntry[]> {
  const args = ['ls-tree', '-r', '-z', '--long', '--full-tree', commit];
  const result = await runGit(gitDir, args);
  if (result.code !== 0) throw gitFailed(gitDir, args, result.stderr || `exit code ${result.code}`);
  return parseTree(result.stdout);
}

/** Parses `ls-tree -z --long` output: `<mode> <type> <oid> <size>\t<path>\0` per entry. */
export function parseTree(output: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let start = 0;
  while (start < output.length) {
    let end = output.indexOf(0, start);
    if (end === -1) end = output.length;
    const tab = output.indexOf(9, start);
    if (tab === -1 || tab > end)
      throw new RepoMapError(
        'git-failed',
        `repomap/corpus: unexpected git ls-tree output at byte ${start}`,
        'git ls-tree',
      );
    const header = HEADER.exec(output.toString('latin1', start, tab));
    if (!header)
      throw new RepoMapError(
        'git-failed',
        `repomap/corpus: unexpected git ls-tree entry "${output.toString('latin1', start, tab)}"`,
        'git ls-tree',
      );
    const size = header[4]!;
    const entry: TreeEntry = {
      mode: header[1]!,
      type: header[2]!,
      oid: header[3]!,
      size: /^\d+$/.test(size) ? Number(size) : null,
      path: output.toString('utf8', tab + 1, end),
    };
    if (entry.path.includes('\uFFFD') && !validUtf8(output.subarray(tab + 1, end))) entry.invalidName = true;
    entries.push(entry);
    start = end + 1;
  }
  return entries;
}

function validUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
