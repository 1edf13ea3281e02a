#!/usr/bin/env node
// Why issue rows miss Acc@5: per row of a half of bench/split.json, ranks the issue at the
// defaults (or under a --config), and for each gold file that Acc@5 needs but the top 5 lack
// says where it ranks, what seeds it (cue kinds, BM25F), its share of the direct and
// PageRank parts, what kinds of files stand above it in the top 5, and how it relates to the
// top file and to the best-ranked gold file (graph edges by type, same folder, named in the text).
//
//   node bench/issues-misses.mjs REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in] [--config F.json]
//
// Writes one JSON line per missed row to OUT.jsonl and prints the counts per bucket.
// REPOMAP_CACHE (a folder) reuses parsed tags. Needs the built package (dist/).
import { writeFileSync } from 'node:fs';
import { buildIndex, loadCorpus } from '../dist/src/index.js';
import { layeredTagsCache, TagsStore, tagsStorePath } from '../dist/src/unstable.js';
import {
  loadEvalConfig,
  locateRepository,
  planRepositories,
  readRepoList,
  readSamples,
  restrictToRepos,
} from '../dist/src/eval/index.js';

const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const [reposDir, samplesFile, outFile] = args.filter((a, k) => !a.startsWith('--') && !args[k - 1]?.startsWith('--'));
if (!outFile) {
  process.stderr.write(
    'usage: node bench/issues-misses.mjs REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half held-in] [--config F.json]\n',
  );
  process.exit(2);
}
const half = opt('--half') ?? 'held-in';
const config = opt('--config') ? await loadEvalConfig(opt('--config')) : {};
const samples = restrictToRepos(
  await readSamples([samplesFile]),
  (await readRepoList(`bench/split.json#${half}`)).repos,
).kept;

const out = [];
const counts = new Map();
const count = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);
for (const plan of planRepositories(samples)) {
  const gitDir = await locateRepository(reposDir, plan.repo);
  const store = process.env.REPOMAP_CACHE ? TagsStore.open(tagsStorePath(process.env.REPOMAP_CACHE)) : undefined;
  const tagsCache = store ? layeredTagsCache(new Map(), store) : new Map();
  for (const snapshot of plan.snapshots) {
    const corpus = await loadCorpus({ gitDir, commit: snapshot.commit });
    const base = await buildIndex(corpus, { graph: config.graph ?? {}, tagsCache });
    const index = base.withOptions({ rank: config.rank ?? {}, cues: config.cues ?? {} });
    const graph = index.fileGraph.graph;
    const kindOf = (p) => (graph.hasNode(p) ? graph.getNodeAttribute(p, 'kind') : '?');
    const relation = (a, b) => {
      if (!graph.hasNode(a) || !graph.hasNode(b)) return [];
      const types = new Set();
      for (const e of graph.edges(a, b)) types.add(`${graph.getEdgeAttribute(e, 'type')}>`);
      for (const e of graph.edges(b, a)) types.add(`${graph.getEdgeAttribute(e, 'type')}<`);
      if (dir(a) === dir(b)) types.add('same-folder');
      return [...types].sort();
    };
    for (const k of snapshot.samples) {
      const s = samples[k];
      const result = index.rank(s.query, { task: 'issue2code', top: 100 });
      const ranked = result.files.map((f) => f.path);
      const gold = s.gold.files;
      const need = Math.min(gold.length, 5);
      const placeOf = (g) => (ranked.indexOf(g) < 0 ? 999 : ranked.indexOf(g) + 1);
      const places = gold.map((g) => ({ g, rank: placeOf(g) })).sort((a, b) => a.rank - b.rank);
      const inTop5 = places.filter((p) => p.rank <= 5).length;
      if (inTop5 >= need) continue;
      const text = s.query.text ?? '';
      const bestGold = places[0].g;
      const misses = places.filter((p) => p.rank > 5).slice(0, need - inTop5);
      const top5 = ranked.slice(0, 5);
      const row = {
        id: s.id,
        repo: s.repo,
        language: s.metadata?.language,
        gold: gold.length,
        inTop5,
        top5: top5.map((p) => `${p} [${kindOf(p)}]`),
        misses: misses.map(({ g, rank }) => {
          let ex;
          try {
            ex = index.explain(s.query, g, { task: 'issue2code' });
          } catch {
            ex = undefined;
          }
          const stem = g
            .split('/')
            .pop()
            .replace(/\.[^.]*$/, '');
          return {
            path: g,
            rank,
            kind: kindOf(g),
            inCorpus: graph.hasNode(g),
            direct: ex?.parts.direct.share ?? 0,
            ppr: ex?.parts.ppr.share ?? 0,
            lexical: ex?.lexical ?? 0,
            cues: [...new Set((ex?.cues ?? []).map((c) => `${c.kind}:${c.match}`))],
            namedInText:
              stem.length >= 3 && new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text),
            pathInText: text.includes(g.split('/').slice(-2).join('/')),
            toTop1: relation(g, top5[0]),
            toBestGold: g === bestGold ? [] : relation(g, bestGold),
            bestGoldRank: places[0].rank,
            aboveKinds: top5.filter((p) => !gold.includes(p)).map(kindOf),
          };
        }),
      };
      out.push(row);
      for (const m of row.misses) {
        const single = gold.length === 1;
        count(`${single ? 'single' : 'multi'} rows' missing gold files`);
        if (!m.inCorpus) count(`  not in corpus`);
        else if (m.rank === 999) count(`  not in top 100`);
        else if (m.rank <= 10) count(`  at 6-10`);
        else if (m.rank <= 20) count(`  at 11-20`);
        else count(`  at 21-100`);
        count(`  seeded directly: ${m.direct > 0 ? 'yes' : 'no'}${m.lexical > 0 ? ' (BM25F)' : ''}`);
        count(`  named in text (stem): ${m.namedInText}`);
        for (const c of m.cues) count(`  cue ${c}`);
        for (const k of new Set(m.aboveKinds)) count(`  non-gold above of kind ${k}`);
        if (!single) {
          count(`  best gold in top 5: ${m.bestGoldRank <= 5}`);
          for (const r of m.toBestGold) count(`  relation to best gold: ${r}`);
          if (m.toBestGold.length === 0 && m.path !== bestGold) count(`  relation to best gold: none`);
        }
        for (const r of m.toTop1) count(`  relation to top-1: ${r}`);
      }
    }
  }
  store?.close();
  process.stderr.write(`${plan.repo} done\n`);
}
writeFileSync(outFile, out.map((r) => JSON.stringify(r)).join('\n') + '\n');
console.log(`${half}: ${samples.length} rows, ${out.length} miss Acc@5`);
for (const [k, v] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) console.log(`${k}\t${v}`);

function dir(p) {
  return p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '';
}
