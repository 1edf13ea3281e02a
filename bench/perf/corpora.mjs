// Corpora of the performance bench: which dev-set repositories and commits they
// hold, their materialization into plain folders (`git archive | tar -x`, so the
// cold index, the I/O floor and ctags read the very same files) and the dev-set
// queries ranked on them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TASK_FILES = ['code2test.jsonl', 'edit2ripple.jsonl', 'trace2code.jsonl'];

/** Dev-set rows of every task file, in file order (code2test, edit2ripple, trace2code). */
export function readDevRows(devDir) {
  const rows = [];
  for (const name of TASK_FILES) {
    const file = join(devDir, name);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line));
  }
  if (rows.length === 0) throw new Error(`bench/perf: no dev-set rows in ${devDir} (${TASK_FILES.join(', ')})`);
  return rows;
}

/** The git directory of `owner/name` under REPOS_DIR (owner+name/repo, owner+name or owner/name). */
export function gitDirOf(reposDir, repo) {
  const [owner, name] = repo.split('/');
  for (const dir of [
    join(reposDir, `${owner}+${name}`, 'repo'),
    join(reposDir, `${owner}+${name}`),
    join(reposDir, owner, name),
  ]) {
    if (existsSync(join(dir, 'HEAD')) || existsSync(join(dir, '.git'))) return dir;
  }
  throw new Error(`bench/perf: no git repository for ${repo} under ${reposDir}`);
}

/** Distinct base commits of a repository's dev rows, oldest first by committer date. */
export function baseCommits(rows, reposDir, repo) {
  const gitDir = gitDirOf(reposDir, repo);
  const commits = [...new Set(rows.filter((r) => r.repo === repo).map((r) => r.base_commit))];
  const dated = commits.map((c) => ({ commit: c, time: Number(git(gitDir, ['log', '-1', '--format=%ct', c]).trim()) }));
  dated.sort((a, b) => a.time - b.time || (a.commit < b.commit ? -1 : 1));
  return dated.map((d) => d.commit);
}

/** Number of files in the tree of a commit (the size the corpus starts from). */
export function treeFileCount(gitDir, commit) {
  return git(gitDir, ['ls-tree', '-r', '--name-only', '-z', commit]).split('\0').filter(Boolean).length;
}

/**
 * Writes each member's tree at its commit into `folder/<sub>` (or `folder` itself for
 * a one-member corpus). Symlinks stay symlinks; the corpus skips them, ctags runs with
 * --links=no. A mirror may lack its largest blobs: such a tree is written without them
 * (through a scratch index, never touching the mirror). Returns the paths left out.
 */
export function materialize(folder, members, reposDir) {
  const skipped = [];
  for (const m of members) {
    const dest = m.sub ? join(folder, m.sub) : folder;
    mkdirSync(dest, { recursive: true });
    const gitDir = gitDirOf(reposDir, m.repo);
    const out = spawnSync(
      'sh',
      ['-c', 'git --git-dir="$1" archive --format=tar "$2" | tar -x -C "$3"', 'sh', gitDir, m.commit, dest],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    if (out.status === 0) continue;
    const missing = missingBlobs(gitDir, m.commit);
    if (missing.length === 0) throw new Error(`bench/perf: git archive ${m.repo}@${m.commit} failed: ${out.stderr}`);
    writeWithout(gitDir, m.commit, dest, missing);
    skipped.push(...missing.map((path) => (m.sub ? `${m.sub}/${path}` : path)));
  }
  return skipped;
}

/** Paths of the tree whose blobs the repository does not hold. */
function missingBlobs(gitDir, commit) {
  const entries = git(gitDir, ['ls-tree', '-r', '-z', commit])
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t');
      const [, type, id] = meta.split(' ');
      return { type, id, path };
    })
    .filter((e) => e.type === 'blob');
  const checked = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], {
    input: entries.map((e) => e.id).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  }).split('\n');
  return entries.filter((_, i) => checked[i]?.endsWith(' missing')).map((e) => e.path);
}

/** Checks the tree out into `dest` from a scratch index that leaves `missing` out. */
function writeWithout(gitDir, commit, dest, missing) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'repomap-index-'));
  const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
  try {
    execFileSync('git', ['--git-dir', gitDir, 'read-tree', commit], { env });
    execFileSync('git', ['--git-dir', gitDir, '--work-tree', dest, 'update-index', '--force-remove', '-z', '--stdin'], {
      env,
      input: missing.join('\0') + '\0',
    });
    execFileSync('git', ['--git-dir', gitDir, '--work-tree', dest, 'checkout-index', '-a', '-f'], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The queries ranked on a corpus: the dev rows of its repositories in file order,
 * cycled to `count`. In a corpus of several repositories each member sits in a
 * sub-folder, so the query's file lists get that prefix (other fields are text).
 */
export function queriesFor(rows, members, count) {
  const subOf = new Map(members.map((m) => [m.repo, m.sub]));
  const mine = rows.filter((r) => subOf.has(r.repo));
  if (mine.length === 0) return [];
  const out = [];
  for (let i = 0; i < count; i++) {
    const row = mine[i % mine.length];
    out.push({ id: row.id, task: row.task_type, query: prefixFiles(row.query, subOf.get(row.repo)) });
  }
  return out;
}

function prefixFiles(query, sub) {
  if (!sub || typeof query !== 'object' || query === null) return query;
  const out = {};
  for (const [key, value] of Object.entries(query)) {
    out[key] =
      /files$/.test(key) && Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? `${sub}/${v}` : v))
        : value;
  }
  return out;
}

/** Every regular file under a folder (symlinks not followed), relative paths. */
export function listFiles(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath ?? d.path, d.name));
}

function git(gitDir, args) {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
}
