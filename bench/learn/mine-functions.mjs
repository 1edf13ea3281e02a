#!/usr/bin/env node
// Mines function gold for issue rows that have file gold only: the fix's own commit in the
// repository's mirror, its hunks' pre-image lines mapped to repomap's units (unitsOf and
// the `imports` lines of src/rank/functions.ts, over repomap's own tags). Writes each kept
// row with `gold.functions` (and `metadata.fix_commit`) to stdout; counts of skipped rows,
// by reason, to stderr. Run `npm run build` first; nothing of a repository is run.
//
//   node bench/learn/mine-functions.mjs SAMPLES.jsonl REPOS_DIR [--per-repo 2] [--max 300] > fn-gold.jsonl
//
// A row's id must end in `-<PR number>` (the SWE-bench-style sources). Its fix commit is the
// one commit of any ref whose subject ends `(#N)` or says `Merge pull request #N`, that
// descends from base_commit and whose diff (a merge's: from the merge base of its parents
// to the PR's head) touches every gold file. The hunks' pre-image lines are read against
// the file before the fix; a pure insertion counts for the unit holding the lines on both
// sides of it. A row is kept when 1-5 units changed and every one is a unit of the file at
// base_commit too (so the eval can find it); otherwise it is skipped and counted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildIndex, loadCorpus } from '../../dist/src/index.js';
import { locateRepository } from '../../dist/src/eval/index.js';
import { importLines, unitsOf } from '../../dist/src/unstable.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const perRepo = flag('--per-repo', 2);
const max = flag('--max', 300);
const [samplesFile, reposDir] = args;
if (!reposDir) {
  process.stderr.write(
    'usage: node bench/learn/mine-functions.mjs SAMPLES.jsonl REPOS_DIR [--per-repo 2] [--max 300] > fn-gold.jsonl\n',
  );
  process.exit(2);
}

const git = (gitDir, ...rest) =>
  execFileSync('git', ['--git-dir', gitDir, '-c', 'protocol.allow=never', '-c', 'core.fsmonitor=false', ...rest], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, GIT_NO_LAZY_FETCH: '1', GIT_TERMINAL_PROMPT: '0' },
  });
const tryGit = (gitDir, ...rest) => {
  try {
    return git(gitDir, ...rest);
  } catch {
    return null;
  }
};

/** The fix's pre-image and post-image commits, or a skip reason. */
function fixOf(gitDir, sample) {
  const pr = sample.id.match(/-(\d+)$/)?.[1];
  if (!pr) return { skip: 'no PR number in id' };
  if (tryGit(gitDir, 'cat-file', '-e', `${sample.base_commit}^{commit}`) === null)
    return { skip: 'base commit missing' };
  const log =
    tryGit(
      gitDir,
      'log',
      '--all',
      '--format=%H %P%x09%s',
      '-E',
      `--grep=(\\(#${pr}\\)|[Mm]erge pull request #${pr})`,
    ) ?? '';
  const subject = new RegExp(`\\(#${pr}\\)\\s*$|^Merge pull request #${pr}\\b`);
  const found = new Map();
  for (const line of log.split('\n')) {
    const [shas, s] = line.split('\t');
    if (!shas || !subject.test(s ?? '')) continue;
    const [sha, ...parents] = shas.split(' ');
    if (tryGit(gitDir, 'merge-base', '--is-ancestor', sample.base_commit, sha) === null) continue;
    let pre = parents[0];
    let post = sha;
    if (parents.length === 2) {
      pre = tryGit(gitDir, 'merge-base', parents[0], parents[1])?.trim();
      post = parents[1];
    }
    if (!pre || parents.length > 2) continue;
    const touched = new Set((tryGit(gitDir, 'diff', '--name-only', pre, post) ?? '').split('\n').filter(Boolean));
    if (!sample.gold.files.every((f) => touched.has(f))) continue;
    found.set(`${pre} ${post}`, { sha, pre, post });
  }
  if (found.size === 0) return { skip: 'no fix commit touching the gold files' };
  if (found.size > 1) return { skip: 'several fix commits' };
  return [...found.values()][0];
}

