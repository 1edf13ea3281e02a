#!/usr/bin/env node
// Replays final-score signals on the issue rows of a half of bench/split.json without
// re-ranking: `dump` ranks each row once at the defaults and keeps, for its 40 best files
// and its gold files, the score, the score parts, what seeds the file (cue sources) and
// its graph edges to the best file; `table` then re-sorts those 40 under each variant (a
// factor or an added lift on the final score, as such a signal would act in
// src/rank/score.ts) and prints rows of Acc@1 / Acc@5 / MRR per language, rows gained and
// lost at Acc@5 against the defaults, and a leave-one-repository-out check of a linear
// mix of all the features fitted by coordinate ascent.
//
//   node bench/issues-replay.mjs dump REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in]
//   node bench/issues-replay.mjs table OUT.jsonl
//
// `dump` reads the Index's rank context and cues (private fields) to get the score parts
// of every file in one ranking; `Index.explain` gives the same per file but ranks again
// for each. REPOMAP_CACHE (a folder) reuses parsed tags. Needs the built package (dist/).
import { readJsonl } from './issues-groups.mjs';
import { dumpOrTable, dumpRows, metrics, printVariants } from './issues-rows.mjs';

await dumpOrTable(import.meta.url, dump, table);

async function dump(args) {
  const { rankFiles, scoreParts } = await import('../dist/src/unstable.js');
  await dumpRows(args, (index, s) => {
    const ctx = index.context;
    const o = index.settings.rank;
    const oc = rankFiles(index.cuesOf(s.query, 'issue2code'), ctx, o, { limit: 100 });
    const files = oc.files.map((f) => [f.path, f.score]);
    const top = files[0]?.[0];
    const parts = {};
    for (const p of new Set([
      ...files.slice(0, 40).map((f) => f[0]),
      ...s.gold.files.filter((g) => ctx.indexOf(g) >= 0),
    ])) {
      const i = ctx.indexOf(p);
      const sp = scoreParts(i, 'issue2code', oc.seeds, oc.ppr, oc.maxDirect, oc.maxPpr, ctx, o, undefined, oc.feedback);
      const edges = {};
      if (p !== top)
        for (const [a, b] of [
          [p, top],
          [top, p],
        ])
          ctx.graph.forEachEdgeBetween(a, b, (e) => (edges[e.type] = Math.max(edges[e.type] ?? 0, e.weight)));
      parts[p] = {
        d: sp.direct,
        r: sp.ppr,
        f: sp.feedback,
        kp: sp.kindPrior,
        bytes: ctx.sizes[i],
        sources: [...new Set((oc.seeds.why.get(i) ?? []).map((w) => sourceOf(w.text)))],
        edges,
      };
    }
    return { id: s.id, repo: s.repo, language: s.metadata?.language, gold: s.gold.files, files, parts };
  });
}

/** The cue source of a seed reason (src/rank/seeds.ts words them). */
function sourceOf(text) {
  const starts = [
    ['matches words', 'bm25'],
    ['uses ', 'uses'],
    ['defines', 'defines'],
    ['has "', 'path-word'],
    ['raises', 'message'],
    ['is named', 'named'],
    ['is the module', 'module'],
    ['is a frame', 'frame'],
  ];
  return starts.find(([s]) => text.startsWith(s))?.[1] ?? 'other';
}

function table(file) {
  const rows = readJsonl(file);
  const dir = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  const EXAMPLE = /(^|\/)(examples?|demos?|samples?)\//;
  const BENCH = /(^|\/)(benches|benchmarks?)\//;
  const ROOT = /(^|\/)(lib\.rs|mod\.rs|main\.rs|index\.[jt]sx?|__init__\.py)$/;
  const RUST_ROOT = /(^|\/)(lib\.rs|mod\.rs)$/;
  const has = (pa, s) => (pa?.sources ?? []).includes(s);
  // A lift of weight w × (the best file's score) × feature / (its largest among the other 39).
  const lift = (w, feature) => (row) => {
    const best = row.files[0][1];
    const values = row.files.map(([p], i) => (i > 0 && i < 40 ? feature(row.parts[p] ?? {}, p, row.files[0][0]) : 0));
    const most = Math.max(...values);
    // the best file keeps its lead, as the feedback seeds do
    return row.files.map(([, s], i) =>
      most > 0 && values[i] > 0 ? Math.min(0.999 * best, s + (w * best * values[i]) / most) : s,
    );
  };
  const factor = (x, test) => (row) => row.files.map(([p, s]) => s * (test(row.parts[p], p) ? x : 1));
  const variants = [['defaults', null]];
  for (const [name, type] of [
    ['co-change', 'co-change'],
    ['import', 'import'],
    ['shared symbol', 'shared-symbol'],
  ])
    for (const w of [0.05, 0.1, 0.2])
      variants.push([`${name} neighbour of the best file, lift ${w}`, lift(w, (pa) => pa.edges?.[type] ?? 0)]);
  for (const w of [0.05, 0.1, 0.2])
    variants.push([
      `same folder (Go/Java package) as the best file, lift ${w}`,
      lift(w, (_pa, p, top) => (dir(p) === dir(top) ? 1 : 0)),
    ]);
  for (const x of [0.5, 0.85]) {
    variants.push([`example folders × ${x}`, factor(x, (_pa, p) => EXAMPLE.test(p))]);
    variants.push([`benchmark folders × ${x}`, factor(x, (_pa, p) => BENCH.test(p))]);
    variants.push([
      `module roots (lib.rs, mod.rs, main.rs, index.js, __init__.py) × ${x}`,
      factor(x, (_pa, p) => ROOT.test(p)),
    ]);
    variants.push([`Rust lib.rs / mod.rs × ${x}`, factor(x, (_pa, p) => RUST_ROOT.test(p))]);
    variants.push([`.d.ts typings × ${x}`, factor(x, (_pa, p) => p.endsWith('.d.ts'))]);
  }
  for (const s of ['defines', 'uses', 'path-word'])
    for (const x of [0.9, 1.1, 1.2]) variants.push([`seeded by a ${s} cue × ${x}`, factor(x, (pa) => has(pa, s))]);

  printVariants(rows, variants);
  mix(rows, dir, EXAMPLE, BENCH, ROOT, has);
}

