/**
 * The `ignore` package turns each `**` between two slashes of a pattern into
 * `(?:\/[^\/]+)*`, and a leading `**` and slash into an unanchored start. With several of
 * them the backtracking engine tries every way to lay the path's folders across them, so
 * a pattern of ten `a/**` steps ending in `b` took minutes on a path of 40 folders. The
 * same regular expression, written so that each piece between two globstars commits to
 * its leftmost fit, gives the same verdicts in time linear in the path.
 *
 * Why the leftmost fit is enough: a piece between two globstars holds no globstar, so it
 * matches a fixed number of whole path segments, and what follows it (a globstar, then the
 * next piece) can start at any later segment. If any placement of the pieces matches,
 * moving each piece to its leftmost fit after the previous one still does. Only the last
 * piece, which must meet the end of the path, keeps a backtracking globstar: one, so its
 * cost is linear too.
 */

/** `ignore`'s translation of a `**` between two slashes in the middle of a pattern. */
const GLOBSTAR = '(?:\\/[^\\/]+)*';
/** The two starts `ignore` gives a pattern: anchored, or at any folder (a leading `**`, or no slash). */
const ANCHORED = '^';
const ANY_FOLDER = '(?:^|\\/)';

/**
 * The source of `ignore`'s regular expression for one pattern, rewritten to commit to the
 * leftmost fit of each piece between globstars (see above); `source` itself when it has
 * no globstar that can backtrack, or a shape this does not know.
 */
export function linearGlobstars(source: string): string {
  const pieces = splitAtGlobstars(source);
  if (pieces === null) return source;
  // consecutive globstars are one: `a`, `**`, `**`, `b` is `a`, `**`, `b`
  const kept = pieces.filter((piece, i) => i === 0 || i === pieces.length - 1 || piece !== '');
  const start = kept[0]!.startsWith(ANY_FOLDER) ? ANY_FOLDER : kept[0]!.startsWith(ANCHORED) ? ANCHORED : null;
  const globstars = kept.length - 1;
  const collapsed = kept.join(GLOBSTAR);
  if (start === null || globstars === 0 || (globstars === 1 && start === ANCHORED)) return collapsed;
  const first = kept[0]!.slice(start.length);
  // each piece after a globstar starts a segment, as `/**/` makes it; any other shape is only collapsed
  if (first === '' || kept.slice(1).some((piece) => !piece.startsWith('\\/'))) return collapsed;

  let group = 0;
  /** `piece`, placed at its leftmost fit after `skip` and ending where a segment ends, without backtracking into it. */
  const committed = (skip: string, piece: string): string => `(?=(${skip}*?${piece}(?=\\/)))\\${++group}`;
  let out = start === ANY_FOLDER ? `^${committed('(?:[^\\/]*\\/)', first)}` : `^${first}`;
  for (const piece of kept.slice(1, -1)) out += committed(GLOBSTAR.slice(0, -1), piece);
  return `${out}${GLOBSTAR}${kept.at(-1)!}`;
}

/**
 * `source` cut at each globstar group outside any other group, or null when it holds a
 * capturing group (the rewrite numbers its own), an alternative outside a group (the
 * pieces would not be whole), or no globstar. Escapes and character classes are stepped
 * over, so a `(` in them is not taken for a group.
 */
function splitAtGlobstars(source: string): string[] | null {
  const pieces: string[] = [];
  let from = 0;
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      i++;
    } else if (char === '[') {
      i++;
      if (source[i] === '^') i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if (char === '(') {
      if (source[i + 1] !== '?') return null;
      if (depth === 0 && source.startsWith(GLOBSTAR, i)) {
        pieces.push(source.slice(from, i));
        from = i + GLOBSTAR.length;
        i = from - 1;
      } else {
        depth++;
      }
    } else if (char === ')') {
      depth--;
    } else if (char === '|' && depth === 0) {
      return null;
    }
  }
  pieces.push(source.slice(from));
  return pieces.length > 1 ? pieces : null;
}
