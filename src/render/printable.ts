/**
 * File names and texts made safe to print in line-oriented output (text, Markdown,
 * stderr): a name may hold a newline, a carriage return or a control that reorders text,
 * and printed raw it would start a line of its own (`### new` then `line.py` in a pack
 * meant for a prompt).
 */

/** C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with each control written as an escape (`\n`, `\u202e`); unchanged when it holds none. */
export function escapeControls(text: string): string {
  CONTROLS.lastIndex = 0;
  if (!CONTROLS.test(text)) return text;
  return text.replace(CONTROLS, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A path as printed alone: as it is, or, when it holds a control, quoted with its
 * controls, quotes and backslashes escaped (as a JSON string), so it reads as one token.
 */
export function printablePath(path: string): string {
  const escaped = escapeControls(path);
  if (escaped === path) return path;
  return `"${escapeControls(path.replace(/\\/g, '\\\\').replace(/"/g, '\\"'))}"`;
}
