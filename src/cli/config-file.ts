/**
 * Where a repository keeps its command defaults: `repomap.config.json` at its root, else
 * the `repomap` key of its package.json. Finding and parsing the file needs no schema
 * (./config.ts checks it), so a command on a repository without one loads no validator.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '../errors.js';
import { CliExit } from './io.js';

/** The config file's name at a repository's root. */
export const CONFIG_FILE = 'repomap.config.json';

/**
 * The unchecked config of the repository at `root`, the file it came from and how to
 * name it in an error; null when it has none. A package.json that cannot be read or is
 * not JSON is the repository's business, not a config: it gives none, and `onNote` hears
 * why (the corpus reports it too).
 */
export function findConfig(root: string, onNote: (message: string) => void = () => {}): { value: unknown; file: string; where: string } | null {
  const own = join(root, CONFIG_FILE);
  if (existsSync(own)) return { value: parsed(own), file: own, where: own };
  const manifest = join(root, 'package.json');
  if (!existsSync(manifest)) return null;
  let pkg: unknown;
  try {
    pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  } catch (error) {
    onNote(`cannot read ${manifest} (${describeError(error)}); no "repomap" config taken from it`);
    return null;
  }
  if (typeof pkg !== 'object' || pkg === null || !('repomap' in pkg)) return null;
  return { value: (pkg as { repomap: unknown }).repomap, file: manifest, where: `${manifest}, key "repomap"` };
}

function parsed(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliExit(2, `${file}: ${(error as Error).message}`);
  }
}
