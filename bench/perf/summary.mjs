// Medians, percentiles and the issue 6 targets read off a results object.

export function median(values) {
  const v = values.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Nearest-rank percentile (p in (0, 100]). */
export function percentile(values, p) {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return null;
  return v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)];
}

/** Median of each stage over the runs of one cold variant. */
export function coldMedians(runs) {
  const keys = [
    'startupMs',
    'importMs',
    'loadMs',
    'tagsMs',
    'graphMs',
    'contextMs',
    'buildMs',
    'firstRankMs',
    'totalMs',
    'processWallMs',
    'maxRssMbCold',
  ];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
}

/** The variant with the lowest median total. */
export function bestCold(corpus) {
  return corpus.cold
    .map((c) => ({ variant: c.variant, ...coldMedians(c.runs) }))
    .sort((a, b) => a.totalMs - b.totalMs)[0];
}

/** The cold run that also ranked the warm queries (and, on the memory corpus, the repeated ones), with its variant. */
export function queryRunOf(corpus) {
  for (const v of corpus.cold) {
    const run = v.runs.find((r) => r.warm);
    if (run) return { ...run, variant: v.variant };
  }
  return null;
}

/** The run that measured memory over repeated queries (a process of its own; in older results, the warm-query run), or null. */
export function memoryRunOf(corpus) {
  if (corpus.memoryRun) return corpus.memoryRun;
  const run = queryRunOf(corpus);
  return run?.memory ? run : null;
}

export function warmOf(corpus) {
  const ms = queryRunOf(corpus)?.warm?.ms;
  if (!ms?.length) return null;
  return {
    n: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    max: Math.max(...ms),
    mean: ms.reduce((a, b) => a + b, 0) / ms.length,
  };
}

/** Median "index ready" (load + build) and with the first rank, per count of changed files. */
export function reindexOf(corpus) {
  if (!corpus.reindex) return null;
  const out = {};
  for (const [n, runs] of Object.entries(corpus.reindex.runs)) {
    out[n] = {
      readyMs: median(runs.map((r) => r.loadMs + r.buildMs)),
      loadMs: median(runs.map((r) => r.loadMs)),
      tagsMs: median(runs.map((r) => r.tagsMs)),
      graphMs: median(runs.map((r) => r.graphMs)),
      contextMs: median(runs.map((r) => r.contextMs)),
      firstRankMs: median(runs.map((r) => r.firstRankMs)),
      runs: runs.length,
    };
  }
  return out;
}

/** Relative growth from the first to the last checkpoint. */
export function growth(points, key = 'rssMb') {
  if (!points?.length) return null;
  return points.at(-1)[key] / points[0][key] - 1;
}

/** Few ms per changed file in the re-index target. */
const MS_PER_CHANGED_FILE = 5;
/** "Flat" memory: at most this relative growth from the checkpoint after warm-up to the last one. */
const FLAT = 0.1;

