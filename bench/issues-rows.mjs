// What the issue-row replay benches share (bench/issues-replay.mjs, issues-chunks.mjs,
// issues-prf.mjs, issues-comments.mjs, issues-churn.mjs): `dumpRows` ranks nothing itself
// but walks the rows of a half of bench/split.json, one index per snapshot, and writes what
// a visitor makes of each row (`extraScoreRow`: the row with one more per-file score);
// `printVariants` re-sorts each row's kept files under each variant and prints Acc@1 /
// Acc@5 / MRR (rows) per language, with rows gained and lost at Acc@5 against the first.
// A row is { id, repo, language, gold, files }, `files[k][0]` a path and `files[k][1]` its
// score at the defaults.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs `dump(args)` or `table(file)` as the command line asks (`dump REPOS_DIR …` or
 * `table FILE`); anything else prints the usage of the script at `scriptUrl` and exits 2.
 */
export async function dumpOrTable(scriptUrl, dump, table) {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === 'dump') await dump(rest);
  else if (mode === 'table') table(rest[0]);
  else {
    const name = basename(fileURLToPath(scriptUrl));
    process.stderr.write(
      `usage: node bench/${name} dump REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half H] | table OUT.jsonl\n`,
    );
    process.exit(2);
  }
}

/**
 * `args`: REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half H] (default held-in). `visit(index,
 * sample, snapshot)` returns the row to write; `snapshot` is an object of the row's
 * snapshot, for what the visitor makes once per index. REPOMAP_CACHE (a folder) reuses
 * parsed tags. Needs the built package (dist/).
 */
