/**
 * Turns the matches of a tags query into plain Definition / Reference / ImportSpec records.
 * Rules: when several patterns tag the same node, the pattern earliest in the .scm wins;
 * a definition's own name node is never also a reference; exact duplicates are dropped;
 * records are ordered by line, then name.
 */
import type { Node, Query, QueryMatch } from 'web-tree-sitter';
import type { Definition, DefinitionKind, ImportSpec, Reference, ReferenceKind } from '../types.js';
import { captureRole, DEFAULT_IMPORT_SEPARATOR, IMPORT_PROPERTIES } from './vocabulary.js';

export interface CollectedTags {
  definitions: Definition[];
  references: Reference[];
  imports: ImportSpec[];
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

/** Runs `query` over the tree under `root` and collects its tags as plain data. */
export function collectTags(query: Query, root: Node): CollectedTags {
  const definitions = new Map<string, Ranked<Definition>>();
  const references = new Map<string, Ranked<Reference>>();
  const definitionNames = new Set<string>();
  const imports = new Map<string, PendingImport>();

  for (const match of query.matches(root)) {
    const parts = splitMatch(match);
    if (parts.importModules.length > 0) {
      addImport(imports, match, parts);
      continue;
    }
    if (!parts.name) continue;
    const name = parts.name.text;
    if (name === '') continue;
    if (parts.definition) {
      const { node, kind } = parts.definition;
      const key = `${rangeKey(node)}|${rangeKey(parts.name)}`;
      definitionNames.add(rangeKey(parts.name));
      keepEarliest(definitions, key, match.patternIndex, {
        name,
        kind,
        startLine: node.startPosition.row + 1,
        endLine: endLine(node),
      });
    } else if (parts.reference) {
      keepEarliest(references, rangeKey(parts.name), match.patternIndex, {
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
      (a, b) => a.startLine - b.startLine || compare(a.name, b.name) || compare(a.kind, b.kind) || a.endLine - b.endLine,
    ),
    references: sortUnique(
      [...references.values()].map((r) => r.record),
      (a, b) => a.line - b.line || compare(a.name, b.name) || compare(a.kind, b.kind),
    ),
    imports: [...imports.values()]
      .map((pending) => ({
        specifier: pending.specifier,
        line: pending.line,
        names: uniqueNames(pending.names),
      }))
      .sort((a, b) => a.line - b.line || compare(a.specifier, b.specifier)),
  };
}

interface MatchParts {
  name?: Node;
  definition?: { node: Node; kind: DefinitionKind };
  reference?: { node: Node; kind: ReferenceKind };
  importNode?: Node;
  importModules: Node[];
  importNames: Node[];
}

function splitMatch(match: QueryMatch): MatchParts {
  const parts: MatchParts = { importModules: [], importNames: [] };
  for (const capture of match.captures) {
    const role = captureRole(capture.name);
    switch (role?.role) {
      case 'name':
        parts.name ??= capture.node;
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
  return parts;
}

/** Adds one import match; matches with the same specifier on the same line merge their names. */
function addImport(imports: Map<string, PendingImport>, match: QueryMatch, parts: MatchParts): void {
  const modules = [...parts.importModules].sort((a, b) => a.startIndex - b.startIndex);
  const separator = match.setProperties?.[IMPORT_PROPERTIES.separator] ?? DEFAULT_IMPORT_SEPARATOR;
  const prefix = match.setProperties?.[IMPORT_PROPERTIES.prefix] ?? '';
  const specifier = prefix + modules.map((node) => specifierText(node.text)).join(separator);
  if (specifier === prefix) return;
  const line = (parts.importNode ?? modules[0]!).startPosition.row + 1;
  const key = `${line}\u0000${specifier}`;
  let pending = imports.get(key);
  if (!pending) {
    pending = { specifier, line, names: [] };
    imports.set(key, pending);
  }
  for (const node of parts.importNames) {
    const text = node.text.replace(/\s+/g, '');
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

function keepEarliest<T>(map: Map<string, Ranked<T>>, key: string, pattern: number, record: T): void {
  const existing = map.get(key);
  if (!existing || pattern < existing.pattern) map.set(key, { record, pattern });
}

function rangeKey(node: Node): string {
  return `${node.startIndex}:${node.endIndex}`;
}

/** 1-based last line of a node; a node ending at column 0 ends on the line before. */
function endLine(node: Node): number {
  const start = node.startPosition.row;
  const end = node.endPosition;
  return (end.column === 0 && end.row > start ? end.row - 1 : end.row) + 1;
}

function sortUnique<T>(records: T[], order: (a: T, b: T) => number): T[] {
  records.sort(order);
  return records.filter((record, i) => i === 0 || order(records[i - 1]!, record) !== 0);
}

/** Plain code-unit comparison (locale-independent, deterministic). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
