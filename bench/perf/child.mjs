// One measurement in a fresh process (no module, grammar or tags cache left over from
// another measurement): `node child.mjs JOB_FILE` (the job as JSON) prints one JSON line.
// Jobs: cold (index + first rank, then optional warm queries and repeated-query
// memory; lean heap when the job says), floor (walk + read every file), reindex (in-process rebuilds with a
// shared Map tags cache after 0/1/N changed files), store (one build with the
// persistent tags cache), snapshots (consecutive git snapshots, shared cache).
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { libraryOf } from '../library.mjs';
import { listFiles } from './corpora.mjs';
import { closeStore, openStore } from './features.mjs';

const startupMs = performance.now();
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const MB = 1024 * 1024;

const modes = { cold, floor, reindex, store, snapshots };
const result = await modes[job.mode](job);
process.stdout.write(JSON.stringify(result) + '\n');

async function importApi() {
  const t = performance.now();
  const api = await libraryOf(job.distDir);
  return { api, importMs: performance.now() - t };
}

/** Cold index: load, tags, graph, context, first rank; then warm queries and memory checkpoints. */
async function cold(j) {
  const { api, importMs } = await importApi();
  // as bin/repomap.js does for one-shot commands, before anything compiles WebAssembly
  // and, as the CLI's commands do (repoMap), parse workers started while the corpus is read,
  // where the build exports it
  if (j.oneShot) api.useOneShotCompilation();
  // as every CLI command does (bin/repomap.js), where the build exports it
  if (j.leanHeap) api.useLeanHeap();
  // (`prestart: false`: not, as `repomap mcp` reads the corpus before it builds)
  const prestart =
    j.oneShot && j.prestart !== false && api.prestartWhenListed
      ? { onListed: api.prestartWhenListed(j.indexOptions?.parseJobs ?? 2) }
      : {};
  const built = await timedBuild(api, j.source, j.indexOptions ?? {}, j.firstQuery, prestart);
  const out = { startupMs, importMs, ...built.times, stats: statsOf(built.index), maxRssMbCold: maxRssMb() };
  if (j.queries?.length) out.warm = warmQueries(built.index, j.queries);
  if (j.repeat) out.memory = repeatedQueries(built.index, j.queries, j.repeat, j.checkpoints);
  out.maxRssMb = maxRssMb();
  return out;
}

/** I/O floor: list every regular file under the folder, then read each one whole. */
async function floor(j) {
  const t0 = performance.now();
  const files = listFiles(j.folder);
  const t1 = performance.now();
  let bytes = 0;
  for (const f of files) bytes += readFileSync(f).length;
  const t2 = performance.now();
  return { files: files.length, bytes, walkMs: t1 - t0, readMs: t2 - t1, totalMs: t2 - t0, maxRssMb: maxRssMb() };
}

/**
 * Re-index in one long-lived process with a shared Map tags cache: a first (cold) build,
 * then per repeat a build with nothing changed and one after each count of changed files
 * (a line appended to that many parseable files), then after one file added and after
 * it is removed again. The files are restored at the end.
 */
async function reindex(j) {
  const { api } = await importApi();
  const tagsCache = new Map();
  const options = { ...(j.indexOptions ?? {}), tagsCache };
  const first = await timedBuild(api, j.source, options, j.firstQuery);
  const parseable = first.index.corpus.files.filter((f) => f.language !== null).map((f) => f.path);
  const originals = new Map();
  const runs = { 0: [] };
  for (const n of j.changeCounts) runs[n] = [];
  runs['1 added'] = [];
  runs['1 removed'] = [];
  // Builds that support it are given the last index (`previous`): unchanged contents reuse it.
  let last = first.index;
  const rebuild = async () => {
    const built = await timedBuild(
      api,
      j.source,
      'fingerprint' in last ? { ...options, previous: last } : options,
      j.firstQuery,
    );
    last = built.index;
    return built.times;
  };
  try {
    for (let r = 0; r < j.repeats; r++) {
      runs[0].push(await rebuild());
      for (const n of j.changeCounts) {
        for (const path of pick(parseable, n, r)) {
          const file = join(j.source.folder, path);
          if (!originals.has(file)) originals.set(file, readFileSync(file));
          appendFileSync(file, '\n');
        }
        runs[n].push(await rebuild());
      }
      // a new file (another parseable file's text beside it), then the same file removed
      const [model] = pick(parseable, 1, r + 7);
      const dot = model.lastIndexOf('.');
      const added = join(j.source.folder, `${model.slice(0, dot)}_perf_added${model.slice(dot)}`);
      writeFileSync(added, readFileSync(join(j.source.folder, model)));
      try {
        runs['1 added'].push(await rebuild());
      } finally {
        rmSync(added);
      }
      runs['1 removed'].push(await rebuild());
    }
  } finally {
    for (const [file, bytes] of originals) writeFileSync(file, bytes);
  }
  return { first: first.times, runs, cacheEntries: tagsCache.size, maxRssMb: maxRssMb() };
}

