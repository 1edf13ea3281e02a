// The built library of a checkout (a dist/src/ folder) as one object, for the benchmarks
// that load a build by path (bench/perf compares builds): the public entry (index.js), the
// unstable one (unstable.js: the internals a benchmark reruns or measures, with no semver
// promise) and repomap/eval (eval/index.js). A build from before the unstable entry
// exported from index.js whichever of those internals it exported at all.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This checkout's build. */
export const DIST_SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'src');

/** The exports of a build's entries, merged (`distSrc`: its dist/src folder; default this checkout's). */
export async function libraryOf(distSrc = DIST_SRC) {
  const load = async (file) => (existsSync(join(distSrc, file)) ? import(pathToFileURL(join(distSrc, file)).href) : {});
  return { ...(await load('eval/index.js')), ...(await load('unstable.js')), ...(await load('index.js')) };
}
