/**
 * git's ownership rule, applied before repomap runs git on a repository: git refuses a
 * repository owned by another user ("dubious ownership") unless its own configuration
 * (`safe.directory`) allows it, because that repository's configuration could make git run
 * programs as the caller. `--git-dir`, which every repomap git call passes, skips git's
 * check, so repomap makes it first: a repository whose folders the caller owns passes at
 * once; any other is put to git itself (found from its folder, as a plain `git` command
 * in it would), which applies its rules and the caller's `safe.directory`.
 */
import { stat } from 'node:fs/promises';
import { RepoMapError } from '../errors.js';
import { runGitDiscovering } from './git-process.js';

/** Verdicts by folder for this process: ownership does not change under a run. */
const verdicts = new Map<string, Promise<void>>();

/**
 * Resolves when git would read the repository at `repo` (its folder: a working tree, or a
 * bare repository) whose git directory is `gitDir`; rejects with `unsafe-repository`
 * naming `safe.directory` when git refuses it for its owner.
 */
export function checkRepositoryOwner(repo: string, gitDir: string): Promise<void> {
  let verdict = verdicts.get(repo);
  if (!verdict) {
    verdict = decide(repo, gitDir);
    verdicts.set(repo, verdict);
    verdict.catch(() => verdicts.delete(repo)); // asked again next time: the owner may have been changed, or safe.directory added
  }
  return verdict;
}

async function decide(repo: string, gitDir: string): Promise<void> {
  const euid = process.geteuid?.();
  if (euid === undefined) return; // no owners to compare (Windows): git's own check is of another kind
  const owners = await Promise.all([repo, gitDir].map(async (path) => (await stat(path).catch(() => null))?.uid));
  if (owners.every((uid) => uid === undefined || ownedByCaller(uid, euid))) return;
  const answer = await runGitDiscovering(repo, ['rev-parse', '--git-dir']);
  if (!/dubious ownership/i.test(answer.stderr)) return;
  const owner = owners.find((uid) => uid !== undefined && !ownedByCaller(uid, euid));
  throw new RepoMapError(
    'unsafe-repository',
    `repomap/corpus: ${repo} is owned by another user (uid ${owner}; you are uid ${euid}), and git refuses such a repository: its configuration could run programs as you. ` +
      `repomap reads it only where git would: if you trust it, run git config --global --add safe.directory ${repo}`,
    repo,
  );
}

/** git's rule: the caller's own uid, or, for root, the uid of the user who ran sudo. */
function ownedByCaller(uid: number, euid: number): boolean {
  if (uid === euid) return true;
  const sudo = process.env.SUDO_UID;
  return euid === 0 && sudo !== undefined && /^\d+$/.test(sudo) && Number(sudo) === uid;
}
