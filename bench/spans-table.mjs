#!/usr/bin/env node
// Writes the Markdown table of a bench/spans.sh run (on stdout) from the
// summaries in OUT_DIR: the span pack against the whole-file pack at each
// budget, per task: gold-file yield (pack BCY, beside the contract's BCY of
// the same ranking) and line recall / precision / F1 against the gold spans.
//
//   node bench/spans-table.mjs OUT_DIR "bench/spans.sh ARGS" > OUT_DIR/TABLE.md
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [out, invocation = 'bench/spans.sh'] = process.argv.slice(2);
if (!out) {
  process.stderr.write('usage: node bench/spans-table.mjs OUT_DIR [INVOCATION]\n');
  process.exit(2);
}
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const commit = git('rev-parse', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)bench/results') !== '';
const read = (name) => JSON.parse(readFileSync(join(out, `${name}.summary.json`), 'utf8'));
const evalSummary = read('repomap');
const scoreSummary = read('score');
const spans = evalSummary.spans;
if (!spans) {
  process.stderr.write(
    `spans-table: ${join(out, 'repomap.summary.json')} has no "spans" section (was eval run with --pack-budgets?)\n`,
  );
  process.exit(1);
}
// The score side must give the eval side's numbers: both score the same rows with the same code.
if (JSON.stringify(scoreSummary.spans) !== JSON.stringify(spans)) {
  process.stderr.write('spans-table: repomap score and repomap eval disagree on the span metrics\n');
  process.exit(1);
}

const f4 = (v) => (typeof v === 'number' ? v.toFixed(4) : '');
const lines = [];
const push = (...l) => lines.push(...l);
const label = { pack: 'span pack', pack_whole: 'whole files' };
const groups = [...Object.entries(spans.tasks).filter(([, g]) => g.positives > 0), ['overall', spans.overall]];
const bcyOf = (name, b) => (name === 'overall' ? evalSummary.overall : evalSummary.tasks[name])?.metrics?.[`BCY@${b}`];

push('# Context packs against the gold spans', '');
push(
  `Commit \`${commit.slice(0, 7)}\`${dirty ? ' (with uncommitted changes)' : ''}; made by \`${invocation}\`:`,
  '',
  '```sh',
  evalSummary.command,
  scoreSummary.command,
  '```',
  '',
);
push(
  `Samples: ${evalSummary.samples} (${spans.overall.positives} positives, ${spans.overall.withSpans} with gold spans, ` +
    `${spans.overall.goldFilesWithoutSpans} gold files without a span); ${evalSummary.snapshots} snapshots, ` +
    `${(evalSummary.wall_ms / 1000).toFixed(0)} s wall, peak ${evalSummary.peak_rss_mb} MiB` +
    `${evalSummary.repo_list ? `; repositories of ${evalSummary.repo_list.source}` : ''}` +
    `${evalSummary.pack ? `; pack tokenizer \`${evalSummary.pack.tokenizer}\`` : ''}.`,
  '',
);
push(
  "Gold spans are the lines at the base commit that the sample's change edited (`bench/gold-spans.mjs`): a proxy for the evidence an agent needs, not the evidence itself. " +
    '"BCY" is the contract\'s BCY of the ranking (regex tokens, whole files in rank order); "pack BCY" counts a gold file when the pack holds at least one of its lines. ' +
    'Line recall = packed ∩ gold lines / gold lines; precision = packed ∩ gold lines / all packed lines (every file); F1 per sample; all means over samples.',
  '',
  '"span pack" is `index.pack` (spans by value per token, small files whole, heads of files without spans); "whole files" is `packWholeFiles` on the same ranking: ' +
    'whole files in rank order, a file too large for what is left skipped, never cut. Both render headers, fences and line numbers and leave given files out; ' +
    "the ranking's BCY instead counts a gold file whose token prefix fits, so it is not the whole-file pack's yield.",
  '',
);
for (const b of spans.budgets) {
  push(`## ${b} tokens`, '');
  push(
    '| task | positives | pack | BCY (ranking) | pack BCY | line recall | line precision | line F1 | packed / line-scored |',
  );
  push('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, g] of groups) {
    for (const field of spans.fields) {
      const p = g.packs[field]?.[String(b)];
      const m = p?.metrics ?? {};
      push(
        `| ${name} | ${g.positives} | ${label[field] ?? field} | ${f4(bcyOf(name, b))} | ${f4(m.PackBCY)} | ${f4(m.LineRecall)} | ${f4(m.LinePrecision)} | ${f4(m.LineF1)} | ${p?.packed ?? 0} / ${p?.lineScored ?? 0} |`,
      );
    }
  }
  push('');
}
process.stdout.write(lines.join('\n'));
