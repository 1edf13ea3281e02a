import { compareByteOrder } from '../text/order.js';
import { findSortedBy, joinedAt, joinedFits, joinedStarts, sortedOrder } from '../text/sorted-names.js';
import { RepoMapError } from '../errors.js';
import type { FileTags } from '../types.js';

/**
 * name → files that define it. Module-kind definitions (Go package clauses, Java
 * package declarations) are left out: every file of a package carries one.
 */
export class SymbolTable {
  /** Name → definer paths (sorted, unique). */
  private readonly entries = new Map<string, string[]>();
  private readonly users = new Map<string, string[]>();

  /** `tags` in corpus order (referencer lists keep it). */
  constructor(tags: readonly FileTags[]) {
    for (const file of tags) {
      for (const name of referencedNames(file)) {
        const list = this.users.get(name);
        if (list) list.push(file.path);
        else this.users.set(name, [file.path]);
      }
      this.addDefinitions(file);
    }
    for (const paths of this.entries.values()) paths.sort(compareByteOrder);
  }

  /**
   * A table read back from parts: names are looked up by binary search and their lists
   * made on first use; `replace` first makes every list (`thaw`).
   */
  private frozen?: { paths: readonly string[]; definers: FrozenLists; users: FrozenLists; parts: SymbolTableParts };

  /** The table in arrays over `ids` (path → position), for a persisted snapshot: `SymbolTable.fromParts` reads it back. */
  toParts(ids: ReadonlyMap<string, number>): SymbolTableParts {
    const frozen = this.frozen;
    if (frozen && ids.size === frozen.paths.length && frozen.paths.every((p, i) => ids.get(p) === i))
      return frozen.parts;
    this.thaw();
    return { definers: listsToParts(this.entries, ids), users: listsToParts(this.users, ids) };
  }

  /** The table `toParts` gave, over the same `paths`. */
  static fromParts(parts: SymbolTableParts, paths: readonly string[]): SymbolTable {
    const table = new SymbolTable([]);
    table.frozen = { paths, definers: frozenLists(parts.definers), users: frozenLists(parts.users), parts };
    return table;
  }

  /**
   * Keeps the table in arrays over `paths` (the corpus' paths in order; `ids`: path → position), as one read back
   * from parts holds it: names looked up by binary search, a list made when first asked
   * for. A Map of a name to an array of paths per name took ~1.8 KB a file of heap (18 MB
   * at 10k files); `replace` makes every list again.
   */
  freeze(paths: readonly string[], ids: ReadonlyMap<string, number>): void {
    if (this.frozen) return;
    const parts = { definers: listsToParts(this.entries, ids), users: listsToParts(this.users, ids) };
    this.entries.clear();
    this.users.clear();
    this.frozen = { paths, definers: frozenLists(parts.definers), users: frozenLists(parts.users), parts };
  }

  /** Makes every list of a table read back from parts (what `replace` does first; the parts' order is kept, so `toParts` is unchanged). */
  thaw(): void {
    const frozen = this.frozen;
    if (!frozen) return;
    delete this.frozen;
    for (const [lists, into] of [
      [frozen.definers, this.entries],
      [frozen.users, this.users],
    ] as const) {
      // lists already made keep their identity, and every list its place: the parts' order, whatever was looked up first
      const made = new Map(into);
      into.clear();
      lists.names().forEach((name, k) => into.set(name, made.get(name) ?? lists.listAt(k, frozen.paths)));
    }
  }

  /**
   * Replaces one file's tags (`before` and `after` have the same path; either may be
   * absent). `order` gives a path's position in the corpus, where referencer lists keep
   * their files. The table then equals one built from the new tags.
   */
  replace(before: FileTags | undefined, after: FileTags | undefined, order: (path: string) => number): void {
    this.thaw();
    const path = (before ?? after)!.path;
    if (before) {
      for (const name of referencedNames(before)) {
        const list = this.users.get(name)!;
        list.splice(list.indexOf(path), 1);
        if (list.length === 0) this.users.delete(name);
      }
      for (const name of new Set(before.definitions.filter((d) => d.kind !== 'module').map((d) => d.name))) {
        const paths = this.entries.get(name)!;
        paths.splice(paths.indexOf(path), 1);
        if (paths.length === 0) this.entries.delete(name);
      }
    }
    if (after) {
      const at = order(path);
      for (const name of referencedNames(after)) {
        const list = this.users.get(name);
        if (list)
          list.splice(
            firstAt(list, (p) => order(p) > at),
            0,
            path,
          );
        else this.users.set(name, [path]);
      }
      for (const paths of this.addDefinitions(after)) {
        paths.pop();
        paths.splice(
          firstAt(paths, (p) => compareByteOrder(p, path) > 0),
          0,
          path,
        );
      }
    }
  }

