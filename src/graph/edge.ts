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

/** How many labels (shared names, specifiers) an edge keeps for explanations. */
const MAX_LABELS = 3;

/** Accumulates weights per (type, source, target) so each pair reaches graphology once. */
export class EdgeAccumulator {
  private readonly edges = new Map<string, EdgeSpec & { labels: Set<string> }>();

  add(type: EdgeType, source: string, target: string, weight: number, label: string): void {
    if (source === target || weight <= 0) return;
    const key = `${type}\u0000${source}\u0000${target}`;
    const edge = this.edges.get(key);
    if (edge) {
      edge.weight += weight;
      edge.labels.add(label);
    } else {
      this.edges.set(key, { type, source, target, weight, label, labels: new Set([label]) });
    }
  }

  /** Edges in a stable order (type, source, target); labels joined, at most MAX_LABELS of them. */
  list(): EdgeSpec[] {
    return [...this.edges.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([, { labels, ...e }]) => {
        const names = [...labels].filter(Boolean);
        const more = names.length > MAX_LABELS ? ` and ${names.length - MAX_LABELS} more` : '';
        return { ...e, label: names.slice(0, MAX_LABELS).join(', ') + more };
      });
  }
}
