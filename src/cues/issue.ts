/**
 * Cues of an issue (`issue2code`): a title line and a markdown body of prose, code
 * blocks, error messages and tracebacks. The title says what the issue is about in
 * a few words: its names and words are read at the title strengths; the whole text
 * is then read as free text (frames, paths, test names, identifiers and terms), and
 * its code blocks as code of their language (src/cues/code-cues.ts).
 */
import { codeCues } from './code-cues.js';
import type { CueTunables } from './defaults.js';
import { freeText, type Context } from './free-text.js';

/** The issue title: its first non-empty line; the body is every line after it. */
export function splitTitle(text: string): { title: string; body: string } {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => l.trim() !== '');
  if (at < 0) return { title: '', body: '' };
  return { title: lines[at]!, body: lines.slice(at + 1).join('\n') };
}

/** Tunables under which a title is read: its names and words at the title strengths. */
function titleTunables(t: CueTunables): CueTunables {
  return {
    ...t,
    textIdentifierStrength: t.titleIdentifierStrength,
    errorLineIdentifierStrength: Math.max(t.errorLineIdentifierStrength, t.titleIdentifierStrength),
    backtickIdentifierStrength: Math.max(t.backtickIdentifierStrength, t.titleIdentifierStrength),
    termStrength: t.titleTermStrength,
  };
}

/** Tunables under which an issue is read: installed library paths are the repository's own. */
function issueTunables(t: CueTunables): CueTunables {
  return { ...t, libraryFrameStrength: t.issueLibraryFrameStrength, libraryPathStrength: t.textPathStrength };
}

/** Cues of one issue text (a title line, then the body), field `title` for the title's. */
export function issueCues(ctx: Context, text: string, field: string): void {
  const issue = { ...ctx, t: issueTunables(ctx.t) };
  const { title, body } = splitTitle(text);
  if (title) freeText({ ...issue, t: titleTunables(issue.t) }, title, 'title');
  if (body.trim()) freeText(issue, body, field);
  if (ctx.code) codeCues(issue, text, ctx.code);
}
