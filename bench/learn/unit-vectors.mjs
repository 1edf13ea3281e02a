#!/usr/bin/env node
// The learned function ranker's unit feature vectors (src/learn/unit-features.ts, through
// dist/: `npm run build` first) of the rows of function dumps (bench/functions-dump.mjs),
// replayed offline: the dump holds what the function stage reads (cues, ranked files and
// their scores, tags, texts, word specificity, path matches), so the vectors are those the
// product computes for the same ranking. One line per row: id, repo, gold functions, the
// candidates' ids and vectors, and the tuned function ranking's ids (the eval's list).
//
//   node bench/learn/unit-vectors.mjs DUMP.jsonl [DUMP.jsonl ...] > VECTORS.jsonl
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  FunctionFinder,
  FUNCTION_DEFAULTS,
  attachFunctions,
  rankedFunctionIds,
  UNIT_FEATURE_NAMES,
  UNIT_FEATURE_VERSION,
  unitVectors,
} from '../../dist/src/unstable.js';

const dumps = process.argv.slice(2);
if (dumps.length === 0) {
  process.stderr.write('usage: node bench/learn/unit-vectors.mjs DUMP.jsonl [DUMP.jsonl ...] > VECTORS.jsonl\n');
  process.exit(2);
}

/** What the function stage reads of an index, from a dump row (as bench/functions-replay.mjs). */
function sourceOf(row) {
  return {
    ctx: {
      pathIndex: { match: (v) => row.pathMatches[v] ?? [] },
      indexOf: () => 0,
      lineCount: () => Infinity,
      specificity: (w) => row.specificity[w] ?? 0,
    },
    tagsOf: (p) => (row.tags[p] ? { path: p, language: 'python', errorNodes: 0, ...row.tags[p] } : undefined),
    textOf: (p) => row.texts[p],
  };
}

const o = FUNCTION_DEFAULTS;
let rows = 0;
let drift = 0;
for (const dump of dumps) {
  const lines = createInterface({ input: createReadStream(dump), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const row = JSON.parse(line);
    const source = sourceOf(row);
    const tuned = attachFunctions(row.files, row.cues, row.files.length, source, o);
    const tunedIds = tuned.some((f) => f.functions && f.functions.length > 0)
      ? rankedFunctionIds(tuned, o.fileExponent)
      : [];
    if (JSON.stringify(tunedIds) !== JSON.stringify(row.functions)) drift++;
    const finder = new FunctionFinder(row.cues, source, o);
    const v = unitVectors(row.cues, finder, row.files, o.fileExponent, o.importsShare);
    const out = {
      id: row.id,
      repo: row.repo,
      gold: row.gold,
      version: UNIT_FEATURE_VERSION,
      names: UNIT_FEATURE_NAMES,
      tuned: tunedIds,
      ids: v.ids,
      files: v.files,
      values: v.values,
    };
    process.stdout.write(JSON.stringify(out) + '\n');
    rows++;
  }
}
process.stderr.write(
  `unit-vectors: ${rows} rows${drift ? `; ${drift} whose replayed tuned list differs from the dumped one` : ''}\n`,
);
