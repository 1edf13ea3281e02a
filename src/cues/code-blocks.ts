/**
 * Code in markdown: fenced blocks (``` or ~~~, with an info string), indented blocks
 * (four spaces or a tab after a blank line), and interactive sessions (`>>> `,
 * `... `, IPython `In [3]: `, `   ...: `) whose prompt lines are code and whose
 * other lines are output.
 */
import { languageOfInfoWord } from '../languages/index.js';
import type { LanguageId } from '../types.js';

/** A block of code read out of markdown. */
export interface CodeBlock {
  /** The block's language when its info string names one this build parses; undefined otherwise. */
  language?: LanguageId;
  /** The info string, lowercased ('' for none and for indented blocks and sessions). */
  info: string;
  code: string;
}

/**
 * The language an info string names, if any (`rust,ignore` and `{.python}` count): its
 * first word, lowercased, among the languages' `infoStrings`. Anything else (`shell`,
 * `toml`, `text`) is not parsed as code.
 */
export function languageOfInfo(info: string): LanguageId | undefined {
  const word =
    info
      .toLowerCase()
      .replace(/^[{.\s]+/, '')
      .split(/[\s,{}]/)[0] ?? '';
  return languageOfInfoWord(word);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`]*)$/;
const PROMPT = /^\s*(?:>>>|\.\.\.)(?: |$)|^\s*In \[\d+\]: ?|^\s+\.\.\.+: ?/;

/** Lines of an interactive session that are code, prompts stripped; null when no line has a prompt. */
function sessionCode(lines: readonly string[]): string[] | null {
  if (!lines.some((l) => /^\s*(?:>>>|In \[\d+\]:)/.test(l))) return null;
  const code: string[] = [];
  for (const line of lines) {
    const m = PROMPT.exec(line);
    if (m) code.push(line.slice(m[0].length));
  }
  return code;
}

/** Removes the common leading indentation of lines. */
function dedent(lines: readonly string[]): string[] {
  let common = Infinity;
  for (const l of lines) if (l.trim()) common = Math.min(common, /^[ \t]*/.exec(l)![0].length);
  return common === Infinity || common === 0 ? [...lines] : lines.map((l) => l.slice(common));
}

function block(info: string, lines: readonly string[]): CodeBlock | null {
  const session = sessionCode(lines);
  const code = (session ?? dedent(lines)).join('\n');
  if (!code.trim()) return null;
  const language = languageOfInfo(info);
  return { ...(language ? { language } : {}), info: info.trim().toLowerCase(), code };
}

/**
 * The code blocks of a markdown text, in order. A fence left open runs to the end; prose
 * lines holding a session's prompts (`>>> x = f(1)`) form a block of their own.
 */
export function codeBlocks(text: string): CodeBlock[] {
  const lines = text.split(/\r?\n/);
  const out: CodeBlock[] = [];
  const push = (b: CodeBlock | null): void => void (b && out.push(b));
  let i = 0;
  let prose: string[] = [];
  const flushProse = (): void => {
    const session = sessionCode(prose);
    if (session) push(block('', prose));
    prose = [];
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flushProse();
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (
        i < lines.length &&
        !new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(lines[i]!)
      )
        body.push(lines[i++]!);
      i++;
      push(block(fence[2]!, body));
      continue;
    }
    const indented = /^(?: {4}|\t)/.test(line) && line.trim() !== '';
    if (indented && (i === 0 || lines[i - 1]!.trim() === '')) {
      flushProse();
      const body: string[] = [];
      while (i < lines.length && (/^(?: {4}|\t)/.test(lines[i]!) || lines[i]!.trim() === '')) body.push(lines[i++]!);
      push(block('', body));
      continue;
    }
    prose.push(line);
    i++;
  }
  flushProse();
  return out;
}
