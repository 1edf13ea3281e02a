/**
 * Environment reports in issues. Issue templates ask for the reporter's versions
 * (`xr.show_versions()`, `pip list`, `sphinx --bug-report`, `npx envinfo`), and what they
 * paste is a long list of package names and versions: `numpy: 1.23.4`, `python-bits: 64`,
 * `pytest 7.1.3`. Read as free text, those names are identifiers and words that match the
 * repository's own version-reporting module (`print_versions.py` defines `show_versions`
 * and lists the same packages) and its dependency manifests better than anything the
 * issue is about. A reader skips that section; `withoutEnvironment` does the same.
 */

/**
 * A `name: value` line of a short name of at most four words (a setting, a package, a
 * platform field: `python-bits: 64`, `Sphinx version: 5.1.0`). Not `name = value`, which
 * is code (`_ = v0 => {}`) or a manifest an issue quotes, and no dots or brackets in the
 * name, which a stack frame has (`at i.parse (utc.js:1:692)`).
 */
const SETTING = /^\s*[-*]?\s*([A-Za-z_][\w/+-]*(?: [\w/+-]+){0,3})\s*:\s*(\S.{0,159})$/;
/** A `name version` line of a package listing (`pip list`, `conda list`: its build and channel after), no other column a number (a table of data). */
const LISTED =
  /^\s*[-*|`├└│ ]*@?[A-Za-z_][\w.@/-]{0,60}[ \t]+v?\d+(?:\.\d+)+\S*(?:[ \t]+(?![\d.+-]+(?:\s|$))\S+){0,3}\s*$/;
/** A value that reads as a version, or as the absence of one. */
const VERSION_LIKE =
  /^(?:v?\d+(?:\.\d+)*\b|none\b|null\b|n\/a\b|not installed\b|installed\b|unknown\b|true\b|false\b)/i;
/** Lines that may sit inside a report without ending it: blank, rules, all-caps headings, fences, a `[GCC …]` continuation. */
const FILLER = /^\s*(?:|[-=_*#~]{3,}|[A-Z][A-Z0-9 _-]{2,40}:?|`{3,}\w*|~{3,}\w*|\[[^\]]{1,80}\])\s*$/;

/**
 * `text` with its environment reports blanked out (lines kept, as empty lines, so the line
 * numbers of what remains do not move). A report is a stretch of at least `minLines`
 * setting or package-version lines, blank lines, rules and headings between them allowed,
 * at least half of whose values read as versions (a YAML or INI snippet of an issue is
 * mostly other values, and stays). The `<details>` element that holds a report goes with
 * it (its summary names the command that printed it), and so does the heading just
 * before it. `minLines` 0 leaves the text as it is.
 */
export function withoutEnvironment(text: string, minLines: number): string {
  if (!(minLines > 0)) return text;
  const lines = text.split('\n');
  const drop = reportLines(lines, minLines);
  if (drop.size === 0) return text;
  return lines.map((line, i) => (drop.has(i) ? '' : line)).join('\n');
}

/** The lines of every report, with its `<details>` element and its heading. */
function reportLines(lines: readonly string[], minLines: number): Set<number> {
  const drop = new Set<number>();
  let i = 0;
  while (i < lines.length) {
    const { end, report } = stretchAt(lines, i, minLines);
    if (!report) {
      // a stretch that is no report holds none from a later line either (its lines are read once)
      i = Math.max(i + 1, end);
      continue;
    }
    let [from, to] = [i, end];
    const open = enclosingDetails(lines, from, to);
    if (open) [from, to] = open;
    const heading = headingBefore(lines, from);
    if (heading >= 0) from = heading;
    for (let k = from; k < to; k++) drop.add(k);
    i = to;
  }
  return drop;
}

/** The stretch of entries and fillers from line `start` (its end, exclusive: `start` when that line is no entry), and whether it is a report. */
function stretchAt(lines: readonly string[], start: number, minLines: number): { end: number; report: boolean } {
  if (entryValue(lines[start]!.replace(/\r$/, '')) === null) return { end: start, report: false };
  let entries = 0;
  let versions = 0;
  let end = start;
  for (let k = start; k < lines.length; k++) {
    const line = lines[k]!.replace(/\r$/, '');
    const value = entryValue(line);
    if (value !== null) {
      entries++;
      if (VERSION_LIKE.test(value)) versions++;
      end = k + 1;
    } else if (!FILLER.test(line)) break;
  }
  return { end, report: entries >= minLines && versions * 2 >= entries };
}

/** The value of a setting or package line (a package line's version), else null. */
function entryValue(line: string): string | null {
  if (LISTED.test(line))
    return (
      line
        .trim()
        .split(/\s+/)
        .find((w) => /^v?\d/.test(w)) ?? ''
    );
  const m = SETTING.exec(line);
  if (!m || /^\s*(?:https?|file)$/i.test(m[1]!)) return null;
  return m[2]!.trim().replace(/^["'`]/, '');
}

/** The lines of the `<details>` element around lines [from, to), if one holds them and nothing but them and its summary. */
function enclosingDetails(lines: readonly string[], from: number, to: number): [number, number] | null {
  let open = -1;
  for (let k = from - 1; k >= 0 && k >= from - 8; k--) {
    const line = lines[k]!;
    if (/<details\b/i.test(line)) {
      open = k;
      break;
    }
    if (/<\/details>/i.test(line)) return null;
  }
  if (open < 0) return null;
  for (let k = to; k < lines.length && k <= to + 8; k++) {
    if (/<\/details>/i.test(lines[k]!)) return [open, k + 1];
    if (/<details\b/i.test(lines[k]!)) return null;
  }
  return null;
}

/** The markdown heading or `…:` line just before line `at` (blank lines between allowed), else -1. */
function headingBefore(lines: readonly string[], at: number): number {
  let k = at - 1;
  while (k >= 0 && lines[k]!.trim() === '') k--;
  if (k < 0) return -1;
  const line = lines[k]!.trim();
  return /^#{1,6}\s/.test(line) || (line.length <= 80 && /:$/.test(line)) ? k : -1;
}