  /**
   * Adds a file's path to the definers of each name it defines (module kind left out);
   * returns the lists it joined, its path last in each. (Only the paths are kept: a map
   * of each definer's definitions per name was never read, and was a third of the
   * table's memory.)
   */
  private addDefinitions(file: FileTags): string[][] {
    const joined: string[][] = [];
    for (const def of file.definitions) {
      if (def.kind === 'module') continue;
      let paths = this.entries.get(def.name);
      if (!paths) {
        paths = [];
        this.entries.set(def.name, paths);
      }
      if (paths[paths.length - 1] !== file.path) {
        paths.push(file.path);
        joined.push(paths);
      }
    }
    return joined;
  }

  /** Definer paths of a name ([] when none). */
  definers(name: string): readonly string[] {
    return this.frozen ? this.frozenList(this.frozen.definers, this.entries, name) : (this.entries.get(name) ?? []);
  }

  /** Files that reference a name (sorted; [] when none). */
  referencers(name: string): readonly string[] {
    return this.frozen ? this.frozenList(this.frozen.users, this.users, name) : (this.users.get(name) ?? []);
  }

  get size(): number {
    return this.frozen ? this.frozen.definers.sorted.length : this.entries.size;
  }

  private frozenList(lists: FrozenLists, made: Map<string, string[]>, name: string): readonly string[] {
    let list = made.get(name);
    if (!list) {
      const k = findSortedBy(lists.sorted, lists.nameAt, name);
      if (k < 0) return [];
      made.set(name, (list = lists.listAt(k, this.frozen!.paths)));
    }
    return list;
  }
}

/** The distinct names a file references, in first-reference order (nothing iterates the name → referencers map). */
function referencedNames(file: FileTags): Set<string> {
  const names = new Set<string>();
  for (const r of file.references) if (r.name !== '') names.add(r.name);
  return names;
}

/** Index of the first item of a sorted list for which `after` holds (the list's length when none). */
function firstAt<T>(list: readonly T[], after: (item: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (after(list[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Name → paths lists in arrays: names joined by NUL (`sorted`: their positions in byte order), list k is `ids[starts[k] .. starts[k + 1])` (path positions). */
export interface NameLists {
  names: string;
  sorted: Int32Array;
  /** Where each name starts in `names` (`joinedStarts`): a name is looked up without splitting them all. */
  nameStarts: Uint32Array;
  starts: Int32Array;
  ids: Int32Array;
}

/** Name lists read back: name k and list k made on demand, the names split only to make every list (`thaw`). */
interface FrozenLists {
  names(): string[];
  nameAt(k: number): string;
  sorted: Int32Array;
  listAt(k: number, paths: readonly string[]): string[];
}

function frozenLists(parts: NameLists): FrozenLists {
  const count = parts.starts.length - 1;
  if (
    !joinedFits(parts.names, parts.nameStarts) ||
    parts.nameStarts.length !== count + 1 ||
    parts.sorted.length !== count
  ) {
    throw new RepoMapError(
      'internal',
      `repomap/graph: symbol name lists do not fit (${count} lists, ${parts.sorted.length} sorted, ${parts.nameStarts.length} name starts)`,
      'nameStarts',
    );
  }
  return {
    names: () => (count <= 0 ? [] : parts.names.split('\0')),
    nameAt: (k) => joinedAt(parts.names, parts.nameStarts, k),
    sorted: parts.sorted,
    listAt(k, paths) {
      const list: string[] = [];
      for (let i = parts.starts[k]!; i < parts.starts[k + 1]!; i++) list.push(paths[parts.ids[i]!]!);
      return list;
    },
  };
}

/** A symbol table as `SymbolTable.toParts` gives it. */
export interface SymbolTableParts {
  definers: NameLists;
  users: NameLists;
}

function listsToParts(lists: ReadonlyMap<string, readonly string[]>, ids: ReadonlyMap<string, number>): NameLists {
  const names: string[] = [];
  const starts = new Int32Array(lists.size + 1);
  let total = 0;
  for (const list of lists.values()) total += list.length;
  const out = new Int32Array(total);
  let at = 0;
  for (const [name, list] of lists) {
    names.push(name);
    for (const path of list) out[at++] = ids.get(path)!;
    starts[names.length] = at;
  }
  return { names: names.join('\0'), sorted: sortedOrder(names), nameStarts: joinedStarts(names), starts, ids: out };
}
