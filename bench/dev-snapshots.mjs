// Dev-set snapshots shared by the benches that read one snapshot per repository
// (bench/imports.mjs, bench/grammars.mjs): the base commits each repository has in
// the dev set, and the newest of them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Distinct base commits per repository, over the dev set's sample files (an empty Map when there are none). */
export function baseCommits(devDir) {
  const byRepo = new Map();
  for (const file of ['code2test.jsonl', 'edit2ripple.jsonl', 'trace2code.jsonl']) {
    const path = join(devDir, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const s = JSON.parse(line);
      if (!byRepo.has(s.repo)) byRepo.set(s.repo, new Set());
      byRepo.get(s.repo).add(s.base_commit);
    }
  }
  return byRepo;
}

/** The newest of `commits` by committer date (ties: the larger id). */
export function newest(gitDir, commits) {
  const out = execFileSync('git', ['-C', gitDir, 'show', '-s', '--format=%ct %H', ...commits], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return out
    .trim()
    .split('\n')
    .map((l) => l.split(' '))
    .sort((a, b) => Number(b[0]) - Number(a[0]) || (a[1] < b[1] ? 1 : -1))[0][1];
}
