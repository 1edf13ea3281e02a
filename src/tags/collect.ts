/**
 * Turns the matches of a tags query into plain Definition / Reference / ImportSpec records.
 * Rules: when several patterns tag the same node, the pattern earliest in the .scm wins;
 * a definition's own name node is never also a reference; exact duplicates are dropped;
 * records are ordered by line, then name.
 */
import type { Node, Query, QueryMatch, QueryOptions } from 'web-tree-sitter';
import {
  MESSAGE_MAX_CHARS,
  type Definition,
  type DefinitionKind,
  type ImportSpec,
  type Message,
  type Reference,
  type ReferenceKind,
} from '../types.js';
import { compareByteOrder } from '../text/order.js';
import { captureRole, DEFAULT_IMPORT_SEPARATOR, DEFINITION_PROPERTIES, IMPORT_PROPERTIES } from './vocabulary.js';

export interface CollectedTags {
  definitions: Definition[];
  references: Reference[];
  imports: ImportSpec[];
  messages: Message[];
}

interface Ranked<T> {
  record: T;
  pattern: number;
}

interface PendingImport {
  specifier: string;
  line: number;
  names: { text: string; at: number }[];
}

/**
 * Runs `query` over the tree under `root`, parsed from `source`, and collects its tags as
 * plain data. Text and end lines are read from `source` rather than through node getters:
 * each getter is a call into WebAssembly, and a large file has tens of thousands of captures.
 * `options` go to `query.matches` (the tags stage's budget: a match limit, a progress callback).
 * @internal
 */
export function collectTags(query: Query, root: Node, source: string, options?: QueryOptions): CollectedTags {
  const text = new SourceText(source);
  const spanKey = spanKeys(source.length);
  const definitions = new Map<string, Ranked<Definition>>();
  const references = new Map<number | string, Ranked<Reference>>();
  const definitionNames = new Set<number | string>();
  const imports = new Map<string, PendingImport>();
  const messages = new Map<number | string, Message>();
  const parts = emptyParts();

  for (const match of query.matches(root, options)) {
    splitMatch(match, parts);
    if (parts.message) {
      const { startIndex, endIndex } = parts.message;
      const key = spanKey(startIndex, endIndex);
      if (!messages.has(key)) {
        const literal = messageText(source.slice(startIndex, endIndex));
        if (literal) messages.set(key, { text: literal, line: parts.message.startPosition.row + 1 });
      }
      continue;
    }
    if (parts.importModules.length > 0) {
      addImport(imports, match, parts, text);
      continue;
    }
    if (!parts.name) continue;
    const nameStart = parts.name.startIndex;
    const nameEnd = parts.name.endIndex;
    if (nameEnd === nameStart) continue;
    const name = source.slice(nameStart, nameEnd);
    const nameKey = spanKey(nameStart, nameEnd);
    if (parts.definition) {
      const { node, kind } = parts.definition;
      const toParent = match.setProperties?.[DEFINITION_PROPERTIES.end] === 'parent';
      const end = (toParent ? node.parent : node)?.endIndex ?? node.endIndex;
      const startLine = node.startPosition.row + 1;
      definitionNames.add(nameKey);
      keepEarliest(definitions, `${node.startIndex}:${end}|${nameKey}`, match.patternIndex, {
        name,
        kind,
        startLine,
        endLine: text.endLine(node.startIndex, startLine, end),
      });
    } else if (parts.reference) {
      keepEarliest(references, nameKey, match.patternIndex, {
        name,
        kind: parts.reference.kind,
        line: parts.name.startPosition.row + 1,
      });
    }
  }

  for (const key of definitionNames) references.delete(key);

  return {
    definitions: sortUnique(
      [...definitions.values()].map((r) => r.record),
      (a, b) =>
        a.startLine - b.startLine ||
        compareByteOrder(a.name, b.name) ||
        compareByteOrder(a.kind, b.kind) ||
        a.endLine - b.endLine,
    ),
    references: sortUnique(
      [...references.values()].map((r) => r.record),
      (a, b) => a.line - b.line || compareByteOrder(a.name, b.name) || compareByteOrder(a.kind, b.kind),
    ),
    imports: [...imports.values()]
      .map((pending) => ({
        specifier: pending.specifier,
        line: pending.line,
        names: uniqueNames(pending.names),
      }))
      .sort((a, b) => a.line - b.line || compareByteOrder(a.specifier, b.specifier)),
    messages: sortUnique([...messages.values()], (a, b) => a.line - b.line || compareByteOrder(a.text, b.text)),
  };
}

/**
 * The text of a string literal as written: quotes and prefixes removed (`f"…"`, `r'…'`,
 * `b"…"`, C# `$"…"` and `@"…"`, triple quotes, backticks, Rust `r#"…"#`), white space folded, cut at
 * MESSAGE_MAX_CHARS; '' when no letter is left.
 */
