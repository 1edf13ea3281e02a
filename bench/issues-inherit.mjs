#!/usr/bin/env node
// Replays an inheritance lift on the issue rows (a fix that adds a method to a class often
// edits the classes that extend or delegate to it): a file with a class whose header (the
// lines from its definition to the first `{`, or to a line ending in `:`, at most four)
// names a class or interface that one of the default ranking's three best files defines
// (a subclass, an implementation, a delegate) gets an extra score, from the best file
// alone or from each of the three at 1 / rank; reversed, so do the files defining what the
// best files' classes extend. Each is added as w × the row's best score × the kind prior;
// the table prints Acc@1 / Acc@5 / MRR (rows) per language, rows gained and lost at Acc@5.
//
//   node bench/issues-inherit.mjs dump REPOS_DIR SAMPLES.jsonl OUT.jsonl [--half H] | table OUT.jsonl
//
// REPOMAP_CACHE (a folder) reuses parsed tags. Needs the built package (dist/).
import { readFileSync } from 'node:fs';
import { dumpOrTable, dumpRows, printFileVariants } from './issues-rows.mjs';

const CLASSY = new Set(['class', 'interface', 'struct', 'trait', 'enum']);

await dumpOrTable(import.meta.url, dump, table);

async function dump(args) {
  const score = await import('../dist/src/unstable.js');
  await dumpRows(args, (index, s, made) => {
    const rel = (made.rel ??= relations(index));
    const ctx = index.context;
    const o = index.settings.rank;
    const cues = index.cuesOf(s.query, 'issue2code');
    const oc = score.rankFiles(cues, ctx, o, { limit: ctx.paths.length });
    const final = new Map(oc.files.map((f) => [f.path, f.score]));
    const top = oc.files.slice(0, 3).map((f) => f.path);
    // extras: [child of top1, child of top3 (1/rank), parent of top1, parent of top3]
    const extra = new Map();
    const add = (p, k, v) => {
      const x = extra.get(p) ?? [0, 0, 0, 0];
      x[k] = Math.max(x[k], v);
      extra.set(p, x);
    };
    top.forEach((t, r) => {
      for (const c of rel.children.get(t) ?? [])
        if (c !== t) {
          if (r === 0) add(c, 0, 1);
          add(c, 1, 1 / (r + 1));
        }
      for (const p of rel.parents.get(t) ?? [])
        if (p !== t) {
          if (r === 0) add(p, 2, 1);
          add(p, 3, 1 / (r + 1));
        }
    });
    const keep = new Set([
      ...oc.files.slice(0, 100).map((f) => f.path),
      ...extra.keys(),
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
      return [p, final.get(p) ?? 0, sp.kindPrior, ...(extra.get(p) ?? [0, 0, 0, 0])];
    });
    return { id: s.id, repo: s.repo, language: s.metadata?.language, gold: s.gold.files, files };
  });
}

/** children: file → files with a class whose header names a class this file defines; parents: the reverse. */
function relations(index) {
  const definers = new Map();
  const paths = index.context.paths;
  for (const p of paths) {
    const t = index.tagsOf(p);
    if (!t) continue;
    for (const d of t.definitions)
      if (CLASSY.has(d.kind)) (definers.get(d.name) ?? definers.set(d.name, new Set()).get(d.name)).add(p);
  }
  const children = new Map();
  const parents = new Map();
  for (const p of paths) {
    const t = index.tagsOf(p);
    if (!t?.definitions.some((d) => d.kind === 'class' || d.kind === 'interface')) continue;
    const text = index.textOf(p);
    if (text === undefined) continue;
    const lines = text.split('\n');
    for (const d of t.definitions) {
      if (d.kind !== 'class' && d.kind !== 'interface') continue;
      let end = d.startLine;
      while (end < d.startLine + 4 && end <= lines.length && !/[{:]\s*$|\{/.test(lines[end - 1])) end++;
      for (const r of t.references) {
        if (r.line < d.startLine || r.line > end || r.name === d.name) continue;
        for (const q of definers.get(r.name) ?? []) {
          if (q === p) continue;
          (children.get(q) ?? children.set(q, new Set()).get(q)).add(p);
          (parents.get(p) ?? parents.set(p, new Set()).get(p)).add(q);
        }
      }
    }
  }
  return { children, parents };
}

function table(file) {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const names = ['child of top 1', 'child of top 3', 'parent of top 1', 'parent of top 3'];
  const variants = [['defaults', (f) => f[1]]];
  rows.forEach((row) => (row.best = Math.max(...row.files.map((f) => f[1]))));
  names.forEach((name, k) => {
    for (const w of [0.05, 0.1, 0.2, 0.3, 0.5])
      variants.push([`+ ${w} × best × ${name} × kind prior`, (f, row) => f[1] + w * row.best * f[3 + k] * f[2]]);
  });
  printFileVariants(rows, variants);
}