/** Pre-image lines each hunk of `file` changes: [from, to] (to < from: an insertion after line to). */
function hunksOf(gitDir, pre, post, file) {
  const diff = git(gitDir, 'diff', '-U0', '--no-ext-diff', '--no-textconv', pre, post, '--', file);
  const out = [];
  for (const m of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/gm)) {
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    out.push(count === 0 ? [start + 1, start] : [start, start + count - 1]);
  }
  return out;
}

/** Each file's units (name, own line ranges) and import lines, parsed by repomap from `commit`. */
async function unitsAt(gitDir, commit, files) {
  const dir = mkdtempSync(join(tmpdir(), 'mine-functions-'));
  try {
    for (const f of files) {
      const text = tryGit(gitDir, 'show', `${commit}:${f}`);
      if (text === null) continue;
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      writeFileSync(join(dir, f), text);
    }
    const index = await buildIndex(await loadCorpus({ folder: dir }), { parseJobs: 1, history: false });
    const byFile = new Map();
    for (const f of files) {
      const tags = index.tagsOf(f);
      if (!tags) continue;
      const units = unitsOf(tags.definitions);
      byFile.set(f, { units, imports: importLines(tags, units) });
    }
    return byFile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const inside = (ranges, line) => ranges.some(([a, b]) => a <= line && line <= b);

/** The ids (`path::Qualified.name`, `path::imports`) of the units a hunk's lines fall in. */
function changedUnits(file, parsed, hunks) {
  const ids = new Set();
  const at = (line) => {
    const u = parsed.units.find((x) => inside(x.ranges, line));
    if (u) return `${file}::${u.name}`;
    if (parsed.imports && parsed.imports.start <= line && line <= parsed.imports.end) return `${file}::imports`;
    return undefined;
  };
  for (const [from, to] of hunks) {
    if (to < from) {
      // an insertion between lines `to` and `from`: the unit holding both
      const a = at(to);
      if (a !== undefined && a === at(from)) ids.add(a);
      continue;
    }
    for (let line = from; line <= to; line++) {
      const id = at(line);
      if (id !== undefined) ids.add(id);
    }
  }
  return ids;
}

const samples = readFileSync(samplesFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
const skipped = new Map();
const skip = (reason) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
const kept = new Map();
let total = 0;
for (const sample of samples) {
  if (total >= max) break;
  if ((kept.get(sample.repo) ?? 0) >= perRepo) continue;
  if (!(sample.gold?.files?.length > 0)) {
    skip('no gold files');
    continue;
  }
  const gitDir = await locateRepository(reposDir, sample.repo);
  if (!gitDir) {
    skip('repository missing');
    continue;
  }
  const fix = fixOf(gitDir, sample);
  if (fix.skip) {
    skip(fix.skip);
    continue;
  }
  const before = await unitsAt(gitDir, fix.pre, sample.gold.files);
  const base = fix.pre === sample.base_commit ? before : await unitsAt(gitDir, sample.base_commit, sample.gold.files);
  const ids = new Set();
  for (const [file, parsed] of before)
    for (const id of changedUnits(file, parsed, hunksOf(gitDir, fix.pre, fix.post, file))) ids.add(id);
  const atBase = new Set();
  for (const [file, parsed] of base) {
    for (const u of parsed.units) atBase.add(`${file}::${u.name}`);
    if (parsed.imports) atBase.add(`${file}::imports`);
  }
  if (ids.size === 0) {
    skip('no unit changed (no tags, or module-level lines only)');
    continue;
  }
  if (ids.size > 5) {
    skip('more than 5 units changed');
    continue;
  }
  if (![...ids].every((id) => atBase.has(id))) {
    skip('a changed unit is not a unit at base_commit');
    continue;
  }
  const functions = [...ids].sort();
  const row = { ...sample, gold: { ...sample.gold, functions }, metadata: { ...sample.metadata, fix_commit: fix.sha } };
  process.stdout.write(JSON.stringify(row) + '\n');
  kept.set(sample.repo, (kept.get(sample.repo) ?? 0) + 1);
  total++;
  process.stderr.write(`${sample.id}: ${functions.length} units\n`);
}
process.stderr.write(
  `mine-functions: kept ${total} rows of ${kept.size} repositories; skipped: ${JSON.stringify(Object.fromEntries([...skipped].sort()))}\n`,
);
