import { RepoMapError } from '../errors.js';
import { EDGE_TYPES, type EdgeType } from '../types.js';
import { compareByteOrder } from '../text/order.js';

/** One aggregated edge: at most one per (type, source, target). */
export interface EdgeSpec {
  type: EdgeType;
  source: string;
  target: string;
  weight: number;
  /** Short evidence for reasons: the symbols shared, the import written, the convention matched. */
  label: string;
}

/** How many labels (shared names, specifiers) an edge keeps for explanations. */
const MAX_LABELS = 3;

/** Edge types by name, so that numeric keys sort as the (type, source, target) strings would. */
const SORTED_TYPES: readonly EdgeType[] = [...EDGE_TYPES].sort(compareByteOrder);
const TYPE_RANK = new Map(SORTED_TYPES.map((t, i) => [t, i]));

/**
 * Accumulates weights per (type, source, target) so each pair reaches the edge table
 * once. Pairs are keyed by number (type, then source and target by their rank in
 * byte order): shared-symbol edges alone can be added millions of times. Each pair
 * is a slot of columns (its weight, and its label or, for the few pairs that get a
 * second one, the set of them), and its type, source and target are read back off its key:
 * a pair held as an object took several times the memory, and the millions of them of a
 * 100k-file corpus were a large part of the graph build's peak.
 */
export class EdgeAccumulator {
  /** Key → slot. */
  private readonly slots = new Map<number, number>();
  private readonly weights: number[] = [];
  /** Each slot's first label; once a second one came, every distinct label in the order added (most pairs only ever get one). */
  private readonly labels: (string | Set<string>)[] = [];
  private readonly rankOf = new Map<string, number>();
  /** Paths by rank (byte order). */
  private readonly byRank: string[];

  /** `paths`: every path an edge may name (the corpus' files). */
  constructor(paths: readonly string[]) {
    this.byRank = [...paths].sort(compareByteOrder);
    this.byRank.forEach((p, i) => this.rankOf.set(p, i));
  }

  add(type: EdgeType, source: string, target: string, weight: number, label: string): void {
    if (source === target || weight <= 0) return;
    const n = this.byRank.length;
    const key = (TYPE_RANK.get(type)! * n + this.rank(source)) * n + this.rank(target);
    const slot = this.slots.get(key);
    if (slot !== undefined) {
      this.weights[slot] += weight;
      const first = this.labels[slot]!;
      if (typeof first !== 'string') first.add(label);
      else if (label !== first) this.labels[slot] = new Set([first, label]);
    } else {
      this.slots.set(key, this.weights.length);
      this.weights.push(weight);
      this.labels.push(label);
    }
  }

  /** How many edges it holds (one per type, source and target). */
  get size(): number {
    return this.slots.size;
  }

  private rank(path: string): number {
    const r = this.rankOf.get(path);
    if (r === undefined)
      throw new RepoMapError('internal', `repomap/graph: an edge names ${path}, which is not a corpus file`, path);
    return r;
  }

  /** Edges in a stable order (type, source, target); labels joined, at most MAX_LABELS of them. */
  list(): EdgeSpec[] {
    return [...this.specs()];
  }

  /**
   * The edges of `list()`, one at a time: the graph build writes each into its edge table
   * as it comes instead of holding every spec at once (hundreds of thousands on a large corpus).
   */
  *specs(): Generator<EdgeSpec> {
    // Keys are integers below 2^53; a Float64Array sorts them numerically without boxing.
    const keys = Float64Array.from(this.slots.keys()).sort();
    const n = this.byRank.length;
    for (const key of keys) {
      const slot = this.slots.get(key)!;
      const target = key % n;
      const rest = (key - target) / n;
      const source = rest % n;
      const type = SORTED_TYPES[(rest - source) / n]!;
      const from = this.byRank[source]!;
      const to = this.byRank[target]!;
      const weight = this.weights[slot]!;
      const more = this.labels[slot]!;
      // most pairs: one label, as it came
      if (typeof more === 'string') yield { type, source: from, target: to, weight, label: more };
      else {
        const names = [...more].filter(Boolean);
        const extra = names.length > MAX_LABELS ? ` and ${names.length - MAX_LABELS} more` : '';
        yield { type, source: from, target: to, weight, label: names.slice(0, MAX_LABELS).join(', ') + extra };
      }
    }
  }
}
