#!/usr/bin/env node
// Measures lexical pseudo-relevance feedback on the issue rows of a half of bench/split.json:
// the names the best-ranked files define, split into identifier words and weighted by how
// specific they are (IDF), form a second query (words the issue already has left out); its
// BM25F scores lift the files that match it. `dump` ranks each row once at the defaults and
// keeps, for the 100 best files, the 50 best by each expansion and the gold files, the final
// score, the kind prior and the expansion scores (expansions from the best 1 / 3 files,
// 5 / 10 / 20 words); `table` re-sorts them under each lift and prints Acc@1 / Acc@5 / MRR
// (rows) per language, with rows gained and lost at Acc@5 against the defaults.
//
//   node bench/issues-prf.mjs dump REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in]
//   node bench/issues-prf.mjs table OUT.jsonl
//
// REPOMAP_CACHE (a folder) reuses parsed tags. Needs the built package (dist/).
import { readFileSync, writeFileSync } from 'node:fs';

const EXPANSIONS = [
  { files: 1, words: 10 },
  { files: 3, words: 5 },
  { files: 3, words: 10 },
  { files: 3, words: 20 },
];

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'dump') await dump(rest);
else if (mode === 'table') table(rest[0]);
else {
  process.stderr.write('usage: node bench/issues-prf.mjs dump REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half H] | table OUT.jsonl\n');
  process.exit(2);
}

async function dump(args) {
  const { buildIndex, layeredTagsCache, loadCorpus, TagsStore, tagsStorePath } = await import('../dist/src/index.js');
  const { rankFiles, scoreParts } = await import('../dist/src/rank/score.js');
  const { identifierWords } = await import('../dist/src/text/tokens.js');
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
      const ctx = index.context;
      const o = index.settings.rank;
      for (const k of snapshot.samples) {
        const s = samples[k];
        const cues = index.cuesOf(s.query, 'issue2code');
        const oc = rankFiles(cues, ctx, o, { limit: ctx.paths.length });
        const asked = new Set(identifierWords(cues.text));
        const expansions = EXPANSIONS.map(({ files, words }) => {
          const weight = new Map();
          for (const { path } of oc.files.slice(0, files)) {
            for (const d of index.tagsOf(path)?.definitions ?? []) {
              if (d.kind === 'module') continue;
              for (const w of new Set(identifierWords(d.name))) if (w.length >= 3 && !asked.has(w)) weight.set(w, (weight.get(w) ?? 0) + 1);
            }
          }
          const chosen = [...weight].map(([w, n]) => [w, n * ctx.specificity(w)]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, words).map(([w]) => w);
          return chosen.length ? ctx.textScores(chosen.join(' '), 'bm25f') : new Float64Array(ctx.paths.length);
        });
        const score = new Map(oc.files.map((f) => [f.path, f.score]));
        const keep = new Set([...oc.files.slice(0, 100).map((f) => f.path), ...s.gold.files.filter((g) => ctx.indexOf(g) >= 0)]);
        for (const e of expansions) {
          const best = [...e.keys()].sort((a, b) => e[b] - e[a] || a - b).slice(0, 50);
          for (const i of best) if (e[i] > 0) keep.add(ctx.paths[i]);
        }
        const files = [...keep].map((p) => {
          const i = ctx.indexOf(p);
          const sp = scoreParts(i, 'issue2code', oc.seeds, oc.ppr, oc.maxDirect, oc.maxPpr, ctx, o, undefined, oc.feedback);
          return [p, score.get(p) ?? 0, sp.kindPrior, ...expansions.map((e) => Number(e[i].toPrecision(6)))];
        });
        out.push({ id: s.id, repo: s.repo, language: s.metadata?.language, gold: s.gold.files, files });
      }
    }
    store?.close();
    process.stderr.write(`${plan.repo} done\n`);
  }
  writeFileSync(outFile, out.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

function table(file) {
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  // files: [path, score, kindPrior, expansion scores…]; the best file (by score) keeps its lead
  const variants = [['defaults', (f) => f[1]]];
  const memo = new WeakMap();
  const facts = (row, e) => {
    let m = memo.get(row);
    if (!m) memo.set(row, (m = new Map()));
    if (!m.has(e)) {
      const best = Math.max(...row.files.map((f) => f[1]));
      const top = row.files.find((f) => f[1] === best)[0];
      m.set(e, { best, top, max: Math.max(1e-9, ...row.files.map((f) => f[3 + e])) });
    }
    return m.get(e);
  };
  EXPANSIONS.forEach(({ files, words }, e) => {
    for (const w of [0.05, 0.1, 0.2, 0.3]) {
      variants.push([
        `from the best ${files} file(s), ${words} words: + ${w} × best × expansion/max × kind prior (below the best file)`,
        (f, row) => {
          const x = facts(row, e);
          if (f[0] === x.top) return f[1];
          return Math.min(0.999 * x.best, f[1] + (w * x.best * f[3 + e] * f[2]) / x.max);
        },
      ]);
    }
  });
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

function evaluate(rows, f) {
  const all = { n: 0, a1: 0, a5: 0, m: 0 };
  const by = {};
  const out = rows.map((row) => {
    const v = row.files.map((x) => f(x, row));
    const ranked = row.files.map((_, i) => i).sort((a, b) => v[b] - v[a] || (row.files[a][0] < row.files[b][0] ? -1 : 1)).map((i) => row.files[i][0]);
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

function metrics(ranked, gold) {
  const place = (g) => ranked.indexOf(g);
  const inTop = (k) => gold.filter((g) => place(g) >= 0 && place(g) < k).length >= Math.min(gold.length, k);
  const first = ranked.findIndex((p) => gold.includes(p));
  return { a1: inTop(1) ? 1 : 0, a5: inTop(5) ? 1 : 0, m: first >= 0 ? 1 / (first + 1) : 0 };
}

function cell(t) {
  return `${t.a1} / ${t.a5} / ${(t.m / t.n).toFixed(3)}`;
}
