/**
 * Edge views of small graphology graphs that the CSR and PageRank tests build by hand: the
 * engine holds its graphs as edge tables (src/graph/file-graph.ts), and these read a
 * graphology graph as the rank stage reads a table.
 */
import { EDGE_ORDER, type EdgeTable, type EdgeView, type FileGraphology } from '../../../src/graph/index.js';
import { newEdgeTable } from '../../../src/graph/edge-view.js';

/** The edge view of a graphology file graph. */
export function graphEdges(graph: FileGraphology): EdgeView {
  return {
    get size() {
      return graph.size;
    },
    forEachEdge: (visit) => graph.forEachEdge((_key, attributes, source, target) => visit(attributes, source, target)),
    forEachEdgeBetween(source, target, visit) {
      if (graph.hasNode(source) && graph.hasNode(target))
        graph.forEachOutEdge(source, target, (_key, attributes) => visit(attributes));
    },
    degrees(nodes) {
      const position = new Map(nodes.map((p, i) => [p, i]));
      const degrees = Object.fromEntries(
        EDGE_ORDER.map((t) => [t, { in: new Int32Array(nodes.length), out: new Int32Array(nodes.length) }]),
      ) as ReturnType<EdgeView['degrees']>;
      graph.forEachEdge((_key, a, source, target) => {
        degrees[a.type].out[position.get(source)!]!++;
        degrees[a.type].in[position.get(target)!]!++;
      });
      return degrees;
    },
  };
}

/** The edge table of a graph whose nodes are `ids`' paths (in graphology's edge order). */
export function edgeTableOf(graph: FileGraphology, ids: ReadonlyMap<string, number>): EdgeTable {
  const { table, labelId } = newEdgeTable(graph.size);
  const typeIds = new Map(EDGE_ORDER.map((t, i) => [t, i]));
  let k = 0;
  graph.forEachEdge((_key, a, source, target) => {
    table.sources[k] = ids.get(source)!;
    table.targets[k] = ids.get(target)!;
    table.types[k] = typeIds.get(a.type)!;
    table.weights[k] = a.weight;
    table.labelIds[k] = labelId(a.label);
    k++;
  });
  return table;
}
