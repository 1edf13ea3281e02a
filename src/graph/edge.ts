import { RepoMapError } from '../errors.js';
import { EDGE_TYPES, type EdgeType } from '../types.js';
import { compareCodeUnits } from '../text/order.js';

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
const TYPE_RANK = new Map([...EDGE_TYPES].sort().map((t, i) => [t, i]));

interface Pending {
  type: EdgeType;
  source: string;
  target: string;
  weight: number;
  /** The first label added. */
  label: string;
  /**
   * Every distinct label in the order added, once a second one came: most pairs only
   * ever get one, and a Set per pair was the larger part of the accumulator's memory.
   */
  more?: Set<string>;
}

/**
 * Accumulates weights per (type, source, target) so each pair reaches the edge table
 * once. Pairs are keyed by number (type, then source and target by their rank in
 * code-unit order): shared-symbol edges alone can be added millions of times.
 */
export class EdgeAccumulator {
  private readonly edges = new Map<number, Pending>();
  private readonly rankOf = new Map<string, number>();

  /** `paths`: every path an edge may name (the corpus' files). */
  constructor(paths: readonly string[]) {
    [...paths].sort(compareCodeUnits).forEach((p, i) => this.rankOf.set(p, i));
  }

  add(type: EdgeType, source: string, target: string, weight: number, label: string): void {
    if (source === target || weight <= 0) return;
    const n = this.rankOf.size;
    const key = (TYPE_RANK.get(type)! * n + this.rank(source)) * n + this.rank(target);
    const edge = this.edges.get(key);
    if (edge) {
      edge.weight += weight;
      if (edge.more) edge.more.add(label);
      else if (label !== edge.label) edge.more = new Set([edge.label, label]);
    } else {
      this.edges.set(key, { type, source, target, weight, label });
    }
  }

  /** How many edges it holds (one per type, source and target). */
  get size(): number {
    return this.edges.size;
  }

  private rank(path: string): number {
    const r = this.rankOf.get(path);
    if (r === undefined) throw new RepoMapError('internal', `repomap/graph: an edge names ${path}, which is not a corpus file`, path);
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
    const keys = Float64Array.from(this.edges.keys()).sort();
    for (const key of keys) {
      const { type, source, target, weight, label, more } = this.edges.get(key)!;
      if (!more) {
        // most pairs: one label, as it came
        yield { type, source, target, weight, label };
        continue;
      }
      const names = [...more].filter(Boolean);
      const extra = names.length > MAX_LABELS ? ` and ${names.length - MAX_LABELS} more` : '';
      yield { type, source, target, weight, label: names.slice(0, MAX_LABELS).join(', ') + extra };
    }
  }
}
