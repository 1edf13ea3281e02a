/** The CSRs an updated index takes over from the index it was updated from. */
import type { FileGraph } from '../graph/index.js';
import { patchCsr, type Csr, type EdgeFlow } from '../rank/csr.js';
import type { RankDefaults } from '../rank/defaults.js';

/** What `EarlierCsrs` reads of the earlier index (an `Index` is one): its CSRs built or kept. */
export interface CsrHolder {
  /** The CSR of a flow if the index has it built or kept already. */
  madeCsr(flow: EdgeFlow): Csr | undefined;
}

/**
 * The CSRs of an updated index made from those of the index it was updated from
 * (`patchCsr`: the rows of `FileGraph.rowsChanged` made again, the others copied; the
 * same CSR as one built) where that index has the flow's CSR built or kept. It holds
 * the earlier index until each flow of `rank` was asked for once, or until a later build
 * starts from the updated one (`forget`), so a chain of updates holds no chain of indexes.
 */
export class EarlierCsrs {
  private from: CsrHolder | undefined;
  private readonly pending: Set<string>;
  /** The changed rows' node numbers. */
  private rows?: Set<number>;

  constructor(
    from: CsrHolder,
    private readonly graph: FileGraph,
    rank: RankDefaults,
  ) {
    this.from = from;
    this.pending = new Set(Object.values(rank.flow).map((flow) => JSON.stringify(flow)));
  }

  csr(flow: EdgeFlow): Csr | undefined {
    const earlier = this.from?.madeCsr(flow);
    this.pending.delete(JSON.stringify(flow));
    if (this.pending.size === 0) this.forget();
    const rows = this.graph.rowsChanged;
    if (!earlier || !rows) return undefined;
    // (every CSR of an index is over the same nodes)
    this.rows ??= new Set([...rows].map((path) => earlier.indexOf.get(path)!));
    return patchCsr(earlier, this.graph.edges, flow, this.rows);
  }

  forget(): void {
    this.from = undefined;
  }
}
