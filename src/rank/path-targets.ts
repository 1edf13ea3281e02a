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
import type { Cue } from '../types.js';
import type { RankContext } from './context.js';

/** The most files a path's matches are checked against its line (see above). */
export const LINE_CHECK_MAX_MATCHES = 64;

/** Sorted corpus paths a `path`, `frame` or `given-file` cue names, and how many its path matched (see above). */
export function pathTargets(cue: Pick<Cue, 'kind' | 'value' | 'line'>, ctx: Pick<RankContext, 'pathIndex' | 'indexOf' | 'lineCount'>): { paths: string[]; among: number } {
  const matches = ctx.pathIndex.match(cue.value);
  const among = matches.length;
  const line = cue.line;
  if (line === undefined || among === 0 || among > LINE_CHECK_MAX_MATCHES || cue.kind === 'given-file') return { paths: matches, among };
  const holding = matches.filter((p) => ctx.lineCount(ctx.indexOf(p)) >= line);
  if (holding.length > 0) return { paths: holding, among };
  return { paths: isBareFileName(cue.value) ? [] : matches, among };
}

/** Whether a written path is a file name alone (`index.js`, `index.js:12`), with no folder. */
function isBareFileName(written: string): boolean {
  return !/[\\/]/.test(written.trim());
}
