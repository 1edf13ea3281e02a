import type { EdgeType } from '../types.js';

/** One aggregated edge: at most one per (type, source, target). */
export interface EdgeSpec {
  type: EdgeType;
  source: string;
  target: string;
  weight: number;
  /** Short evidence for reasons: the symbols shared, the import written, the convention matched. */
  label: string;
}

/** Accumulates weights per (type, source, target) so each pair reaches graphology once. */
export class EdgeAccumulator {
  private readonly edges = new Map<string, EdgeSpec>();

  add(type: EdgeType, source: string, target: string, weight: number, label: string): void {
    if (source === target || weight <= 0) return;
    const key = `${type}\u0000${source}\u0000${target}`;
    const edge = this.edges.get(key);
    if (edge) {
      edge.weight += weight;
      if (label && !edge.label.split(', ').includes(label) && edge.label.length < 80) {
        edge.label = edge.label ? `${edge.label}, ${label}` : label;
      }
    } else {
      this.edges.set(key, { type, source, target, weight, label });
    }
  }

  /** Edges in a stable order (type, source, target). */
  list(): EdgeSpec[] {
    return [...this.edges.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, e]) => e);
  }
}