/** A linear mix of every feature (× the kind prior, added to the score), fitted in-sample and checked leaving one repository out. */
function mix(rows, dir, EXAMPLE, BENCH, ROOT, has) {
  const names = [
    'direct',
    'pagerank',
    'feedback',
    'path-word',
    'defines',
    'uses',
    'same folder',
    'co-change',
    'import',
    'shared symbol',
    'example/bench',
    'module root',
    'log size',
  ];
  const prepared = rows.map((row) => {
    const top = row.files[0][0];
    return {
      row,
      files: row.files.slice(0, 40).map(([p, s]) => {
        const pa = row.parts[p] ?? {};
        const e = pa.edges ?? {};
        const x = [
          pa.d ?? 0,
          pa.r ?? 0,
          pa.f ?? 0,
          has(pa, 'path-word') ? 1 : 0,
          has(pa, 'defines') ? 1 : 0,
          has(pa, 'uses') ? 1 : 0,
          p !== top && dir(p) === dir(top) ? 1 : 0,
          Math.min(1, (e['co-change'] ?? 0) / 5),
          e.import ? 1 : 0,
          Math.min(1, (e['shared-symbol'] ?? 0) / 20),
          EXAMPLE.test(p) || BENCH.test(p) ? 1 : 0,
          ROOT.test(p) ? 1 : 0,
          Math.log10(1 + (pa.bytes ?? 0)) / 5,
        ];
        return { p, s, kp: pa.kp ?? 0, x };
      }),
    };
  });
  const score = (w, set) => {
    const t = { a1: 0, a5: 0, m: 0 };
    for (const { row, files } of set) {
      const v = files.map((f) => f.s + f.kp * f.x.reduce((a, x, j) => a + x * w[j], 0));
      const ranked = files
        .map((_, i) => i)
        .sort((a, b) => v[b] - v[a] || (files[a].p < files[b].p ? -1 : 1))
        .map((i) => files[i].p);
      const x = metrics(ranked, row.gold);
      t.a1 += x.a1;
      t.a5 += x.a5;
      t.m += x.m;
    }
    return { ...t, objective: t.a5 + 0.5 * t.a1 + 0.5 * t.m };
  };
  const fit = (set) => {
    const w = names.map(() => 0);
    let best = score(w, set).objective;
    for (let round = 0; round < 4; round++) {
      let moved = false;
      for (let j = 0; j < w.length; j++)
        for (const step of [-0.2, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.2]) {
          const v = w.slice();
          v[j] += step;
          const o = score(v, set).objective;
          if (o > best + 1e-9) [best, w[j], moved] = [o, v[j], true];
        }
      if (!moved) break;
    }
    return w;
  };
  const zero = names.map(() => 0);
  const w = fit(prepared);
  const fitted = score(w, prepared);
  console.log(
    `\nmix fitted on all ${rows.length} rows: Acc@1 / Acc@5 ${score(zero, prepared).a1} / ${score(zero, prepared).a5} → ${fitted.a1} / ${fitted.a5}; weights ${names.map((n, j) => `${n} ${w[j].toFixed(2)}`).join(', ')}`,
  );
  const repos = [...new Set(rows.map((r) => r.repo))];
  const before = { a1: 0, a5: 0 };
  const after = { a1: 0, a5: 0 };
  for (const repo of repos) {
    const test = prepared.filter((x) => x.row.repo === repo);
    const s0 = score(zero, test);
    const s1 = score(fit(prepared.filter((x) => x.row.repo !== repo)), test);
    before.a1 += s0.a1;
    before.a5 += s0.a5;
    after.a1 += s1.a1;
    after.a5 += s1.a5;
  }
  console.log(
    `mix left one repository out (fitted on the others, scored on it): Acc@1 / Acc@5 ${before.a1} / ${before.a5} → ${after.a1} / ${after.a5}`,
  );
}
