#!/usr/bin/env node
// Derived gold spans: copies the dev-set files and adds, to each row's `gold`,
// `gold_spans: [{path, start_line, end_line}]`: the lines *at the base commit*
// that the row's change (`base_commit..metadata.commit`) touched in each gold
// file, from the old side of `git diff -U0`. Line numbers only; no file text
// is written.
//
//   node bench/gold-spans.mjs DEV_DIR REPOS_DIR OUT_DIR
//
// - A hunk `-L,N` (N ≥ 1) gives lines L..L+N-1.
// - A pure insertion `-L,0` (new lines after old line L; L = 0 at the top of
//   the file) gives [L, L+1], the two lines around the insertion point, clipped
//   to the file (a file's last line stands alone; the top of a file is line 1):
//   a reader needs the place where the code goes, and neither neighbour alone
//   says which side of it the code lands.
// - Spans of one file are sorted and merged when they overlap or touch.
// - Gold files: every path of the gold list fields (`files`, `related_tests`,
//   `root_cause_files`, `must_context_files`, `context_files`) that is not in
//   `given_files`; a superset of the scorer's first-rule-wins set. A gold file
//   the change did not touch gets no span (counted in the summary).
// - Rows without `metadata.commit` are copied unchanged and counted.
// git runs through execFileSync with explicit arguments (no shell); output is
// deterministic (same rows, same order, same key order as the input plus
// `gold.gold_spans` last).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const FILES = ['code2test.jsonl', 'edit2ripple.jsonl', 'trace2code.jsonl'];
const GOLD_FIELDS = ['files', 'related_tests', 'root_cause_files', 'must_context_files', 'context_files'];
const COMMIT_RE = /^[0-9a-fA-F]{40}$/;
const HUNK_RE = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/;

const [devArg, reposArg, outArg] = process.argv.slice(2);
if (!devArg || !reposArg || !outArg) {
  process.stderr.write('usage: node bench/gold-spans.mjs DEV_DIR REPOS_DIR OUT_DIR\n');
  process.exit(2);
}
const dev = resolve(devArg);
const reposDir = resolve(reposArg);
const out = resolve(outArg);
if (out === dev) fail(`OUT_DIR must differ from DEV_DIR (${dev})`);

function fail(message) {
  process.stderr.write(`gold-spans: ${message}\n`);
  process.exit(1);
}

/** The git directory of `owner/name` under REPOS_DIR (the layouts `repomap eval` accepts). */
const gitDirs = new Map();
function gitDirOf(repo) {
  if (gitDirs.has(repo)) return gitDirs.get(repo);
  const [owner, name] = repo.split('/');
  const candidates = [
    join(reposDir, `${owner}+${name}`, 'repo'),
    join(reposDir, `${owner}+${name}`),
    join(reposDir, owner, name),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'HEAD')) || existsSync(join(dir, '.git')));
  if (!found) fail(`repository ${repo} not found (tried ${candidates.join(', ')})`);
  gitDirs.set(repo, found);
  return found;
}

function git(repo, args) {
  const dir = gitDirOf(repo);
  try {
    return execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    fail(`git ${args.join(' ')} in ${dir} failed: ${String(err.stderr ?? err.message).trim()}`);
  }
}

/** Lines of a blob at a commit: newline count, plus one for a last line without a newline. */
function lineCount(repo, commit, path) {
  const text = git(repo, ['cat-file', 'blob', `${commit}:${path}`]);
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Old-side line spans [start, end] of the change to `path`, merged, in line order. */
function changedSpans(repo, base, commit, path) {
  const diff = git(repo, [
    '-c',
    'core.quotePath=false',
    'diff',
    '-U0',
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--no-renames',
    base,
    commit,
    '--',
    path,
  ]);
  const spans = [];
  let lines;
  for (const line of diff.split('\n')) {
    const m = HUNK_RE.exec(line);
    if (!m) continue;
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    if (count > 0) {
      spans.push([start, start + count - 1]);
    } else {
      lines ??= lineCount(repo, base, path);
      const lo = Math.max(1, start);
      const hi = Math.min(start + 1, Math.max(lines, 1));
      spans.push([lo, Math.max(lo, hi)]);
    }
  }
  spans.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1] + 1) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  return merged;
}

