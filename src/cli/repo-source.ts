import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusSource } from '../corpus/index.js';

/** A bare git repository: HEAD, objects/ and refs/ at its top and no work tree. */
export function isBareRepository(dir: string): boolean {
  return existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs')) && !existsSync(join(dir, '.git'));
}

/** Where a --repo DIR [--commit SHA] reads from: the folder, or a commit (a bare repository's HEAD by default). */
export function repoSource(repo: string, commit?: string): CorpusSource {
  const at = commit ?? (isBareRepository(repo) ? 'HEAD' : undefined);
  return at ? { gitDir: repo, commit: at } : { folder: repo };
}
