import { languageSpec } from '../languages/index.js';
import { printablePath } from '../render/printable.js';
import type { Diagnostic, LanguageId } from '../types.js';
import type { Pack, PackedFile } from './types.js';

/**
 * Renderers of a pack: Markdown for a prompt (a `### path` header per file, names with
 * controls quoted and escaped so that each stays on its line,
 * fenced code with line numbers, `⋮` where lines are left out, a trailer
 * naming the ranked files left out) and JSON for a program. Pure functions.
 */

/** Marks lines left out of a file. */
export const ELISION = '⋮';

/** The lines of a text; a final newline does not start another line, and `\r` before `\n` is dropped. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** One code line with its number, right-aligned to `width` digits. */
export function numberedLine(n: number, width: number, text: string): string {
  return `${String(n).padStart(width)} ${text}`;
}

/** The fence info string of a file (its language, or nothing). */
export function fenceLanguage(language: LanguageId | null): string {
  return language ? languageSpec(language).fence : '';
}

/** Header and fences of a file block, without its lines. */
export function fileShell(path: string, language: LanguageId | null): string {
  return `### ${printablePath(path)}\n\`\`\`${fenceLanguage(language)}\n\`\`\`\n\n`;
}

/** One file as Markdown: header, fenced numbered lines, `⋮` for every run of lines left out. */
export function renderFileMarkdown(file: PackedFile, language: LanguageId | null): string {
  const last = file.spans[file.spans.length - 1];
  const width = String(last ? last.end : 1).length;
  const out = [`### ${printablePath(file.path)}`, '```' + fenceLanguage(language)];
  let next = 1;
  for (const span of file.spans) {
    if (span.start > next) out.push(ELISION);
    span.text.split('\n').forEach((line, i) => out.push(numberedLine(span.start + i, width, line)));
    next = span.end + 1;
  }
  if (next <= file.lines) out.push(ELISION);
  out.push('```');
  return out.join('\n') + '\n';
}

/** The trailer line naming ranked files left out; null when none was. */
export function trailerText(
  packedFiles: number,
  listed: readonly string[],
  more: number,
  budget: number,
): string | null {
  const total = listed.length + more;
  if (total === 0) return null;
  const head =
    packedFiles === 0
      ? `Nothing packed within ${budget} tokens (${total} ranked file${total === 1 ? '' : 's'})`
      : `Not packed (${total} more ranked file${total === 1 ? '' : 's'})`;
  if (listed.length === 0) return `${head}.\n`;
  return `${head}: ${listed.map(printablePath).join(', ')}${more > 0 ? `, and ${more} more` : ''}.\n`;
}

/** The whole Markdown pack: file blocks in rank order, blank-line separated, then the trailer. */
export function renderMarkdown(
  files: readonly PackedFile[],
  languageOf: (path: string) => LanguageId | null,
  trailer: string | null,
): string {
  const blocks = files.map((f) => renderFileMarkdown(f, languageOf(f.path)));
  if (trailer) blocks.push(trailer);
  return blocks.join('\n');
}

/** The pack as one line of JSON (its `text` field left out: the JSON is the text), with the diagnostics it lists and how many more there are. */
export function renderJson(
  pack: Omit<Pack, 'text' | 'format'>,
  diagnostics: { listed: readonly Diagnostic[]; more: number } = { listed: [], more: 0 },
): string {
  return (
    JSON.stringify({
      budget: pack.budget,
      tokenizer: pack.tokenizer,
      tokens: pack.tokens,
      files: pack.files.map((f) => ({
        path: f.path,
        score: f.score,
        lines: f.lines,
        spans: f.spans.map((s) => ({
          start: s.start,
          end: s.end,
          kind: s.kind,
          ...(s.symbol !== undefined ? { symbol: s.symbol } : {}),
          why: s.why,
          text: s.text,
        })),
      })),
      omitted: pack.omitted,
      omittedMore: pack.omittedMore,
      diagnostics: diagnostics.listed.map((d) =>
        d.file !== undefined
          ? { file: d.file, code: d.code, message: d.message }
          : { code: d.code, message: d.message },
      ),
      diagnosticsMore: diagnostics.more,
    }) + '\n'
  );
}
