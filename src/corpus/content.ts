import type { ResolvedCorpusOptions } from './options.js';

/** What the content rules decided about one file. */
export type ContentVerdict =
  | { skip: 'binary' | 'too-large' | 'lfs-pointer' | 'minified'; message: string }
  | ({ skip: null } & DecodedText);

/** A file's bytes as text. */
export interface DecodedText {
  text: string;
  /** Some bytes (code units, for UTF-16) were not valid and were replaced with U+FFFD. */
  invalidUtf8: boolean;
  /** The UTF-16 encoding its byte-order mark named, when it had one. */
  utf16?: Utf16;
}

type Utf16 = 'UTF-16LE' | 'UTF-16BE';

const DECODERS = {
  'UTF-8': { strict: new TextDecoder('utf-8', { fatal: true }), lenient: new TextDecoder('utf-8') },
  'UTF-16LE': { strict: new TextDecoder('utf-16le', { fatal: true }), lenient: new TextDecoder('utf-16le') },
  'UTF-16BE': { strict: new TextDecoder('utf-16be', { fatal: true }), lenient: new TextDecoder('utf-16be') },
} as const;

/**
 * The UTF-16 encoding whose byte-order mark `bytes` starts with, or null. `FF FE 00 00` is
 * UTF-32's mark, not UTF-16's: such a file stays binary.
 */
export function utf16Of(bytes: Uint8Array): Utf16 | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return bytes[2] === 0 && bytes[3] === 0 ? null : 'UTF-16LE';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  return null;
}

/**
 * Decodes a whole file: UTF-16 when it starts with a UTF-16 byte-order mark (the mark is
 * not part of the text), else UTF-8; invalid sequences are replaced with U+FFFD. The load
 * and a released text's re-read (./release.ts) decode with this same function.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const utf16 = utf16Of(bytes);
  const decoder = DECODERS[utf16 ?? 'UTF-8'];
  let decoded: DecodedText;
  try {
    decoded = { text: decoder.strict.decode(bytes), invalidUtf8: false };
  } catch {
    decoded = { text: decoder.lenient.decode(bytes), invalidUtf8: true };
  }
  if (utf16) decoded.utf16 = utf16;
  return decoded;
}

/**
 * Applies the content rules in order: binary (a NUL byte in the first `binarySniffBytes`),
 * too-large (`size` above `maxFileBytes`), lfs-pointer (a Git LFS pointer: in a clone
 * without LFS, or a git tree, the file's place holds this and not its content), minified
 * (a `minifiedSuffixes` name, or a line longer than `minifiedLineBytes` in a file whose
 * average line is longer than `minifiedAverageLineBytes`; prose extensions are exempt from
 * the line test), then decodes it (`decodeText`). A file that starts with a UTF-16
 * byte-order mark is judged by its text re-encoded as UTF-8, so its zero high bytes do not
 * make it binary. `bytes` holds the whole file when `size` is within `maxFileBytes`,
 * otherwise at least its first `binarySniffBytes` bytes.
 */
export function examineContent(
  path: string,
  size: number,
  bytes: Buffer,
  options: ResolvedCorpusOptions,
): ContentVerdict {
  const decoded = utf16Of(bytes) !== null ? decodeText(bytes) : undefined;
  const content = decoded ? Buffer.from(decoded.text, 'utf8') : bytes;
  const sniff = content.length > options.binarySniffBytes ? content.subarray(0, options.binarySniffBytes) : content;
  if (sniff.indexOf(0) !== -1) {
    return {
      skip: 'binary',
      message: `skipped binary file ${path} (NUL byte in the first ${options.binarySniffBytes} bytes)`,
    };
  }
  if (size > options.maxFileBytes) {
    return {
      skip: 'too-large',
      message: `skipped ${path}: ${size} bytes is over the ${options.maxFileBytes}-byte limit`,
    };
  }
  if (isLfsPointer(content)) {
    return {
      skip: 'lfs-pointer',
      message: `skipped ${path}: a Git LFS pointer (its content is in LFS storage, which repomap does not fetch)`,
    };
  }
  const minified = minifiedReason(path, content, options);
  if (minified) return { skip: 'minified', message: `skipped minified/generated file ${path} (${minified})` };
  return { skip: null, ...(decoded ?? decodeText(bytes)) };
}

/** The first line of every Git LFS pointer (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md). */
const LFS_VERSION = Buffer.from('version https://git-lfs.github.com/spec/v1\n');
/** The line that names the object, next in every pointer the spec allows. */
const LFS_OID = Buffer.from('\noid sha256:');
/** The spec caps a pointer below this many bytes. */
const LFS_POINTER_MAX_BYTES = 1024;

/** Whether `bytes` are a Git LFS pointer: its version line, then an `oid sha256:` line, in under 1024 bytes. */
function isLfsPointer(bytes: Buffer): boolean {
  return (
    bytes.length < LFS_POINTER_MAX_BYTES &&
    bytes.subarray(0, LFS_VERSION.length).equals(LFS_VERSION) &&
    bytes.includes(LFS_OID)
  );
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
