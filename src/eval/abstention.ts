/**
 * Counterfactual abstention samples: a real query asked of the wrong
 * repository. Each one takes a positive sample's query and points it at a
 * different repository of the same language, at a base commit that repository
 * has in the same sample set, with `gold: {no_gold: true}`. The query is
 * about code that is not there, so the right answer is to abstain; a
 * retriever's confidence should be lower on these than on the originals.
 *
 * The task type is kept (the ranker runs in the same task mode as on the
 * original), and every choice is a hash of the sample id, so the set is the
 * same on every run.
 */
import { compareByteOrder } from '../text/order.js';
import type { Sample } from './samples.js';

/** The `gold.reason` (and `metadata.source`) of a counterfactual sample. */
export const COUNTERFACTUAL_REASON = 'counterfactual_wrong_repo';

export interface CounterfactualOptions {
  /** How many samples to make (default 100; fewer when the input has fewer usable samples). */
  count?: number;
  /** Language of a sample's repository (default: `metadata.language`); samples without one are not used. */
  languageOf?: (sample: Sample) => string | undefined;
}

export const COUNTERFACTUAL_DEFAULTS = { count: 100 } as const;

/** FNV-1a 32-bit of the UTF-16 code units of `s` (ids are ASCII). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function defaultLanguageOf(sample: Sample): string | undefined {
  const language = sample.metadata?.language;
  return typeof language === 'string' && language !== '' ? language : undefined;
}

/**
 * Builds counterfactual samples (see the module comment). Sources are taken
 * round-robin over the (repository, task type) groups in byte order, each
 * group's samples in id order, until `count` (so the input order does not matter); a sample whose language has no
 * other repository is skipped. The target repository is chosen among the
 * others of that language, and the base commit among the target's commits in
 * the input (byte order), both by a hash of the source id.
 */
export function counterfactualSamples(samples: readonly Sample[], options: CounterfactualOptions = {}): Sample[] {
  const count = options.count ?? COUNTERFACTUAL_DEFAULTS.count;
  const languageOf = options.languageOf ?? defaultLanguageOf;
  const reposByLanguage = new Map<string, Set<string>>();
  const commitsByRepo = new Map<string, Set<string>>();
  const groups = new Map<string, Sample[]>();
  for (const s of samples) {
    const language = languageOf(s);
    if (language === undefined) continue;
    let repos = reposByLanguage.get(language);
    if (!repos) reposByLanguage.set(language, (repos = new Set()));
    repos.add(s.repo);
    let commits = commitsByRepo.get(s.repo);
    if (!commits) commitsByRepo.set(s.repo, (commits = new Set()));
    commits.add(s.base_commit);
    const key = `${s.repo}\u0000${s.task_type}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(s);
  }
  const ordered = [...groups.keys()]
    .sort(compareByteOrder)
    .map((k) => (groups.get(k) as Sample[]).sort((a, b) => compareByteOrder(a.id, b.id)));
  const out: Sample[] = [];
  const longest = Math.max(0, ...ordered.map((g) => g.length));
  for (let round = 0; round < longest && out.length < count; round++) {
    for (const group of ordered) {
      if (out.length >= count) break;
      const source = group[round];
      if (!source) continue;
      const language = languageOf(source) as string;
      const others = [...(reposByLanguage.get(language) as Set<string>)]
        .filter((r) => r !== source.repo)
        .sort(compareByteOrder);
      if (others.length === 0) continue;
      const target = others[hash(source.id) % others.length] as string;
      const commits = [...(commitsByRepo.get(target) as Set<string>)].sort(compareByteOrder);
      const commit = commits[hash(`${source.id}:commit`) % commits.length] as string;
      out.push({
        id: `${source.id}-cf`,
        repo: target,
        base_commit: commit,
        task_type: source.task_type,
        query: source.query,
        gold: { no_gold: true, reason: COUNTERFACTUAL_REASON },
        metadata: { source: COUNTERFACTUAL_REASON, original_id: source.id, original_repo: source.repo, language },
      });
    }
  }
  return out;
}
