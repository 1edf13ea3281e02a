import type { Definition, FileTags } from '../types.js';

/** Where a name is defined: definer paths (sorted, unique) and the definitions per path. */
export interface SymbolEntry {
  paths: string[];
  definitions: Map<string, Definition[]>;
}

/**
 * name → files that define it. Module-kind definitions (Go package clauses, Java
 * package declarations) are left out: every file of a package carries one.
 */
export class SymbolTable {
  private readonly entries = new Map<string, SymbolEntry>();
  private readonly users = new Map<string, string[]>();

  constructor(tags: readonly FileTags[]) {
    for (const file of tags) {
      let last = '';
      for (const name of file.references.map((r) => r.name).sort()) {
        if (name === last) continue;
        last = name;
        const list = this.users.get(name);
        if (list) list.push(file.path);
        else this.users.set(name, [file.path]);
      }
      for (const def of file.definitions) {
        if (def.kind === 'module') continue;
        let entry = this.entries.get(def.name);
        if (!entry) {
          entry = { paths: [], definitions: new Map() };
          this.entries.set(def.name, entry);
        }
        let defs = entry.definitions.get(file.path);
        if (!defs) {
          defs = [];
          entry.definitions.set(file.path, defs);
          entry.paths.push(file.path);
        }
        defs.push(def);
      }
    }
    for (const entry of this.entries.values()) entry.paths.sort(byteOrder);
  }

  get(name: string): SymbolEntry | undefined {
    return this.entries.get(name);
  }

  /** Definer paths of a name ([] when none). */
  definers(name: string): readonly string[] {
    return this.entries.get(name)?.paths ?? [];
  }

  /** Files that reference a name (sorted; [] when none). */
  referencers(name: string): readonly string[] {
    return this.users.get(name) ?? [];
  }

  get size(): number {
    return this.entries.size;
  }
}

export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
