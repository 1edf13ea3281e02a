/**
 * dist/ for the tests that run the built package (the binary, parse workers, child
 * processes): built by test/build-setup.ts before any file of the process tier runs, so no
 * test file builds it while others read it. Built only when missing or older than what it is built
 * from: a run of one test file then pays no build (about 11 s of `npm run build` on two
 * loaded cores), and a run after an edit never reads stale JavaScript.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What `npm run build` reads: a change to any of them, or a file added or removed under a folder of them, makes dist/ stale. */
export const BUILD_INPUTS = [
  'src',
  'scripts/bundle-cli.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** Written last by `npm run build` (scripts/bundle-cli.mjs): its time is the build's. */
export const BUILD_STAMP = 'dist/bundle-inputs.json';

/** Why dist/ under `root` must be built (no build, or an input newer than it), or null when it is current. */
export function staleBuild(root: string): string | null {
  const built = statSync(join(root, BUILD_STAMP), { throwIfNoEntry: false });
  if (!built) return `no ${BUILD_STAMP}`;
  for (const input of BUILD_INPUTS) {
    const newer = newerThan(join(root, input), built.mtimeMs);
    if (newer) return `${relative(root, newer) || '.'} changed after the last build`;
  }
  return null;
}

/** The first path at or under `path` (a folder's own time counts: it changes when an entry is added or removed) changed after `ms`. */
function newerThan(path: string, ms: number): string | null {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return null;
  if (stat.mtimeMs > ms) return path;
  if (!stat.isDirectory()) return null;
  for (const name of readdirSync(path).sort()) {
    const newer = newerThan(join(path, name), ms);
    if (newer) return newer;
  }
  return null;
}

/**
 * Runs `npm run build` in `root` when `staleBuild` says it is needed, saying why on
 * `log`; throws with the build's output when it fails. Returns whether it built.
 */
export function buildIfStale(root: string, log: (line: string) => void): boolean {
  const why = staleBuild(root);
  if (why === null) return false;
  log(`test run: building dist/ (${why}): npm run build`);
  try {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`test run: npm run build failed in ${root}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  return true;
}
