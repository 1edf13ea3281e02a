#!/usr/bin/env node
// Writes the Markdown table of a bench/dev.sh run (on stdout) from the summaries
// and /usr/bin/time reports in OUT_DIR.
//
//   node bench/table.mjs OUT_DIR "bench/dev.sh ARGS" > OUT_DIR/TABLE.md
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [out, invocation = 'bench/dev.sh'] = process.argv.slice(2);
if (!out) {
  process.stderr.write('usage: node bench/table.mjs OUT_DIR [INVOCATION]\n');
  process.exit(2);
}

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const commit = git('rev-parse', 'HEAD');
// Results the run itself writes do not make the tree dirty; anything else does.
const dirty =
  git(
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    '.',
    ':(exclude)bench/results',
    ':(exclude)bench/abstention',
  ) !== '';

const summary = (name) => {
  const file = join(out, `${name}.summary.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

/** Wall seconds and peak RSS (MiB) of a run: /usr/bin/time -v when present, else the summary's own figures. */
function cost(name, s) {
  const file = join(out, `${name}.time`);
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(text)?.[1];
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(text)?.[1];
    if (wall && rss) {
      const seconds = wall.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
      return { wall: seconds, rss: Number(rss) / 1024, source: '/usr/bin/time -v' };
    }
  }
  return s ? { wall: s.wall_ms / 1000, rss: s.peak_rss_mb, source: 'summary' } : null;
}

const f4 = (v) => (typeof v === 'number' ? v.toFixed(4) : v === null ? 'null' : '');
const METRICS = ['Recall@5', 'Recall@10', 'Recall@20', 'MRR', 'nDCG@20', 'BCY@8000', 'BCY@8000-trunc8k', 'BCY@32000'];
const lines = [];
const push = (...l) => lines.push(...l);

function metricTable(rows) {
  push(`| method | positives | ${METRICS.join(' | ')} | wall s | peak MiB |`);
  push(`| --- | ---: | ${METRICS.map(() => '---:').join(' | ')} | ---: | ---: |`);
  for (const [label, name] of rows) {
    const s = summary(name);
    if (!s) continue;
    const c = cost(name, s);
    push(
      `| ${label} | ${s.overall.scored} | ${METRICS.map((m) => f4(s.overall.metrics[m])).join(' | ')} | ${c ? c.wall.toFixed(0) : ''} | ${c ? c.rss.toFixed(0) : ''} |`,
    );
  }
  push('');
}

function taskTable(rows) {
  const tasks = [...new Set(rows.flatMap(([, name]) => Object.keys(summary(name)?.tasks ?? {})))];
  push(`| method | ${tasks.map((t) => `${t} R@20 | ${t} MRR`).join(' | ')} | macro R@20 | macro MRR |`);
  push(`| --- | ${tasks.map(() => '---: | ---:').join(' | ')} | ---: | ---: |`);
  for (const [label, name] of rows) {
    const s = summary(name);
    if (!s) continue;
    const cells = tasks.map((t) => {
      const g = s.tasks[t];
      return g && g.scored > 0 ? `${f4(g.metrics['Recall@20'])} | ${f4(g.metrics.MRR)}` : ' | ';
    });
    push(`| ${label} | ${cells.join(' | ')} | ${f4(s.macro.metrics['Recall@20'])} | ${f4(s.macro.metrics.MRR)} |`);
  }
  push('');
}

/** One row per (method, task, overall, macro) with every metric of the summaries. */
function everyMetric(rows) {
  const names = Object.keys(summary(rows[0][1])?.overall.metrics ?? {});
  push(`| method | rows | samples | ${names.join(' | ')} |`);
  push(`| --- | --- | ---: | ${names.map(() => '---:').join(' | ')} |`);
  for (const [label, name] of rows) {
    const s = summary(name);
    if (!s) continue;
    const groups = [...Object.entries(s.tasks), ['overall', s.overall], ['macro', s.macro]];
    for (const [group, g] of groups) {
      if (!g.metrics || (g.scored ?? 1) === 0) continue;
      push(`| ${label} | ${group} | ${g.scored ?? ''} | ${names.map((m) => f4(g.metrics[m])).join(' | ')} |`);
    }
  }
  push('');
}

const full = [
  ['repomap', 'repomap'],
  ['BM25', 'bm25'],
  ['RRF(repomap + BM25)', 'rrf'],
  ['RRF 7:1(repomap + BM25)', 'rrf-w7'],
];
const subset = [
  ['ARB RepoMap (reference)', 'arb-repomap'],
  ['ARB BM25 (reference)', 'arb-bm25'],
  ['repomap', 'repomap.baseline-rows'],
  ['BM25', 'bm25.baseline-rows'],
  ['RRF(repomap + BM25)', 'rrf.baseline-rows'],
];

push('# Dev-set bench', '');
push(`- command: \`${invocation}\``);
push(`- commit: \`${commit}\`${dirty ? ' (with uncommitted changes)' : ''}`);
push(`- date: ${new Date().toISOString().slice(0, 10)}; node ${process.version}`);
const first = summary('repomap');
if (first)
  push(
    `- samples: ${first.overall.positives} dev positives + ${first.overall.noGold} counterfactual no-gold (wrong-repository queries, bench/make-abstention.mjs); errors: ${first.error_count}`,
  );
push(
  '- metrics: contract section 3, means over positive samples (no-gold rows never enter them); BCY with full file texts, `-trunc8k` as the ARB paper',
);
push(
  "- wall time and peak memory: `/usr/bin/time -v` of each command when available (peak RSS of the largest process, workers included), else the summary's own",
  '',
);

push('## Whole dev set', '');
metricTable(full);
taskTable(full);

push('### Every metric, per task', '');
everyMetric(full);

push("## On the reference baselines' rows", '');
const ref = summary('arb-repomap');
if (ref)
  push(
    `The ${ref.overall.scored} rows the ARB toolkit's baselines cover (lists of 50; their BCY uses full texts too). Differences of a few hundredths are noise for the ARB RepoMap (hash-order ties).`,
    '',
  );
metricTable(subset);
taskTable(subset);

push('## Held-in and held-out halves', '');
push(
  'bench/split.json: defaults are chosen on the held-in repositories; the held-out ones are only read. Whole halves, then the reference rows of each half.',
  '',
);
for (const half of ['held-in', 'held-out']) {
  const mine = summary(`repomap.${half}`);
  if (!mine) continue;
  push(`### ${half}: every row (${mine.overall.scored} positives)`, '');
  metricTable(full.map(([label, name]) => [label, `${name}.${half}`]));
  taskTable(full.map(([label, name]) => [label, `${name}.${half}`]));
  push(`### ${half}: the reference rows (${summary(`arb-repomap.${half}`)?.overall.scored ?? 0})`, '');
  metricTable(subset.map(([label, name]) => [label, `${name}.${half}`]));
  taskTable(subset.map(([label, name]) => [label, `${name}.${half}`]));
}

// The quality targets: with ref the reference RepoMap on the same rows, MRR ≥ min(1.3 ref, ref + 0.3 (1 − ref));
// Recall@20 and BCY@8k ≥ ref + 0.4 (1 − ref); and above BM25 (ours, same rows) on all three.
const TARGETS = [
  ['MRR', (r) => Math.min(1.3 * r, r + 0.3 * (1 - r))],
  ['Recall@20', (r) => r + 0.4 * (1 - r)],
  ['BCY@8000', (r) => r + 0.4 * (1 - r)],
];
const scopes = [
  ['whole dev set', ''],
  ['held-in', '.held-in'],
  ['held-out', '.held-out'],
];
if (summary('arb-repomap')) {
  push('## Quality targets on the reference rows', '');
  push(
    'Target = f(reference RepoMap on the same rows): MRR ≥ min(1.3·ref, ref + 0.3·(1 − ref)); Recall@20 and BCY@8k ≥ ref + 0.4·(1 − ref); and above BM25 on the same rows. The reference rows have no trace2code sample; trace2code is compared with BM25 on all its rows below.',
    '',
  );
  push('| scope | task | metric | ref | target | repomap | BM25 | met |');
  push('| --- | --- | --- | ---: | ---: | ---: | ---: | --- |');
  for (const [scope, suffix] of scopes) {
    const ref = summary(`arb-repomap${suffix}`);
    const mine = summary(`repomap.baseline-rows${suffix}`);
    const bm25 = summary(`bm25.baseline-rows${suffix}`);
    if (!ref || !mine) continue;
    for (const task of Object.keys(ref.tasks)) {
      for (const [metric, target] of TARGETS) {
        const r = ref.tasks[task]?.metrics[metric];
        const m = mine.tasks[task]?.metrics[metric];
        const b = bm25?.tasks[task]?.metrics[metric];
        if (typeof r !== 'number' || typeof m !== 'number') continue;
        const t = target(r);
        const met = m >= t && (typeof b !== 'number' || m > b);
        push(
          `| ${scope} | ${task} | ${metric} | ${f4(r)} | ${f4(t)} | ${f4(m)} | ${f4(b)} | ${met ? 'yes' : `**no** (${f4(m - t)})`} |`,
        );
      }
    }
  }
  push('');
  push(
    '| scope | trace2code rows | repomap R@20 / MRR / BCY@8k | BM25 R@20 / MRR / BCY@8k | above BM25 on all three |',
  );
  push('| --- | ---: | --- | --- | --- |');
  for (const [scope, suffix] of scopes) {
    const mine = summary(`repomap${suffix}`)?.tasks.trace2code;
    const bm25 = summary(`bm25${suffix}`)?.tasks.trace2code;
    if (!mine || !bm25) continue;
    const three = (g) => ['Recall@20', 'MRR', 'BCY@8000'].map((k) => f4(g.metrics[k])).join(' / ');
    const above = ['Recall@20', 'MRR', 'BCY@8000'].every(
      (k) => mine.metrics[k] > bm25.metrics[k] || (k === 'Recall@20' && mine.metrics[k] === 1),
    );
    push(`| ${scope} | ${mine.scored} | ${three(mine)} | ${three(bm25)} | ${above ? 'yes' : '**no**'} |`);
  }
  push('');
  push(
    "RRF is the contract's (k = 60, equal weights); RRF 7:1 weighs repomap's list 7 times BM25's (`repomap fuse --weights 7,1`), the smallest weight of 1..8 whose fusion beat repomap alone on both metrics on the held-in half.",
    '',
  );
  push('| scope | fusion | fusion MRR / R@20 | repomap | BM25 | above both |');
  push('| --- | --- | --- | --- | --- | --- |');
  for (const [scope, suffix] of scopes) {
    for (const [label, name] of [
      ['RRF', 'rrf'],
      ['RRF 7:1', 'rrf-w7'],
    ]) {
      const [rrf, mine, bm25] = [name, 'repomap', 'bm25'].map((n) => summary(`${n}${suffix}`)?.overall.metrics);
      if (!rrf || !mine || !bm25) continue;
      const two = (m) => `${f4(m.MRR)} / ${f4(m['Recall@20'])}`;
      const above = ['MRR', 'Recall@20'].every((k) => rrf[k] > mine[k] && rrf[k] > bm25[k]);
      push(`| ${scope} | ${label} | ${two(rrf)} | ${two(mine)} | ${two(bm25)} | ${above ? 'yes' : '**no**'} |`);
    }
  }
  push('');
}

push('## Selective (abstention)', '');
push(
  'Dev positives + counterfactual no-gold samples; threshold chosen by 5-fold repository-grouped cross-validation.',
  '',
);
push(
  '| method | balanced acc. | selective success@20 | coverage | positive pass | no-gold abstain | never-abstain success@20 |',
);
push('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [label, name] of full) {
  const sel = summary(name)?.selective;
  if (!sel) continue;
  push(
    `| ${label} | ${f4(sel.balancedAccuracy)} | ${f4(sel.selectiveSuccessAt20)} | ${f4(sel.coverage)} | ${f4(sel.positivePassRate)} | ${f4(sel.noGoldAbstentionRate)} | ${f4(sel.baseline.selectiveSuccessAt20)} |`,
  );
}
push('', 'RRF rows carry no confidence, so RRF has no selective report.', '');

push('## Runs', '');
push('| run | command | wall s | peak MiB | measured by |');
push('| --- | --- | ---: | ---: | --- |');
for (const name of [
  'repomap',
  'bm25',
  'rrf',
  'rrf-w7',
  'arb-repomap',
  'arb-bm25',
  'repomap.baseline-rows',
  'bm25.baseline-rows',
  'rrf.baseline-rows',
]) {
  const s = summary(name);
  if (!s) continue;
  const c = cost(name, s);
  push(
    `| ${name} | \`${s.command.replaceAll(process.cwd() + '/', '')}\` | ${c ? c.wall.toFixed(0) : ''} | ${c ? c.rss.toFixed(0) : ''} | ${c?.source ?? ''} |`,
  );
}
process.stdout.write(lines.join('\n') + '\n');
