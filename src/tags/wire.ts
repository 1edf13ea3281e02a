/**
 * A batch's outcomes as a parse worker sends them: every number in one Int32Array
 * (transferred, not copied) and every distinct string once. Structured-cloned as objects,
 * the mixed corpus' tags (~600k definitions and references) took 160–220 ms to
 * deserialize and pool on the calling thread, which shares the two cores with the
 * workers; packed, 15–45 ms, and the worker's side is no slower.
 */
import { RepoMapError } from '../errors.js';
import type {
  Definition,
  DefinitionKind,
  ImportSpec,
  LanguageId,
  Message,
  Reference,
  ReferenceKind,
} from '../types.js';
import { Growable } from '../growable.js';
import type { StringPool } from './intern.js';
import type { FileOutcome, PackedOutcomes } from './protocol.js';

export type { PackedOutcomes } from './protocol.js';

/** Packs outcomes (with the pool's index of each file) for `postMessage`; transfer `numbers.buffer`. */
export function packOutcomes(outcomes: readonly { index: number; outcome: FileOutcome }[]): PackedOutcomes {
  const ids = new Map<string, number>();
  const strings: string[] = [];
  const id = (text: string): number => {
    let known = ids.get(text);
    if (known === undefined) {
      known = strings.length;
      ids.set(text, known);
      strings.push(text);
    }
    return known;
  };
  const numbers = new Growable((n) => new Int32Array(n));
  const diagnostics: PackedOutcomes['diagnostics'] = [];
  outcomes.forEach(({ outcome }, at) => {
    if (outcome.diagnostic) diagnostics.push({ at, diagnostic: outcome.diagnostic });
    const tags = outcome.tags;
    if (!tags) {
      numbers.push(0);
      return;
    }
    numbers.push(1, id(tags.path), id(tags.language), tags.errorNodes);
    numbers.push(tags.definitions.length);
    for (const d of tags.definitions) numbers.push(id(d.name), id(d.kind), d.startLine, d.endLine);
    numbers.push(tags.references.length);
    for (const r of tags.references) numbers.push(id(r.name), id(r.kind), r.line);
    numbers.push(tags.imports.length);
    for (const i of tags.imports) {
      numbers.push(id(i.specifier), i.line, i.names.length);
      for (const name of i.names) numbers.push(id(name));
    }
    numbers.push(tags.messages.length);
    for (const m of tags.messages) numbers.push(id(m.text), m.line);
  });
  return { indexes: outcomes.map((o) => o.index), strings, numbers: numbers.take(), diagnostics };
}

/**
 * Calls `each(index, outcome)` for every packed outcome, in order, with its strings taken
 * from `pool` (one string per distinct name across batches).
 */
export function unpackOutcomes(
  packed: PackedOutcomes,
  pool: StringPool,
  each: (index: number, outcome: FileOutcome) => void,
): void {
  const s = packed.strings.map((text) => pool.get(text));
  const n = packed.numbers;
  const diagnostics = new Map(packed.diagnostics.map((d) => [d.at, d.diagnostic]));
  let p = 0;
  const next = (): number => n[p++] as number;
  const text = (): string => s[next()] as string;
  packed.indexes.forEach((index, at) => {
    const outcome: FileOutcome = {};
    if (next() === 1) {
      const path = text();
      const language = text() as LanguageId;
      const errorNodes = next();
      const definitions: Definition[] = new Array(next());
      for (let i = 0; i < definitions.length; i++) {
        definitions[i] = { name: text(), kind: text() as DefinitionKind, startLine: next(), endLine: next() };
      }
      const references: Reference[] = new Array(next());
      for (let i = 0; i < references.length; i++)
        references[i] = { name: text(), kind: text() as ReferenceKind, line: next() };
      const imports: ImportSpec[] = new Array(next());
      for (let i = 0; i < imports.length; i++) {
        const specifier = text();
        const line = next();
        const names: string[] = new Array(next());
        for (let j = 0; j < names.length; j++) names[j] = text();
        imports[i] = { specifier, line, names };
      }
      const messages: Message[] = new Array(next());
      for (let i = 0; i < messages.length; i++) messages[i] = { text: text(), line: next() };
      outcome.tags = { path, language, definitions, references, imports, messages, errorNodes };
    }
    const diagnostic = diagnostics.get(at);
    if (diagnostic) outcome.diagnostic = diagnostic;
    each(index, outcome);
  });
  if (p !== n.length)
    throw new RepoMapError('internal', `repomap/tags: a packed batch has ${n.length - p} numbers left over`, 'batch');
}
