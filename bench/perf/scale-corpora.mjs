// Corpora of the scale curve (scale.mjs): unions of whole repository trees at fixed
// commits, picked from the sample sets' base commits so that every point is
// reproducible from the mirrors. Each repository contributes its newest base commit
// first (round 0), then its oldest (round 1), then the one nearest the middle in time
// (round 2), and so on: later rounds add older snapshots of the same repositories as
// sub-folders of their own, which is how the largest points get past the ~50k files the
// newest trees hold together.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseCommits, gitDirOf, materialize, readDevRows, treeFileCount } from './corpora.mjs';

/** Rows of the dev set's task files and of the issue set (issue2code.jsonl), when present. */
export function readSampleRows(devDir, issuesDir) {
  const rows = readDevRows(devDir);
  const issues = join(issuesDir, 'issue2code.jsonl');
  if (existsSync(issues))
    for (const line of readFileSync(issues, 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line));
  return rows;
}

/**
 * Commits in the order the rounds take them: newest, oldest, then repeatedly the one in the
 * middle of the widest gap (in list positions) between commits already taken. `commits`
 * is oldest first.
 */
export function spreadOrder(commits) {
  if (commits.length <= 2) return [...commits].reverse();
  const taken = [commits.length - 1, 0];
  while (taken.length < commits.length) {
    const sorted = [...taken].sort((a, b) => a - b);
    let best = null;
    for (let i = 1; i < sorted.length; i++) {
      const gap = sorted[i] - sorted[i - 1];
      if (gap > 1 && (best === null || gap > best.gap)) best = { gap, at: sorted[i - 1] + Math.floor(gap / 2) };
    }
    taken.push(best.at);
  }
  return taken.map((i) => commits[i]);
}

/**
 * Every repository of `rows` that has a mirror under `reposDir`, with its base commits in
 * round order and each tree's file count, for rounds 0..maxRounds-1:
 * [{ repo, commit, round, files }].
 */
export function scaleCandidates(rows, reposDir, maxRounds = 3) {
  const repos = [...new Set(rows.map((r) => r.repo))].sort();
  const out = [];
  for (const repo of repos) {
    let gitDir;
    try {
      gitDir = gitDirOf(reposDir, repo);
    } catch {
      continue; // not fetched here: the union is made of what is
    }
    const ordered = spreadOrder(baseCommits(rows, reposDir, repo)).slice(0, maxRounds);
    ordered.forEach((commit, round) => out.push({ repo, commit, round, files: treeFileCount(gitDir, commit) }));
  }
  return out;
}

/**
 * The union for a point of about `target` files: candidates in round order (round, then
 * fewest files, then name), cut at the prefix whose total file count is nearest the target
 * (the shorter one on a tie). So every smaller point is a prefix of every larger one, and
 * the smallest points hold the smallest repositories whole. Members get a sub-folder
 * `owner+name@commit7`.
 */
export function pickUnion(candidates, target) {
  const ordered = [...candidates].sort(
    (a, b) => a.round - b.round || a.files - b.files || (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0),
  );
  let total = 0;
  let cut = 0;
  let bestDistance = Math.abs(target);
  for (let i = 0; i < ordered.length; i++) {
    total += ordered[i].files;
    const distance = Math.abs(total - target);
    if (distance < bestDistance) {
      bestDistance = distance;
      cut = i + 1;
    }
    if (total > target) break;
  }
  return ordered.slice(0, cut).map((c) => ({ ...c, sub: `${c.repo.replace('/', '+')}@${c.commit.slice(0, 7)}` }));
}

/**
 * Writes the union's trees into `folder` unless `reuse` and the manifest beside it
 * (`folder.json`) already lists the same members. Returns whether it was reused and the
 * paths left out because the mirror lacks their blobs (kept in `folder.skipped.json`).
 */
export function materializeUnion(folder, members, reposDir, reuse) {
  const manifest = `${folder}.json`;
  const skippedFile = `${folder}.skipped.json`;
  const wanted = JSON.stringify(members.map(({ repo, commit, sub }) => ({ repo, commit, sub })));
  if (
    reuse &&
    existsSync(folder) &&
    existsSync(manifest) &&
    existsSync(skippedFile) &&
    readFileSync(manifest, 'utf8') === wanted
  ) {
    return { reused: true, skipped: JSON.parse(readFileSync(skippedFile, 'utf8')) };
  }
  for (const f of [manifest, skippedFile]) rmSync(f, { force: true });
  rmSync(folder, { recursive: true, force: true });
  const skipped = materialize(folder, members, reposDir);
  writeFileSync(skippedFile, JSON.stringify(skipped));
  writeFileSync(manifest, wanted);
  return { reused: false, skipped };
}

/** Distinct blob ids over the members' trees: how many different file contents the union holds. */
export function distinctContents(members, reposDir) {
  const ids = new Set();
  for (const m of members) {
    const listing = execFileSync('git', ['--git-dir', gitDirOf(reposDir, m.repo), 'ls-tree', '-r', '-z', m.commit], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    for (const entry of listing.split('\0')) {
      const [meta] = entry.split('\t');
      const parts = meta.split(' ');
      if (parts[1] === 'blob') ids.add(parts[2]);
    }
  }
  return ids.size;
}
