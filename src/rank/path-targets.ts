/**
 * The corpus files a path cue names: those its written path matches by suffix
 * (`PathSuffixIndex.match`), less those too short to hold the line it gives. A file too
 * short to hold the line is another file of that name (a bundle's `index.js:4247` is no
 * 150-line `index.js`; `globset-0.4.8/src/lib.rs:421` is none of a workspace's short
 * `src/lib.rs`), so when some match holds the line the others go. When none does, a path
 * written with folders still names its matches (the reporter's copy may be another
 * version, longer than this one), and a bare file name names none of them.
 *
 * `among` is how many files the path matched before the line was checked: the cue's
 * weight is split among them as before, and the files that cannot hold the line lose
 * their share rather than pass it to the others (a user's own `index.rst:28`, matched to
 * a hundred `index.rst` of the corpus, does not become strong evidence for the few that
 * are longer). A path that matches more than `LINE_CHECK_MAX_MATCHES` files is not checked:
 * counting lines reads each file's text (from disk, for a loaded snapshot's folder), and
 * the cue's share of each is small already.
 */
import { frameOrigin, type PathSuffixIndex } from '../cues/index.js';
import type { Cue } from '../types.js';
import type { RankContext } from './context.js';

/** The most files a path's matches are checked against its line (see above). */
export const LINE_CHECK_MAX_MATCHES = 64;

/** The files a path cue names, how many its path matched, and the cue's strength for them. */
export interface PathTargets {
  paths: string[];
  among: number;
  /** `repoStrength` when the path is the repository's own file in an install of it, else the cue's strength. */
  strength: number;
}

/**
 * Sorted corpus paths a `path`, `frame` or `given-file` cue names, and how many its path
 * matched (see above). A path in an installed package or a toolchain (`frameOrigin`) names
 * the repository's file when the repository is that package or toolchain, and is then one
 * of the repository's frames (`repoStrength`); a toolchain's path names nothing else.
 */
export function pathTargets(
  cue: Pick<Cue, 'kind' | 'value' | 'line' | 'strength' | 'repoStrength'>,
  ctx: Pick<RankContext, 'pathIndex' | 'indexOf' | 'lineCount'>,
): PathTargets {
  const origin = cue.kind === 'given-file' ? undefined : frameOrigin(cue.value);
  if (origin) {
    const own =
      origin.kind === 'installed'
        ? endingWith(ctx.pathIndex, origin.rest)
        : endingWith(ctx.pathIndex, origin.source).filter((p) => p === origin.source);
    if (own.length > 0) return { ...lineChecked(cue, own, ctx), strength: cue.repoStrength ?? cue.strength };
    if (origin.kind === 'toolchain') return { paths: [], among: 0, strength: cue.strength };
  }
  return { ...lineChecked(cue, ctx.pathIndex.match(cue.value), ctx), strength: cue.strength };
}

/** The corpus paths that end with all of `rest`'s segments. */
function endingWith(index: PathSuffixIndex, rest: string): string[] {
  return index.candidates(rest).filter((p) => p === rest || p.endsWith(`/${rest}`));
}

/** `matches` less those too short to hold the cue's line (see above). */
function lineChecked(
  cue: Pick<Cue, 'kind' | 'value' | 'line'>,
  matches: string[],
  ctx: Pick<RankContext, 'indexOf' | 'lineCount'>,
): { paths: string[]; among: number } {
  const among = matches.length;
  const line = cue.line;
  if (line === undefined || among === 0 || among > LINE_CHECK_MAX_MATCHES || cue.kind === 'given-file')
    return { paths: matches, among };
  const holding = matches.filter((p) => ctx.lineCount(ctx.indexOf(p)) >= line);
  if (holding.length > 0) return { paths: holding, among };
  return { paths: isBareFileName(cue.value) ? [] : matches, among };
}

/** Whether a written path is a file name alone (`index.js`, `index.js:12`), with no folder. */
function isBareFileName(written: string): boolean {
  return !/[\\/]/.test(written.trim());
}
