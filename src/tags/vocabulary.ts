/**
 * The capture vocabulary of repomap tags queries, checked when a query loads.
 * Standard tags captures plus the import captures documented at the top of every `queries/<lang>/tags.scm`.
 */
import { DEFINITION_KINDS, REFERENCE_KINDS, type DefinitionKind, type ReferenceKind } from '../types.js';

/** Capture names that are not `definition.*` / `reference.*`. */
export const CAPTURES = {
  /** The identifier of a definition or reference. */
  name: 'name',
  /** The whole import statement; its first line is `ImportSpec.line`. */
  import: 'import',
  /** The module specifier; several in one match are joined with the pattern's separator. */
  importModule: 'import.module',
  /** One imported name, as exported by the module (not the local alias). */
  importName: 'import.name',
  /** A string literal a file raises, throws, panics, reports or logs with. */
  message: 'message',
} as const;

/** Prefix of helper captures used only by predicates (`@_fn`); they produce nothing. */
export const HELPER_CAPTURE_PREFIX = '_';

/** Pattern properties (`#set!`) read from import patterns. */
export const IMPORT_PROPERTIES = {
  /** Joins several `@import.module` captures of one match (default "."). */
  separator: 'import.separator',
  /** Prepended to the specifier (Rust `mod name;` → "mod name"). */
  prefix: 'import.prefix',
} as const;

export const DEFAULT_IMPORT_SEPARATOR = '.';

/** Pattern properties (`#set!`) read from definition patterns. */
export const DEFINITION_PROPERTIES = {
  /**
   * `"parent"`: the definition ends where its parent node ends, not where its own node does
   * (C#'s `namespace A;` is a one-line node whose scope is the rest of its file).
   */
  end: 'definition.end',
} as const;

/** What a capture name means. */
export type CaptureRole =
  | { role: 'name' }
  | { role: 'definition'; kind: DefinitionKind }
  | { role: 'reference'; kind: ReferenceKind }
  | { role: 'import' }
  | { role: 'import.module' }
  | { role: 'import.name' }
  | { role: 'message' }
  | { role: 'helper' };

const DEFINITION_PREFIX = 'definition.';
const REFERENCE_PREFIX = 'reference.';

const roles = new Map<string, CaptureRole | undefined>();

/** Role of a capture name, or undefined when the name is not in the vocabulary (memoized). */
export function captureRole(captureName: string): CaptureRole | undefined {
  if (roles.has(captureName)) return roles.get(captureName);
  const role = roleOf(captureName);
  roles.set(captureName, role);
  return role;
}

function roleOf(captureName: string): CaptureRole | undefined {
  switch (captureName) {
    case CAPTURES.name:
      return { role: 'name' };
    case CAPTURES.import:
      return { role: 'import' };
    case CAPTURES.importModule:
      return { role: 'import.module' };
    case CAPTURES.importName:
      return { role: 'import.name' };
    case CAPTURES.message:
      return { role: 'message' };
  }
  if (captureName.startsWith(HELPER_CAPTURE_PREFIX) && captureName.length > 1) return { role: 'helper' };
  if (captureName.startsWith(DEFINITION_PREFIX)) {
    const kind = captureName.slice(DEFINITION_PREFIX.length);
    if ((DEFINITION_KINDS as readonly string[]).includes(kind))
      return { role: 'definition', kind: kind as DefinitionKind };
  }
  if (captureName.startsWith(REFERENCE_PREFIX)) {
    const kind = captureName.slice(REFERENCE_PREFIX.length);
    if ((REFERENCE_KINDS as readonly string[]).includes(kind))
      return { role: 'reference', kind: kind as ReferenceKind };
  }
  return undefined;
}

/** Every capture name a query may use, for error messages. */
export function vocabularyDescription(): string {
  return [
    '@' + CAPTURES.name,
    ...DEFINITION_KINDS.map((k) => '@' + DEFINITION_PREFIX + k),
    ...REFERENCE_KINDS.map((k) => '@' + REFERENCE_PREFIX + k),
    '@' + CAPTURES.import,
    '@' + CAPTURES.importModule,
    '@' + CAPTURES.importName,
    '@' + HELPER_CAPTURE_PREFIX + '<helper>',
  ].join(', ');
}
