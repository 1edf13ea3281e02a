import { readFile } from 'node:fs/promises';
import { RepoMapError, type ErrorCode } from '../errors.js';

/** One parsed JSONL line with its 1-based line number. */
export interface JsonlLine {
  line: number;
  value: unknown;
}

/**
 * Parses JSONL text: one JSON value per line, blank lines ignored, a leading
 * byte-order mark and CRLF line ends accepted. A line that is not JSON throws
 * `RepoMapError(code, "repomap/eval: <file>:<line>: invalid JSON (…)")`.
 */
export function parseJsonl(text: string, file: string, code: ErrorCode): JsonlLine[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  const out: JsonlLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim();
    if (raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new RepoMapError(code, `repomap/eval: ${file}:${i + 1}: invalid JSON (${reason})`, `${file}:${i + 1}`);
    }
    out.push({ line: i + 1, value });
  }
  return out;
}

/** Reads a UTF-8 file, turning a missing or unreadable file into a RepoMapError with `code`. */
export async function readTextFile(file: string, code: ErrorCode): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new RepoMapError(code, `repomap/eval: ${file}: cannot read (${reason})`, file);
  }
}

export { isPlainObject } from '../options/resolve.js';
