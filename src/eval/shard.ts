/**
 * Shards of an evaluation run (`repomap eval --shard i/n`): the samples split
 * by repository, so that a repository's snapshots stay in one shard and are
 * still built one from the other. Repositories are taken by sample count,
 * most first (ties in byte order of `owner/name`), each into the shard with
 * the fewest samples so far (ties to the lowest number): deterministic for a
 * given sample set, and balanced to within one repository's samples. Every
 * shard of a run must therefore be given the same samples (`--samples`,
 * `--repo-list`); the shards' details rows then partition the run's rows.
 */
import { RepoMapError } from '../errors.js';
import { compareByteOrder } from '../text/order.js';

/** The `index`-th (1-based) of `count` shards. */
export interface Shard {
  index: number;
  count: number;
}

/** The shard (1-based) of each repository of `samples` (see the module comment). */
export function assignShards(samples: readonly { repo: string }[], count: number): Map<string, number> {
  if (!(Number.isSafeInteger(count) && count >= 1))
    throw new RepoMapError('bad-option', `repomap/eval: shard count must be a whole number ≥ 1, got ${count}`, 'shard');
  const sizes = new Map<string, number>();
  for (const s of samples) sizes.set(s.repo, (sizes.get(s.repo) ?? 0) + 1);
  const repos = [...sizes].sort((a, b) => b[1] - a[1] || compareByteOrder(a[0], b[0]));
  const load = new Array<number>(count).fill(0);
  const shardOf = new Map<string, number>();
  for (const [repo, size] of repos) {
    let lightest = 0;
    for (let i = 1; i < count; i++) if ((load[i] as number) < (load[lightest] as number)) lightest = i;
    load[lightest] = (load[lightest] as number) + size;
    shardOf.set(repo, lightest + 1);
  }
  return shardOf;
}

/** The samples of one shard, in input order, and how many repositories they belong to. */
export function shardSamples<T extends { repo: string }>(
  samples: readonly T[],
  shard: Shard,
): { samples: T[]; repositories: number } {
  if (!(Number.isSafeInteger(shard.index) && shard.index >= 1 && shard.index <= shard.count)) {
    throw new RepoMapError(
      'bad-option',
      `repomap/eval: a shard is i/n with whole numbers 1 ≤ i ≤ n, got ${shard.index}/${shard.count}`,
      'shard',
    );
  }
  const shardOf = assignShards(samples, shard.count);
  const kept = samples.filter((s) => shardOf.get(s.repo) === shard.index);
  return { samples: kept, repositories: new Set(kept.map((s) => s.repo)).size };
}