/** One build with the persistent tags cache opened from a file, in a fresh process. */
async function store(j) {
  const { api, importMs } = await importApi();
  const t = performance.now();
  const tagsCache = await openStore(api, j.storeExport, j.storeFile);
  const openMs = performance.now() - t;
  try {
    const built = await timedBuild(api, j.source, { ...(j.indexOptions ?? {}), tagsCache }, j.firstQuery);
    return { startupMs, importMs, openMs, ...built.times, maxRssMb: maxRssMb() };
  } finally {
    await closeStore(tagsCache);
  }
}

/**
 * Consecutive snapshots (git corpora) of one repository with one shared tags cache: a Map,
 * or the persistent store when the job names one (the cache then lives on disk).
 */
async function snapshots(j) {
  const { api } = await importApi();
  if (j.leanHeap) api.useLeanHeap();
  const tagsCache = j.storeExport ? await openStore(api, j.storeExport, j.storeFile) : new Map();
  const per = [];
  const memory = [];
  try {
    for (let i = 0; i < j.commits.length; i++) {
      const built = await timedBuild(
        api,
        { gitDir: j.gitDir, commit: j.commits[i] },
        { ...(j.indexOptions ?? {}), tagsCache },
        j.firstQuery,
      );
      per.push({
        commit: j.commits[i],
        files: built.index.corpus.files.length,
        parsed: built.index.stats.parsed,
        ...built.times,
      });
      if (j.checkpoints.includes(i + 1))
        memory.push({ after: i + 1, cacheEntries: tagsCache instanceof Map ? tagsCache.size : null, ...memoryNow() });
    }
  } finally {
    if (j.storeExport) await closeStore(tagsCache);
  }
  return { cache: j.storeExport ? j.storeExport : 'Map', per, memory, maxRssMb: maxRssMb() };
}

/** `hooks`: loadCorpus callbacks (the parse workers started during the read). */
async function timedBuild(api, source, options, firstQuery, hooks) {
  const t0 = performance.now();
  // A folder re-loaded after `previous` takes unchanged files from its corpus (stamps).
  const corpus = await api.loadCorpus(source, {
    ...(options.previous && 'folder' in source ? { previous: options.previous.corpus } : {}),
    ...hooks,
  });
  const t1 = performance.now();
  const index = await api.buildIndex(corpus, options);
  const t2 = performance.now();
  index.rank(firstQuery.query, { task: firstQuery.task, top: 100 });
  const t3 = performance.now();
  const { tags, graph } = index.stats.timingsMs;
  const times = {
    loadMs: t1 - t0,
    tagsMs: tags,
    graphMs: graph,
    contextMs: Math.max(0, t2 - t1 - tags - graph),
    buildMs: t2 - t1,
    firstRankMs: t3 - t2,
    totalMs: t3 - t0,
  };
  return { index, times };
}

function warmQueries(index, queries) {
  const ms = [];
  for (const q of queries) {
    const t = performance.now();
    index.rank(q.query, { task: q.task, top: 100 });
    ms.push(performance.now() - t);
  }
  return { n: ms.length, ms };
}

/** RSS and heap after each checkpoint count of repeated queries (forced GC first when exposed). */
function repeatedQueries(index, queries, repeat, checkpoints) {
  const out = [{ after: 0, ...memoryNow() }];
  for (let i = 1; i <= repeat; i++) {
    const q = queries[(i - 1) % queries.length];
    index.rank(q.query, { task: q.task, top: 100 });
    if (checkpoints.includes(i)) out.push({ after: i, ...memoryNow() });
  }
  return out;
}

function memoryNow() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return {
    rssMb: m.rss / MB,
    heapUsedMb: m.heapUsed / MB,
    externalMb: (m.external + m.arrayBuffers) / MB,
    maxRssMb: maxRssMb(),
  };
}

function statsOf(index) {
  const s = index.stats;
  const bytes = index.corpus.files.reduce((n, f) => n + f.size, 0);
  const parsedBytes = index.corpus.files.filter((f) => f.language !== null).reduce((n, f) => n + f.size, 0);
  return {
    files: s.files,
    parsed: s.parsed,
    bytes,
    parsedBytes,
    definitions: s.definitions,
    references: s.references,
    edges: s.edges,
    skipped: s.skipped,
  };
}

/** `n` files spread over the list, shifted by the repeat so each repeat changes other files. */
function pick(list, n, repeat) {
  const step = Math.max(1, Math.floor(list.length / n));
  return Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(i * step + repeat * 7) % list.length]);
}

function maxRssMb() {
  return process.resourceUsage().maxRSS / 1024;
}
