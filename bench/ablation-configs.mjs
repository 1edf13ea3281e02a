#!/usr/bin/env node
// Writes the ablation configurations, bench/ablation/<name>.json, for
// bench/ablation.sh (which runs it after the build): the defaults, "none" (cue
// matching only), each signal OFF in turn and each signal ALONE (none + that
// signal). The switches are checked against the built package's GRAPH_DEFAULTS
// and RANK_DEFAULTS: a signal whose switch this build does not have still gets
// its off-/alone- configuration (its run then fails with the unknown key, and
// the table says so), but is left out of the composites (none, alone-*), so
// that they run. The files written are committed with the results.
//
//   node bench/ablation-configs.mjs [OUT_DIR]      (default bench/ablation; needs dist/)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GRAPH_DEFAULTS, RANK_DEFAULTS } from '../dist/src/unstable.js';

const out = process.argv[2] ?? new URL('ablation', import.meta.url).pathname;
const TASKS = ['generic', 'code2test', 'trace2code', 'edit2ripple', 'comment2context', 'abstention'];
const KINDS = ['source', 'test', 'config', 'doc', 'other'];
const DIRECTED = ['import', 'shared-symbol', 'source-test'];

const perTask = (value) => Object.fromEntries(TASKS.map((t) => [t, typeof value === 'function' ? value(t) : value]));
const merge = (...parts) => {
  const out = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      out[k] =
        v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object' ? merge(out[k], v) : v;
    }
  }
  return out;
};

// One switch per signal: the overrides that turn it off.
const OFF = {
  imports: { graph: { importWeight: 0, importedByTestWeight: 0 } },
  'shared-symbol': { rank: { flow: perTask({ 'shared-symbol': { forward: 0, backward: 0 } }) } },
  'source-test': { graph: { conventionTestWeight: 0, importedByTestWeight: 0 } },
  'same-module': { graph: { sameModuleWeight: 0 } },
  callers: { rank: { callerWeight: perTask(0) } },
  text: { rank: { textWeight: perTask(0) } },
  'size-prior': { rank: { sizeExponent: perTask(0) } },
  'kind-prior': { rank: { kindPrior: perTask(Object.fromEntries(KINDS.map((k) => [k, 1]))) } },
  'co-change': { graph: { coChangeWeight: 0 } },
};
// Whether every key path of a configuration exists in this build's defaults.
const known = (overrides, defaults) =>
  Object.entries(overrides).every(
    ([k, v]) =>
      defaults !== null &&
      typeof defaults === 'object' &&
      k in defaults &&
      (v && typeof v === 'object' && !Array.isArray(v) ? known(v, defaults[k]) : true),
  );
const available = (c) => known(c, { graph: GRAPH_DEFAULTS, rank: RANK_DEFAULTS });
const missing = Object.keys(OFF).filter((s) => !available(OFF[s]));
for (const s of missing)
  process.stderr.write(
    `note: this build has no switch for ${s}: its configurations will fail; the composites leave it out\n`,
  );
// "None": every switch above off at once: cue matching (direct seeds) only.
const composable = (except) =>
  Object.entries(OFF)
    .filter(([s]) => !except.includes(s) && !missing.includes(s))
    .map(([, c]) => c);
const NONE = merge(...composable([]));
// "Alone" = none, minus that signal's switch. source-test edges from a test's imports
// need the import edges to exist: keep them, with no rank flowing along them.
const aloneOf = (signal) => {
  if (missing.includes(signal)) return merge(...composable([]), OFF[signal]);
  if (signal === 'source-test')
    return merge(...composable([signal, 'imports']), {
      rank: { flow: perTask({ import: { forward: 0, backward: 0 } }) },
    });
  return merge(...composable([signal]));
};

// What each signal is (for the off- rows) and what its alone- row adds to none.
const DESCRIBE = {
  imports: [
    "import edges (and the source-test edges derived from a test's imports)",
    'import edges (no source-test edges)',
  ],
  'shared-symbol': ['rank flow along shared-symbol edges, every task', 'rank flow along shared-symbol edges'],
  'source-test': [
    'source-test edges (naming convention and test imports)',
    'source-test edges (naming convention and test imports; the import edges they derive from are kept, with no rank flowing along them)',
  ],
  'same-module': ['same-module edges', 'same-module edges'],
  callers: [
    'seeds of the users (callers, tests) of cued symbols, every task',
    'seeds of the users (callers, tests) of cued symbols',
  ],
  text: ['lexical (BM25) seeds, every task', 'lexical (BM25) seeds'],
  'size-prior': ['the size (cost) prior, every task', 'the size (cost) prior'],
  'kind-prior': ['the per-task file-kind prior (every kind 1)', 'the per-task file-kind prior'],
  'co-change': ['co-change edges (git history)', 'co-change edges (git history)'],
};

const configs = {
  defaults: { description: 'the shipped defaults (no override)' },
  none: {
    description:
      'cue matching only: every switch of the off- rows but backward and ppr at once (no edge carries rank, no caller or lexical seeds, no size or kind prior); PageRank then equals the seeds',
    ...NONE,
  },
};
for (const [signal, c] of Object.entries(OFF))
  configs[`off-${signal}`] = { description: `defaults without ${DESCRIBE[signal][0]}`, ...c };
configs['off-backward'] = {
  description:
    'defaults without backward rank flow (toward importers, referencers and tests) on the directed edge types, every task',
  rank: { flow: perTask(Object.fromEntries(DIRECTED.map((t) => [t, { backward: 0 }]))) },
};
configs['off-ppr'] = {
  description: 'defaults with pprWeight 0: the score is the direct cue match only',
  rank: { pprWeight: 0 },
};
for (const signal of Object.keys(OFF))
  configs[`alone-${signal}`] = { description: `none + ${DESCRIBE[signal][1]}, as shipped`, ...aloneOf(signal) };
configs['alone-ppr'] = {
  description: 'defaults with directWeight 0: the score is the PageRank only',
  rank: { directWeight: 0 },
};

mkdirSync(out, { recursive: true });
for (const [name, config] of Object.entries(configs))
  writeFileSync(join(out, `${name}.json`), JSON.stringify(config, null, 2) + '\n');
process.stderr.write(`wrote ${Object.keys(configs).length} configurations to ${out}\n`);
