import type { ResolvedCorpusOptions } from './options.js';

/** What the content rules decided about one file. */
export type ContentVerdict =
  | { skip: 'binary' | 'too-large' | 'minified'; message: string }
  | { skip: null; text: string; invalidUtf8: boolean };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/**
 * Applies the content rules in order: binary (a NUL byte in the first `binarySniffBytes`),
 * too-large (`size` above `maxFileBytes`), minified (a `minifiedSuffixes` name, or a line
 * longer than `minifiedLineBytes` in a file whose average line is longer than
 * `minifiedAverageLineBytes`; prose extensions are exempt from the line test), then decodes
 * UTF-8, replacing invalid sequences. `bytes` holds the whole file when `size` is within
 * `maxFileBytes`, otherwise at least its first `binarySniffBytes` bytes.
 */
export function examineContent(path: string, size: number, bytes: Buffer, options: ResolvedCorpusOptions): ContentVerdict {
  const sniff = bytes.length > options.binarySniffBytes ? bytes.subarray(0, options.binarySniffBytes) : bytes;
  if (sniff.indexOf(0) !== -1) {
    return { skip: 'binary', message: `skipped binary file ${path} (NUL byte in the first ${options.binarySniffBytes} bytes)` };
  }
  if (size > options.maxFileBytes) {
    return { skip: 'too-large', message: `skipped ${path}: ${size} bytes is over the ${options.maxFileBytes}-byte limit` };
  }
  const minified = minifiedReason(path, bytes, options);
  if (minified) return { skip: 'minified', message: `skipped minified/generated file ${path} (${minified})` };
  try {
    return { skip: null, text: strictUtf8.decode(bytes), invalidUtf8: false };
  } catch {
    return { skip: null, text: lenientUtf8.decode(bytes), invalidUtf8: true };
  }
}

function minifiedReason(path: string, bytes: Buffer, options: ResolvedCorpusOptions): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const suffix = options.minifiedSuffixes.find((s) => name.endsWith(s.toLowerCase()));
  if (suffix) return `name ends with ${suffix}`;
  if (bytes.length <= options.minifiedLineBytes) return null;
  const dot = name.lastIndexOf('.');
  if (dot > 0 && options.proseExtensions.includes(name.slice(dot))) return null;
  const { longest, lines } = lineStats(bytes);
  const average = bytes.length / lines;
  if (longest > options.minifiedLineBytes && average > options.minifiedAverageLineBytes) {
    return `longest line ${longest} bytes, average ${Math.round(average)} bytes per line`;
  }
  return null;
}

/** Longest line (bytes, without its newline) and number of lines of a non-empty buffer. */
function lineStats(bytes: Buffer): { longest: number; lines: number } {
  let longest = 0;
  let lines = 0;
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    if (end - start > longest) longest = end - start;
    lines++;
    start = end + 1;
  }
  return { longest, lines: Math.max(lines, 1) };
}
