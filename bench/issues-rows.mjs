// What the issue-row replay benches share (bench/issues-replay.mjs, issues-chunks.mjs,
// issues-prf.mjs): `dumpRows` ranks nothing itself but walks the rows of a half of
// bench/split.json, one index per snapshot, and writes what a visitor makes of each row;
// `printVariants` re-sorts each row's kept files under each variant and prints Acc@1 /
// Acc@5 / MRR (rows) per language, with rows gained and lost at Acc@5 against the first.
// A row is { id, repo, language, gold, files }, `files[k][0]` a path and `files[k][1]` its
// score at the defaults.
import { writeFileSync } from 'node:fs';

/**
 * `args`: REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half H] (default held-in). `visit(index,
 * sample, snapshot)` returns the row to write; `snapshot` is an object of the row's
 * snapshot, for what the visitor makes once per index. REPOMAP_CACHE (a folder) reuses
 * parsed tags. Needs the built package (dist/).
 */
export async function dumpRows(args, visit) {
  const { buildIndex, layeredTagsCache, loadCorpus, TagsStore, tagsStorePath } = await import('../dist/src/index.js');
  const { locateRepository, planRepositories, readRepoList, readSamples, restrictToRepos } = await import('../dist/src/eval/index.js');
  const half = args.includes('--half') ? args[args.indexOf('--half') + 1] : 'held-in';
  const [reposDir, samplesFile, outFile] = args.filter((a, k) => !a.startsWith('--') && args[k - 1] !== '--half');
  const samples = restrictToRepos(await readSamples([samplesFile]), (await readRepoList(`bench/split.json#${half}`)).repos).kept;
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
 * Prints one table line per variant `[name, scoresOf]`: `scoresOf(row)` gives a score per
 * entry of `row.files` (null: the defaults, `files[k][1]`); the first variant is the one
 * rows gained and lost are counted against.
 */
export function printVariants(rows, variants) {
  const baseline = evaluate(rows, variants[0][1]);
  const languages = [...new Set(rows.map((r) => r.language))].sort();
  console.log(`| variant | Acc@5 rows ± | all (${rows.length}) | ${languages.map((l) => `${l} (${rows.filter((r) => r.language === l).length})`).join(' | ')} |`);
  console.log(`| --- | --- | --- | ${languages.map(() => '---').join(' | ')} |`);
  for (const [name, f] of variants) {
    const e = evaluate(rows, f);
    const gained = e.rows.filter((x, i) => x.a5 && !baseline.rows[i].a5).length;
    const lost = e.rows.filter((x, i) => !x.a5 && baseline.rows[i].a5).length;
    console.log(`| ${name} | +${gained} −${lost} | ${cell(e.all)} | ${languages.map((l) => cell(e.by[l])).join(' | ')} |`);
  }
}

/** Acc@1, Acc@5 and reciprocal rank of every row re-sorted by `scoresOf` (ties in path order), in all and per language. */
export function evaluate(rows, scoresOf) {
  const all = { n: 0, a1: 0, a5: 0, m: 0 };
  const by = {};
  const out = rows.map((row) => {
    const scores = scoresOf ? scoresOf(row) : row.files.map((f) => f[1]);
    const ranked = row.files.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || (row.files[a][0] < row.files[b][0] ? -1 : 1)).map((i) => row.files[i][0]);
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
