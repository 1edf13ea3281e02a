#!/usr/bin/env node
// Builds bench/abstention/counterfactual.jsonl: ~100 dev-set queries asked of
// another repository of the same language (gold: no_gold), for the selective
// evaluation. Deterministic; uses the built package (run `npm run build` first).
//
//   node bench/make-abstention.mjs [DEV_DIR] [OUT_FILE]
//
// DEV_DIR defaults to $REPOMAP_DEV, else ../shared/bench/dev from the repo root.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counterfactualSamples, readSamples } from '../dist/src/eval/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dev = resolve(process.argv[2] ?? process.env.REPOMAP_DEV ?? join(root, '..', 'shared', 'bench', 'dev'));
const out = resolve(process.argv[3] ?? join(root, 'bench', 'abstention', 'counterfactual.jsonl'));

const samples = await readSamples(
  ['code2test.jsonl', 'edit2ripple.jsonl', 'trace2code.jsonl'].map((f) => join(dev, f)),
);
const rows = counterfactualSamples(samples, { count: 100 });
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, rows.map((r) => JSON.stringify(r) + '\n').join(''));
process.stderr.write(
  `make-abstention: ${rows.length} counterfactual samples from ${samples.length} dev samples -> ${out}\n`,
);
