import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TagsCacheEntry } from '../../../src/index.js';

export const ROOT = join(import.meta.dirname, '../../..');

/**
 * A deterministic, key-specific entry: a reader can tell a complete, correct value
 * from a torn or foreign one. Mirrored by `entryFor` in writer.mjs.
 */
export function entryFor(key: string, size = 3): TagsCacheEntry {
  return {
    tags: {
      language: 'python',
      definitions: Array.from({ length: size }, (_, i) => ({
        name: `${key}#d${i}`,
        kind: 'function' as const,
        startLine: i + 1,
        endLine: i + 2,
      })),
      references: Array.from({ length: size }, (_, i) => ({
        name: `${key}#r${i}`,
        kind: 'call' as const,
        line: i + 1,
      })),
      imports: [{ specifier: `mod.${key}`, line: 1, names: [key] }],
      messages: [],
      errorNodes: 0,
    },
    diagnostics: [],
  };
}

/**
 * Compiles the current sources into a temp folder laid out like the package root, for
 * child `node` processes (which cannot import .ts). Built from src on every run, so the
 * children never run stale JavaScript; `tsc` emits even when other files have type errors.
 * The packages named in `without` are left out of its node_modules (as an install
 * without optional dependencies leaves them out).
 */
export function buildPackage(without: readonly string[] = []): string {
  const build = mkdtempSync(join(tmpdir(), 'repomap-cache-build-'));
  try {
    execFileSync(
      join(ROOT, 'node_modules', '.bin', 'tsc'),
      ['-p', join(ROOT, 'tsconfig.build.json'), '--outDir', build],
      { stdio: 'pipe' },
    );
  } catch {
    // Type errors elsewhere still emit JavaScript; the children fail loudly if it is missing.
  }
  writeFileSync(join(build, 'package.json'), JSON.stringify({ name: 'repomap', type: 'module' }));
  for (const d of ['grammars', 'queries', 'models']) symlinkSync(join(ROOT, d), join(build, d));
  if (without.length === 0) {
    symlinkSync(join(ROOT, 'node_modules'), join(build, 'node_modules'));
  } else {
    mkdirSync(join(build, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (!without.includes(name)) symlinkSync(join(ROOT, 'node_modules', name), join(build, 'node_modules', name));
    }
  }
  return build;
}

/** Closes every store a test opened (and empties the list); a store the test closed itself is skipped. */
export function closeStores(open: { close(): void }[]): void {
  for (const s of open.splice(0)) {
    try {
      s.close();
    } catch {
      // already closed by the test
    }
  }
}
