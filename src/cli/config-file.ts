/**
 * Where a repository keeps its command defaults: `repomap.config.json` at its root, else
 * the `repomap` key of its package.json. Finding and parsing the file needs no schema
 * (./config.ts checks it), so a command on a repository without one loads no validator.
 */
import { join } from 'node:path';
import { readRepositoryFile } from '../unstable.js';
import { CliExit } from './io.js';

/** The config file's name at a repository's root. */
export const CONFIG_FILE = 'repomap.config.json';

/**
 * The largest config or package.json read for a config, in bytes: the corpus' default
 * file-size cap. Both are the repository's files, read under the corpus reader's rules
 * (`readRepositoryFile`): a FIFO, a device or a symlink there is refused, not followed.
 */
export const CONFIG_MAX_BYTES = 1024 * 1024;

/**
 * The unchecked config of the repository at `root`, the file it came from and how to
 * name it in an error; null when it has none. A package.json that cannot be read or is
 * not JSON is the repository's business, not a config: it gives none, and `onNote` hears
 * why (the corpus reports it too).
 */
export function findConfig(
  root: string,
  onNote: (message: string) => void = () => {},
): { value: unknown; file: string; where: string } | null {
  const own = join(root, CONFIG_FILE);
  const config = readRepositoryFile(own, CONFIG_MAX_BYTES);
  if ('text' in config) return { value: parsed(own, config.text), file: own, where: own };
  if (!config.problem.missing) throw new CliExit(2, `${own}: not read: ${config.problem.reason}`);
  const manifest = join(root, 'package.json');
  const read = readRepositoryFile(manifest, CONFIG_MAX_BYTES);
  if (!('text' in read)) {
    if (!read.problem.missing)
      onNote(`${manifest} not read (${read.problem.reason}); no "repomap" config taken from it`);
    return null;
  }
  let pkg: unknown;
  try {
    pkg = JSON.parse(read.text);
  } catch (error) {
    onNote(`cannot read ${manifest} (${(error as Error).message}); no "repomap" config taken from it`);
    return null;
  }
  if (typeof pkg !== 'object' || pkg === null || !('repomap' in pkg)) return null;
  return { value: (pkg as { repomap: unknown }).repomap, file: manifest, where: `${manifest}, key "repomap"` };
}

function parsed(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliExit(2, `${file}: ${(error as Error).message}`);
  }
}
