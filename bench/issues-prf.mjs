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
import { readJsonl } from './issues-groups.mjs';
import { dumpOrTable, dumpRows, printFileVariants } from './issues-rows.mjs';

const EXPANSIONS = [
  { files: 1, words: 10 },
  { files: 3, words: 5 },
  { files: 3, words: 10 },
  { files: 3, words: 20 },
];

await dumpOrTable(import.meta.url, dump, table);

async function dump(args) {
  const { rankFiles, scoreParts, identifierWords } = await import('../dist/src/unstable.js');
  await dumpRows(args, (index, s) => {
    const ctx = index.context;
    const o = index.settings.rank;
    const cues = index.cuesOf(s.query, 'issue2code');
    const oc = rankFiles(cues, ctx, o, { limit: ctx.paths.length });
    const asked = new Set(identifierWords(cues.text));
    const expansions = EXPANSIONS.map(({ files, words }) => {
      const weight = new Map();
      for (const { path } of oc.files.slice(0, files)) {
        for (const d of index.tagsOf(path)?.definitions ?? []) {
          if (d.kind === 'module') continue;
          for (const w of new Set(identifierWords(d.name)))
            if (w.length >= 3 && !asked.has(w)) weight.set(w, (weight.get(w) ?? 0) + 1);
        }
      }
      const chosen = [...weight]
        .map(([w, n]) => [w, n * ctx.specificity(w)])
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, words)
        .map(([w]) => w);
      return chosen.length ? ctx.textScores(chosen.join(' '), 'bm25f') : new Float64Array(ctx.paths.length);
    });
    const score = new Map(oc.files.map((f) => [f.path, f.score]));
    const keep = new Set([
      ...oc.files.slice(0, 100).map((f) => f.path),
      ...s.gold.files.filter((g) => ctx.indexOf(g) >= 0),
    ]);
    for (const e of expansions) {
      const best = [...e.keys()].sort((a, b) => e[b] - e[a] || a - b).slice(0, 50);
      for (const i of best) if (e[i] > 0) keep.add(ctx.paths[i]);
    }
    const files = [...keep].map((p) => {
      const i = ctx.indexOf(p);
      const sp = scoreParts(i, 'issue2code', oc.seeds, oc.ppr, oc.maxDirect, oc.maxPpr, ctx, o, undefined, oc.feedback);
      return [p, score.get(p) ?? 0, sp.kindPrior, ...expansions.map((e) => Number(e[i].toPrecision(6)))];
    });
    return { id: s.id, repo: s.repo, language: s.metadata?.language, gold: s.gold.files, files };
  });
}

function table(file) {
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
  printFileVariants(readJsonl(file), variants);
}
