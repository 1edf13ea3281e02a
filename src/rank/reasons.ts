import { EDGE_ORDER } from '../graph/index.js';
import type { RankContext } from './context.js';
import type { Csr } from './csr.js';
import type { Seeds } from './seeds.js';

/**
 * Why a file received rank through the graph: the in-neighbour that sent it the
 * most mass (its score × transition probability), described by the strongest
 * stored edge between the two, followed by that neighbour's own first reason.
 */
export function graphReason(
  i: number,
  ppr: Float64Array,
  csr: Csr,
  incoming: Incoming,
  ctx: RankContext,
  seeds: Seeds,
): string | null {
  let best = -1;
  let bestMass = 0;
  for (let a = incoming.starts[i]!; a < incoming.starts[i + 1]!; a++) {
    const j = incoming.sources[a]!;
    const mass = ppr[j]! * csr.weights[incoming.slots[a]!]!;
    if (mass > bestMass || (mass === bestMass && best >= 0 && j < best)) {
      bestMass = mass;
      best = j;
    }
  }
  if (best < 0) return null;
  const self = ctx.paths[i]!;
  const other = ctx.paths[best]!;
  const phrase = describeLink(self, other, ctx);
  const because = seeds.why.get(best)?.[0]?.text;
  return because ? `${phrase}, which ${because}` : phrase;
}

function describeLink(self: string, other: string, ctx: RankContext): string {
  // The heaviest edge; on a tie the first of self's out-edges, then of other's, each in EDGE_ORDER.
  let best: { weight: number; place: number; text: string } | null = null;
  const consider = (weight: number, place: number, text: string): void => {
    if (!best || weight > best.weight || (weight === best.weight && place < best.place)) best = { weight, place, text };
  };
  ctx.graph.forEachEdgeBetween(self, other, (a) => {
    const place = EDGE_ORDER.indexOf(a.type);
    if (a.type === 'import') consider(a.weight, place, `imports ${other}`);
    else if (a.type === 'shared-symbol') consider(a.weight, place, `uses ${a.label} from ${other}`);
    else if (a.type === 'source-test') consider(a.weight, place, `tests ${other} (${a.label})`);
    else if (a.type === 'co-change') consider(a.weight, place, `changed with ${other} in ${a.label}`);
    else consider(a.weight, place, `same module as ${other}`);
  });
  ctx.graph.forEachEdgeBetween(other, self, (a) => {
    const place = EDGE_ORDER.length + EDGE_ORDER.indexOf(a.type);
    if (a.type === 'import') consider(a.weight, place, `imported by ${other}`);
    else if (a.type === 'shared-symbol') consider(a.weight, place, `defines ${a.label} used by ${other}`);
    else if (a.type === 'source-test') consider(a.weight, place, `tested by ${other} (${a.label})`);
    else if (a.type === 'co-change') consider(a.weight, place, `changed with ${other} in ${a.label}`);
    else consider(a.weight, place, `same module as ${other}`);
  });
  return (best as { text: string } | null)?.text ?? `linked to ${other}`;
}

/**
 * Reverse adjacency of a CSR: the edges pointing at node i are a in
 * [starts[i], starts[i + 1]), each from node sources[a] through CSR slot slots[a].
 * (Plain arrays, walked with an index: a generator of pairs allocated one per edge.)
 */
export class Incoming {
  readonly starts: Int32Array;
  readonly sources: Int32Array;
  readonly slots: Int32Array;

  constructor(csr: Csr) {
    const n = csr.order;
    const counts = new Int32Array(n + 1);
    for (let k = 0; k < csr.neighbors.length; k++) counts[csr.neighbors[k]! + 1]++;
    for (let i = 0; i < n; i++) counts[i + 1] += counts[i]!;
    this.starts = counts;
    this.sources = new Int32Array(csr.neighbors.length);
    this.slots = new Int32Array(csr.neighbors.length);
    const fill = counts.slice(0, n);
    for (let i = 0; i < n; i++) {
      for (let k = csr.starts[i]!; k < csr.starts[i + 1]!; k++) {
        const t = csr.neighbors[k]!;
        const at = fill[t]++;
        this.sources[at] = i;
        this.slots[at] = k;
      }
    }
  }
}

const incomingOfCsr = new WeakMap<Csr, Incoming>();

/** The reverse adjacency of `csr`, made on first use and kept as long as the CSR is (rank reasons and explanations share it). */
export function incomingOf(csr: Csr): Incoming {
  let incoming = incomingOfCsr.get(csr);
  if (!incoming) incomingOfCsr.set(csr, (incoming = new Incoming(csr)));
  return incoming;
}