export function messageText(literal: string): string {
  let s = literal.trim();
  const open = /^[A-Za-z$@]{0,3}(#*)("{3}|'{3}|["'`])/.exec(s);
  if (open) {
    const close = open[2]! + open[1]!;
    s = s.slice(open[0].length);
    if (s.endsWith(close)) s = s.slice(0, s.length - close.length);
  }
  // the pieces of an implicitly concatenated literal (`"a" "b"`, one per line) are one text
  s = s
    .replace(/(["'])\s+[A-Za-z]{0,2}\1/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[A-Za-z]/.test(s)) return '';
  return s.length > MESSAGE_MAX_CHARS ? s.slice(0, MESSAGE_MAX_CHARS) : s;
}

interface MatchParts {
  message?: Node;
  name?: Node;
  definition?: { node: Node; kind: DefinitionKind };
  reference?: { node: Node; kind: ReferenceKind };
  importNode?: Node;
  importModules: Node[];
  importNames: Node[];
}

/**
 * A key for the span [start, end) of a string of `length` code units: a number while
 * every such key is exact (strings under ~94 M code units), else a string. Number keys
 * spare a string per match (a large file has tens of thousands).
 */
function spanKeys(length: number): (start: number, end: number) => number | string {
  const stride = length + 1;
  if (Number.isSafeInteger(stride * stride)) return (start, end) => start * stride + end;
  return (start, end) => `${start}:${end}`;
}

function emptyParts(): MatchParts {
  return { importModules: [], importNames: [] };
}

/** Fills `parts` (reused across matches) with the captures of `match`. */
function splitMatch(match: QueryMatch, parts: MatchParts): void {
  parts.message = undefined;
  parts.name = undefined;
  parts.definition = undefined;
  parts.reference = undefined;
  parts.importNode = undefined;
  parts.importModules.length = 0;
  parts.importNames.length = 0;
  for (const capture of match.captures) {
    const role = captureRole(capture.name);
    switch (role?.role) {
      case 'name':
        parts.name ??= capture.node;
        break;
      case 'message':
        parts.message ??= capture.node;
        break;
      case 'definition':
        parts.definition ??= { node: capture.node, kind: role.kind };
        break;
      case 'reference':
        parts.reference ??= { node: capture.node, kind: role.kind };
        break;
      case 'import':
        parts.importNode ??= capture.node;
        break;
      case 'import.module':
        parts.importModules.push(capture.node);
        break;
      case 'import.name':
        parts.importNames.push(capture.node);
        break;
      default:
        break;
    }
  }
}

/** Adds one import match; matches with the same specifier on the same line merge their names. */
function addImport(
  imports: Map<string, PendingImport>,
  match: QueryMatch,
  parts: MatchParts,
  source: SourceText,
): void {
  const modules = [...parts.importModules].sort((a, b) => a.startIndex - b.startIndex);
  const separator = match.setProperties?.[IMPORT_PROPERTIES.separator] ?? DEFAULT_IMPORT_SEPARATOR;
  const prefix = match.setProperties?.[IMPORT_PROPERTIES.prefix] ?? '';
  const specifier = prefix + modules.map((node) => specifierText(source.of(node))).join(separator);
  if (specifier === prefix) return;
  const line = (parts.importNode ?? modules[0]!).startPosition.row + 1;
  const key = `${line}\u0000${specifier}`;
  let pending = imports.get(key);
  if (!pending) {
    pending = { specifier, line, names: [] };
    imports.set(key, pending);
  }
  for (const node of parts.importNames) {
    const text = source.of(node).replace(/\s+/g, '');
    if (text !== '') pending.names.push({ text, at: node.startIndex });
  }
}

const QUOTES = new Set(['"', "'", '`']);

/** A string literal loses its quotes; any other specifier loses its whitespace (`a . b` → `a.b`). */
function specifierText(text: string): string {
  const first = text[0];
  if (text.length >= 2 && first !== undefined && QUOTES.has(first) && text.endsWith(first)) return text.slice(1, -1);
  return text.replace(/\s+/g, '');
}

function uniqueNames(names: { text: string; at: number }[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { text } of [...names].sort((a, b) => a.at - b.at)) {
    if (!seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out;
}

function keepEarliest<T, K>(map: Map<K, Ranked<T>>, key: K, pattern: number, record: T): void {
  const existing = map.get(key);
  if (!existing || pattern < existing.pattern) map.set(key, { record, pattern });
}

/** A parsed file's text, with its line starts computed on first use. */
class SourceText {
  private starts: number[] | undefined;

  constructor(readonly source: string) {}

  /** The text of `node` (web-tree-sitter's indices are UTF-16 offsets into the parsed string). */
  of(node: Node): string {
    return this.source.slice(node.startIndex, node.endIndex);
  }

  /**
   * 1-based last line of a node that starts at offset `start` on `startLine` and ends at
   * offset `end`: the line of its last character that is not white space (tree-sitter-scala
   * ends an indentation-syntax body where the next line's indentation ends; a node ending
   * at column 0 ends on the line before). Rows count '\n' only, as tree-sitter does.
   */
  endLine(start: number, startLine: number, end: number): number {
    while (end > start && isSpace(this.source.charCodeAt(end - 1))) end--;
    const starts = (this.starts ??= lineStarts(this.source));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= end) lo = mid;
      else hi = mid - 1;
    }
    const row = lo + 1;
    return starts[lo] === end && row > startLine ? row - 1 : row;
  }
}

/** Space, tab, line feed, vertical tab, form feed, carriage return. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function sortUnique<T>(records: T[], order: (a: T, b: T) => number): T[] {
  records.sort(order);
  return records.filter((record, i) => i === 0 || order(records[i - 1]!, record) !== 0);
}
