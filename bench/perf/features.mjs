// Options of the built package that may or may not exist yet (parse threads, a
// persistent tags cache), detected at run time so the bench runs on any build.
// PERF_JOBS_OPTION and PERF_STORE_EXPORT override the detection.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { libraryOf } from '../library.mjs';

/** Name of the IndexOptions field that sets the parse workers, or null when the build has none. */
export function parseJobsOption(distDir) {
  if (process.env.PERF_JOBS_OPTION) return process.env.PERF_JOBS_OPTION;
  // The options type (build/options.d.ts, repomap.d.ts before) names the field; older builds only show it in the code.
  const source = ['build/options.d.ts', 'build/tags-stage.js', 'repomap.d.ts', 'repomap.js', 'build-tags.js']
    .filter((f) => existsSync(join(distDir, f)))
    .map((f) => readFileSync(join(distDir, f), 'utf8'))
    .join('\n');
  if (/\bparseJobs\b/.test(source)) return 'parseJobs';
  if (/\boptions\.jobs\b|\bjobs\s*[:?]|\{[^}]*\bjobs\b[^}]*\}\s*=\s*options/.test(source)) return 'jobs';
  return null;
}

/**
 * Name of the public export that opens a persistent tags cache (a function or class
 * taking a file path), or null. Looked for among the exports of the build's entries
 * (dist/src/index.js and, where the build has it, unstable.js: bench/library.mjs).
 */
export async function storeExport(distDir) {
  const api = await libraryOf(distDir);
  if (process.env.PERF_STORE_EXPORT) return api[process.env.PERF_STORE_EXPORT] ? process.env.PERF_STORE_EXPORT : null;
  if (typeof api.TagsStore?.open === 'function') return 'TagsStore';
  const names = Object.keys(api).filter(
    (k) => typeof api[k] === 'function' && /(tags?_?cache|cache_?store|tags?store|sqlite)/i.test(k),
  );
  names.sort((a, b) => rankName(a) - rankName(b) || (a < b ? -1 : 1));
  return names[0] ?? null;
}

/** Opens the persistent store at `file` with whatever form the export has. */
export async function openStore(api, name, file) {
  const make = api[name];
  if (typeof make.open === 'function') return make.open(file);
  const isClass = /^class\b/.test(Function.prototype.toString.call(make));
  const attempts = isClass
    ? [() => new make(file), () => new make({ path: file }), () => new make({ file })]
    : [() => make(file), () => make({ path: file }), () => make({ file })];
  let last;
  for (const attempt of attempts) {
    try {
      const store = await attempt();
      if (store) return store;
    } catch (error) {
      last = error;
    }
  }
  throw new Error(`bench/perf: cannot open the tags store with ${name}(${file}): ${last}`);
}

/** Closes a store opened by openStore, whatever its closing method is called. */
export async function closeStore(store) {
  for (const m of ['close', 'dispose', 'end']) if (typeof store?.[m] === 'function') return store[m]();
}

/** Default parse threads of the tags stage (TAGS_DEFAULTS.jobs), or null when the build has no such default. */
export async function tagsDefaultJobs(distDir) {
  try {
    const tags = await import(join(distDir, 'tags', 'extract.js'));
    return tags.TAGS_DEFAULTS?.jobs ?? null;
  } catch {
    return null;
  }
}

/** CLI commands whose help mentions a --cache option (for the report). */
export function cliHasCacheFlag(distDir) {
  try {
    return readdirSync(join(distDir, 'cli')).some(
      (f) => f.endsWith('.js') && /--cache\b/.test(readFileSync(join(distDir, 'cli', f), 'utf8')),
    );
  } catch {
    return false;
  }
}

function rankName(name) {
  if (/^open/i.test(name)) return 0;
  if (/store/i.test(name)) return 1;
  return 2;
}
