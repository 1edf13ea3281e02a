// What the history replay benches share (bench/issues-churn.mjs, bench/issues-commits.mjs):
// their command line, and the commits before a row's commit, read as co-change reads them
// (at most 2,000, merges and commits of more than 30 files left out), once per snapshot.
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonl } from './issues-groups.mjs';

/**
 * The command line REPOS_DIR SAMPLES.jsonl DUMP.jsonl (DUMP: an issues-replay.mjs dump):
 * the dump's rows, and `historyOf(row)`, which gives `make(commits)` of the row's snapshot,
 * made once per snapshot; `commits` newest first, each { hash, fields, files } with
 * `fields` the values of `formats` (git log placeholders such as `%ct`, `%s`, `%B`).
 * Anything else prints the usage of the script at `scriptUrl` and exits 2. Needs the
 * built package (dist/).
 */
export async function historyReplay(scriptUrl, formats, make) {
  const [reposDir, samplesFile, dumpFile] = process.argv.slice(2);
  if (!dumpFile) {
    process.stderr.write(
      `usage: node bench/${basename(fileURLToPath(scriptUrl))} REPOS_DIR SAMPLES.jsonl DUMP.jsonl\n`,
    );
    process.exit(2);
  }
  const { locateRepository } = await import('../dist/src/eval/index.js');
  const { HISTORY_DEFAULTS } = await import('../dist/src/unstable.js');
  const rows = readJsonl(dumpFile);
  const samples = new Map(readJsonl(samplesFile).map((s) => [s.id, s]));
  const made = new Map();
  const byRow = new Map();
  for (const row of rows) {
    const sample = samples.get(row.id);
    const key = `${row.repo}@${sample.base_commit}`;
    if (!made.has(key))
      made.set(
        key,
        make(commitsBefore(await locateRepository(reposDir, row.repo), sample.base_commit, formats, HISTORY_DEFAULTS)),
      );
    byRow.set(row.id, made.get(key));
  }
  return { rows, samples, historyOf: (row) => byRow.get(row.id) };
}

function commitsBefore(gitDir, base, formats, bounds) {
  const format = `%x00%H%x01${formats.join('%x01')}%x02`;
  const out = execFileSync(
    'git',
    [
      '--git-dir',
      gitDir,
      'log',
      '--no-merges',
      '--no-renames',
      '--name-only',
      `--format=${format}`,
      `-n${bounds.maxCommits + 1}`,
      base,
      '--',
    ],
    { maxBuffer: 1 << 29 },
  ).toString();
  const commits = [];
  for (const entry of out.split('\0')) {
    if (!entry.includes('\x02')) continue;
    const [head, rest] = entry.split('\x02');
    const [hash, ...fields] = head.split('\x01');
    const files = rest.split('\n').filter(Boolean);
    if (hash === base || files.length === 0 || files.length > bounds.maxCommitFiles) continue;
    commits.push({ hash, fields, files });
  }
  return commits;
}