function goldPaths(gold) {
  const given = new Set(Array.isArray(gold.given_files) ? gold.given_files : []);
  const out = [];
  for (const field of GOLD_FIELDS) {
    const list = gold[field];
    if (!Array.isArray(list)) continue;
    for (const p of list) if (typeof p === 'string' && p !== '' && !given.has(p) && !out.includes(p)) out.push(p);
  }
  return out;
}

const stats = {
  rows: 0,
  rowsWithSpans: 0,
  rowsWithoutCommit: 0,
  filesWithSpans: 0,
  filesWithoutSpans: 0,
  spanLines: [],
};
const perFile = {};
const cache = new Map();
mkdirSync(out, { recursive: true });
for (const file of FILES) {
  const source = join(dev, file);
  if (!existsSync(source)) fail(`${source} does not exist`);
  const lines = readFileSync(source, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const counts = { rows: 0, rowsWithSpans: 0, filesWithoutSpans: 0 };
  const written = lines.map((text, i) => {
    const row = JSON.parse(text);
    const where = `${source}:${i + 1}`;
    stats.rows++;
    counts.rows++;
    const commit = row.metadata?.commit;
    if (typeof commit !== 'string' || !COMMIT_RE.test(commit)) {
      stats.rowsWithoutCommit++;
      return JSON.stringify(row);
    }
    if (typeof row.base_commit !== 'string' || !COMMIT_RE.test(row.base_commit))
      fail(`${where}: field "base_commit" must be a 40-hex commit id`);
    if (row.gold === null || typeof row.gold !== 'object') fail(`${where}: field "gold" must be an object`);
    const goldSpans = [];
    for (const path of goldPaths(row.gold)) {
      const key = `${row.repo}\0${row.base_commit}\0${commit}\0${path}`;
      if (!cache.has(key)) cache.set(key, changedSpans(row.repo, row.base_commit, commit, path));
      const spans = cache.get(key);
      if (spans.length === 0) {
        stats.filesWithoutSpans++;
        counts.filesWithoutSpans++;
      } else {
        stats.filesWithSpans++;
        let n = 0;
        for (const [s, e] of spans) {
          goldSpans.push({ path, start_line: s, end_line: e });
          n += e - s + 1;
        }
        stats.spanLines.push(n);
      }
    }
    if (goldSpans.length > 0) {
      stats.rowsWithSpans++;
      counts.rowsWithSpans++;
    }
    row.gold = { ...row.gold, gold_spans: goldSpans };
    return JSON.stringify(row);
  });
  writeFileSync(join(out, file), written.map((l) => l + '\n').join(''));
  perFile[file] = counts;
}

const sorted = [...stats.spanLines].sort((a, b) => a - b);
const median =
  sorted.length === 0
    ? 0
    : sorted.length % 2
      ? sorted[(sorted.length - 1) / 2]
      : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const total = sorted.reduce((a, b) => a + b, 0);
process.stderr.write(
  [
    `gold-spans: ${stats.rows} rows -> ${out}`,
    ...Object.entries(perFile).map(
      ([f, c]) => `  ${f}: ${c.rows} rows, ${c.rowsWithSpans} with spans, ${c.filesWithoutSpans} gold files without`,
    ),
    `  rows with spans: ${stats.rowsWithSpans}; rows without metadata.commit (copied unchanged): ${stats.rowsWithoutCommit}`,
    `  gold files with spans: ${stats.filesWithSpans}; without (the change did not touch them): ${stats.filesWithoutSpans}`,
    `  changed lines per gold file with spans: median ${median}, mean ${(total / Math.max(1, sorted.length)).toFixed(1)}, max ${sorted[sorted.length - 1] ?? 0}`,
    '',
  ].join('\n'),
);
