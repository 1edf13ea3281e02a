#!/usr/bin/env node
// The Markdown table of an issue ablation run (on stdout): per configuration of
// CONFIG_DIR (default bench/issues-ablation; bench/issues-sweep for the sweep), Acc@1 / Acc@5 / MRR on the whole issue set, each half and each
// language, from the per-sample scores bench/ablation.mjs wrote (NAME.samples.jsonl).
//
//   node bench/issues-ablation-table.mjs OUT_DIR SAMPLES.jsonl "INVOCATION" [CONFIG_DIR] > OUT_DIR/TABLE.md
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cell, columnMeans, issueGroups, readJsonl } from './issues-groups.mjs';

const [out, samplesFile, invocation = 'bench/issues-ablation.sh', configDir] = process.argv.slice(2);
if (!out || !samplesFile) {
  process.stderr.write('usage: node bench/issues-ablation-table.mjs OUT_DIR SAMPLES.jsonl [INVOCATION] [CONFIG_DIR]\n');
  process.exit(2);
}
const samples = new Map(readJsonl(samplesFile).map((s) => [s.id, s]));
const configs = configDir ?? join(new URL('.', import.meta.url).pathname, 'issues-ablation');
const names = readdirSync(configs)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort((a, b) => (a === 'defaults' ? -1 : b === 'defaults' ? 1 : a < b ? -1 : 1))
  .filter((n) => existsSync(join(out, `${n}.samples.jsonl`)));
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const metrics = ['Acc@1', 'Acc@5', 'MRR'];
const header = issueGroups(readJsonl(join(out, `${names[0]}.samples.jsonl`)), samples, { languageHalves: false }).map(
  ([g, rows]) => `${g} (${rows.length})`,
);
const lines = [
  '# Issue ablation (issue2code)',
  '',
  `Command: \`${invocation}\` at ${git('rev-parse', '--short', 'HEAD')}. Each configuration of ${configDir ?? 'bench/issues-ablation'} changes the defaults in one place (off-*: a signal switched off; alone-*: one signal alone); cells are Acc@1 / Acc@5 / MRR.`,
  '',
  `| configuration | ${header.join(' | ')} |`,
  `| --- | ${header.map(() => '---').join(' | ')} |`,
];
for (const name of names) {
  const description = JSON.parse(readFileSync(join(configs, `${name}.json`), 'utf8')).description ?? '';
  const groups = issueGroups(readJsonl(join(out, `${name}.samples.jsonl`)), samples, { languageHalves: false });
  const cells = groups.map(([, rows]) => {
    const m = columnMeans(rows, metrics);
    return metrics.map((k) => cell(m[k])).join(' / ');
  });
  lines.push(`| ${name}: ${description} | ${cells.join(' | ')} |`);
}
process.stdout.write(lines.join('\n') + '\n');