/** Each issue 6 target with the measured figure, met or not, and the margin. */
export function evaluateTargets(results) {
  const byName = (n) => results.corpora.find((c) => c.name === n);
  const out = [];
  const add = (target, corpus, measured, limit, unit, note = '') =>
    out.push({
      target,
      corpus,
      measured,
      limit,
      unit,
      met: measured === null ? null : measured <= limit,
      margin: measured === null ? null : measured / limit,
      note,
    });

  const mixed = byName('mixed');
  if (mixed) {
    const best = bestCold(mixed);
    add(
      'cold index of the mixed corpus (load + tags + graph + first rank)',
      'mixed',
      best.totalMs,
      2500,
      'ms',
      `best variant ${best.variant}, median of ${mixed.cold[0].runs.length}`,
    );
    const re = reindexOf(mixed);
    if (re) {
      add(
        're-index, nothing changed (load + build with previous, Map cache)',
        'mixed',
        re[0]?.readyMs ?? null,
        150,
        'ms',
      );
      for (const n of Object.keys(re).filter((k) => k !== '0')) {
        const what = /^\d+$/.test(n) ? `${n} file(s) changed` : `${n.replace(/^1 /, '1 file ')}`;
        add(
          `re-index, ${what} (load + build with previous, Map cache)`,
          'mixed',
          re[n].readyMs,
          150 + MS_PER_CHANGED_FILE * parseInt(n, 10),
          'ms',
          `150 ms + ${MS_PER_CHANGED_FILE} ms per changed file`,
        );
      }
    }
  }
  const unions = results.corpora.filter((c) => c.name.startsWith('union-'));
  const latencyCorpus =
    unions.find((c) => c.stats.files >= 5000) ?? [...results.corpora].sort((a, b) => b.stats.files - a.stats.files)[0];
  const warm = warmOf(latencyCorpus);
  if (warm) {
    const note = `${latencyCorpus.stats.files} files, ${warm.n} dev queries`;
    add('warm rank p50', latencyCorpus.name, warm.p50, 20, 'ms', note);
    add('warm rank p95', latencyCorpus.name, warm.p95, 50, 'ms', note);
  }
  const memCorpus = results.corpora.find((c) => memoryRunOf(c));
  if (memCorpus) {
    const run = memoryRunOf(memCorpus);
    add(
      'peak RSS (cold index + warm queries + repeated queries)',
      memCorpus.name,
      run.maxRssMb,
      400,
      'MB',
      `${memCorpus.stats.files} files; process: ${run.variant}`,
    );
    const g = growth(run.memory.slice(1));
    add(
      `RSS flat over ${run.memory.at(-1).after} repeated queries (growth from the ${run.memory[1].after}th)`,
      memCorpus.name,
      g,
      FLAT,
      'ratio',
      `after GC; ${run.memory.map((m) => `${m.after}: ${m.rssMb.toFixed(0)} MB`).join(', ')}`,
    );
  }
  for (const snap of [results.snapshots, results.snapshotsStore, results.snapshotsSpread]) {
    if (!(snap?.memory?.length > 2)) continue;
    const cacheName = snap.cache ?? 'Map';
    const cache =
      cacheName === 'Map'
        ? `shared Map tags cache (${snap.memory.at(-1).cacheEntries} entries, never evicted)`
        : `persistent tags cache (${snap.cache}, on disk)`;
    const series = snap.series ?? 'dev base commits';
    const commits =
      series === 'in a row'
        ? 'consecutive commits'
        : `dev base commits, ${snap.per[0].files} → ${snap.per.at(-1).files} files`;
    // As for repeated queries, growth is counted after a warm-up (the second checkpoint):
    // the first snapshots grow caches, compiled code and WebAssembly memory once.
    const from = snap.memory[1];
    const points = snap.memory.slice(1);
    if (series === 'in a row') {
      add(
        `RSS flat over ${snap.memory.at(-1).after} snapshots, ${commits} (growth from the ${from.after}th), ${cacheName} cache`,
        snap.repo,
        growth(points),
        FLAT,
        'ratio',
        `${cache}; ${snap.memory.map((m) => `${m.after}: ${m.rssMb.toFixed(0)} MB`).join(', ')}`,
      );
    } else {
      // Across years the repository itself grows (a third more files from the 10th to the
      // 30th): memory that keeps up with it is not a leak, so this series is judged per file.
      const filesAt = (m) => snap.per[m.after - 1].files;
      const perFile = points.map((m) => ({ rssPerFile: m.rssMb / filesAt(m) }));
      add(
        `RSS per corpus file flat over ${snap.memory.at(-1).after} snapshots, ${commits} (growth from the ${from.after}th), ${cacheName} cache`,
        snap.repo,
        growth(perFile, 'rssPerFile'),
        FLAT,
        'ratio',
        `${cache}; RSS ${growth(points) >= 0 ? '+' : ''}${(growth(points) * 100).toFixed(1)}%, files ${
          growth(
            points.map((m) => ({ files: filesAt(m) })),
            'files',
          ) >= 0
            ? '+'
            : ''
        }${(
          growth(
            points.map((m) => ({ files: filesAt(m) })),
            'files',
          ) * 100
        ).toFixed(
          1,
        )}%; ${snap.memory.map((m) => `${m.after}: ${m.rssMb.toFixed(0)} MB, ${filesAt(m)} files`).join('; ')}`,
      );
    }
    add(
      `peak RSS over ${snap.memory.at(-1).after} snapshots, ${commits}, ${cacheName} cache`,
      snap.repo,
      snap.maxRssMb,
      400,
      'MB',
    );
  }
  return out;
}
