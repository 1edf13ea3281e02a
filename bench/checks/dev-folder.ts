/**
 * The shared sample sets these checks read, which are not part of the repository: the
 * dev set (`$REPOMAP_DEV`, else `../shared/bench/dev` beside the repository, as the
 * bench scripts take it) and the issue set (`$REPOMAP_ISSUES`, else
 * `../shared/bench/issues`). Absent on a fresh clone: the checks then skip, and say why.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

const SETS = {
  dev: { env: 'REPOMAP_DEV', folder: 'dev' },
  issues: { env: 'REPOMAP_ISSUES', folder: 'issues' },
} as const;

/** The folder of a shared set, or null (with a note on stderr) when it is not there. */
export function sharedSet(name: keyof typeof SETS): string | null {
  const { env, folder } = SETS[name];
  const dir = resolve(ROOT, process.env[env] ?? join('..', 'shared', 'bench', folder));
  if (existsSync(dir)) return dir;
  process.stderr.write(`bench/checks: no ${name} set at ${dir} (set ${env} to its folder); skipping its checks\n`);
  return null;
}

/** The dev set's folder, or null when it is not there. */
export function devFolder(): string | null {
  return sharedSet('dev');
}