export async function dumpRows(args, visit) {
  const { buildIndex, loadCorpus } = await import('../dist/src/index.js');
  const { layeredTagsCache, TagsStore, tagsStorePath } = await import('../dist/src/unstable.js');
  const { locateRepository, planRepositories, readRepoList, readSamples, restrictToRepos } = await import(
    '../dist/src/eval/index.js'
  );
  const half = args.includes('--half') ? args[args.indexOf('--half') + 1] : 'held-in';
  const [reposDir, samplesFile, outFile] = args.filter((a, k) => !a.startsWith('--') && args[k - 1] !== '--half');
  const samples = restrictToRepos(
    await readSamples([samplesFile]),
    (await readRepoList(`bench/split.json#${half}`)).repos,
  ).kept;
  const out = [];
  for (const plan of planRepositories(samples)) {
    const gitDir = await locateRepository(reposDir, plan.repo);
    const store = process.env.REPOMAP_CACHE ? TagsStore.open(tagsStorePath(process.env.REPOMAP_CACHE)) : undefined;
    const tagsCache = store ? layeredTagsCache(new Map(), store) : new Map();
    for (const snapshot of plan.snapshots) {
      const index = await buildIndex(await loadCorpus({ gitDir, commit: snapshot.commit }), { tagsCache });
      const made = {};
      for (const k of snapshot.samples) out.push(await visit(index, samples[k], made));
    }
    store?.close();
    process.stderr.write(`${plan.repo} done\n`);
  }
  writeFileSync(outFile, out.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/**
 * A row for replaying one more per-file score against the defaults: the sample ranked at
 * the defaults (every file), then the 100 best files, the 50 best by the extra score and
 * the gold files, each as [path, final score, kind prior, extra score]. `extraOf(cues)`
 * gives a Map of path → extra score (files without one score 0); `score` is the built
 * src/rank/score.ts.
 */
export function extraScoreRow(index, s, extraOf, score) {
  const ctx = index.context;
  const o = index.settings.rank;
  const cues = index.cuesOf(s.query, 'issue2code');
  const oc = score.rankFiles(cues, ctx, o, { limit: ctx.paths.length });
  const final = new Map(oc.files.map((f) => [f.path, f.score]));
  const extra = extraOf(cues);
  const byExtra = [...extra].filter(([, x]) => x > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const keep = new Set([
    ...oc.files.slice(0, 100).map((f) => f.path),
    ...byExtra.slice(0, 50).map(([p]) => p),
    ...s.gold.files.filter((g) => ctx.indexOf(g) >= 0),
  ]);
  const files = [...keep].map((p) => {
    const sp = score.scoreParts(
      ctx.indexOf(p),
      'issue2code',
      oc.seeds,
      oc.ppr,
      oc.maxDirect,
      oc.maxPpr,
      ctx,
      o,
      undefined,
      oc.feedback,
    );
    return [p, final.get(p) ?? 0, sp.kindPrior, extra.get(p) ?? 0];
  });
  return { id: s.id, repo: s.repo, language: s.metadata?.language, gold: s.gold.files, files };
}

/**
 * The variants of an `extraScoreRow` dump that the extra-score benches share: the
 * defaults; the extra score over the row's best, × the best final score × the kind prior,
 * added at each weight of `lifts`, and its square at each of `squared`; the extra score ×
 * the kind prior alone. `name` names the extra score in the labels. Each variant is
 * [label, (file, row) → score], for `printFileVariants`.
 */
export function extraScoreVariants(name, { lifts = [0.05, 0.1, 0.2, 0.3, 0.5], squared = [0.1, 0.2, 0.3] } = {}) {
  const variants = [['defaults', (f) => f[1]]];
  for (const w of lifts)
    variants.push([
      `+ ${w} × best × ${name}/max × kind prior`,
      (f, row) => f[1] + (w * rowScales(row).best * f[3] * f[2]) / rowScales(row).bestExtra,
    ]);
  for (const w of squared)
    variants.push([
      `+ ${w} × best × (${name}/max)² × kind prior`,
      (f, row) => f[1] + w * rowScales(row).best * (f[3] / rowScales(row).bestExtra) ** 2 * f[2],
    ]);
  variants.push([`${name} score × kind prior alone`, (f) => f[3] * f[2]]);
  return variants;
}

const scales = new WeakMap();

/** Of an `extraScoreRow` row: its best final score and its best extra score (at least 1e-9), which variants scale by; made once per row. */
export function rowScales(row) {
  let s = scales.get(row);
  if (!s)
    scales.set(
      row,
      (s = { best: Math.max(...row.files.map((f) => f[1])), bestExtra: Math.max(1e-9, ...row.files.map((f) => f[3])) }),
    );
  return s;
}

/** `printVariants` with each variant a [label, (file, row) → score] scoring one kept file at a time. */
export function printFileVariants(rows, variants) {
  printVariants(
    rows,
    variants.map(([name, f]) => [name, (row) => row.files.map((x) => f(x, row))]),
  );
}

/**
 * Prints one table line per variant `[name, scoresOf]`: `scoresOf(row)` gives a score per
 * entry of `row.files` (null: the defaults, `files[k][1]`); the first variant is the one
 * rows gained and lost are counted against.
 */
export function printVariants(rows, variants) {
  const baseline = evaluate(rows, variants[0][1]);
  const languages = [...new Set(rows.map((r) => r.language))].sort();
  console.log(
    `| variant | Acc@5 rows ± | all (${rows.length}) | ${languages.map((l) => `${l} (${rows.filter((r) => r.language === l).length})`).join(' | ')} |`,
  );
  console.log(`| --- | --- | --- | ${languages.map(() => '---').join(' | ')} |`);
  for (const [name, f] of variants) {
    const e = evaluate(rows, f);
    const gained = e.rows.filter((x, i) => x.a5 && !baseline.rows[i].a5).length;
    const lost = e.rows.filter((x, i) => !x.a5 && baseline.rows[i].a5).length;
    console.log(
      `| ${name} | +${gained} −${lost} | ${cell(e.all)} | ${languages.map((l) => cell(e.by[l])).join(' | ')} |`,
    );
  }
}

/** Acc@1, Acc@5 and reciprocal rank of every row re-sorted by `scoresOf` (ties in path order), in all and per language. */
export function evaluate(rows, scoresOf) {
  const all = { n: 0, a1: 0, a5: 0, m: 0 };
  const by = {};
  const out = rows.map((row) => {
    const scores = scoresOf ? scoresOf(row) : row.files.map((f) => f[1]);
    const ranked = row.files
      .map((_, i) => i)
      .sort((a, b) => scores[b] - scores[a] || (row.files[a][0] < row.files[b][0] ? -1 : 1))
      .map((i) => row.files[i][0]);
    const x = metrics(ranked, row.gold);
    for (const t of [all, (by[row.language] ??= { n: 0, a1: 0, a5: 0, m: 0 })]) {
      t.n++;
      t.a1 += x.a1;
      t.a5 += x.a5;
      t.m += x.m;
    }
    return x;
  });
  return { all, by, rows: out };
}

/** Acc@1 and Acc@5 (all gold files, capped at k, in the top k) and the reciprocal rank of the first gold file. */
export function metrics(ranked, gold) {
  const place = (g) => ranked.indexOf(g);
  const inTop = (k) => gold.filter((g) => place(g) >= 0 && place(g) < k).length >= Math.min(gold.length, k);
  const first = ranked.findIndex((p) => gold.includes(p));
  return { a1: inTop(1) ? 1 : 0, a5: inTop(5) ? 1 : 0, m: first >= 0 ? 1 / (first + 1) : 0 };
}

function cell(t) {
  return `${t.a1} / ${t.a5} / ${(t.m / t.n).toFixed(3)}`;
}
