import { definitionsIn, type CodeFamily } from './definitions.js';
import { findPaths, isLibraryPath } from './paths.js';
import type { Emitter } from './prose.js';
import { isCodeShaped } from './prose.js';
import { COMMON_CALLS, isCodeStopWord } from './stop-words.js';

/**
 * Cues of unified diff text: names defined by hunk-header contexts and by
 * changed lines (`diff-symbol`), names used on changed lines (`identifier`),
 * and the files of `---`/`+++`/`diff --git` headers (`path`).
 */

const HUNK_RE = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/;
const FILE_HEADER_RE = /^(?:(?:---|\+\+\+) (?:[ab]\/)?(\S+)|diff --git a\/(\S+) b\/(\S+))/;
/** git's extended header lines between `diff --git` and the `---` line (modes, renames, copies, the index line). */
const EXTENDED_HEADER_RE =
  /^(?:index [0-9a-f]+\.\.[0-9a-f]+|(?:new|deleted) file mode |old mode |new mode |(?:dis)?similarity index |(?:rename|copy) (?:from|to) |Binary files )/;
const COMMENT_RE = /^\s*(?:\/\/|#(?!\[)|\*|\/\*|<!--|"""|''')/;
/** Rust attributes (`#[inline]`, `#[cfg(feature = "x")]`): their names are not the code's. */
const ATTRIBUTE_RE = /^\s*#!?\[/;

/** True when the text holds at least one unified-diff hunk header. */
export function hasHunks(text: string): boolean {
  return /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/m.test(text);
}

/**
 * True when the text is a unified diff (`git diff`, `diff -u`, `git show`, `git format-patch`):
 * it has hunks, and from its first file header or hunk on every line is diff (headers,
 * git's extended headers, hunk lines, blank lines) up to the end or to a patch's `-- `
 * signature. What comes before (a commit's header and message) is free.
 */
export function isUnifiedDiff(text: string): boolean {
  if (!hasHunks(text)) return false;
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex(
    (line, i) => HUNK_RE.test(line) || /^diff --git /.test(line) || isPairedHeader(lines, i),
  );
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '-- ') return true;
    if (!/^[ +\-\\@]|^$/.test(line) && !/^diff --git /.test(line) && !EXTENDED_HEADER_RE.test(line)) return false;
  }
  return true;
}

/** Whether line `i` is a `---` file header followed by its `+++` line, or that `+++` line (a removed line `-- x` is no header). */
function isPairedHeader(lines: readonly string[], i: number): boolean {
  const line = lines[i] ?? '';
  if (line.startsWith('--- ')) return lines[i + 1]?.startsWith('+++ ') ?? false;
  if (line.startsWith('+++ ')) return lines[i - 1]?.startsWith('--- ') ?? false;
  return false;
}

/** Code of a changed line without string literals and trailing comments. */
function stripLiteralsAndComments(code: string, family: CodeFamily | undefined): string {
  let out = code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/`(?:[^`\\\n]|\\.)*`/g, '``');
  if (family !== 'rust') out = out.replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
  out = out.replace(/\s\/\/.*$/, '');
  if (family === 'python' || family === 'ruby' || family === undefined) out = out.replace(/\s#.*$/, '');
  return out;
}

/** Identifier cues of one changed line: called names, then other code-shaped or capitalised names. */
function changedLineIdentifiers(
  code: string,
  family: CodeFamily | undefined,
  defined: readonly string[],
  emit: Emitter,
): void {
  if (COMMENT_RE.test(code) || ATTRIBUTE_RE.test(code)) return;
  const { set, t, field } = emit;
  const text = stripLiteralsAndComments(code, family);
  const keep = (name: string): boolean =>
    name.replace(/[_$]/g, '').length >= t.minIdentifierLength &&
    !isCodeStopWord(name) &&
    !COMMON_CALLS.has(name) &&
    !defined.includes(name);
  for (const m of text.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\(/g)) {
    if (keep(m[1]!)) set.add('identifier', m[1]!, t.diffCalledStrength, field);
  }
  for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const name = m[0];
    const shaped = isCodeShaped(name) || /^[A-Z][a-z0-9]+$|^[A-Z][A-Z0-9]{2,}$/.test(name);
    if (shaped && keep(name)) set.add('identifier', name, t.diffIdentifierStrength, field);
  }
}

/**
 * Cues of the diff in `lines`. With `whole`, every line is diff (a field such
 * as `anchor_diff`); otherwise only hunks (from a `@@` header to the first
 * line that is not context, `+`, `-` or `\`) are. Returns the line indices
 * read as diff.
 */
export function diffCues(
  lines: readonly string[],
  family: CodeFamily | undefined,
  emit: Emitter,
  whole: boolean,
): Set<number> {
  const { set, t, field } = emit;
  const consumed = new Set<number>();
  let inHunk = whole;
  lines.forEach((line, i) => {
    const hunk = line.match(HUNK_RE);
    if (hunk) {
      inHunk = true;
      consumed.add(i);
      for (const name of definitionsIn(hunk[1] ?? '', family))
        set.add('diff-symbol', name, t.diffContextStrength, field);
      return;
    }
    const header = line.match(FILE_HEADER_RE);
    if (header && (whole || inHunk || /^diff --git /.test(line) || isPairedHeader(lines, i))) {
      consumed.add(i);
      for (const p of [header[1], header[2], header[3]]) {
        if (p && p !== '/dev/null') set.add('path', p, t.textPathStrength, field);
      }
      inHunk = true;
      return;
    }
    if (inHunk && EXTENDED_HEADER_RE.test(line)) {
      // `index 83db48f..bf269f4 100644`, `rename from a.py`: inside the headers, no cue (the file headers name the files)
      consumed.add(i);
      inHunk = true;
      return;
    }
    if (!inHunk) return;
    if (!whole && !/^[ +\-\\]|^$/.test(line)) {
      inHunk = false;
      return;
    }
    consumed.add(i);
    for (const p of findPaths(line))
      set.add('path', p.path, isLibraryPath(p.path) ? t.libraryPathStrength : t.textPathStrength, field, p.line);
    const marker = line[0];
    if (marker !== '+' && marker !== '-') return;
    const code = line.slice(1);
    const defined = COMMENT_RE.test(code) ? [] : definitionsIn(code, family);
    for (const name of defined) set.add('diff-symbol', name, t.diffChangedDefinitionStrength, field);
    changedLineIdentifiers(code, family, defined, emit);
  });
  return consumed;
}

/**
 * The files a unified diff's headers name (`diff --git a/… b/…`, and a `---` line
 * followed by a `+++` line: a removed line that starts with `-- ` is not a header),
 * first seen first, without `/dev/null`.
 */
export function diffFiles(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const files: string[] = [];
  lines.forEach((line, i) => {
    const paired = line.startsWith('--- ')
      ? lines[i + 1]?.startsWith('+++ ')
      : line.startsWith('+++ ')
        ? lines[i - 1]?.startsWith('--- ')
        : true;
    const header = paired ? line.match(FILE_HEADER_RE) : null;
    for (const p of header ? [header[1], header[2], header[3]] : [])
      if (p && p !== '/dev/null' && !files.includes(p)) files.push(p);
  });
  return files;
}
