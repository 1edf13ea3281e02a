import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RepoMapError } from './errors.js';

let cached: string | undefined;

/**
 * Folder of the installed repomap package (holds grammars/, queries/, fixtures/),
 * found by walking up from this module: it works from `src/` under vitest and from `dist/src/` when built.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'repomap') {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new RepoMapError(
        'internal',
        `repomap/package-root: package root not found above ${fileURLToPath(import.meta.url)}`,
        'package.json',
      );
    dir = parent;
  }
}

/** The installed package's version (its package.json's; `unknown` for a manifest without one). */
export function packageVersion(): string {
  const { version } = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
}

/**
 * Where the compiled module `compiled` (a path under `dist/`, as `src/tags/worker.js`) is for
 * the module `from` (its `import.meta.url`) that starts it on a worker thread: beside `from`
 * when that is compiled too (in `dist/src/` or the CLI bundle, which puts worker entries beside
 * it); from `src/` under vitest, the one `npm run build` wrote to `dist/`, since Node 20 cannot
 * run TypeScript in a worker.
 */
export function compiledModule(from: string, compiled: string): string {
  const here = fileURLToPath(from);
  return here.endsWith('.ts') ? join(packageRoot(), 'dist', compiled) : join(dirname(here), basename(compiled));
}

/** A file of the installed package (a path relative to its root), as text. */
export function readPackageFile(relative: string): { file: string; text: string } {
  const file = join(packageRoot(), relative);
  return { file, text: readFileSync(file, 'utf8') };
}
